/**
 * One open project: local edits (TKT rules), the upload loop, sync, and the Warning-dialog choices.
 * Created by SyncEngine.openProject.
 */
import { CatalogueError, SYNC } from '@copperplate/model';
import { DRAWING_KINDS, KIND_INFO, type Kind } from './kinds.ts';
import { editedTicket, isPending } from './tickets.ts';
import { withWriteRetries } from './retry.ts';
import { mergeItems } from './merge.ts';
import { Syncer } from './syncer.ts';
import { Uploader } from './upload.ts';
import type { Services } from './context.ts';
import type { ItemData, LocalItem, ProjectDetail } from './types.ts';

export interface SessionOptions { readonly: boolean; temporary: boolean; }

export class ProjectSession {
  readonly uploader: Uploader;
  readonly syncer: Syncer;
  lastDrawingEditAt = -Infinity;
  /** Schematic uuid -> display name, for schematic-qualified sheet names (UI-1). */
  readonly schematicNames = new Map<string, string>();
  destroyed = false;
  private unsubscribe: () => void;

  constructor(readonly s: Services, readonly uuid: string, public detail: ProjectDetail, readonly opts: SessionOptions) {
    // Who changed the cloud version: the item's modifier when the server gives one, else a fresh project detail.
    const modifierOf = async (theirs: ItemData | null): Promise<string> => {
      const m = (theirs?.modifier as { nickname?: string } | undefined)?.nickname;
      if (m) return m;
      const d = await s.transport.getDetail(uuid);
      if (d.success) this.detail = d.result;
      return this.detail.modifier?.nickname ?? '';
    };
    const names = (i: LocalItem) => itemName(i, this.schematicNames);
    this.uploader = new Uploader(s, uuid, modifierOf, names, opts.readonly);
    this.syncer = new Syncer(s, uuid, () => this.uploader.processing, () => this.lastDrawingEditAt, modifierOf, names, () => this.uploader.schedule(0));
    this.unsubscribe = s.broadcast.onMessage((m) => {
      if (m.project !== uuid || m.from === s.tabId) return;
      if (m.type === 'uploaded') s.events.emit('remote-upload', { project: uuid, kind: m.kind, key: m.key, ticket: m.ticket, updateTime: m.updateTime, channel: m.channel });
    });
  }

  get readonly(): boolean { return this.opts.readonly; }
  /** True while an upload or sync is running or scheduled. */
  get busy(): boolean { return this.uploader.busy || this.syncer.busy; }

  /**
   * A local edit (TKT-2): saved in the local database (the write-ahead log) before it counts as
   * saved, then an upload is scheduled (UP-7). `data` null deletes the item.
   */
  async edit(kind: Kind, key: string, data: ItemData | null): Promise<LocalItem> {
    if (this.destroyed) throw CatalogueError.named('GET_ILLEGAL_PROJECT');
    if (this.opts.readonly) throw CatalogueError.fromCode(1000002);
    const now = this.s.clock.now();
    const keyField = KIND_INFO[kind].key;
    const content = data === null ? null : { ...data, [keyField]: key };
    // Journal first (synchronously): a page that goes away before the store write commits loses nothing.
    const jid = this.s.journal?.put(this.uuid, kind, key, content, true, now) ?? undefined;
    const r = await withWriteRetries(this.s.clock, () => this.s.store.updateItem(this.uuid, kind, key, (cur) => {
      if (!cur) {
        if (content === null) return undefined;
        return { project: this.uuid, kind, key, ticket: editedTicket(0), data: content, baseTicket: 0, base: null, editedAt: now, journalId: jid };
      }
      if (isPending(cur.ticket)) {
        // Deleting an item the cloud never had: nothing to upload.
        // (Unless a create was sent without an answer: it may have landed, so the deletion must upload.)
        if (content === null && cur.baseTicket === 0 && !cur.sent) return null;
        const { status: _s, ...rest } = cur;
        return { ...rest, ticket: editedTicket(cur.ticket), data: content, editedAt: now, journalId: jid };
      }
      return { project: this.uuid, kind, key, ticket: editedTicket(cur.ticket), data: content, baseTicket: cur.ticket, base: cur.data, editedAt: now, journalId: jid };
    }), (e) => this.s.events.emit('db-warning', { message: String((e as Error)?.message ?? e) }));
    if (jid) this.s.journal?.drop(this.uuid, kind, key, jid);
    if (DRAWING_KINDS.includes(kind)) this.lastDrawingEditAt = now;
    this.uploader.schedule(0);
    if (r === null) return { project: this.uuid, kind, key, ticket: 0, data: null, baseTicket: 0, base: null };
    const saved = r ?? (await this.s.store.getItem(this.uuid, kind, key));
    if (!saved) throw CatalogueError.named('LOCAL_DATA_FAILED');
    return saved;
  }

  /**
   * Records fields of an edit that is not handed to `edit` yet (an editor's unsaved text on page
   * hide), synchronously in the edit journal; `edit` supersedes it, else the next open replays it.
   */
  stash(kind: Kind, key: string, fields: ItemData): void {
    if (this.destroyed || this.opts.readonly) return;
    this.s.journal?.put(this.uuid, kind, key, fields, false, this.s.clock.now());
  }

  /**
   * Applies what the journal holds for this project as local edits (once per entry): an entry whose
   * write reached the store (same id) or that a later edit superseded is only cleared.
   */
  async replayJournal(): Promise<number> {
    const j = this.s.journal;
    if (!j) return 0;
    let n = 0;
    for (const e of j.list(this.uuid)) {
      const cur = await this.s.store.getItem(this.uuid, e.kind, e.key);
      const done = !!cur && (cur.journalId === e.id || (cur.editedAt ?? -Infinity) > e.at);
      const data = e.full ? e.data : cur?.data ? { ...cur.data, ...e.data } : undefined;
      if (!done && data !== undefined) {
        try {
          await this.edit(e.kind, e.key, data);
        } catch {
          continue; // kept for the next open
        }
        n++;
      }
      j.drop(this.uuid, e.kind, e.key, e.id);
    }
    return n;
  }

  async get(kind: Kind, key: string): Promise<ItemData | null | undefined> {
    return (await this.s.store.getItem(this.uuid, kind, key))?.data;
  }

  upload(): Promise<void> { return this.uploader.run(); }
  sync(force = true) { return this.syncer.run(force); }

  /** Items held for the Warning dialog (conflicts and unuploaded content after DIFF_TICKET). */
  async held(): Promise<LocalItem[]> {
    return (await this.s.store.listPending(this.uuid)).filter((i) => i.held);
  }

  /**
   * The Warning dialog's buttons (UI-1), for held items (all when `keys` is absent):
   * - 'upload-local': Upload Local to Cloud: the local version is uploaded over the cloud's.
   * - 'reload-cloud': Reload from Cloud: the local version is backed up (log store) and the cloud's taken.
   */
  async resolve(choice: 'upload-local' | 'reload-cloud', keys?: { kind: Kind; key: string }[]): Promise<void> {
    const held = await this.held();
    const want = keys ? held.filter((h) => keys.some((k) => k.kind === h.kind && k.key === h.key)) : held;
    for (const h of want) {
      if (choice === 'reload-cloud') {
        await this.s.store.addLog({ type: 'local-backup', content: JSON.stringify({ kind: h.kind, key: h.key, data: h.data, baseTicket: h.baseTicket }), time: this.s.clock.now(), project_uuid: this.uuid });
      }
      await this.s.store.updateItem(this.uuid, h.kind, h.key, (cur) => {
        if (!cur?.held) return undefined;
        const { held: hr, status: _s, ...rest } = cur;
        if (choice === 'upload-local') {
          // Local wins where both changed; unrelated cloud changes are kept (mine-preferring merge).
          const m = mergeItems(cur.base, cur.data, hr.theirs, 'mine');
          const data = m.ok ? m.merged : cur.data;
          return { ...rest, data, ticket: editedTicket(cur.ticket), baseTicket: hr.serverTicket, base: hr.theirs };
        }
        if (!hr.theirs) return null;
        return { project: this.uuid, kind: cur.kind, key: cur.key, ticket: hr.serverTicket, data: hr.theirs, baseTicket: hr.serverTicket, base: null };
      });
    }
    if (choice === 'upload-local') this.uploader.schedule(0);
  }

  /** Loads the schematic names used to qualify sheet names. */
  async loadNames(): Promise<void> {
    for (const sc of await this.s.store.listItems(this.uuid, 'schematics')) {
      const d = sc.data ?? {};
      this.schematicNames.set(sc.key, String(d.display_name ?? d.name ?? sc.key));
    }
  }

  /** Starts the forced upload and the sync mount (OPEN-5). */
  start(): void {
    if (this.opts.readonly) { this.syncer.mount(); return; }
    this.uploader.schedule(0);
    this.syncer.mount();
  }

  /** Stops timers; pending edits stay in the local database for the next open. */
  destroy(): void {
    this.destroyed = true;
    this.uploader.stop();
    this.syncer.stop();
    this.unsubscribe();
  }

  /** Waits (in clock time) until no upload is running; for callers that need "saved in the cloud". */
  async settle(maxMs = 60 * SYNC.RETRY_WAIT_MS): Promise<boolean> {
    const end = this.s.clock.now() + maxMs;
    while (this.uploader.busy && this.s.clock.now() < end) await this.s.clock.sleep(SYNC.RETRY_WAIT_MS);
    return !this.uploader.busy;
  }
}

/** A display name: title/display_title/name, schematic-qualified for sheets. */
export function itemName(i: LocalItem, schematics?: Map<string, string>): string {
  const d = i.data ?? i.base ?? i.held?.theirs ?? {};
  const t = String(d.display_title ?? d.title ?? d.display_name ?? d.name ?? d.filename ?? i.key);
  if (i.kind !== 'sheets' || !d.schematic_uuid) return t;
  const sch = String(d.schematic_uuid);
  return `${schematics?.get(sch) ?? sch}/${t}`;
}
