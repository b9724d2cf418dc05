/**
 * The app simulation (issue 11), `simulate-sync --app 1`: browsers with their own local database (one of them
 * with two tabs on one database) against the real server on loopback, doing what the web app does:
 * record edits to shared and own documents, new and deleted pages, several projects opened and
 * closed in one page, pages pasted from another project with the symbol they use, copies of
 * schematics and boards, backups restored as new projects; over a faulty network, tabs offline and
 * back, a tab killed mid-upload and reopened, a server restart. After every step: every item a tab
 * shows as saved is on the server with the content it shows. At the end: no locally saved edit is
 * lost, every tab equals the server, and the invariants hold.
 */
import { FakeClock } from '@copperplate/sync';
import { restartServer, type SimOptions, type SimResult } from './run.ts';
import { Activity } from './activity.ts';
import { clockDriver } from './drive.ts';
import { SimClient } from './client.ts';
import { Oracle } from './docs.ts';
import { DEFAULT_FAULTS } from './net.ts';
import { Rng } from './rng.ts';
import { backupAndRestore, copyBoard, copySchematic, copyToClipboard, deleteSheet, editRecord, makeProject, newSheet, paste, type SimWorldState } from './app.ts';
import { readProject, shownContent, shownSavedProblems } from './check.ts';

export interface AppSimOptions extends SimOptions {
  /** Whether the first browser has a second tab on its local database (default true). */
  secondTab?: boolean;
}

export interface AppSimResult extends SimResult {
  /** How often the app's actions ran: project switches, pastes, copies, restored backups. */
  counts: SimWorldState['counts'];
  tabs: number;
}

export async function runAppSimulation(o: AppSimOptions): Promise<AppSimResult> {
  const t0 = Date.now();
  const rng = new Rng(o.seed);
  const activity = new Activity();
  const clock = new FakeClock(1_700_000_000_000, () => activity.quiet());
  const admin = o.http[0];
  const label = `s${o.seed}-${Math.random().toString(36).slice(2, 8)}`;
  const w: SimWorldState = { label, rng, oracle: new Oracle(), admin, projects: [], seq: { rec: 0, doc: 0, backup: 0 }, counts: { switches: 0, pastes: 0, copies: 0, restores: 0 } };
  // Two projects written to the cloud before the tabs open (same document keys, different symbols).
  w.projects.push(await makeProject(w, 0), await makeProject(w, 1));
  const P = w.projects[0].uuid;

  const clients = Array.from({ length: o.clients }, (_, i) => new SimClient(i, o.http[i], new Rng(o.seed * 1000 + i + 1), clock, activity, label));
  if (o.secondTab !== false) clients.push(new SimClient(o.clients, o.http[0], new Rng(o.seed * 1000 + o.clients + 1), clock, activity, label, clients[0]));
  for (const c of clients) c.net.faults = o.faults ?? DEFAULT_FAULTS;
  const tick = (ms: number) => clock.advance(ms);
  const drive = clockDriver(clock);
  const retry = () => clock.sleep(1000);
  for (const c of clients) await drive(c.open(P, retry));
  const dbg = process.env.SIM_DEBUG ? (m: string) => console.error(`[sim ${Date.now() % 100000}] ${m}`) : () => {};
  dbg('opened');

  let kills = 0, restarts = 0;
  const problems: string[] = [];
  const killAt = Math.floor(o.steps * (0.1 + 0.5 * rng.next()));
  let restartAt = o.restart ? Math.floor(o.steps * (0.3 + 0.4 * rng.next())) : -1;
  if (restartAt === killAt) restartAt = (restartAt + 1) % o.steps;

  const resolveHeld = async (c: SimClient) => {
    if (c.killed) return;
    if ((await c.session.held()).length) await c.session.resolve('upload-local');
  };
  const reopenIfKilled = async (c: SimClient) => {
    if (!c.killed) return;
    await tick(0);
    await drive(c.open(c.project, retry));
  };
  const switchProject = async (c: SimClient) => {
    const targets = w.projects.filter((p) => p.uuid !== c.project && c.canOpen(p.uuid));
    if (!targets.length) return;
    await drive(c.switchTo(rng.pick(targets).uuid, retry));
    w.counts.switches++;
  };
  /** The check after every step (skipped while the server is down). */
  const verified = new Set<string>();
  const check = async (step: number | string) => {
    for (const p of await shownSavedProblems(admin, clients, false, verified)) problems.push(`after step ${step}: ${p}`);
  };

  for (const c of clients) await newSheet(w, c);
  await tick(500);
  await check('setup');

  dbg(`setup done in ${Date.now() - t0} ms`);
  for (let step = 0; step < o.steps; step++) {
    const c = rng.pick(clients);
    dbg(`step ${step} client ${c.id} kill=${step === killAt} restart=${step === restartAt}`);
    await reopenIfKilled(c);
    const r = rng.next();
    if (step === killAt) {
      c.killDuringNextUpload();
      kills++;
      await editRecord(w, c);
    } else if (step === restartAt) {
      await restartServer(o.server, tick, rng);
      restarts++;
    } else if (r < 0.4) await editRecord(w, c);
    else if (r < 0.45) await newSheet(w, c);
    else if (r < 0.48) await deleteSheet(w, c);
    else if (r < 0.55) c.net.offline = !c.net.offline;
    else if (r < 0.59) c.engine.setMode(c.engine.mode === 'OFFLINE' ? 'ONLINE' : 'DEVPRO-OFFLINE');
    else if (r < 0.65) void c.session.sync(true);
    else if (r < 0.7) await resolveHeld(c);
    else if (r < 0.78) await switchProject(c);
    else if (r < 0.8) await copyToClipboard(w, c);
    else if (r < 0.89) {
      // paste from the clipboard, into another project when there is one to go to
      if (c.clipboard || (await copyToClipboard(w, c))) {
        if (c.clipboard?.from === c.project) await switchProject(c);
        await paste(w, c);
      }
    } else if (r < 0.93) await copySchematic(w, c);
    else if (r < 0.96) await copyBoard(w, c);
    else {
      const p = await backupAndRestore(w, c);
      if (p) await drive(c.switchTo(p.uuid, retry));
    }
    await tick(rng.int(1500));
    for (const k of clients) await reopenIfKilled(k);
    await check(step);
  }

  // Heal: everyone online, no faults; each tab opens the projects whose local copies hold pending
  // edits until they are uploaded.
  for (const c of clients) {
    await reopenIfKilled(c);
    c.heal();
  }
  const pendingProjects = async (c: SimClient) => {
    const out: string[] = [];
    for (const p of c.opened) if ((await c.store.listPending(p)).length) out.push(p);
    return out;
  };
  let settled = false;
  for (let round = 0; round < 120 && !settled; round++) {
    dbg(`heal round ${round}`);
    for (const c of clients) {
      await reopenIfKilled(c);
      const pend = await pendingProjects(c);
      if (pend.length && !pend.includes(c.project)) await drive(c.switchTo(pend[0], retry));
      await resolveHeld(c);
    }
    await tick(2000);
    settled = true;
    for (const c of clients) if (c.killed || c.session.uploader.busy || (await pendingProjects(c)).length) settled = false;
  }
  if (!settled) problems.push('uploads did not finish');
  for (let pass = 0; pass < 2; pass++) {
    for (const c of clients) await drive(c.session.sync(true));
    await tick(10);
  }
  dbg('synced');

  // The server's final state, every project.
  const server = { text: new Map<string, string>(), tickets: new Map<string, number>() };
  const gTickets = new Map<string, number>();
  for (const p of w.projects) {
    const r = await readProject(admin, p.uuid, server);
    gTickets.set(p.uuid, r.gTicket);
    problems.push(...r.problems);
  }
  const lostList = w.oracle.check(server.text);
  problems.push(...lostList);
  for (const p of await shownSavedProblems(admin, clients, true)) problems.push(`at the end: ${p}`);

  // Every tab equals the server in the project it has open.
  let converged = true;
  for (const c of clients) {
    const P = c.project;
    const items = await c.store.listItems(P);
    const meta = await c.store.getProject(P);
    if (meta?.g_ticket !== gTickets.get(P)) { converged = false; problems.push(`client ${c.id}: g_ticket ${meta?.g_ticket} != server ${gTickets.get(P)}`); }
    const seen = new Set<string>();
    for (const it of items) {
      const id = `${P}/${it.kind}/${it.key}`;
      seen.add(id);
      if (it.ticket <= 0 || it.held) { converged = false; problems.push(`client ${c.id}: ${id} still pending (ticket ${it.ticket})`); continue; }
      if (!server.text.has(id)) { converged = false; problems.push(`client ${c.id}: has ${id}, the server does not`); continue; }
      if (server.tickets.get(id) !== it.ticket || shownContent(it.data) !== server.text.get(id)) { converged = false; problems.push(`client ${c.id}: ${id} differs from the server (ticket ${it.ticket} vs ${server.tickets.get(id)})`); }
    }
    for (const id of server.text.keys()) if (id.startsWith(`${P}/`) && !seen.has(id)) { converged = false; problems.push(`client ${c.id}: missing ${id}`); }
  }
  const warnings = clients.reduce((n, c) => n + c.warnings.length, 0);
  const requests = clients.reduce((n, c) => n + c.net.stats.calls, 0);
  for (const c of clients) await c.close();
  const lost = lostList.length;
  dbg(`seed done in ${Date.now() - t0} ms, http ${clients.reduce((n, c) => n + c.net.httpMs, 0)} ms`);
  const ok = lost === 0 && converged && problems.length === 0;
  const k = w.counts;
  const line = `seed=${o.seed} clients=${o.clients} steps=${o.steps} tabs=${clients.length} edits=${w.oracle.edits} projects=${w.projects.length} switches=${k.switches} pastes=${k.pastes} copies=${k.copies} restores=${k.restores} kills=${kills} restarts=${restarts} warnings=${warnings} requests=${requests} lost=${lost} converged=${converged ? 'yes' : 'no'}${ok ? '' : ` problems=${problems.length}`}`;
  o.log?.(line);
  return { seed: o.seed, lost, converged, problems, edits: w.oracle.edits, kills, restarts, warnings, requests, counts: k, tabs: clients.length, line };
}
