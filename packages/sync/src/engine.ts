/**
 * The project manager of one tab: opening (the six steps of SPEC §4, OPEN-1..9) and closing
 * (CLOSE-1, CLOSE-2) over an injected LocalStore, Transport, Clock and tab broadcast.
 */
import { CatalogueError, CODES, CONTENT_FETCH_CONCURRENCY, NAMED_ERRORS, NO_PERMISSION_CODES, PROGRESS_STEPS, TICKET_FORMAT_VERSION } from '@copperplate/model';
import { defaultBroadcast, type Broadcast } from './broadcast.ts';
import type { Clock } from './clock.ts';
import { Emitter } from './events.ts';
import { ProjectLocks } from './lock.ts';
import { parseMode, type NetworkMode } from './mode.ts';
import { parseTicketAnswer } from './diff.ts';
import { KIND_INFO, KINDS, readBatchSize, type Kind } from './kinds.ts';
import { isPending } from './tickets.ts';
import { settleSent } from './outbox.ts';
import { withWriteRetries } from './retry.ts';
import { ProjectSession, itemName } from './session.ts';
import { randomPrefix, type Services, type SyncEvents, type WarningItem } from './context.ts';
import type { LocalItem, LocalStore, ProjectDetail, ProjectMeta, Transport } from './types.ts';
import type { EditJournal } from './journal.ts';

export interface EngineOptions {
  store: LocalStore;
  transport: Transport;
  clock: Clock;
  /** Tab id (owner of locks, sender of tab messages). */
  tabId?: string;
  broadcast?: Broadcast;
  /** Mode string (MODE-1); default ONLINE. */
  mode?: string;
  /** Backup started on every opened project (OPEN-5) and aborted before close (CLOSE-1). */
  backup?: { start(project: string): void; abort(project: string): void };
  /** Synchronous edit journal (journal.ts): edits a page left before they reached the store are replayed on open. */
  journal?: EditJournal;
  /** Update-data manager (library refresh), started on open. */
  updateManager?: { start(project: string): void; stop(project: string): void };
}

export interface OpenOptions { readonly?: boolean; temporary?: boolean; }

export class SyncEngine {
  readonly events = new Emitter<SyncEvents>();
  readonly services: Services;
  private opening = new Set<string>();
  private sessions = new Map<string, ProjectSession>();
  current: ProjectSession | null = null;
  /** The project a temporary open put aside (OPEN-8). */
  private previous: ProjectSession | null = null;
  private network: NetworkMode;

  constructor(private o: EngineOptions) {
    const tabId = o.tabId ?? `tab-${Math.floor(o.clock.now()).toString(36)}-${(Math.random() * 1e9).toString(36).replace('.', '')}`;
    this.network = parseMode(o.mode ?? 'ONLINE').network;
    const prefix = `rq-${randomPrefix()}`;
    let seq = 0;
    this.services = {
      store: o.store, transport: o.transport, clock: o.clock, events: this.events,
      broadcast: o.broadcast ?? defaultBroadcast('copperplate-sync'), locks: new ProjectLocks(o.store, o.clock, tabId),
      tabId, mode: () => this.network, nextRequestId: () => `${prefix}-${++seq}`, journal: o.journal,
      build: parseMode(o.mode ?? 'ONLINE').flags.has('CLIENT') ? 'client' : 'web',
    };
  }

  get mode(): NetworkMode { return this.network; }
  /** Changes the network mode; going online schedules the uploads that offline edits queued (UP-7). */
  setMode(mode: string): void {
    this.network = parseMode(mode).network;
    if (this.network !== 'OFFLINE') for (const s of this.sessions.values()) s.uploader.schedule(0);
  }

  session(uuid: string): ProjectSession | undefined { return this.sessions.get(uuid); }

  /** Opens a project (OPEN-1..9). Resolves with the session when ready; throws a CatalogueError on failure. */
  async openProject(uuid: string, opts: OpenOptions = {}): Promise<ProjectSession> {
    const { store, transport, clock, events } = this.services;
    // 1. Register: not twice at once.
    if (this.opening.has(uuid)) throw CatalogueError.named('IS_OPENING');
    if (this.sessions.has(uuid)) {
      const s = this.sessions.get(uuid)!;
      this.current = s;
      return s;
    }
    this.opening.add(uuid);
    events.emit('project-opening', { project: uuid });
    try {
      // 2. Initialise the local database.
      let local: ProjectMeta | undefined;
      try {
        local = await withWriteRetries(clock, () => store.getProject(uuid));
      } catch (e) {
        events.emit('db-warning', { message: NAMED_ERRORS.DB_INIT_ERROR });
        throw e;
      }
      // 3. Check against the cloud: detail and version ticket.
      let detail: ProjectDetail | undefined;
      // HALF_OFFLINE with a local copy: open it at once; the first sync brings it in step.
      if (this.network === 'ONLINE' || (this.network === 'HALF_OFFLINE' && !local)) {
        const d = await transport.getDetail(uuid);
        if (d.success) detail = d.result;
        else if (d.code !== undefined && (NO_PERMISSION_CODES.includes(d.code) || d.code === CODES.NOT_LOGGED_IN)) throw new CatalogueError(d.code, d.message);
        else if (!local) throw new CatalogueError(d.code ?? 'NET_ERROR', d.message);
        // else: no network, local copy present: open it and let uploads/syncs catch up.
      } else if (!local) {
        throw CatalogueError.named('LOCAL_DATA_FAILED'); // OFFLINE without a local copy
      }
      // 4. Process data: local when present (and in step), else the cloud.
      let from: 'local' | 'cloud' = 'local';
      let warnings: WarningItem[] = [];
      if (!local) {
        local = await this.loadFromCloud(uuid, detail!);
        from = 'cloud';
      } else if (detail && detail.g_ticket !== local.g_ticket) {
        // DIFF_TICKET (OPEN-7): delete the local copy, keep unuploaded edits, retry once from the cloud.
        let kept = await this.dropLocalCopyKeepingEdits(uuid);
        // Writes a dead tab sent without an answer are settled first (they may have landed), so that
        // the cloud load below brings settled items in step.
        if (kept.some((k) => k.sent)) {
          await settleSent(this.services, uuid, ...kept.filter((k) => k.sent));
          kept = (await store.listPending(uuid));
        }
        local = await this.loadFromCloud(uuid, detail);
        from = 'cloud';
        warnings = await this.holdChangedEdits(uuid, kept, detail);
      } else if (detail) {
        local = { ...local, detail };
        await store.putProject(local);
      }
      const total = PROGRESS_STEPS.LOCAL_OPEN;
      events.emit('progress', { project: uuid, message: 'open project...', done: total, total });
      // 5. Ready.
      const session = new ProjectSession(this.services, uuid, local.detail, { readonly: !!opts.readonly || !!local.detail.readonly, temporary: !!opts.temporary });
      this.sessions.set(uuid, session);
      // Edits the last page recorded but did not get into the store (a reload right after an edit).
      if (!session.readonly) await session.replayJournal();
      await session.loadNames();
      if (opts.temporary) this.previous = this.current;
      else if (this.current && this.current !== session) this.closeSession(this.current);
      this.current = session;
      await store.putProject({ ...local, timeOfOpenProject: clock.now() });
      events.emit('project-opened', { project: uuid, from, readonly: session.readonly, temporary: !!opts.temporary });
      if (warnings.length) events.emit('warning', { project: uuid, reason: 'diff-ticket', items: warnings });
      session.start();
      this.o.updateManager?.start(uuid);
      this.o.backup?.start(uuid);
      events.emit('backup-started', { project: uuid });
      return session;
    } catch (e) {
      // 6. Failure: unregister, clear the current project, failure event.
      this.sessions.get(uuid)?.destroy();
      this.sessions.delete(uuid);
      if (this.current?.uuid === uuid) this.current = null;
      const message = e instanceof Error ? e.message : String(e);
      events.emit('project-open-failed', { project: uuid, message });
      throw e instanceof CatalogueError ? e : new CatalogueError('LOCAL_DATA_FAILED', message);
    } finally {
      this.opening.delete(uuid);
    }
  }

  /** Closes the current project (CLOSE-1, CLOSE-2). A temporary open restores the previous project. */
  async closeProject(uuid: string): Promise<void> {
    const s = this.sessions.get(uuid);
    if (!uuid || !s) throw CatalogueError.named('CLOSE_ILLEGAL_PROJECT');
    if (this.current !== s) throw CatalogueError.named('CLOSE_NON_CURRENT');
    this.closeSession(s);
    this.current = null;
    if (s.opts.temporary && this.previous) {
      this.current = this.previous;
      this.previous = null;
    }
  }

  private closeSession(s: ProjectSession): void {
    this.o.backup?.abort(s.uuid);
    this.events.emit('backup-aborted', { project: s.uuid });
    this.o.updateManager?.stop(s.uuid);
    s.destroy();
    this.sessions.delete(s.uuid);
    this.events.emit('project-closed', { project: s.uuid });
  }

  /** Stops everything of this tab (page unload). */
  dispose(): void {
    for (const s of this.sessions.values()) s.destroy();
    this.sessions.clear();
    this.current = null;
    this.services.broadcast.close();
  }

  /** Full load: snapshot, then every item in read batches, 5 at a time. Pending local items are not touched. */
  private async loadFromCloud(uuid: string, detail: ProjectDetail): Promise<ProjectMeta> {
    const { store, transport, events } = this.services;
    const t = await transport.getTickets(uuid, -1);
    if (!t.success) throw new CatalogueError(t.code ?? 'NET_ERROR', t.message);
    const parsed = parseTicketAnswer(t.result);
    const jobs: { kind: Kind; keys: string[] }[] = [];
    for (const kind of KINDS) {
      const keys = Object.keys(parsed.maps[kind] ?? {});
      const size = readBatchSize(kind);
      for (let i = 0; i < keys.length; i += size) jobs.push({ kind, keys: keys.slice(i, i + size) });
    }
    const total = PROGRESS_STEPS.CLOUD_OPEN;
    let done = 0;
    let next = 0;
    const worker = async () => {
      while (next < jobs.length) {
        const job = jobs[next++];
        const r = await transport.read(uuid, job.kind, job.keys);
        if (!r.success) throw new CatalogueError(r.code ?? 'NET_ERROR', r.message);
        const keyField = KIND_INFO[job.kind].key;
        const items: LocalItem[] = [];
        for (const d of r.result) {
          const key = String(d[keyField]);
          const ticket = typeof d.ticket === 'number' ? d.ticket : parsed.maps[job.kind]?.[key] ?? 0;
          items.push({ project: uuid, kind: job.kind, key, ticket, data: d, baseTicket: ticket, base: null });
        }
        // Never overwrite a pending local edit.
        for (const it of items) await store.updateItem(uuid, it.kind, it.key, (cur) => (cur && isPending(cur.ticket) ? undefined : it));
        done++;
        events.emit('progress', { project: uuid, message: 'open project...', done: Math.round((done / jobs.length) * total), total });
      }
    };
    await Promise.all(Array.from({ length: Math.min(CONTENT_FETCH_CONCURRENCY, jobs.length) }, worker));
    const meta: ProjectMeta = { uuid, detail, g_ticket: parsed.gTicket, snapshot: parsed.maps, snapshotVersion: TICKET_FORMAT_VERSION };
    await withWriteRetries(this.services.clock, () => store.putProject(meta));
    return meta;
  }

  /** DIFF_TICKET: removes the local copy except pending items (unuploaded edits), which it returns. */
  private async dropLocalCopyKeepingEdits(uuid: string): Promise<LocalItem[]> {
    const { store } = this.services;
    const all = await store.listItems(uuid);
    const pending = all.filter((i) => isPending(i.ticket) || i.held);
    await store.deleteItems(uuid, all.filter((i) => !pending.includes(i)).map((i) => ({ kind: i.kind, key: i.key })));
    return pending;
  }

  /** Pending edits whose cloud version moved on are held for the Warning dialog (never deleted). */
  private async holdChangedEdits(uuid: string, kept: LocalItem[], detail: ProjectDetail): Promise<WarningItem[]> {
    const { store, transport } = this.services;
    const meta = await store.getProject(uuid);
    const out: WarningItem[] = [];
    const modifier = detail.modifier?.nickname ?? '';
    const names = new Map((await store.listItems(uuid, 'schematics')).map((sc) => [sc.key, String(sc.data?.display_name ?? sc.data?.name ?? sc.key)]));
    for (const k of kept) {
      const it = await store.getItem(uuid, k.kind, k.key);
      if (!it || !isPending(it.ticket) || it.sent) continue;
      const serverTicket = meta?.snapshot[it.kind]?.[it.key] ?? 0;
      if (serverTicket === it.baseTicket) continue;
      const r = await transport.read(uuid, it.kind, [it.key]);
      // A failed read says nothing about the cloud version: holding with `theirs` null would mean
      // "deleted in the cloud", and Upload Local would then overwrite what others saved (issue 11,
      // app simulation seed 22). Left pending, the upload's stale refusal merges it instead.
      if (!r.success) continue;
      const keyField = KIND_INFO[it.kind].key;
      const theirs = r.result.find((d) => String(d[keyField]) === it.key) ?? null;
      const held = await store.updateItem(uuid, it.kind, it.key, (cur) => (cur && isPending(cur.ticket) ? { ...cur, status: 1, held: { reason: 'diff-ticket', theirs, serverTicket, modifier } } : undefined));
      if (held) out.push({ kind: it.kind, key: it.key, name: itemName(held, names), content: it.kind, beforeUploading: it.baseTicket, updated: serverTicket, modifier });
    }
    return out;
  }
}
