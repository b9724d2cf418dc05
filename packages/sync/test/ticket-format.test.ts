/** CONST-4: the ticket format version 1.0, in the answers the client reads and the snapshot it stores. */
import { describe, expect, it } from 'vitest';
import { NAMED_ERRORS } from '@copperplate/model';
import { parseTicketAnswer } from '@copperplate/sync';
import { doc, setup, sheet } from './helpers.ts';

describe('ticket format version', () => {
  it('[CONST-4] an answer in another ticket format is refused (invalid response); 1.0 and an unversioned answer are read', () => {
    expect(() => parseTicketAnswer({ version: '2.0', g_ticket: 3, schs: { a: 1 } })).toThrow(NAMED_ERRORS.INVALID_RESPONSE);
    expect(parseTicketAnswer({ version: '1.0', g_ticket: 3, schs: { a: 1 } }).maps).toEqual({ sheets: { a: 1 } });
    expect(parseTicketAnswer({ g_ticket: 3, schs: { a: 1 } }).maps).toEqual({ sheets: { a: 1 } });
  });

  it('[CONST-4] a sync answered in another ticket format changes nothing and reports the failed sync', async () => {
    const { server, store, engine, events, P } = setup();
    server.put('sheets', sheet('A', doc()));
    const s = await engine.openProject(P);
    expect((await store.getProject(P))!.snapshotVersion).toBe('1.0');
    const before = (await store.getProject(P))!;
    server.put('sheets', sheet('B', doc()));
    server.remove('sheets', 'A');
    server.ticketVersion = '2.0';
    const r = await s.sync();
    expect(r.failed).toBe(true);
    expect((await store.listItems(P, 'sheets')).map((i) => i.key)).toEqual(['A']);
    expect((await store.getProject(P))!.g_ticket).toBe(before.g_ticket);
    expect(events('upload-error').map((e) => e.message)).toContain(NAMED_ERRORS.SYNC_FAILED);
    // Back in format 1.0 the same changes come in.
    server.ticketVersion = '1.0';
    await s.sync();
    expect((await store.listItems(P, 'sheets')).map((i) => i.key)).toEqual(['B']);
  });

  it('[CONST-4] a stored snapshot of another format is not the previous snapshot: full ask, no deletion on its word; stored again as 1.0', async () => {
    const { server, store, engine, P } = setup();
    server.put('sheets', sheet('A', doc()));
    const s = await engine.openProject(P);
    // A local-only item the old-format snapshot lists: by SYNC-2 it would be deleted, were the
    // snapshot trusted.
    await store.putItems([{ project: P, kind: 'sheets', key: 'L', ticket: 1, data: sheet('L', doc()), baseTicket: 1, base: null }]);
    const meta = (await store.getProject(P))!;
    await store.putProject({ ...meta, snapshot: { sheets: { A: 1, L: 1 } }, snapshotVersion: undefined });
    server.put('sheets', sheet('B', doc()));
    const asked = server.calls.length;
    await s.sync(true);
    const tickets = server.calls.slice(asked).filter((c) => c.op === 'ticket');
    expect(tickets.map((c) => c.n)).toEqual([-1]);
    expect((await store.listItems(P, 'sheets')).map((i) => i.key).sort()).toEqual(['A', 'B', 'L']);
    const after = (await store.getProject(P))!;
    expect(after.snapshotVersion).toBe('1.0');
    expect(Object.keys(after.snapshot.sheets!).sort()).toEqual(['A', 'B']);
    // With a 1.0 snapshot the next sync is incremental again.
    const asked2 = server.calls.length;
    server.put('sheets', sheet('C', doc()));
    await s.sync(true);
    expect(server.calls.slice(asked2).filter((c) => c.op === 'ticket').map((c) => c.n)).toEqual([after.g_ticket]);
  });
});
