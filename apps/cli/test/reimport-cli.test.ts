/**
 * [issue-17] `copperplate push FILE --into PROJECT`: reimports an archive into an existing project
 * against a real server on loopback (PGlite): counts and the backup printed, the project's uuid last.
 */
import { describe, it, expect, beforeAll, afterAll, vi } from 'vitest';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { main } from '@copperplate/cli/main';
import { startServer, type RunningServer } from '@copperplate/server';

const FILE = '/work/shared/fixtures/epro/STM32G431-mini.epro';

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

describe('copperplate push --into (reimport)', () => {
  const dir = mkdtempSync(join(tmpdir(), 'cp-reimport-'));
  let s: RunningServer;
  let auth: string[] = [];
  beforeAll(async () => {
    s = await startServer({ port: 0, dataDir: join(dir, 'db') });
    const r = await fetch(`${s.url}/api/auth/signup`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username: 'rita', password: 'pw-rita-1' }) });
    expect(r.status).toBe(200);
    auth = ['--server', s.url, '--user', 'rita', '--password', 'pw-rita-1'];
  }, 60_000);
  afterAll(async () => {
    await s?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('[issue-17] push then push --into the same project: nothing added or updated, a backup taken; a missing project refused', async () => {
    const first = await cli('push', FILE, ...auth);
    expect(first.status, first.err).toBe(0);
    const uuid = first.out.trim().split('\n').at(-1)!;
    const again = await cli('push', FILE, '--into', uuid, ...auth);
    expect(again.status, again.err).toBe(0);
    const lines = again.out.trim().split('\n');
    expect(lines[0]).toMatch(/^added 0, updated 0, unchanged \d+, kept 0$/);
    expect(lines.some((l) => /^backup: Before reimport /.test(l))).toBe(true);
    expect(lines.at(-1)).toBe(uuid);
    // a small file: a refused call never reads its body (a big unread one would keep the connection busy)
    const small = join(dir, 'small.epro');
    writeFileSync(small, 'not an archive');
    const missing = await cli('push', small, '--into', 'no-such-project', ...auth);
    expect(missing.status).toBe(1);
    expect(missing.err).toBeTruthy();
  });
});
