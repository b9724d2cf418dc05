import { describe, expect, it } from 'vitest';
import { NAMED_ERRORS } from '@copperplate/model';
import { MemoryStore } from '@copperplate/store';
import { FakeClock, LocalHub, SyncEngine } from '@copperplate/sync';
import { FakeServer } from './fake-server.ts';
import { SCH, doc, macroFlush, setup, sheet } from './helpers.ts';

describe('opening a project', () => {
  it("[OPEN-1] a second open while the first is under way: 'project is opening!'", async () => {
    const { engine, P } = setup();
    const first = engine.openProject(P);
    await expect(engine.openProject(P)).rejects.toThrow(NAMED_ERRORS.IS_OPENING);
    await first;
    expect(engine.current?.uuid).toBe(P);
  });

  it('[OPEN-2][OPEN-3][OPEN-4][OPEN-5] first open loads from the cloud, then ready + opened event, forced upload and sync mount start', async () => {
    const { server, store, engine, events, clock, P } = setup();
    server.put('sheets', sheet('A', doc()));
    server.put('symbols', { uuid: 'Y', title: 'R', dataStr: '["DOCTYPE","SYMBOL","1.1"]' });
    const s = await engine.openProject(P);
    expect(server.calls.slice(0, 2).map((c) => c.op)).toEqual(['detail', 'ticket']);
    expect(events('project-opened')).toEqual([{ project: P, from: 'cloud', readonly: false, temporary: false }]);
    expect(events('backup-started')).toHaveLength(1);
    expect(await store.countItems(P)).toBe(2);
    expect((await store.getProject(P))!.g_ticket).toBe(server.g);
    // The sync mount runs the first sync after the project-open sync timeout (100 ms, SYNC-10).
    await clock.advance(100);
    expect(events('project-synced')).toHaveLength(1);
    expect(s.readonly).toBe(false);
  });

  it('[OPEN-4] second open in step with the cloud opens from local data without reading documents', async () => {
    const { server, store, engine, events, P } = setup();
    server.put('sheets', sheet('A', doc()));
    await engine.openProject(P);
    await engine.closeProject(P);
    server.calls = [];
    const e2 = setup({ server, store });
    await e2.engine.openProject(P);
    expect(e2.events('project-opened')[0].from).toBe('local');
    expect(server.calls.map((c) => c.op)).toEqual(['detail']);
    expect(events('project-closed')).toHaveLength(1);
  });

  it('[OPEN-6] a failed open unregisters, clears the current project and fires the failure event', async () => {
    const { engine, events } = setup();
    await expect(engine.openProject('NOPE')).rejects.toThrow('No permission or project does not exist');
    expect(engine.current).toBeNull();
    expect(events('project-open-failed')).toHaveLength(1);
    // Unregistered: it may be opened again (no 'project is opening!').
    await expect(engine.openProject('NOPE')).rejects.toThrow('No permission');
  });

  it('[OPEN-6] an open that fails after the project became current unregisters it and clears the current project', async () => {
    // the local database refuses the last write of the open (the open time), after the session was made current
    class FailingStore extends MemoryStore {
      override async putProject(meta: Parameters<MemoryStore['putProject']>[0]) {
        if (meta.timeOfOpenProject !== undefined) throw new Error('disk full');
        return super.putProject(meta);
      }
    }
    const { engine, events, P } = setup({ store: new FailingStore() });
    await expect(engine.openProject(P)).rejects.toThrow('disk full');
    expect(engine.current).toBeNull();
    expect(engine.session(P)).toBeUndefined();
    expect(events('project-open-failed').map((e) => e.project)).toEqual([P]);
  });

  it('[OPEN-6] no network and no local copy: open fails with Network Error!', async () => {
    const { server, engine, P } = setup();
    server.down = true;
    await expect(engine.openProject(P)).rejects.toThrow(NAMED_ERRORS.NETWORK_ERROR_ANSWER);
  });

  it('[OPEN-7] a differing ticket deletes the local copy and reloads from the cloud, keeping unuploaded edits for the Warning dialog', async () => {
    const server = new FakeServer();
    const store = new MemoryStore();
    server.put('schematics', { uuid: SCH, name: 'Main', display_name: 'Main', sort: ['A', 'B', 'C'] });
    server.put('sheets', sheet('A', doc(['TEXT', 'a', 'v0'])));
    server.put('sheets', sheet('B', doc(['TEXT', 'b', 'v0'])));
    server.put('sheets', sheet('C', doc(['TEXT', 'c', 'v0'])));
    const one = setup({ server, store });
    const s = await one.engine.openProject(server.uuid);
    server.down = true;
    await s.edit('sheets', 'A', sheet('A', doc(['TEXT', 'a', 'mine'])));
    await s.edit('sheets', 'B', sheet('B', doc(['TEXT', 'b', 'mine'])));
    one.engine.dispose(); // the tab dies with unuploaded edits
    server.down = false;
    const baseA = server.get('sheets', 'A')!.ticket;
    server.put('sheets', sheet('A', doc(['TEXT', 'a', 'theirs']))); // someone else changed A
    server.put('sheets', sheet('C', doc(['TEXT', 'c', 'v1']))); // and C
    server.modifier = 'bob';
    const two = setup({ server, store });
    server.script = (op) => (op === 'bulk' ? { success: false, message: 'Network Error!' } : undefined);
    const s2 = await two.engine.openProject(server.uuid);
    expect(two.events('project-opened')[0].from).toBe('cloud');
    // C came from the cloud; A and B keep the local edits.
    expect((await store.getItem(server.uuid, 'sheets', 'C'))!.data!.dataStr).toContain('v1');
    expect((await store.getItem(server.uuid, 'sheets', 'A'))!.data!.dataStr).toContain('mine');
    expect((await store.getItem(server.uuid, 'sheets', 'B'))!.data!.dataStr).toContain('mine');
    const w = two.events('warning');
    expect(w).toHaveLength(1);
    expect(w[0].reason).toBe('diff-ticket');
    expect(w[0].items).toEqual([expect.objectContaining({ key: 'A', name: 'Main/A', beforeUploading: baseA, updated: server.get('sheets', 'A')!.ticket, modifier: 'bob' })]);
    expect((await s2.held()).map((h) => h.key)).toEqual(['A']);
    // B (unchanged in the cloud) uploads; A waits for the user's choice.
    server.script = null;
    await two.clock.advance(2000);
    expect(server.get('sheets', 'B')!.data.dataStr).toContain('mine');
    expect(server.get('sheets', 'A')!.data.dataStr).toContain('theirs');
    await s2.resolve('upload-local');
    await two.clock.advance(2000);
    expect(server.get('sheets', 'A')!.data.dataStr).toContain('mine');
    expect(await store.listPending(server.uuid)).toEqual([]);
  });

  it('[OPEN-7][UI-1] Reload from Cloud backs up the local version, then takes the cloud version', async () => {
    const server = new FakeServer();
    const store = new MemoryStore();
    server.put('sheets', sheet('A', doc(['TEXT', 'a', 'v0'])));
    const one = setup({ server, store });
    const s = await one.engine.openProject(server.uuid);
    server.down = true;
    await s.edit('sheets', 'A', sheet('A', doc(['TEXT', 'a', 'mine'])));
    one.engine.dispose();
    server.down = false;
    server.put('sheets', sheet('A', doc(['TEXT', 'a', 'theirs'])));
    const two = setup({ server, store });
    const s2 = await two.engine.openProject(server.uuid);
    await s2.resolve('reload-cloud');
    expect((await store.getItem(server.uuid, 'sheets', 'A'))!.data!.dataStr).toContain('theirs');
    const logs = await store.listLogs(server.uuid);
    expect(logs.map((l) => l.type)).toEqual(['local-backup']);
    expect(logs[0].content).toContain('mine');
  });

  it('[OPEN-8] a temporary open keeps the previous project and restores it on close', async () => {
    const a = new FakeServer('A0000000000000000000000000000001');
    const { engine } = setup({ server: a });
    await engine.openProject(a.uuid);
    // A second project on another server object: route by uuid through a small multiplexer.
    const b = new FakeServer('B0000000000000000000000000000001');
    const route = (p: string) => (p === b.uuid ? b : a);
    Object.assign(engine.services, { transport: {
      getDetail: (p: string) => route(p).getDetail(p), getTickets: (p: string, g: number) => route(p).getTickets(p, g),
      read: (p: string, k: never, ids: string[]) => route(p).read(p, k, ids), bulk: (p: string, k: never, d: never, r: string) => route(p).bulk(p, k, d, r),
    } });
    await engine.openProject(b.uuid, { temporary: true });
    expect(engine.current?.uuid).toBe(b.uuid);
    expect(engine.session(a.uuid)).toBeDefined();
    await engine.closeProject(b.uuid);
    expect(engine.current?.uuid).toBe(a.uuid);
  });

  it('[OPEN-9] a read-only open refuses edits and uploads nothing', async () => {
    const { server, engine, clock, P } = setup();
    server.put('sheets', sheet('A', doc()));
    const s = await engine.openProject(P, { readonly: true });
    expect(s.readonly).toBe(true);
    await expect(s.edit('sheets', 'A', sheet('A', doc(['TEXT', 'x'])))).rejects.toThrow('read only');
    await clock.advance(2000);
    expect(server.calls.filter((c) => c.op === 'bulk')).toEqual([]);
  });
});

describe('the backup and the update-data manager around open and close', () => {
  it('[OPEN-5][CLOSE-1] an opened project starts its backup and update-data manager; close aborts the backup and stops the manager', async () => {
    const server = new FakeServer();
    const calls: string[] = [];
    const engine = new SyncEngine({
      store: new MemoryStore(), transport: server, clock: new FakeClock(undefined, macroFlush), broadcast: new LocalHub().channel(),
      backup: { start: (p) => calls.push(`backup start ${p}`), abort: (p) => calls.push(`backup abort ${p}`) },
      updateManager: { start: (p) => calls.push(`update start ${p}`), stop: (p) => calls.push(`update stop ${p}`) },
    });
    await engine.openProject(server.uuid);
    expect(calls.sort()).toEqual([`backup start ${server.uuid}`, `update start ${server.uuid}`]);
    calls.length = 0;
    await engine.closeProject(server.uuid);
    expect(calls.sort()).toEqual([`backup abort ${server.uuid}`, `update stop ${server.uuid}`]);
  });
});

describe('closing a project', () => {
  it('[CLOSE-1] close aborts the backup, destroys the project, clears the current project, publishes closed', async () => {
    const { engine, events, clock, server, P } = setup();
    const s = await engine.openProject(P);
    await engine.closeProject(P);
    expect(events('backup-aborted')).toEqual([{ project: P }]);
    expect(events('project-closed')).toEqual([{ project: P }]);
    expect(engine.current).toBeNull();
    expect(s.destroyed).toBe(true);
    const before = server.calls.length;
    await clock.advance(20_000);
    expect(server.calls.length).toBe(before); // no timers left running
  });

  it("[CLOSE-2] only the current project may be closed: 'Close non-current projects!', 'Close an illegal project!'", async () => {
    const a = new FakeServer('A0000000000000000000000000000001');
    const { engine } = setup({ server: a });
    await expect(engine.closeProject('')).rejects.toThrow(NAMED_ERRORS.CLOSE_ILLEGAL_PROJECT);
    await expect(engine.closeProject('unknown')).rejects.toThrow(NAMED_ERRORS.CLOSE_ILLEGAL_PROJECT);
    await engine.openProject(a.uuid);
    const b = new FakeServer('B0000000000000000000000000000001');
    const route = (p: string) => (p === b.uuid ? b : a);
    Object.assign(engine.services, { transport: {
      getDetail: (p: string) => route(p).getDetail(p), getTickets: (p: string, g: number) => route(p).getTickets(p, g),
      read: (p: string, k: never, ids: string[]) => route(p).read(p, k, ids), bulk: (p: string, k: never, d: never, r: string) => route(p).bulk(p, k, d, r),
    } });
    await engine.openProject(b.uuid, { temporary: true });
    await expect(engine.closeProject(a.uuid)).rejects.toThrow(NAMED_ERRORS.CLOSE_NON_CURRENT);
  });
});
