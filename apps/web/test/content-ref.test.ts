/**
 * [CALL-6] Content by reference against the real server: a read call that asks for it gets texts as
 * dataStrId + key + iv (no dataStr); the page's ContentTransport fetches, decrypts (AES-GCM, the tag
 * checked) and decompresses them, so the engine's local database holds the same text the plain read
 * gives. Only the user who read a reference can fetch it; tampered bytes fail their check.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { NAMED_ERRORS } from '@copperplate/model';
import { sealContent, unsealContent } from '@copperplate/format';
import { startServer, type RunningServer } from '@copperplate/server';
import { MemoryStore } from '@copperplate/store';
import { CookieJar, FakeClock, HttpTransport, SyncEngine } from '@copperplate/sync';
import { ContentTransport } from '../src/api/content-transport.ts';

let server: RunningServer;
let dir = '';
beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'cp-contentref-'));
  server = await startServer({ port: 0, dataDir: dir, logger: false });
}, 120_000);
afterAll(async () => {
  await server?.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('content by reference (SPEC §7)', () => {
  it('[CALL-6] a dataStrId is fetched, decrypted with key and iv and decompressed into the same text', async () => {
    const jar = new CookieJar();
    const plain = new HttpTransport({ baseUrl: server.url, cookies: jar });
    expect((await plain.signup(`ref${Date.now().toString(36)}`, 'content-password-1')).success).toBe(true);
    const p = await plain.createProject('By reference');
    if (!p.success) throw new Error(p.message);
    const uuid = p.result.uuid;
    const t = await plain.getTickets(uuid, -1);
    if (!t.success) throw new Error(t.message);
    const sheetId = Object.keys(t.result.schs as Record<string, number>)[0];
    const asRead = await plain.read(uuid, 'sheets', [sheetId]);
    if (!asRead.success) throw new Error(asRead.message);
    const text = String(asRead.result[0].dataStr);
    expect(text).toContain('DOCTYPE');

    // the raw answer when asked: a reference, no text
    const raw = await fetch(`${server.url}/api/projects/${uuid}/read/sheets`, { method: 'POST', headers: { cookie: jar.header()!, 'x-csrf-token': jar.get('cp_csrf')!, 'content-type': 'application/json', 'x-content-by-reference': '0' }, body: JSON.stringify({ ids: [sheetId] }) });
    const item = ((await raw.json()) as { result: Array<Record<string, string>> }).result[0];
    expect(item.dataStr).toBeUndefined();
    expect(item.dataStrId).toMatch(/^\/api\/content\/[0-9a-f]{32}$/);
    const sealed = new Uint8Array(await (await fetch(server.url + item.dataStrId, { headers: { cookie: jar.header()! } })).arrayBuffer());
    expect(await unsealContent(sealed, item.key, item.iv)).toBe(text);
    // another user cannot fetch it
    const other = new HttpTransport({ baseUrl: server.url, cookies: new CookieJar() });
    expect((await other.signup(`oth${Date.now().toString(36)}`, 'content-password-2')).success).toBe(true);
    expect((await fetch(server.url + item.dataStrId, { headers: { cookie: other.cookies.header()! } })).status).toBe(404);

    // the page's transport resolves references before the engine stores them
    const ref = new ContentTransport({ baseUrl: server.url, cookies: jar }, 0);
    const viaRef = await ref.read(uuid, 'sheets', [sheetId]);
    if (!viaRef.success) throw new Error(viaRef.message);
    expect(viaRef.result[0].dataStr).toBe(text);
    expect(viaRef.result[0].dataStrId).toBeUndefined();
    const store = new MemoryStore();
    const engine = new SyncEngine({ store, transport: ref, clock: new FakeClock(Date.now()) });
    await engine.openProject(uuid);
    expect((await store.getItem(uuid, 'sheets', sheetId))?.data?.dataStr).toBe(text);
    await engine.closeProject(uuid);
  });

  it('[CALL-6] the cipher is authenticated: a changed byte, key or iv fails with invalid response', async () => {
    const s = await sealContent('["DOCTYPE","SCH","1.1"]\n'.repeat(50));
    expect(await unsealContent(s.bytes, s.key, s.iv)).toContain('DOCTYPE');
    const bad = s.bytes.slice();
    bad[5] ^= 1;
    await expect(unsealContent(bad, s.key, s.iv)).rejects.toThrow(NAMED_ERRORS.INVALID_RESPONSE);
    const other = await sealContent('x');
    await expect(unsealContent(s.bytes, other.key, s.iv)).rejects.toThrow(NAMED_ERRORS.INVALID_RESPONSE);
    await expect(unsealContent(s.bytes, s.key, other.iv)).rejects.toThrow(NAMED_ERRORS.INVALID_RESPONSE);
    // compressed: a repetitive text takes far fewer bytes than its length
    expect(s.bytes.length).toBeLessThan(200);
  });
});
