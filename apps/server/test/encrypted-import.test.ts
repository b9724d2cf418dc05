/**
 * [IMP-10] Importing an encrypted .epro through the API: without X-Archive-Password the answer is
 * 'The project is encrypted, please enter the password', a wrong password 'The password is incorrect',
 * the right one (URI-encoded) creates the project with the archive's sheets.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { NAMED_ERRORS } from '@copperplate/model';
import { base64, readEpro, rsaDecryptChunks, rsaEncryptChunks, rsaKeyPair, writeEpro } from '@copperplate/format';
import { startServer, type RunningServer } from '@copperplate/server';
import { CookieJar, HttpTransport } from '@copperplate/sync';

let server: RunningServer;
let dir = '';
beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'cp-encimport-'));
  server = await startServer({ port: 0, dataDir: dir, logger: false });
}, 120_000);
afterAll(async () => {
  await server?.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('encrypted archive import (IMP-10)', () => {
  it('[IMP-10] asks for the password, refuses a wrong one, imports with the right one', async () => {
    const http = new HttpTransport({ baseUrl: server.url, cookies: new CookieJar() });
    expect((await http.signup(`enc${Date.now().toString(36)}`, 'encrypted-password-1')).success).toBe(true);
    const plain = new Uint8Array(readFileSync('/work/shared/fixtures/epro/ExtModule-002.epro'));
    const bytes = writeEpro(readEpro(plain), 'geheim ö');
    const send = async (password?: string) => {
      const headers: Record<string, string> = { 'content-type': 'application/octet-stream', cookie: http.cookies.header()!, 'x-csrf-token': http.cookies.get('cp_csrf')! };
      if (password !== undefined) headers['x-archive-password'] = encodeURIComponent(password);
      const res = await fetch(`${server.url}/api/projects/import?name=enc`, { method: 'POST', headers, body: bytes as Uint8Array<ArrayBuffer> });
      return (await res.json()) as { code: number; message?: string; result?: { uuid: string } };
    };
    expect((await send()).message).toBe(NAMED_ERRORS.PASSWORD_REQUIRED);
    expect((await send('geheim o')).message).toBe(NAMED_ERRORS.PASSWORD_WRONG);
    const ok = await send('geheim ö');
    expect(ok.code).toBe(0);
    const t = await http.getTickets(ok.result!.uuid, -1);
    if (!t.success) throw new Error(t.message);
    const sheets = [...readEpro(plain).entries.keys()].filter((k) => k.startsWith('SHEET/') && k.endsWith('.esch'));
    expect(Object.keys(t.result.schs as Record<string, number>)).toHaveLength(sheets.length);
  });

  it('[CONST-4] RSA chunks: 190 bytes per block in, 256-byte blocks out; the archive password travels encrypted with the server key', async () => {
    const pair = await rsaKeyPair();
    for (const [n, blocks] of [[1, 1], [190, 1], [191, 2], [400, 3]] as const) {
      const data = Uint8Array.from({ length: n }, (_, i) => i % 251);
      const sealed = await rsaEncryptChunks(pair.publicKey, data);
      expect(sealed.length).toBe(blocks * 256);
      expect([...(await rsaDecryptChunks(pair.privateKey, sealed))]).toEqual([...data]);
    }
    const http = new HttpTransport({ baseUrl: server.url, cookies: new CookieJar() });
    expect((await http.signup(`rsa${Date.now().toString(36)}`, 'encrypted-password-2')).success).toBe(true);
    const key = await http.call<{ key: string; chunk: { encrypt: number; decrypt: number } }>('GET', '/api/auth/public-key');
    if (!key.success) throw new Error(key.message);
    expect(key.result.chunk).toEqual({ encrypt: 190, decrypt: 256 });
    const bytes = writeEpro(readEpro(new Uint8Array(readFileSync('/work/shared/fixtures/epro/ExtModule-002.epro'))), 'x'.repeat(300));
    const send = async (sealedB64: string) => {
      const headers = { 'content-type': 'application/octet-stream', cookie: http.cookies.header()!, 'x-csrf-token': http.cookies.get('cp_csrf')!, 'x-archive-password-rsa': sealedB64 };
      return (await (await fetch(`${server.url}/api/projects/import?name=rsa`, { method: 'POST', headers, body: bytes as Uint8Array<ArrayBuffer> })).json()) as { code: number; message?: string };
    };
    const seal = async (p: string) => base64.encode(await rsaEncryptChunks(key.result.key, new TextEncoder().encode(p)));
    expect((await send(await seal('x'.repeat(299)))).message).toBe(NAMED_ERRORS.PASSWORD_WRONG);
    // sealed with another key: does not decrypt, refused as a wrong password
    expect((await send(base64.encode(await rsaEncryptChunks(pair.publicKey, new TextEncoder().encode('x'.repeat(300))))))).toMatchObject({ message: NAMED_ERRORS.PASSWORD_WRONG });
    expect((await send(await seal('x'.repeat(300)))).code).toBe(0);
  });
});
