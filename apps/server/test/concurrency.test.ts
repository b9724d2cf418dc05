/**
 * 20 concurrent writers on the same and on different documents: no acknowledged write lost, tickets
 * unique and g_ticket strictly increasing, stale writes refused, the database consistent afterwards.
 */
import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import pg from 'pg';
import { CODES } from '@copperplate/model';
import { BACKENDS, postgresAvailable, testServer } from './helpers.ts';
import { Client } from './client.ts';

const PG = await postgresAvailable();
const WRITERS = 20;
const OWN_WRITES = 5;
const SHARED_WRITES = 2;

type Res = Array<{ success: boolean; code: number; result: { ticket: number } }>;

describe.each(BACKENDS)('concurrent writers on %s', (backend) => {
  const skip = backend === 'postgres' && !PG;
  let s: Awaited<ReturnType<typeof testServer>>;
  beforeAll(async () => {
    if (!skip) s = await testServer(backend);
  });
  afterAll(async () => {
    await s?.stop();
  });

  it.skipIf(skip)('[TKT-1] 20 writers: none lost, tickets strictly increasing, stale refused, consistent', async () => {
    const owner = await new Client(s.url).signup('owner');
    const pid = (await owner.post<{ uuid: string }>('/api/projects', { title: 'Busy', empty: true })).result!.uuid;
    const writers = await Promise.all(Array.from({ length: WRITERS }, async (_, i) => {
      const c = await new Client(s.url).signup('w' + i);
      expect((await owner.post(`/api/projects/${pid}/members`, { username: 'w' + i, role: 'member' })).code).toBe(0);
      return c;
    }));
    const g0 = (await owner.get<{ g_ticket: number }>(`/api/projects/${pid}`)).result!.g_ticket;
    const created = await owner.post<Res>(`/api/projects/${pid}/bulk/sheets`, { data: [{ uuid: 'shared', schematic_uuid: 'sc', title: 'Shared', display_title: 'Shared', dataStr: 'init' }] });
    const acks: Array<{ doc: string; ticket: number; content: string; writer: number }> = [{ doc: 'shared', ticket: created.result![0].result.ticket, content: 'init', writer: -1 }];
    let stale = 0;

    // a poller watching g_ticket: it may only grow
    let polling = true;
    const seen: number[] = [];
    const poller = (async () => {
      while (polling) {
        const r = await owner.get<{ g_ticket: number }>(`/api/projects/${pid}/ticket?g_ticket=-1`);
        seen.push(r.result!.g_ticket);
        await new Promise((d) => setTimeout(d, 20));
      }
    })();

    await Promise.all(writers.map(async (c, i) => {
      // own document: every write based on the previous acknowledged ticket succeeds
      let base = 0;
      for (let k = 0; k < OWN_WRITES; k++) {
        const content = `w${i}-own-${k}`;
        const r = await c.post<Res>(`/api/projects/${pid}/bulk/sheets`, { data: [{ uuid: 'own' + i, schematic_uuid: 'sc', title: 'O' + i, display_title: 'O' + i, dataStr: content, base_ticket: base }] });
        expect(r.result![0].success).toBe(true);
        base = r.result![0].result.ticket;
        acks.push({ doc: 'own' + i, ticket: base, content, writer: i });
        // interleave: a write to the shared document, retried after a stale refusal
        if (k < SHARED_WRITES) {
          for (;;) {
            const cur = (await c.post<Array<{ ticket: number }>>(`/api/projects/${pid}/read/sheets`, { ids: ['shared'] })).result![0].ticket;
            const sc = `w${i}-shared-${k}`;
            const w = await c.post<Res>(`/api/projects/${pid}/bulk/sheets`, { data: [{ uuid: 'shared', dataStr: sc, base_ticket: cur }] });
            const x = w.result![0];
            if (x.success) {
              acks.push({ doc: 'shared', ticket: x.result.ticket, content: sc, writer: i });
              break;
            }
            expect(x.code).toBe(CODES.STALE_TICKET);
            expect(x.result.ticket).toBeGreaterThan(cur);
            stale++;
          }
        }
      }
    }));
    polling = false;
    await poller;

    // tickets: unique, and each writer's acknowledgements strictly increase
    const tickets = acks.map((a) => a.ticket);
    expect(new Set(tickets).size).toBe(tickets.length);
    for (let i = 0; i < WRITERS; i++) {
      const mine = acks.filter((a) => a.writer === i).map((a) => a.ticket);
      expect(mine).toEqual([...mine].sort((x, y) => x - y));
    }
    for (let k = 1; k < seen.length; k++) expect(seen[k]).toBeGreaterThanOrEqual(seen[k - 1]);
    expect(stale).toBeGreaterThan(0);

    // none lost: g_ticket advanced once per acknowledged write; every document holds its last acknowledged write
    const snap = (await owner.get<{ g_ticket: number; schs: Record<string, number> }>(`/api/projects/${pid}/ticket?g_ticket=-1`)).result!;
    expect(snap.g_ticket).toBe(g0 + acks.length);
    expect(Math.max(...tickets)).toBe(snap.g_ticket);
    const docs = [...new Set(acks.map((a) => a.doc))];
    const read = (await owner.post<Array<{ uuid: string; ticket: number; dataStr: string }>>(`/api/projects/${pid}/read/sheets`, { ids: docs })).result!;
    expect(read.length).toBe(WRITERS + 1);
    for (const r of read) {
      const last = acks.filter((a) => a.doc === r.uuid).sort((x, y) => y.ticket - x.ticket)[0];
      expect([r.ticket, r.dataStr]).toEqual([last.ticket, last.content]);
      expect(snap.schs[r.uuid]).toBe(r.ticket);
    }
    expect(Object.keys(snap.schs).length).toBe(WRITERS + 1);
    if (s.storage.databaseUrl) {
      // the database itself: item tickets unique within the project, none above g_ticket
      const c = new pg.Client({ connectionString: s.storage.databaseUrl });
      await c.connect();
      const r = await c.query('select count(*)::int as n, count(distinct ticket)::int as d, max(ticket)::int as m, (select g_ticket::int from projects where uuid = $1) as g from items where project_uuid = $1', [pid]);
      await c.end();
      expect(r.rows[0]).toEqual({ n: WRITERS + 1, d: WRITERS + 1, m: snap.g_ticket, g: snap.g_ticket });
    }
  }, 120_000);
});
