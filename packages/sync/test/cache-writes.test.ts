import { describe, expect, it } from 'vitest';
import { NAMED_ERRORS } from '@copperplate/model';
import { MemoryStore } from '@copperplate/store';
import { doc, setup, sheet } from './helpers.ts';

describe('local database failures through the engine', () => {
  it('[ERR-7] an edit whose cache write fails twice is retried and saved', async () => {
    const store = new MemoryStore();
    const { engine, clock, P } = setup({ store });
    const s = await engine.openProject(P);
    store.failCount = 2;
    const p = s.edit('sheets', 'A', sheet('A', doc()));
    await clock.advance(500);
    expect((await p).ticket).toBe(-1);
  });

  it("[ERR-7][ERR-4] a cache that keeps failing: 'The CacheStorage connection failed' and the cache warning", async () => {
    const store = new MemoryStore();
    const { engine, clock, events, P } = setup({ store });
    const s = await engine.openProject(P);
    store.failWith = new Error('QuotaExceededError');
    const p = s.edit('sheets', 'A', sheet('A', doc())).catch((e: Error) => e.message);
    await clock.advance(2000);
    expect(await p).toBe(NAMED_ERRORS.DB_INIT_ERROR);
    expect(events('db-warning')).toHaveLength(1);
  });

  it('[OPEN-2][OPEN-6] a local database that cannot be read fails the open with the cache warning', async () => {
    const store = new MemoryStore();
    store.failWith = new Error('broken');
    const { engine, clock, events, P } = setup({ store });
    const p = engine.openProject(P).catch((e: Error) => e.message);
    await clock.advance(2000);
    expect(await p).toBe(NAMED_ERRORS.DB_INIT_ERROR);
    expect(events('db-warning')).toEqual([{ message: NAMED_ERRORS.DB_INIT_ERROR }]);
    expect(events('project-open-failed')).toHaveLength(1);
  });
});
