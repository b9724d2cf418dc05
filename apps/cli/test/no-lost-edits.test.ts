/**
 * [issue-11] Edits the client shows as saved are on the server: one page (one engine) opening
 * several projects in turn, and a page pasted from another project with the parts it uses.
 * Real server on loopback, real IndexedDB code (dexie over fake-indexeddb), real HTTP.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { DexieStore } from '@copperplate/store';
import { FakeClock, KIND_INFO, SyncEngine, type BulkItem, type Kind, type LocalStore, type ProjectSession, type Transport } from '@copperplate/sync';
import { createSimWorld, type SimWorld } from '../src/sim/harness.ts';

const text = (...recs: unknown[][]) => [['DOCTYPE', 'SCH', '1.1'], ['HEAD', {}], ...recs].map((r) => JSON.stringify(r)).join('\n');
const flush = async () => { for (let i = 0; i < 10; i++) await new Promise<void>((r) => setImmediate(r)); };

describe('[issue-11] what a page shows as saved is on the server', () => {
  let world: SimWorld;
  beforeAll(async () => { world = await createSimWorld(2); }, 120_000);
  afterAll(async () => { await world?.close(); });

  /**
   * One browser page: one engine (default tab id, as the web app makes it, unless `tabId`), its own
   * IndexedDB. Its writes go to the real server; the X-Request-Id of each is recorded (and, with
   * `rewriteId`, replaced: a peer whose ids collide).
   */
  const page = async (i: number, clock: FakeClock, o: { tabId?: string; ids?: string[]; answered?: { n: number }; rewriteId?: (id: string) => string } = {}) => {
    const store = await new DexieStore({ name: 'copperplate', indexedDB: new IDBFactory(), IDBKeyRange }).open();
    const http = world.http[i];
    const transport: Transport = {
      getDetail: (p) => http.getDetail(p),
      getTickets: (p, g) => http.getTickets(p, g),
      read: (p, k, ids) => http.read(p, k, ids),
      bulk: (p: string, k: Kind, d: BulkItem[], id: string) => { o.ids?.push(id); return http.bulk(p, k, d, o.rewriteId ? o.rewriteId(id) : id).finally(() => { if (o.answered) o.answered.n++; }); },
    };
    const engine = new SyncEngine({ store, transport, clock, tabId: o.tabId });
    return { store, engine };
  };
  /** Until the session has nothing running or scheduled (fake time for the engine's waits, real time for the server's answers; the test's timeout bounds it: 200 ticks of fake time ended before a slow server answered). */
  const settle = async (clock: FakeClock, s: ProjectSession) => {
    while (s.busy) { await clock.advance(500); await new Promise((r) => setTimeout(r, 5)); }
  };
  const newProject = async (title: string) => {
    const p = await world.http[0].createProject(`${title} ${Date.now()}`);
    if (!p.success) throw new Error(p.message);
    return p.result.uuid;
  };
  /** Every item the local store shows uploaded (ticket > 0) is on the server with that ticket and content. */
  const checkSaved = async (store: LocalStore, project: string): Promise<string[]> => {
    const problems: string[] = [];
    const items = (await store.listItems(project)).filter((i) => i.ticket > 0);
    for (const it of items) {
      const r = await world.http[1].read(project, it.kind, [it.key]);
      const d = r.success ? r.result.find((x) => String(x[KIND_INFO[it.kind as Kind].key]) === it.key) : undefined;
      if (!d) problems.push(`${it.kind}/${it.key} shown saved (ticket ${it.ticket}) but not on the server`);
      else if (d.ticket !== it.ticket || d.dataStr !== it.data?.dataStr) problems.push(`${it.kind}/${it.key}: server ticket ${String(d.ticket)} vs ${it.ticket}`);
    }
    return problems;
  };

  it('projects opened and closed in turn in one page: every edit reaches its own project (request ids never repeat)', async () => {
    const clock = new FakeClock(1_700_000_000_000, flush);
    const ids: string[] = [];
    const { store, engine } = await page(0, clock, { ids });
    const A = await newProject('A');
    const B = await newProject('B');
    const sa = await engine.openProject(A);
    await sa.edit('sheets', 'SA', { schematic_uuid: 'sch', title: 'SA', display_title: 'SA', sheet_id: 1, dataStr: text(['TEXT', 'a', 'A']) });
    await settle(clock, sa);
    await engine.closeProject(A);
    const sb = await engine.openProject(B);
    await sb.edit('sheets', 'SB', { schematic_uuid: 'sch', title: 'SB', display_title: 'SB', sheet_id: 1, dataStr: text(['TEXT', 'b', 'B']) });
    await settle(clock, sb);
    expect(await store.listPending(B)).toEqual([]);
    expect(await checkSaved(store, A)).toEqual([]);
    expect(await checkSaved(store, B)).toEqual([]);
    // the page never sent one request id twice for two different writes
    expect(ids.length).toBeGreaterThanOrEqual(2);
    expect(new Set(ids).size).toBe(ids.length);
    engine.dispose();
  }, 60_000);

  it('two pages whose tabs have the same id (a reload, another browser) never share a request id', async () => {
    const clock = new FakeClock(1_700_000_000_000, flush);
    const P = await newProject('Same tab id');
    const ids1: string[] = [], ids2: string[] = [];
    const one = await page(0, clock, { tabId: 'tab-1', ids: ids1 });
    const two = await page(0, clock, { tabId: 'tab-1', ids: ids2 });
    const s1 = await one.engine.openProject(P);
    await s1.edit('sheets', 'S1', { schematic_uuid: 'sch', title: 'S1', display_title: 'S1', sheet_id: 1, dataStr: text(['TEXT', 'a', '1']) });
    await settle(clock, s1);
    const s2 = await two.engine.openProject(P);
    await s2.edit('sheets', 'S2', { schematic_uuid: 'sch', title: 'S2', display_title: 'S2', sheet_id: 2, dataStr: text(['TEXT', 'b', '2']) });
    await settle(clock, s2);
    expect(ids1.length).toBeGreaterThan(0);
    expect(ids2.filter((id) => ids1.includes(id))).toEqual([]);
    expect(await checkSaved(two.store, P)).toEqual([]);
    one.engine.dispose(); two.engine.dispose();
  }, 60_000);

  it('an answer that names another item (a stored answer met by a colliding request id) is never taken as saved', async () => {
    const clock = new FakeClock(1_700_000_000_000, flush);
    const P = await newProject('Colliding peer');
    // a peer that sends every write of one kind under one request id: the server answers the second
    // write with the first one's stored answer (same user, project and call)
    const answered = { n: 0 };
    const { store, engine } = await page(0, clock, { rewriteId: () => `fixed-${P}`, answered });
    const s = await engine.openProject(P);
    await s.edit('sheets', 'S1', { schematic_uuid: 'sch', title: 'S1', display_title: 'S1', sheet_id: 1, dataStr: text(['TEXT', 'a', '1']) });
    await settle(clock, s);
    await s.edit('sheets', 'S2', { schematic_uuid: 'sch', title: 'S2', display_title: 'S2', sheet_id: 2, dataStr: text(['TEXT', 'b', '2']) });
    // until the server has answered S2's upload twice (the first try and a retry)
    const sent = answered.n;
    while (answered.n < sent + 2) { await clock.advance(500); await new Promise((r) => setTimeout(r, 5)); }
    // S2 stays pending (retried), never marked saved with S1's ticket
    expect(await checkSaved(store, P)).toEqual([]);
    expect((await store.getItem(P, 'sheets', 'S2'))?.ticket).toBeLessThan(0);
    engine.dispose();
  }, 60_000);
});
