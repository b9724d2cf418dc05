/**
 * [CONST-1] The timers of SPEC §9 as the product runs them, on a FakeClock: the notification check
 * every 120000 ms (against the real server's unread count), the update check every 3600000 ms, the
 * desktop save-file timeout of 300000 ms, and the library's 60000 ms idle time before auto-update.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startServer, type RunningServer } from '@copperplate/server';
import { autoUpdateDue } from '@copperplate/library';
import { CookieJar, FakeClock, HttpTransport } from '@copperplate/sync';
import { startNotificationCheck, startUpdateCheck } from '../src/lib/checks.ts';
import { DesktopClient, SAVE_TIMEOUT_MESSAGE } from '../src/desktop/client.ts';

const flush = async () => { for (let i = 0; i < 20; i++) await new Promise<void>((r) => setImmediate(r)); };
let server: RunningServer;
let dir = '';
beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'cp-timers-'));
  server = await startServer({ port: 0, dataDir: dir, logger: false });
}, 120_000);
afterAll(async () => {
  await server?.close();
  rmSync(dir, { recursive: true, force: true });
});

async function user(name: string): Promise<HttpTransport> {
  const t = new HttpTransport({ baseUrl: server.url, cookies: new CookieJar() });
  const r = await t.signup(`${name}${Date.now().toString(36)}`, 'timers-password-1');
  if (!r.success) throw new Error(r.message);
  return t;
}

describe('timers (SPEC §9)', () => {
  it('[CONST-1] the notification check asks every 120000 ms and sees a shared project another user changed', async () => {
    const alice = await user('alice');
    const bob = await user('bob');
    const bobName = ((await bob.call<{ username: string }>('GET', '/api/user/info')) as { result: { username: string } }).result.username;
    const p = await alice.createProject('Shared');
    if (!p.success) throw new Error(p.message);
    expect((await alice.call('POST', `/api/projects/${p.result.uuid}/members`, { body: { username: bobName, role: 'member' } })).success).toBe(true);

    const clock = new FakeClock(Date.now(), flush);
    let calls = 0;
    const counts: number[] = [];
    const unread = async () => {
      calls++;
      const r = await bob.call<{ count: number }>('GET', '/api/notifications/unread');
      if (!r.success) throw new Error(r.message);
      return r.result.count;
    };
    const stop = startNotificationCheck(clock, unread, (n) => counts.push(n));
    await flush();
    expect(calls).toBe(1);
    // the answer comes in real time (the server's database runs in a worker thread)
    await expect.poll(() => counts).toEqual([1]); // the project alice shared and changed
    expect((await bob.call('POST', '/api/notifications/read', { body: {} })).success).toBe(true);
    await clock.advance(119_999);
    expect(calls).toBe(1);
    await clock.advance(1);
    await flush();
    expect(calls).toBe(2);
    await expect.poll(() => counts).toEqual([1, 0]);
    stop();
    await clock.advance(500_000);
    expect(calls).toBe(2);
  });

  it('[CONST-1] the update check asks every 3600000 ms and tells once when the server runs another version', async () => {
    const http = new HttpTransport({ baseUrl: server.url });
    const clock = new FakeClock(Date.now(), flush);
    let calls = 0;
    const told: string[] = [];
    const version = async () => {
      calls++;
      const r = await http.call<{ version: string }>('GET', '/api/getOnlineVersion');
      if (!r.success) throw new Error(r.message);
      return r.result.version;
    };
    const stop = startUpdateCheck(clock, version, (v) => told.push(v), '0.0.0-old');
    await flush();
    expect(calls).toBe(1);
    expect(told).toHaveLength(1);
    await clock.advance(3_599_999);
    expect(calls).toBe(1);
    await clock.advance(1);
    await flush();
    expect(calls).toBe(2);
    expect(told).toHaveLength(1);
    stop();
  });

  it('[CONST-1] a desktop file save gives up after 300000 ms', async () => {
    const clock = new FakeClock(Date.now(), flush);
    // a host that never answers (until the request is aborted)
    const hang: typeof fetch = (_u, init) => new Promise((_ok, ko) => init?.signal?.addEventListener('abort', () => ko(new Error('aborted'))));
    const client = new DesktopClient('http://127.0.0.1:9', hang, clock);
    let result: unknown = 'pending';
    const p = client.saveFile('/tmp/x.epro', new Uint8Array(3)).then((v) => (result = v), (e: Error) => (result = e.message));
    await clock.advance(299_999);
    expect(result).toBe('pending');
    await clock.advance(1);
    await p;
    expect(result).toBe(SAVE_TIMEOUT_MESSAGE);
  });

  it('[CONST-1] library auto-update waits for 60000 ms without edits', () => {
    expect(autoUpdateDue(1_000, 1_000 + 59_999)).toBe(false);
    expect(autoUpdateDue(1_000, 1_000 + 60_000)).toBe(true);
  });
});
