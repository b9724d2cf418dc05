/**
 * [CONST-3] Progress totals as the product reports them: opening a project from the cloud counts 37
 * steps (the engine's fetch of every item batch), from the local copy 100; save-as-local of the
 * desktop build counts 14 steps (the .epro from the local files). Real server on loopback.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { readEpro } from '@copperplate/format';
import { startServer, type RunningServer } from '@copperplate/server';
import { MemoryStore } from '@copperplate/store';
import { CookieJar, FakeClock, HttpTransport, SyncEngine } from '@copperplate/sync';
import { localProjectEpro } from '@copperplate/desktop';

let server: RunningServer;
let dir = '';
beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'cp-progress-'));
  server = await startServer({ port: 0, dataDir: dir, logger: false });
}, 120_000);
afterAll(async () => {
  await server?.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('progress totals (SPEC §9)', () => {
  it('[CONST-3] cloud open 37 steps, local open 100, save-as-local 14', async () => {
    const http = new HttpTransport({ baseUrl: server.url, cookies: new CookieJar() });
    expect((await http.signup(`prog${Date.now().toString(36)}`, 'progress-password-1')).success).toBe(true);
    const p = await http.createProject('Progress');
    if (!p.success) throw new Error(p.message);
    const uuid = p.result.uuid;
    const store = new MemoryStore();
    const engine = new SyncEngine({ store, transport: http, clock: new FakeClock(Date.now()) });
    const seen: Array<{ done: number; total: number }> = [];
    engine.events.on('progress', (e) => seen.push({ done: e.done, total: e.total }));

    await engine.openProject(uuid); // no local copy: from the cloud
    const cloud = seen.filter((e) => e.total !== 100);
    expect(cloud.length).toBeGreaterThan(0);
    expect(new Set(cloud.map((e) => e.total))).toEqual(new Set([37]));
    expect(cloud.at(-1)!.done).toBe(37);
    await engine.closeProject(uuid);

    seen.length = 0;
    await engine.openProject(uuid); // the local copy, in step with the cloud
    expect(seen).toEqual([{ done: 100, total: 100 }]);

    const steps: Array<[number, number]> = [];
    const meta = (await store.getProject(uuid))!;
    const bytes = localProjectEpro(meta, await store.listItems(uuid), (done, total) => steps.push([done, total]));
    expect(steps.map(([, t]) => t).every((t) => t === 14)).toBe(true);
    expect(steps.map(([d]) => d)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14]);
    expect([...readEpro(bytes).entries.keys()].some((k) => k.startsWith('SHEET/'))).toBe(true);
    await engine.closeProject(uuid);
  });
});
