/** Rule-level regressions for bugs the simulation found (seeds kept in apps/cli/test/simulate-seeds.ts). */
import { describe, expect, it } from 'vitest';
import { doc, setup, sheet } from './helpers.ts';

describe('simulation regressions', () => {
  it('[SYNC-2] an item brought in by an interrupted sync is removed when the server deletes it (sim seed 10, 4 clients, 200 steps)', async () => {
    const { server, store, engine, P } = setup();
    const s = await engine.openProject(P);
    server.put('sheets', sheet('A', doc()));
    server.put('symbols', { uuid: 'Y', title: 'Y' });
    server.script = (op) => undefined;
    const origRead = server.read.bind(server);
    server.read = async (p, k, ids) => (k === 'symbols' ? { success: false, message: 'Network Error!' } : origRead(p, k, ids));
    expect((await s.sync()).failed).toBe(true);
    expect(await store.getItem(P, 'sheets', 'A')).toBeDefined();
    server.read = origRead;
    server.remove('sheets', 'A');
    s.syncer.lastRun = -Infinity;
    await s.sync();
    expect(await store.getItem(P, 'sheets', 'A')).toBeUndefined();
    expect(await store.getItem(P, 'symbols', 'Y')).toBeDefined();
  });

  it('[UP-3] deleting a new item whose create was sent without an answer uploads the deletion (sim seed 12, 4 clients, 200 steps)', async () => {
    const { server, store, engine, clock, P } = setup();
    const s = await engine.openProject(P);
    const orig = server.bulk.bind(server);
    let lose = true;
    server.bulk = async (...a) => { const r = await orig(...a); if (lose) { lose = false; return { success: false, message: 'Network Error!' }; } return r; };
    await s.edit('sheets', 'N', sheet('N', doc()));
    await clock.advance(1);
    expect(server.get('sheets', 'N')).toBeDefined(); // it landed; the client does not know
    await s.edit('sheets', 'N', null);
    await clock.advance(3000);
    expect(server.get('sheets', 'N')).toBeUndefined();
    expect(await store.getItem(P, 'sheets', 'N')).toBeUndefined();
  });
});
