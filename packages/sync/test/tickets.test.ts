import { describe, expect, it } from 'vitest';
import { compareSnapshots, editedTicket, isPending, isUploaded, UPLOAD_STATUS } from '@copperplate/sync';
import { doc, setup, sheet } from './helpers.ts';

describe('local ticket rules', () => {
  it('[TKT-2] the first edit sets -1, each further edit subtracts 1', () => {
    expect(editedTicket(17)).toBe(-1);
    expect(editedTicket(0)).toBe(-1);
    expect(editedTicket(-1)).toBe(-2);
    expect(editedTicket(-5)).toBe(-6);
  });
  it('[TKT-3] 0 or below is pending; [TKT-1]/[TKT-5] positive is uploaded, negative is not', () => {
    expect([1, 0, -1].map(isPending)).toEqual([false, true, true]);
    expect([3, -2].map(isUploaded)).toEqual([true, false]);
    expect(UPLOAD_STATUS).toEqual({ UPLOADING: 0, FAILED: 1 });
  });

  it('[TKT-5] a negative ticket is an edit not uploaded: sync neither removes it when the server dropped it nor takes it as in step', () => {
    const local = { sheets: { edited: { ticket: -3 }, clean: { ticket: 4 } } };
    const prev = { sheets: { edited: 4, clean: 4 } };
    const gone = compareSnapshots({}, local, prev, 8);
    expect(gone.remove).toEqual([{ kind: 'sheets', key: 'clean' }]);
    const same = compareSnapshots({ sheets: { edited: 4, clean: 4 } }, local, prev, 8);
    expect(same.refetch.map((r) => r.key)).toEqual(['edited']);
  });

  it('[TKT-1][TKT-2][TKT-3][TKT-4] through the engine: edits count down, upload gives a positive ticket and removes the status', async () => {
    const { server, store, clock, engine, P } = setup();
    const t0 = server.put('sheets', sheet('A', doc(['TEXT', 'e1', 0, 0, 0, 'x'])));
    const s = await engine.openProject(P);
    expect((await store.getItem(P, 'sheets', 'A'))!.ticket).toBe(t0); // TKT-1
    server.down = true;
    await s.edit('sheets', 'A', sheet('A', doc(['TEXT', 'e1', 0, 0, 0, 'y'])));
    expect((await store.getItem(P, 'sheets', 'A'))!.ticket).toBe(-1);
    await s.edit('sheets', 'A', sheet('A', doc(['TEXT', 'e1', 0, 0, 0, 'z'])));
    const it2 = (await store.getItem(P, 'sheets', 'A'))!;
    expect(it2.ticket).toBe(-2);
    expect(it2.baseTicket).toBe(t0);
    expect((await store.listPending(P)).map((i) => i.key)).toEqual(['A']); // TKT-3
    await clock.advance(10);
    expect((await store.getItem(P, 'sheets', 'A'))!.status).toBe(UPLOAD_STATUS.FAILED); // TKT-4: failed
    server.down = false;
    await clock.advance(1000);
    const up = (await store.getItem(P, 'sheets', 'A'))!;
    expect(up.ticket).toBeGreaterThan(t0);
    expect(up.status).toBeUndefined(); // TKT-4: entry removed on success
    expect(await store.listPending(P)).toEqual([]);
    expect(server.get('sheets', 'A')!.data.dataStr).toContain('"z"');
  });

  it('[TKT-4] status 0 while the upload is under way', async () => {
    const { server, store, clock, engine, P } = setup();
    const s = await engine.openProject(P);
    let during: number | undefined;
    server.script = (op) => { if (op === 'bulk') { void store.getItem(P, 'sheets', 'N').then((i) => { during = i?.status; }); } return undefined; };
    await s.edit('sheets', 'N', sheet('N', doc()));
    await clock.advance(5);
    expect(during).toBe(UPLOAD_STATUS.UPLOADING);
  });
});
