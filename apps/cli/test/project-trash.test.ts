/**
 * [issue-14] `copperplate project`: list, rename and delete projects; the trash (list, restore, purge)
 * against a real server on loopback (PGlite).
 */
import { describe, it, expect, beforeAll, afterAll, vi } from 'vitest';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { main } from '@copperplate/cli/main';
import { startServer, type RunningServer } from '@copperplate/server';

async function cli(...args: string[]): Promise<{ status: number; out: string; err: string }> {
  const out: string[] = [];
  const err: string[] = [];
  const log = vi.spyOn(console, 'log').mockImplementation((...a: unknown[]) => void out.push(a.join(' ')));
  const error = vi.spyOn(console, 'error').mockImplementation((...a: unknown[]) => void err.push(a.join(' ')));
  try {
    const status = await main(args).catch((e: Error) => (err.push(e.message), 1));
    return { status, out: out.join('\n'), err: err.join('\n') };
  } finally {
    log.mockRestore();
    error.mockRestore();
  }
}

describe('copperplate project (trash)', () => {
  const dir = mkdtempSync(join(tmpdir(), 'cp-trash-'));
  let s: RunningServer;
  let auth: string[] = [];
  let uuid = '';
  beforeAll(async () => {
    s = await startServer({ port: 0, dataDir: join(dir, 'db') });
    const r = await fetch(`${s.url}/api/auth/signup`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username: 'tina', password: 'pw-tina-1' }) });
    expect(r.status).toBe(200);
    auth = ['--server', s.url, '--user', 'tina', '--password', 'pw-tina-1'];
    const login = await fetch(`${s.url}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username: 'tina', password: 'pw-tina-1' }) });
    const cookies = login.headers.getSetCookie().map((c) => c.split(';')[0]);
    const csrf = cookies.find((c) => c.startsWith('cp_csrf='))!.slice('cp_csrf='.length);
    const p = await fetch(`${s.url}/api/projects`, { method: 'POST', headers: { 'content-type': 'application/json', cookie: cookies.join('; '), 'x-csrf-token': csrf }, body: JSON.stringify({ title: 'Bench supply' }) });
    uuid = ((await p.json()) as { result: { uuid: string } }).result.uuid;
  }, 60_000);
  afterAll(async () => {
    await s?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('[issue-14] rename, delete (to the trash), list the trash, restore, delete and purge', async () => {
    expect((await cli('project', 'list', ...auth)).out).toBe(`${uuid}\tBench supply`);
    expect((await cli('project', 'rename', uuid, 'Lab', 'supply', ...auth)).out).toBe(`Renamed ${uuid} to Lab supply`);
    expect((await cli('project', 'delete', uuid, ...auth)).status).toBe(0);
    expect((await cli('project', 'list', ...auth)).out).toBe('');
    const t = await cli('project', 'trash', ...auth);
    expect(t.out).toMatch(new RegExp(`^${uuid}\\tLab supply\\tdeleted \\S+Z\\tpurged \\S+Z$`));
    const [del, pur] = [...t.out.matchAll(/(\d{4}-\S+Z)/g)].map((m) => Date.parse(m[1]));
    expect(pur - del).toBe(30 * 86_400_000);
    expect((await cli('project', 'restore', uuid, ...auth)).out).toBe(`Restored ${uuid} as Lab supply`);
    expect((await cli('project', 'list', ...auth)).out).toBe(`${uuid}\tLab supply`);
    await cli('project', 'delete', uuid, ...auth);
    expect((await cli('project', 'purge', uuid, ...auth)).out).toBe(`Purged ${uuid}`);
    expect((await cli('project', 'trash', ...auth)).out).toBe('');
    const gone = await cli('project', 'restore', uuid, ...auth);
    expect(gone.status).toBe(1);
    expect(gone.err).toContain('No permission or project does not exist');
    expect((await cli('project', 'bogus', ...auth)).status).toBe(2);
  });
});
