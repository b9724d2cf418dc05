/**
 * Server processes: live notifications within one process and across two processes on one
 * PostgreSQL (LISTEN/NOTIFY); a server killed (SIGKILL) in the middle of a bulk write leaves no
 * half-applied batch, and the client's retry with the same X-Request-Id applies it once.
 */
import { describe, it, expect, afterAll } from 'vitest';
import pg from 'pg';
import { BACKENDS, freshDatabase, postgresAvailable, spawnServer, storage, testServer } from './helpers.ts';
import { Client } from './client.ts';
import { live } from './live-client.ts';

const PG = await postgresAvailable();
type Res = Array<{ success: boolean; code: number; result: { ticket: number } }>;

describe.each(BACKENDS)('live channel in one process on %s', (backend) => {
  const skip = backend === 'postgres' && !PG;
  it.skipIf(skip)('[SYNC-7] g_ticket after each applied write; checkIn relayed to the other clients', async () => {
    const s = await testServer(backend);
    try {
      const a = await new Client(s.url).signup('alice');
      const b = await new Client(s.url).signup('bob');
      const pid = (await a.post<{ uuid: string }>('/api/projects', { title: 'Live' })).result!.uuid;
      await a.post(`/api/projects/${pid}/members`, { username: 'bob', role: 'readonly' });
      const lb = await live(s.url, pid, b);
      const la = await live(s.url, pid, a);
      const w = await a.post<Res>(`/api/projects/${pid}/bulk/devices`, { data: [{ uuid: 'd1', title: 'D', display_title: 'D' }] });
      const t = w.result![0].result.ticket;
      expect(await lb.next((m) => m.type === 'g_ticket' && m.g_ticket === t)).toEqual({ type: 'g_ticket', project_uuid: pid, g_ticket: t });
      la.ws.send(JSON.stringify({ type: 'checkIn', data: { sheet: 's1' } }));
      const ci = await lb.next((m) => m.type === 'checkIn');
      expect(ci).toMatchObject({ project_uuid: pid, data: { sheet: 's1' } });
      la.ws.close();
      lb.ws.close();
    } finally {
      await s.stop();
    }
  });
});

describe('two server processes on one PostgreSQL', () => {
  const cleanups: Array<() => Promise<void>> = [];
  afterAll(async () => {
    for (const c of cleanups.reverse()) await c().catch(() => {});
  });

  it.skipIf(!PG)('[SYNC-7] a write on process A reaches the live clients of process B (LISTEN/NOTIFY) and B serves the new snapshot', async () => {
    const db = await freshDatabase();
    cleanups.push(() => db.drop());
    const A = await spawnServer({ databaseUrl: db.url });
    cleanups.push(A.stop);
    const B = await spawnServer({ databaseUrl: db.url });
    cleanups.push(B.stop);
    const a = await new Client(A.url).signup('alice');
    const pid = (await a.post<{ uuid: string }>('/api/projects', { title: 'Two' })).result!.uuid;
    // the same session works on B (sessions live in the database)
    const onB = new Client(B.url);
    onB.cookies = new Map(a.cookies);
    const before = (await onB.get<{ g_ticket: number }>(`/api/projects/${pid}/ticket?g_ticket=-1`)).result!.g_ticket;
    const lb = await live(B.url, pid, onB);
    const w = await a.post<Res>(`/api/projects/${pid}/bulk/sheets`, { data: [{ uuid: 's1', schematic_uuid: 'sc', title: 'S', display_title: 'S', dataStr: 'x' }] });
    const t = w.result![0].result.ticket;
    expect(t).toBeGreaterThan(before);
    expect(await lb.next((m) => m.type === 'g_ticket' && m.g_ticket === t)).toMatchObject({ project_uuid: pid });
    // B's cached snapshot was invalidated by the notification
    const after = await onB.get<{ g_ticket: number; schs: Record<string, number> }>(`/api/projects/${pid}/ticket?g_ticket=-1`);
    expect(after.result).toMatchObject({ g_ticket: t, schs: { s1: t } });
    lb.ws.close();
  }, 90_000);
});

describe.each(BACKENDS)('killed in the middle of a bulk write on %s', (backend) => {
  const skip = backend === 'postgres' && !PG;
  it.skipIf(skip)('leaves no half-applied batch; the retry applies it once', async () => {
    const st = await storage(backend);
    const N = 10;
    const STALL = 4; // a batch of more items stops inside its transaction after writing 4 of them
    let srv = await spawnServer({ dataDir: st.dataDir, databaseUrl: st.databaseUrl, env: { COPPERPLATE_TEST_BULK_STALL_AFTER: String(STALL) } });
    try {
      const a = await new Client(srv.url).signup('alice');
      const pid = (await a.post<{ uuid: string }>('/api/projects', { title: 'Crash' })).result!.uuid;
      const bases: number[] = [];
      for (let i = 0; i < N; i += STALL) {
        const init = await a.post<Res>(`/api/projects/${pid}/bulk/sheets`, { data: Array.from({ length: Math.min(STALL, N - i) }, (_, j) => ({ uuid: 's' + (i + j), schematic_uuid: 'sc', title: 'S' + (i + j), display_title: 'S' + (i + j), dataStr: 'v1' })) });
        bases.push(...init.result!.map((r) => r.result.ticket));
      }
      const g1 = (await a.get<{ g_ticket: number }>(`/api/projects/${pid}/ticket?g_ticket=-1`)).result!.g_ticket;
      const batch = { data: bases.map((t, i) => ({ uuid: 's' + i, dataStr: 'v2', base_ticket: t })) };
      const headers = { 'x-request-id': 'crash-batch-1' };
      // the state the kill needs: the server says the batch stopped with 4 of its 10 items written
      const stalled = new Promise<void>((resolve) => {
        let err = '';
        srv.child.stderr!.on('data', (d: Buffer) => { err += d.toString(); if (err.includes(`bulk write stalled after ${STALL} items`)) resolve(); });
      });
      const pending = a.post(`/api/projects/${pid}/bulk/sheets`, batch, headers).catch((e: Error) => e);
      await stalled;
      if (st.databaseUrl) {
        const c = new pg.Client({ connectionString: st.databaseUrl });
        await c.connect();
        const open = await c.query("select count(*)::int as n from pg_stat_activity where datname = current_database() and state like 'idle in transaction%'");
        await c.end();
        expect(open.rows[0].n).toBeGreaterThanOrEqual(1); // really in the middle of the batch
      }
      srv.child.kill('SIGKILL');
      expect(await pending).toBeInstanceOf(Error);
      await new Promise<void>((r) => (srv.child.exitCode !== null || srv.child.signalCode !== null ? r() : srv.child.once('exit', () => r())));

      srv = await spawnServer({ dataDir: st.dataDir, databaseUrl: st.databaseUrl });
      const b = new Client(srv.url);
      b.cookies = new Map(a.cookies);
      const snap = (await b.get<{ g_ticket: number; schs: Record<string, number> }>(`/api/projects/${pid}/ticket?g_ticket=-1`)).result!;
      expect(snap.g_ticket).toBe(g1);
      const ids = Array.from({ length: N }, (_, i) => 's' + i);
      const rows = (await b.post<Array<{ dataStr: string; ticket: number }>>(`/api/projects/${pid}/read/sheets`, { ids })).result!;
      expect(rows.map((r) => r.dataStr)).toEqual(Array(N).fill('v1'));
      expect(rows.map((r) => r.ticket)).toEqual(bases);
      // the client retries the same request: applied once, the same answer again after that
      const r1 = await b.post<Res>(`/api/projects/${pid}/bulk/sheets`, batch, headers);
      expect(r1.result!.every((x) => x.success)).toBe(true);
      const r2 = await b.post<Res>(`/api/projects/${pid}/bulk/sheets`, batch, headers);
      expect(r2.result).toEqual(r1.result);
      const end = (await b.get<{ g_ticket: number }>(`/api/projects/${pid}/ticket?g_ticket=-1`)).result!;
      expect(end.g_ticket).toBe(g1 + N);
    } finally {
      await srv.stop();
      await st.cleanup();
    }
  }, 90_000);
});
