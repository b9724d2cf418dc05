/**
 * [PERM-1] [PERM-2] What the web app does with the permission answers: opening a project the user
 * may not see (the real server, through the sync engine the page uses) fails with a no-permission
 * code, which the project page turns into the 'No permission' dialog offering Save as Cloud
 * (isNoPermission); a request answered 401 opens the login (the unauthorized listeners) and goes on
 * once the user has logged in, or fails with the 401 message when the login is given up.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CODE_MESSAGES, NO_PERMISSION_CODES } from '@copperplate/model';
import { startServer, type RunningServer } from '@copperplate/server';
import { MemoryStore } from '@copperplate/store';
import { CookieJar, FakeClock, HttpTransport, SyncEngine } from '@copperplate/sync';
import { ApiError, isNoPermission, isNotLoggedIn, loginAbandoned, loginSucceeded, onUnauthorized, request } from '../src/api/http.ts';

let server: RunningServer;
let dir = '';
beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'cp-perm-'));
  server = await startServer({ port: 0, dataDir: dir, logger: false });
}, 120_000);
afterAll(async () => {
  await server?.close();
  rmSync(dir, { recursive: true, force: true });
});
afterEach(() => { vi.unstubAllGlobals(); });

async function user(name: string): Promise<HttpTransport> {
  const t = new HttpTransport({ baseUrl: server.url, cookies: new CookieJar() });
  const r = await t.signup(`${name}${Date.now().toString(36)}`, 'perm-password-1');
  if (!r.success) throw new Error(r.message);
  return t;
}

describe('permission answers in the web app', () => {
  it('[PERM-1] opening a project the user may not see is a no-permission error (the page offers Save as Cloud); other errors are not', async () => {
    const alice = await user('alice');
    const bob = await user('bob');
    const p = await alice.createProject('Private');
    if (!p.success) throw new Error(p.message);
    const engine = new SyncEngine({ store: new MemoryStore(), transport: bob, clock: new FakeClock(Date.now()) });
    const err = await engine.openProject(p.result.uuid).then(() => undefined, (e: unknown) => e);
    expect(err).toBeInstanceOf(Error);
    expect((err as Error).message).toBe('No permission or project does not exist');
    expect(isNoPermission(err)).toBe(true);
    for (const code of NO_PERMISSION_CODES) expect(isNoPermission(new ApiError(code, 'x'))).toBe(true);
    expect(isNoPermission(new ApiError(401, 'x'))).toBe(false);
    expect(isNoPermission(new ApiError(2002, 'x'))).toBe(false);
    expect(isNoPermission(new Error('Network Error!'))).toBe(false);
  });

  it('[PERM-2] a 401 opens the login; the request goes on after logging in, or fails with the 401 message when the login is given up', async () => {
    let loggedIn = false;
    vi.stubGlobal('fetch', async () => loggedIn
      ? new Response(JSON.stringify({ code: 0, result: 'listed' }), { status: 200, headers: { 'content-type': 'application/json' } })
      : new Response('{"code":401}', { status: 401, headers: { 'content-type': 'application/json' } }));
    let opened = 0;
    const off = onUnauthorized(() => { opened++; });
    const p = request('GET', '/api/backups');
    await expect.poll(() => opened).toBe(1);
    loggedIn = true;
    loginSucceeded();
    expect(await p).toBe('listed');
    loggedIn = false;
    const q = request('GET', '/api/backups').then(() => undefined, (e: unknown) => e);
    await expect.poll(() => opened).toBe(2);
    loginAbandoned();
    const e = await q;
    expect(isNotLoggedIn(e)).toBe(true);
    expect((e as Error).message).toBe(CODE_MESSAGES[401]);
    off();
  });
});
