import { describe, expect, it } from 'vitest';
import { compareSnapshots, applyDelta, parseTicketAnswer } from '@copperplate/sync';
import { doc, setup, sheet } from './helpers.ts';

describe('sync comparison (pure)', () => {
  it('[SYNC-1] items only on the server are added', () => {
    const p = compareSnapshots({ sheets: { a: 5 } }, {}, {}, 5);
    expect(p.add).toEqual([{ kind: 'sheets', key: 'a', ticket: 5 }]);
  });
  it('[SYNC-2] items only local are deleted only if in the previous snapshot and not newer than the current g_ticket', () => {
    const local = { sheets: { inPrev: { ticket: 3 }, notInPrev: { ticket: 3 }, newer: { ticket: 9 }, pending: { ticket: -1 } } };
    const prev = { sheets: { inPrev: 3, newer: 9, pending: 2 } };
    const p = compareSnapshots({}, local, prev, 6);
    expect(p.remove).toEqual([{ kind: 'sheets', key: 'inPrev' }]);
  });
  it('[SYNC-3] items on both sides are re-fetched when the local ticket is negative, or non-negative and lower', () => {
    const local = { sheets: { neg: { ticket: -2 }, lower: { ticket: 3 }, same: { ticket: 5 }, higher: { ticket: 7 } } };
    const p = compareSnapshots({ sheets: { neg: 5, lower: 5, same: 5, higher: 5 } }, local, {}, 7);
    expect(p.refetch.map((r) => r.key).sort()).toEqual(['lower', 'neg']);
  });
  it('reads full and incremental ticket answers (block_symbol into symbols, deleted map)', () => {
    const full = parseTicketAnswer({ g_ticket: 9, schs: { a: 1 }, block_symbol: { b: 2 }, symbols: { c: 3 } });
    expect(full.maps).toEqual({ sheets: { a: 1 }, symbols: { b: 2, c: 3 } });
    const inc = parseTicketAnswer({ g_ticket: 12, schs: { d: 11 }, deleted: { schs: ['a'], symbols: { c: 10 } } });
    expect(applyDelta(full.maps, inc)).toEqual({ sheets: { d: 11 }, symbols: { b: 2 } });
  });
});

describe('sync through the engine', () => {
  it('[SYNC-1][SYNC-2][SYNC-3][SYNC-4][SYNC-8] adds, updates and removes, stores ticket and snapshot, fires events', async () => {
    const { server, store, engine, events, P } = setup();
    server.put('sheets', sheet('A', doc()));
    server.put('sheets', sheet('B', doc()));
    server.put('pcbs', { uuid: 'Q', title: 'pcb', dataStr: '["DOCTYPE","PCB","1.8"]' });
    const s = await engine.openProject(P);
    server.put('sheets', sheet('C', doc()));
    server.put('sheets', sheet('A', doc(['TEXT', 't', 'new'])));
    server.remove('sheets', 'B');
    const r = await s.sync();
    expect(r.changed).toBe(3);
    expect((await store.listItems(P, 'sheets')).map((i) => i.key).sort()).toEqual(['A', 'C']);
    expect((await store.getItem(P, 'sheets', 'A'))!.data!.dataStr).toContain('new');
    const meta = (await store.getProject(P))!;
    expect(meta.g_ticket).toBe(server.g);
    expect(Object.keys(meta.snapshot.sheets!).sort()).toEqual(['A', 'C']);
    expect(events('documents-changed')).toHaveLength(1);
    expect(events('synced').map((e) => e.family)).toEqual(['sheet']);
    expect(events('check-update').map((e) => e.family)).toEqual(['sheet']);
  });

  it('[SYNC-3] a pending local edit is never overwritten by a sync: the cloud change is merged in', async () => {
    const { server, store, engine, P } = setup();
    server.put('sheets', sheet('A', doc(['TEXT', 'x', 'v0'], ['TEXT', 'y', 'v0'])));
    const s = await engine.openProject(P);
    server.script = (op) => (op === 'bulk' ? { success: false, message: 'Network Error!' } : undefined);
    await s.edit('sheets', 'A', sheet('A', doc(['TEXT', 'x', 'mine'], ['TEXT', 'y', 'v0'])));
    server.put('sheets', sheet('A', doc(['TEXT', 'x', 'v0'], ['TEXT', 'y', 'theirs'])));
    await s.sync();
    const it = (await store.getItem(P, 'sheets', 'A'))!;
    expect(it.ticket).toBeLessThan(0);
    expect(it.data!.dataStr).toContain('mine');
    expect(it.data!.dataStr).toContain('theirs');
    expect(it.baseTicket).toBe(server.get('sheets', 'A')!.ticket);
  });

  it('[SYNC-5] timed sync runs when more than 5 s passed; 300 s with a live-notification timer', async () => {
    const { engine, clock, server, P } = setup();
    const s = await engine.openProject(P);
    await clock.advance(100);
    const tickets = () => server.calls.filter((c) => c.op === 'ticket').length;
    const n0 = tickets();
    await clock.advance(4_000);
    expect(tickets()).toBe(n0);
    await clock.advance(6_100);
    expect(tickets()).toBeGreaterThan(n0);
    s.syncer.liveTimerActive = true;
    const n1 = tickets();
    await clock.advance(200_000);
    expect(tickets()).toBe(n1);
    await clock.advance(110_000);
    expect(tickets()).toBe(n1 + 1);
  });

  it('[SYNC-6] during upload, sync is skipped while the last sheet/PCB edit is under 60 s old', async () => {
    const { engine, clock, P } = setup();
    const s = await engine.openProject(P);
    await clock.advance(10_000);
    await s.edit('sheets', 'A', sheet('A', doc()));
    await clock.advance(10_000);
    s.uploader.processing = true; // an upload in progress
    s.syncer.lastRun = -Infinity;
    expect(s.syncer.due()).toBe(false);
    s.uploader.processing = false;
    expect(s.syncer.due()).toBe(true); // not uploading: the quiet period does not apply
    s.uploader.processing = true;
    await clock.advance(51_000);
    s.syncer.lastRun = -Infinity;
    expect(s.syncer.due()).toBe(true);
    s.uploader.processing = false;
  });

  it('[SYNC-7] a newer g_ticket notification forces a sync; an older one does not', async () => {
    const { engine, server, clock, P } = setup();
    const s = await engine.openProject(P);
    await clock.advance(100);
    server.put('sheets', sheet('Z', doc()));
    expect((await s.syncer.notify(0))).toBeUndefined();
    const r = await s.syncer.notify(server.g);
    expect(r?.ran).toBe(true);
    expect(r?.changed).toBe(1);
  });

  it('[SYNC-9] a paste import suspends sync, then resumes and forces it', async () => {
    const { engine, server, clock, P } = setup();
    const s = await engine.openProject(P);
    s.syncer.suspend();
    server.put('sheets', sheet('Z', doc()));
    await clock.advance(20_000);
    expect((await s.sync()).ran).toBe(false);
    const r = await s.syncer.resume();
    expect(r.ran).toBe(true);
    expect(r.changed).toBe(1);
  });

  it('[SYNC-10] reads go in batches of 30 ids (symbols, footprints, devices: 200)', async () => {
    const { engine, server, P } = setup();
    for (let i = 0; i < 65; i++) server.put('sheets', sheet(`S${i}`, doc()));
    for (let i = 0; i < 250; i++) server.put('symbols', { uuid: `Y${i}`, title: `Y${i}` });
    await engine.openProject(P);
    const reads = server.calls.filter((c) => c.op === 'read');
    expect(reads.filter((r) => r.kind === 'sheets').map((r) => r.ids!.length).sort()).toEqual([30, 30, 5].sort());
    expect(reads.filter((r) => r.kind === 'symbols').map((r) => r.ids!.length).sort()).toEqual([200, 50].sort());
  });

  it('a no-op sync is one request', async () => {
    const { engine, server, clock, P } = setup();
    for (let i = 0; i < 40; i++) server.put('sheets', sheet(`S${i}`, doc()));
    const s = await engine.openProject(P);
    await clock.advance(100);
    server.calls = [];
    const r = await s.sync();
    expect(r).toMatchObject({ ran: true, changed: 0, requests: 1 });
    expect(server.calls.map((c) => c.op)).toEqual(['ticket']);
  });
});
