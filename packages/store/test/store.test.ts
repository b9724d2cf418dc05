import { describe, expect, it } from 'vitest';
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { LOCAL_DB_STORES, LOCAL_DB_VERSION, NAMED_ERRORS } from '@copperplate/model';
import { FakeClock, withWriteRetries } from '@copperplate/sync';
import { DexieStore, MemoryStore } from '@copperplate/store';
import { libraryIdPerProject, localStoreContract } from './contract.ts';

let n = 0;
localStoreContract('memory', async () => new MemoryStore());
localStoreContract('IndexedDB (dexie on fake-indexeddb)', async () => new DexieStore({ name: `t${++n}`, indexedDB: new IDBFactory(), IDBKeyRange }).open());
describe('[ID-5] the local cache keeps a library id per owning project', () => {
  libraryIdPerProject('memory (key: kind, then id and project joined by the separator)', async () => new MemoryStore());
  libraryIdPerProject('IndexedDB (the compound key [project+kind+key])', async () => new DexieStore({ name: `t${++n}`, indexedDB: new IDBFactory(), IDBKeyRange }).open());
});

describe('DexieStore', () => {
  it('[DB-1] database version 49 with the eight stores', async () => {
    const idb = new IDBFactory();
    const s = await new DexieStore({ name: 'v', indexedDB: idb, IDBKeyRange }).open();
    expect(s.db.verno).toBe(LOCAL_DB_VERSION);
    expect(s.db.tables.map((t) => t.name).sort()).toEqual([...LOCAL_DB_STORES].sort());
    await s.close();
    // Reopening the same database keeps the data (it is the write-ahead log of an open project).
    const a = await new DexieStore({ name: 'w', indexedDB: idb, IDBKeyRange }).open();
    await a.putItems([{ project: 'P', kind: 'sheets', key: 'a', ticket: -1, data: {}, baseTicket: 0, base: null }]);
    await a.close();
    const b = await new DexieStore({ name: 'w', indexedDB: idb, IDBKeyRange }).open();
    expect((await b.listPending('P')).map((i) => i.key)).toEqual(['a']);
  });

  it("[ERR-4] a database that cannot open reports 'The CacheStorage connection failed'", async () => {
    const broken = { open() { throw new Error('denied'); } } as unknown as IDBFactory;
    await expect(new DexieStore({ name: 'x', indexedDB: broken, IDBKeyRange }).open()).rejects.toThrow(NAMED_ERRORS.DB_INIT_ERROR);
  });
});

describe('cache writes (ERR-7)', () => {
  it('[ERR-7] a failing write is retried up to 5 times, waiting 100 ms x attempt', async () => {
    const clock = new FakeClock();
    const s = new MemoryStore();
    s.failCount = 4;
    const times: number[] = [];
    const p = withWriteRetries(clock, async () => { times.push(clock.now()); return s.putProject({ uuid: 'P', detail: { uuid: 'P', title: 't', g_ticket: 1 }, g_ticket: 1, snapshot: {} }); });
    await clock.advance(2000);
    await p;
    const t0 = times[0];
    expect(times.map((t) => t - t0)).toEqual([0, 100, 300, 600, 1000]);
    expect((await s.getProject('P'))?.g_ticket).toBe(1);
  });

  it("[ERR-7] after 5 failed retries: 'The CacheStorage connection failed' and the warning callback", async () => {
    const clock = new FakeClock();
    const s = new MemoryStore();
    s.failWith = new Error('quota');
    let warned = 0;
    let attempts = 0;
    const p = withWriteRetries(clock, async () => { attempts++; return s.putProject({ uuid: 'P', detail: { uuid: 'P', title: 't', g_ticket: 1 }, g_ticket: 1, snapshot: {} }); }, () => warned++);
    const r = p.catch((e: Error) => e.message);
    await clock.advance(2000);
    expect(await r).toBe(NAMED_ERRORS.DB_INIT_ERROR);
    expect(attempts).toBe(6);
    expect(warned).toBe(1);
  });
});
