/**
 * The seeded sync simulation (issue 3): N clients, each with its own local database, against the
 * real server on loopback; random edits to shared and separate documents over a faulty network;
 * clients offline and back; a client killed mid-upload and reopened; a server restart. Afterwards:
 * no locally saved edit is lost, every client equals the server, and the invariants hold.
 */
import { FakeClock, KIND_INFO, KINDS, type HttpTransport, type ItemData, type Kind } from '@copperplate/sync';
import { Activity } from './activity.ts';
import { clockDriver } from './drive.ts';
import { SimClient } from './client.ts';
import { HEADER, Oracle, SYM_HEADER, ownRecords, withRecord } from './docs.ts';
import { DEFAULT_FAULTS, type Faults } from './net.ts';
import { Rng } from './rng.ts';

export interface SimServer {
  url(): string;
  /** Stops the server (requests fail until start). */
  stop(): Promise<void>;
  start(): Promise<void>;
}

/** A server restart during the simulation: stopped, down for 1 to 4 simulated seconds, started again. */
export async function restartServer(server: SimServer, tick: (ms: number) => Promise<unknown> | unknown, rng: Rng): Promise<void> {
  await server.stop();
  await tick(1000 + rng.int(3000));
  await server.start();
}

export interface SimOptions {
  clients: number;
  seed: number;
  steps: number;
  server: SimServer;
  /** One logged-in transport per client (own cookie jar), without faults. */
  http: HttpTransport[];
  restart?: boolean;
  faults?: Faults;
  log?: (line: string) => void;
}

export interface SimResult {
  seed: number;
  lost: number;
  converged: boolean;
  problems: string[];
  edits: number;
  kills: number;
  restarts: number;
  warnings: number;
  requests: number;
  line: string;
}

export async function runSimulation(o: SimOptions): Promise<SimResult> {
  const t0 = Date.now();
  const rng = new Rng(o.seed);
  const activity = new Activity();
  const clock = new FakeClock(1_700_000_000_000, () => activity.quiet());
  const oracle = new Oracle();
  const admin = o.http[0];
  const created = await admin.createProject(`sim-${o.seed}-${Date.now()}`);
  if (!created.success) throw new Error(`cannot create the simulation project: ${created.message}`);
  const P = created.result.uuid;
  const label = `s${o.seed}-${Math.random().toString(36).slice(2, 8)}`;

  // Shared documents, written to the cloud before the clients open.
  const shared: { kind: Kind; key: string }[] = [
    { kind: 'sheets', key: `${label}-shared0` }, { kind: 'sheets', key: `${label}-shared1` }, { kind: 'symbols', key: `${label}-sym0` },
  ];
  for (const d of shared) {
    const header = d.kind === 'symbols' ? SYM_HEADER : HEADER;
    const item: ItemData = d.kind === 'symbols' ? { uuid: d.key, title: d.key, docType: 2, dataStr: header.join('\n') } : { uuid: d.key, schematic_uuid: `${label}-sch`, title: d.key, display_title: d.key, sheet_id: 1, dataStr: header.join('\n') };
    const r = await admin.bulk(P, d.kind, [{ ...item, base_ticket: 0 }], `${label}-init-${d.key}`);
    if (!r.success || !r.result[0]?.success) throw new Error(`cannot create shared document ${d.key}`);
  }

  const clients = Array.from({ length: o.clients }, (_, i) => new SimClient(i, o.http[i], new Rng(o.seed * 1000 + i + 1), clock, activity, label));
  for (const c of clients) c.net.faults = o.faults ?? DEFAULT_FAULTS;
  const tick = (ms: number) => clock.advance(ms);
  const drive = clockDriver(clock);
  for (const c of clients) await drive(c.open(P, () => clock.sleep(1000)));
  if (process.env.SIM_DEBUG) console.error('[sim] opened');

  const own = new Map<number, string[]>(clients.map((c) => [c.id, []]));
  let recSeq = 0, docSeq = 0, kills = 0, restarts = 0;
  const killAt = Math.floor(o.steps * (0.1 + 0.5 * rng.next()));
  let restartAt = o.restart ? Math.floor(o.steps * (0.3 + 0.4 * rng.next())) : -1;
  if (restartAt === killAt) restartAt = (restartAt + 1) % o.steps;

  const dbgEdit = process.env.SIM_DEBUG ? (m: string) => console.error(`[edit] ${m}`) : () => {};
  const editRecord = async (c: SimClient) => {
    const docs: { kind: Kind; key: string }[] = [...shared, ...own.get(c.id)!.map((key) => ({ kind: 'sheets' as Kind, key }))];
    const d = rng.pick(docs);
    const cur = await c.session.get(d.kind, d.key);
    if (!cur || typeof cur.dataStr !== 'string') return false; // not in this client's cache yet
    const mine = ownRecords(cur.dataStr, c.id);
    const op = mine.length === 0 ? 0 : rng.int(3);
    const rec = op === 0 ? `c${c.id}r${++recSeq}` : rng.pick(mine);
    const line = op === 2 ? undefined : JSON.stringify(['TEXT', rec, rng.int(1000), rng.int(1000), 0, `v${recSeq}-${rng.int(1e6)}`]);
    dbgEdit(`client ${c.id} ${['add', 'set', 'del'][op]} ${rec} in ${d.key} (local ticket ${(await c.store.getItem(P, d.kind, d.key))?.ticket})`);
    await c.session.edit(d.kind, d.key, { ...cur, dataStr: withRecord(cur.dataStr, rec, line) });
    oracle.saved(P, d.kind, d.key, rec, line);
    return true;
  };
  const newSheet = async (c: SimClient) => {
    const key = `${label}-c${c.id}d${++docSeq}`;
    const rec = `c${c.id}r${++recSeq}`;
    const line = JSON.stringify(['TEXT', rec, 0, 0, 0, 'first']);
    await c.session.edit('sheets', key, { uuid: key, schematic_uuid: `${label}-sch`, title: key, display_title: key, sheet_id: 2, dataStr: [...HEADER, line].join('\n') });
    own.get(c.id)!.push(key);
    oracle.saved(P, 'sheets', key, rec, line);
  };
  const resolveHeld = async (c: SimClient) => {
    if (c.killed) return;
    if ((await c.session.held()).length) await c.session.resolve('upload-local');
  };
  const reopenIfKilled = async (c: SimClient) => {
    if (!c.killed) return;
    await tick(0);
    await drive(c.open(P, () => clock.sleep(1000)));
  };

  for (const c of clients) await newSheet(c);
  await tick(500);

  const dbg = process.env.SIM_DEBUG ? (m: string) => console.error(`[sim ${Date.now() % 100000}] ${m}`) : () => {};
  dbg(`setup done in ${Date.now() - t0} ms`);
  for (let step = 0; step < o.steps; step++) {
    const c = rng.pick(clients);
    dbg(`step ${step} client ${c.id} kill=${step === killAt} restart=${step === restartAt}`);
    await reopenIfKilled(c);
    const r = rng.next();
    if (step === killAt) {
      c.killDuringNextUpload();
      kills++;
      await editRecord(c);
    } else if (step === restartAt) {
      await restartServer(o.server, tick, rng);
      restarts++;
    } else if (r < 0.55) await editRecord(c);
    else if (r < 0.62) await newSheet(c);
    else if (r < 0.65) {
      const mine = own.get(c.id)!;
      if (mine.length > 1) {
        const key = mine.splice(rng.int(mine.length), 1)[0];
        await c.session.edit('sheets', key, null);
        oracle.docDeleted(P, 'sheets', key);
      }
    } else if (r < 0.75) c.net.offline = !c.net.offline;
    else if (r < 0.8) c.engine.setMode(c.engine.mode === 'OFFLINE' ? 'ONLINE' : 'DEVPRO-OFFLINE');
    else if (r < 0.88) void c.session.sync(true);
    else await resolveHeld(c);
    await tick(rng.int(1500));
    for (const k of clients) await reopenIfKilled(k);
  }

  // Heal: everyone online, no faults; let uploads finish, then sync everyone.
  for (const c of clients) {
    await reopenIfKilled(c);
    c.heal();
  }
  const problems: string[] = [];
  let settled = false;
  for (let round = 0; round < 120 && !settled; round++) {
    dbg(`heal round ${round}`);
    for (const c of clients) { await reopenIfKilled(c); await resolveHeld(c); }
    await tick(2000);
    settled = true;
    for (const c of clients) {
      if (c.killed || c.session.uploader.busy || (await c.store.listPending(P)).length) settled = false;
    }
  }
  dbg('healed');
  if (!settled) problems.push('uploads did not finish');
  for (let pass = 0; pass < 2; pass++) {
    for (const c of clients) await drive(c.session.sync(true));
    await tick(10);
  }

  dbg('synced');
  // The server's final state.
  const server = new Map<string, string>();
  const serverTickets = new Map<string, number>();
  const snap = await admin.getTickets(P, -1);
  if (!snap.success) throw new Error(`final snapshot failed: ${snap.message}`);
  const gTicket = Number(snap.result.g_ticket);
  for (const kind of KINDS) {
    const keys = KIND_INFO[kind].maps.flatMap((m) => Object.keys((snap.result[m] as Record<string, number>) ?? {}));
    for (let i = 0; i < keys.length; i += 30) {
      const rd = await admin.read(P, kind, keys.slice(i, i + 30));
      if (!rd.success) throw new Error(`final read failed: ${rd.message}`);
      for (const d of rd.result) {
        const id = `${kind}/${String(d[KIND_INFO[kind].key])}`;
        server.set(id, String(d.dataStr ?? ''));
        serverTickets.set(id, Number(d.ticket));
        if (Number(d.ticket) > gTicket || Number(d.ticket) <= 0) problems.push(`invariant: ${id} ticket ${d.ticket} outside 1..g_ticket ${gTicket}`);
      }
    }
  }
  dbg('server read');
  const lostList = oracle.check(new Map([...server].map(([id, text]) => [`${P}/${id}`, text])));
  problems.push(...lostList);

  let converged = true;
  for (const c of clients) {
    const items = await c.store.listItems(P);
    const meta = await c.store.getProject(P);
    if (meta?.g_ticket !== gTicket) { converged = false; problems.push(`client ${c.id}: g_ticket ${meta?.g_ticket} != server ${gTicket}`); }
    const seen = new Set<string>();
    for (const it of items) {
      const id = `${it.kind}/${it.key}`;
      seen.add(id);
      if (it.ticket <= 0 || it.held) { converged = false; problems.push(`client ${c.id}: ${id} still pending (ticket ${it.ticket})`); continue; }
      if (!server.has(id)) { converged = false; problems.push(`client ${c.id}: has ${id}, the server does not`); continue; }
      if (serverTickets.get(id) !== it.ticket || String(it.data?.dataStr ?? '') !== server.get(id)) { converged = false; problems.push(`client ${c.id}: ${id} differs from the server (ticket ${it.ticket} vs ${serverTickets.get(id)}, text ${String(it.data?.dataStr ?? "").length} vs ${server.get(id)?.length} chars)`); }
    }
    for (const id of server.keys()) if (!seen.has(id)) { converged = false; problems.push(`client ${c.id}: missing ${id}`); }
  }
  const warnings = clients.reduce((n, c) => n + c.warnings.length, 0);
  const requests = clients.reduce((n, c) => n + c.net.stats.calls, 0);
  for (const c of clients) await c.close();
  const lost = lostList.length;
  dbg(`seed done in ${Date.now() - t0} ms, http ${clients.reduce((n, c) => n + c.net.httpMs, 0)} ms`);
  const ok = lost === 0 && converged && problems.length === 0;
  const line = `seed=${o.seed} clients=${o.clients} steps=${o.steps} edits=${oracle.edits} kills=${kills} restarts=${restarts} warnings=${warnings} requests=${requests} lost=${lost} converged=${converged ? 'yes' : 'no'}${ok ? '' : ` problems=${problems.length}`}`;
  o.log?.(line);
  return { seed: o.seed, lost, converged, problems, edits: oracle.edits, kills, restarts, warnings, requests, line };
}
