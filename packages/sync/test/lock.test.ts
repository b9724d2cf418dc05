import { describe, expect, it } from 'vitest';
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { DexieStore, MemoryStore } from '@copperplate/store';
import { FakeClock, LocalHub, LOCK_LEASE_MS, ProjectLocks } from '@copperplate/sync';
import { doc, macroFlush, setup, sheet } from './helpers.ts';

describe('project lock across tabs (acquireLock / releaseLock)', () => {
  it('one holder at a time; release needs the holder ticket; a dead holder\'s lease runs out', async () => {
    const store = new MemoryStore();
    const clock = new FakeClock();
    const a = new ProjectLocks(store, clock, 'tabA');
    const b = new ProjectLocks(store, clock, 'tabB');
    const ga = await a.acquireLock('P:upload', 'upload');
    expect(ga).toBeDefined();
    expect(await b.acquireLock('P:upload', 'upload')).toBeUndefined();
    expect(await b.releaseLock('P:upload', ga!.ticket)).toBe(false); // not the holder
    expect(await a.releaseLock('P:upload', ga!.ticket + 1)).toBe(false); // wrong ticket
    expect(await a.releaseLock('P:upload', ga!.ticket)).toBe(true);
    const gb = await b.acquireLock('P:upload', 'upload');
    expect(gb!.ticket).toBeGreaterThan(ga!.ticket);
    await clock.advance(LOCK_LEASE_MS + 1);
    expect(await b.holds(gb!)).toBe(false);
    expect(await a.acquireLock('P:upload', 'upload')).toBeDefined();
  });

  it('two tabs on one IndexedDB never upload the same item at once', async () => {
    const idb = new IDBFactory();
    const clock = new FakeClock(undefined, macroFlush);
    const hub = new LocalHub();
    const one = setup({ store: await new DexieStore({ name: 'tabs', indexedDB: idb, IDBKeyRange }).open(), clock, hub, tabId: 'tab1' });
    const two = setup({ server: one.server, store: await new DexieStore({ name: 'tabs', indexedDB: idb, IDBKeyRange }).open(), clock, hub, tabId: 'tab2' });
    let inFlight = 0, maxInFlight = 0;
    const orig = one.server.bulk.bind(one.server);
    one.server.bulk = async (...a) => {
      inFlight++; maxInFlight = Math.max(maxInFlight, inFlight);
      await clock.sleep(300);
      try { return await orig(...a); } finally { inFlight--; }
    };
    const s1 = await one.engine.openProject(one.P);
    const s2 = await two.engine.openProject(one.P);
    for (let i = 0; i < 6; i++) {
      await s1.edit('sheets', `A${i}`, sheet(`A${i}`, doc(['TEXT', 't', i])));
      await s2.edit('sheets', `B${i}`, sheet(`B${i}`, doc(['TEXT', 't', i])));
    }
    for (let i = 0; i < 40; i++) await clock.advance(500);
    expect(maxInFlight).toBe(1);
    expect(one.server.calls.filter((c) => c.op === 'bulk').reduce((n, c) => n + c.n!, 0)).toBe(12); // each item once
    expect(await one.store.listPending(one.P)).toEqual([]);
  });
});
