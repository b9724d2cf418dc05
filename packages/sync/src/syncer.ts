/**
 * Sync with the cloud (SPEC §4, SYNC-1..10): ask the server's ticket maps (incremental from the local
 * g_ticket), compare them with the local ones, fetch what is new or newer in batches of 30, delete
 * what the server removed, never losing a pending local edit. Timing: 5 s between runs (300 s with a
 * live-notification timer), skipped during upload while the last sheet/PCB edit is under 60 s old;
 * a newer g_ticket notification forces a run; a paste import suspends and then forces it.
 */
import { CONTENT_FETCH_CONCURRENCY, NAMED_ERRORS, SYNC, TICKET_FORMAT_VERSION } from '@copperplate/model';
import { applyServerVersion } from './apply.ts';
import { applyDelta, compareSnapshots, parseTicketAnswer, snapshotUsable, type LocalTickets } from './diff.ts';
import { eventFamily, KIND_INFO, readBatchSize, type Kind } from './kinds.ts';
import { editedTicket } from './tickets.ts';
import type { Family, Services, WarningItem } from './context.ts';
import type { ItemData, LocalItem, TicketMaps } from './types.ts';

export interface SyncResult { ran: boolean; changed: number; requests: number; failed?: boolean; }

export class Syncer {
  lastRun = -Infinity;
  liveTimerActive = false;
  private suspended = 0;
  /** Items not brought in step in this run (an unanswered write of theirs is pending settlement). */
  private deferred = 0;
  private running: Promise<SyncResult> | null = null;
  private timer: number | null = null;
  stopped = false;

  constructor(
    private s: Services, private project: string,
    private uploading: () => boolean, private lastDrawingEdit: () => number,
    private modifierOf: (theirs: ItemData | null) => Promise<string>, private names: (i: LocalItem) => string,
    private afterMerge: () => void,
  ) {}

  get interval(): number { return this.liveTimerActive ? SYNC.INTERVAL_LIVE_MS : SYNC.INTERVAL_MS; }
  get busy(): boolean { return this.running !== null; }

  /** SYNC-5, SYNC-6: whether a timed sync may run now. */
  due(): boolean {
    const now = this.s.clock.now();
    if (this.suspended > 0) return false;
    if (now - this.lastRun <= this.interval) return false;
    if (this.uploading() && now - this.lastDrawingEdit() < SYNC.EDIT_QUIET_MS) return false;
    return true;
  }

  /** Starts the periodic check (sync mount, OPEN-5). */
  mount(): void {
    const tick = () => {
      this.timer = null;
      if (this.stopped) return;
      if (this.due()) void this.run();
      this.timer = this.s.clock.setTimeout(tick, SYNC.INTERVAL_MS);
    };
    this.timer = this.s.clock.setTimeout(tick, SYNC.OPEN_SYNC_TIMEOUT_MS);
  }

  stop(): void {
    this.stopped = true;
    if (this.timer !== null) this.s.clock.clearTimeout(this.timer);
  }

  /** SYNC-7: a live g_ticket notification newer than the local one forces a sync. */
  async notify(gTicket: number): Promise<SyncResult | undefined> {
    const meta = await this.s.store.getProject(this.project);
    if (meta && gTicket > meta.g_ticket) return this.run(true);
    return undefined;
  }

  /** SYNC-9: a paste import suspends sync... */
  suspend(): void { this.suspended++; }
  get isSuspended(): boolean { return this.suspended > 0; }
  /** ...then resumes and forces it. */
  resume(): Promise<SyncResult> {
    this.suspended = Math.max(0, this.suspended - 1);
    return this.run(true);
  }

  /** Runs a sync now (single flight). Not forced: respects `due()`. */
  run(force = false): Promise<SyncResult> {
    if (this.stopped || this.s.mode() === 'OFFLINE' || (!force && !this.due()) || (force && this.suspended > 0)) {
      return Promise.resolve({ ran: false, changed: 0, requests: 0 });
    }
    if (this.running) return this.running;
    this.running = this.once()
      .catch((): SyncResult => {
        // A failing local database or a broken answer: reported, retried at the next run.
        this.s.events.emit('upload-error', { project: this.project, message: NAMED_ERRORS.SYNC_FAILED });
        return { ran: true, changed: 0, requests: 0, failed: true };
      })
      .finally(() => { this.running = null; });
    return this.running;
  }

  private async once(): Promise<SyncResult> {
    const { store, transport, events } = this.s;
    this.lastRun = this.s.clock.now();
    this.deferred = 0;
    const meta = await store.getProject(this.project);
    if (!meta) return { ran: false, changed: 0, requests: 0 };
    let requests = 1;
    // CONST-4: a snapshot stored in another ticket format is not the previous snapshot.
    const usable = snapshotUsable(meta);
    const previous = usable ? meta.snapshot : {};
    let ans = await transport.getTickets(this.project, usable ? meta.g_ticket : -1);
    if (!ans.success) return { ran: true, changed: 0, requests, failed: true };
    let parsed = parseTicketAnswer(ans.result);
    let server: TicketMaps;
    const incremental = usable && meta.g_ticket >= 0;
    if (incremental && parsed.gTicket < meta.g_ticket) {
      // The server went back (restored): ask the full snapshot.
      requests++;
      ans = await transport.getTickets(this.project, -1);
      if (!ans.success) return { ran: true, changed: 0, requests, failed: true };
      parsed = parseTicketAnswer(ans.result);
      server = parsed.maps;
    } else {
      server = incremental ? applyDelta(previous, parsed) : parsed.maps;
    }
    const nothingNew = incremental && parsed.gTicket === meta.g_ticket && !Object.values(parsed.maps).some((m) => m && Object.keys(m).length) && !Object.keys(parsed.deleted).length;
    if (nothingNew) {
      events.emit('project-synced', { project: this.project, gTicket: parsed.gTicket, changed: 0 });
      return { ran: true, changed: 0, requests };
    }
    // the local tickets, from the items' stamps where the store has them (no content read: a big
    // PCB's text and merge base were read in full at every sync that brought anything)
    const stamps = store.listStamps ? await store.listStamps(this.project) : undefined;
    const whole = stamps && stamps.length === (await store.countItems(this.project)) ? undefined : await store.listItems(this.project);
    const local: LocalTickets = {};
    const byKey = new Map<string, LocalItem>();
    for (const it of whole ?? stamps!) (local[it.kind] ??= {})[it.key] = { ticket: it.ticket };
    for (const it of whole ?? []) byKey.set(`${it.kind}\u0000${it.key}`, it);
    const plan = compareSnapshots(server, local, previous, parsed.gTicket);
    // the pending items to compare with their base (read here when only stamps were)
    if (!whole) for (const r of plan.refetch) if (r.local < 0) { const li = await store.getItem(this.project, r.kind, r.key); if (li) byKey.set(`${r.kind}\u0000${r.key}`, li); }
    // Items the server reports deleted since our g_ticket go too (when not pending), even if an
    // earlier interrupted sync added them without storing its snapshot.
    for (const [kind, keys] of Object.entries(parsed.deleted) as [Kind, string[]][]) {
      for (const key of keys) {
        const li = local[kind]?.[key];
        if (li && li.ticket > 0 && !(key in (server[kind] ?? {})) && !plan.remove.some((r) => r.kind === kind && r.key === key)) plan.remove.push({ kind, key });
      }
    }
    // A pending item whose server ticket is still its base needs no fetch: nothing to merge.
    const toFetch = [...plan.add, ...plan.refetch.filter((r) => r.local >= 0 || byKey.get(`${r.kind}\u0000${r.key}`)?.baseTicket !== r.ticket)];
    const changed: { kind: Kind; key: string }[] = [];
    const warnings: WarningItem[] = [];
    let failed = false;
    const jobs: { kind: Kind; keys: string[]; tickets: Map<string, number> }[] = [];
    const byKind = new Map<Kind, { key: string; ticket: number }[]>();
    for (const f of toFetch) {
      let l = byKind.get(f.kind);
      if (!l) byKind.set(f.kind, (l = []));
      l.push(f);
    }
    for (const [kind, list] of byKind) {
      const size = readBatchSize(kind) === 200 ? 200 : SYNC.FETCH_BATCH;
      for (let i = 0; i < list.length; i += size) {
        const part = list.slice(i, i + size);
        jobs.push({ kind, keys: part.map((p) => p.key), tickets: new Map(part.map((p) => [p.key, p.ticket])) });
      }
    }
    let next = 0;
    const worker = async () => {
      while (next < jobs.length) {
        const job = jobs[next++];
        requests++;
        const r = await transport.read(this.project, job.kind, job.keys);
        if (!r.success) { failed = true; continue; }
        const keyField = KIND_INFO[job.kind].key;
        for (const theirs of r.result) {
          const key = String(theirs[keyField]);
          const t = typeof theirs.ticket === 'number' ? theirs.ticket : job.tickets.get(key) ?? 0;
          await this.applyOne(job.kind, key, theirs, t, changed, warnings);
        }
      }
    };
    await Promise.all(Array.from({ length: Math.min(CONTENT_FETCH_CONCURRENCY, jobs.length) }, worker));
    for (const r of plan.remove) {
      let removed = false;
      await store.updateItem(this.project, r.kind, r.key, (cur) => {
        if (!cur || cur.ticket <= 0) return undefined;
        removed = true;
        return null;
      });
      if (removed) changed.push(r);
    }
    if (failed || this.deferred) {
      // Keep the old g_ticket (the next sync looks again) but remember what was brought in, so that
      // SYNC-2 can remove it later if the server deletes it.
      const cur = await store.getProject(this.project);
      if (cur && changed.length) {
        const snap: TicketMaps = structuredClone(cur.snapshot ?? {});
        for (const c of changed) {
          const t = server[c.kind]?.[c.key];
          if (t !== undefined) (snap[c.kind] ??= {})[c.key] = t;
        }
        await store.putProject({ ...cur, snapshot: snap });
      }
    }
    if (failed) {
      events.emit('upload-error', { project: this.project, message: NAMED_ERRORS.SYNC_FAILED });
      return { ran: true, changed: changed.length, requests, failed: true };
    }
    // SYNC-4: update the project ticket, store the snapshot, tell who cares. With items deferred the
    // ticket stays, so that the next sync looks at them again.
    const fresh = await store.getProject(this.project);
    if (fresh && this.deferred === 0) await store.putProject({ ...fresh, g_ticket: parsed.gTicket, snapshot: server, snapshotVersion: TICKET_FORMAT_VERSION });
    if (this.deferred) this.afterMerge();
    if (warnings.length) events.emit('warning', { project: this.project, reason: 'conflict', items: warnings });
    if (changed.length) {
      events.emit('documents-changed', { project: this.project, items: changed });
      const fam = new Map<Family, string[]>();
      for (const c of changed) {
        const f = eventFamily(c.kind);
        fam.set(f, [...(fam.get(f) ?? []), c.key]);
      }
      for (const [family, keys] of fam) {
        events.emit('check-update', { project: this.project, family, keys });
        events.emit('synced', { project: this.project, family, keys });
      }
    }
    events.emit('project-synced', { project: this.project, gTicket: parsed.gTicket, changed: changed.length });
    return { ran: true, changed: changed.length, requests };
  }

  private async applyOne(kind: Kind, key: string, theirs: ItemData, ticket: number, changed: { kind: Kind; key: string }[], warnings: WarningItem[]): Promise<void> {
    let outcome = '';
    let conflicts: string[] = [];
    let result: LocalItem | null | undefined;
    await this.s.store.updateItem(this.project, kind, key, (cur) => {
      const r = applyServerVersion(this.project, kind, key, cur, theirs, ticket, '');
      outcome = r.outcome;
      conflicts = r.conflicts ?? [];
      result = r.outcome === 'merged' && r.next ? { ...r.next, ticket: editedTicket(r.next.ticket) } : r.next;
      return result;
    });
    if (outcome === 'replaced' || outcome === 'accepted' || outcome === 'merged') changed.push({ kind, key });
    if (outcome === 'merged') this.afterMerge();
    if (outcome === 'deferred') this.deferred++;
    if (outcome === 'conflict' && result) {
      const modifier = await this.modifierOf(theirs);
      await this.s.store.updateItem(this.project, kind, key, (cur) => (cur?.held ? { ...cur, held: { ...cur.held, modifier } } : undefined));
      warnings.push({ kind, key, name: this.names(result), content: conflicts.join(', '), beforeUploading: result.baseTicket, updated: ticket, modifier });
    }
  }
}
