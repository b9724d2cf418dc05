/**
 * [issue-14] Deleting a project moves it to a recoverable trash for 30 days: it leaves the list and
 * cannot be opened, its owner lists and restores it (a title taken meanwhile gets a suffix) or purges
 * it; 30 days after the delete (on the server's injected clock) it is gone for good.
 */
import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import { CODES } from '@copperplate/model';
import { startServer, type RunningServer } from '../src/index.ts';
import { BACKENDS, postgresAvailable, storage } from './helpers.ts';
import { Client } from './client.ts';

const PG = await postgresAvailable();
const DAY = 86_400_000;

describe.each(BACKENDS)('project trash on %s', (backend) => {
  const skip = backend === 'postgres' && !PG;
  let clock = Date.UTC(2026, 0, 1);
  let s: RunningServer;
  let st: Awaited<ReturnType<typeof storage>>;
  let a: Client;
  let b: Client;
  beforeAll(async () => {
    if (skip) return;
    st = await storage(backend);
    s = await startServer({ port: 0, dataDir: st.dataDir, databaseUrl: st.databaseUrl, now: () => clock });
    a = await new Client(s.url).signup('trasher');
    b = await new Client(s.url).signup('stranger');
  });
  afterAll(async () => { await s?.close(); await st?.cleanup(); });

  const create = async (title: string) => (await a.post<{ uuid: string }>('/api/projects', { title })).result!.uuid;
  const listed = async () => ((await a.get<Array<{ projectName: string }>>('/api/projects')).result ?? []).map((p) => p.projectName).sort();
  const trash = async (c: Client = a) => (await c.get<Array<{ projectId: string; projectName: string; trashedAt: number; purgeAt: number }>>('/api/trash')).result!;

  it.skipIf(skip)('[issue-14] delete, list the trash, restore (renamed when the title is taken), purge; only the owner', async () => {
    const id = await create('Doomed');
    expect((await a.post(`/api/projects/${id}/delete`)).code).toBe(0);
    expect(await listed()).not.toContain('Doomed');
    expect((await a.get(`/api/projects/${id}`)).code).toBe(CODES.NO_PERMISSION);
    const t = await trash();
    expect(t).toEqual([{ projectId: id, projectName: 'Doomed', trashedAt: clock, purgeAt: clock + 30 * DAY }]);
    // a stranger sees nothing and cannot restore or purge it
    expect(await trash(b)).toEqual([]);
    expect((await b.post(`/api/trash/${id}/restore`)).code).toBe(CODES.NO_PERMISSION);
    expect((await b.post(`/api/trash/${id}/purge`)).code).toBe(CODES.NO_PERMISSION);
    // the title is free while it is in the trash; restoring then renames it
    const again = await create('Doomed');
    const r = await a.post<{ projectId: string; projectName: string }>(`/api/trash/${id}/restore`);
    expect(r.result).toEqual({ projectId: id, projectName: 'Doomed_1' });
    expect(await trash()).toEqual([]);
    expect((await a.get<{ title: string; boards: unknown[] }>(`/api/projects/${id}`)).result?.title).toBe('Doomed_1');
    expect((await a.get<{ boards: unknown[] }>(`/api/projects/${id}`)).result?.boards).toHaveLength(1); // its content came back
    // purge for good
    await a.post(`/api/projects/${again}/delete`);
    expect((await a.post(`/api/trash/${again}/purge`)).code).toBe(0);
    expect(await trash()).toEqual([]);
    expect((await a.post(`/api/trash/${again}/restore`)).code).toBe(CODES.NO_PERMISSION);
  });

  it.skipIf(skip)('[issue-14] 30 days after the delete a trashed project is purged by itself (injected clock)', async () => {
    const old = await create('Old');
    await a.post(`/api/projects/${old}/delete`);
    clock += 10 * DAY;
    const young = await create('Young');
    await a.post(`/api/projects/${young}/delete`);
    clock += 20 * DAY - 1;
    expect((await trash()).map((x) => x.projectName)).toEqual(['Young', 'Old']);
    clock += 1; // exactly 30 days after Old's delete
    expect((await trash()).map((x) => x.projectName)).toEqual(['Young']);
    expect((await a.post(`/api/trash/${old}/restore`)).code).toBe(CODES.NO_PERMISSION);
    clock += 10 * DAY;
    expect(await trash()).toEqual([]);
  });

  it.skipIf(skip)('[issue-14] projects in the trash do not count against the per-user project limit; restoring one past the limit is refused', async () => {
    const st2 = await storage(backend);
    const s2 = await startServer({ port: 0, dataDir: st2.dataDir, databaseUrl: st2.databaseUrl, limits: { projectsPerUser: 2 } });
    try {
      const c = await new Client(s2.url).signup('quota');
      const make = async (title: string) => c.post<{ uuid: string }>('/api/projects', { title });
      const one = (await make('One')).result!.uuid;
      expect((await make('Two')).code).toBe(0);
      expect((await make('Three')).code).toBe(CODES.QUOTA_EXCEEDED);
      expect((await c.post(`/api/projects/${one}/delete`)).code).toBe(0);
      expect((await make('Three')).code).toBe(0); // One is in the trash: two projects in use
      expect((await c.post(`/api/trash/${one}/restore`)).code).toBe(CODES.QUOTA_EXCEEDED);
    } finally {
      await s2.close();
      await st2.cleanup();
    }
  });
});
