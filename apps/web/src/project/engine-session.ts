/**
 * The editor frame's ProjectSession over an open @copperplate/sync engine session, free of the
 * browser: what it needs of the platform (network state, live channel, project detail) comes in
 * `SessionEnv`, so the same code runs in the page (sync-session.ts) and in Node tests and the
 * simulation against the real server. The snapshot is rebuilt from the local store after every
 * engine event; "saved" means nothing is pending in the local store and no upload runs.
 */
import { itemName as syncItemName, type LocalItem, type ProjectSession as EngineSession, type SyncEngine } from '@copperplate/sync';
import type { Item, ProjectDetail } from '../api/schemas.ts';
import { ProjectDetailSchema } from '../api/schemas.ts';
import { workspaceText, type WorkspaceMode } from './live.ts';
import { VIEW_KINDS, type ConflictRow, type ProjectSession, type ProjectSnapshot, type SyncState, type ViewKind } from './types.ts';

/** What a session needs of its platform. */
export interface SessionEnv {
  online(): boolean;
  /** Calls `fn` when the network state changes; returns the unsubscribe function. */
  onNetChange(fn: () => void): () => void;
  /**
   * Opens the live channel of a project: `onTicket` gets each newer g_ticket, `onState` whether the
   * channel is up (SYNC-5: the sync timer then waits 300 s instead of 5 s); returns close.
   */
  live(uuid: string, onTicket: (g: number) => void, onState?: (up: boolean) => void, onWorkspace?: (m: WorkspaceMode) => void): () => void;
  /** Tells the user that the project's workspace changed (org and team mode of the live channel). */
  announce?(text: string): void;
  detail(uuid: string): Promise<ProjectDetail>;
}

function toItem(i: LocalItem): Item | null {
  return i.data ? ({ ...i.data, ticket: i.ticket } as Item) : null;
}

export async function openEngineSession(engine: SyncEngine, uuid: string, readOnly: boolean, onProgress: (share: number) => void, env: SessionEnv): Promise<ProjectSession> {
  const offProgress = engine.events.on('progress', (p) => p.project === uuid && onProgress(p.total ? p.done / p.total : 0));
  let s: EngineSession;
  try {
    s = await engine.openProject(uuid, { readonly: readOnly });
  } finally {
    offProgress();
  }
  const store = engine.services.store;
  const listeners = new Set<() => void>();
  let detail: ProjectDetail = ProjectDetailSchema.parse({ boards: [], ...s.detail });
  let items = Object.fromEntries(VIEW_KINDS.map((k) => [k, new Map<string, Item>()])) as ProjectSnapshot['items'];
  let coppers = new Map<string, Item>();
  let blobs = new Map<string, Item>();
  let fonts = new Map<string, Item>();
  let snap: ProjectSnapshot = { detail, items, coppers, blobs, fonts };
  let conflicts: ConflictRow[] = [];
  let pending = 0;
  let processing = false;
  let lastError: string | undefined;
  /** Edits made (counted once they are in the local store) and the count the snapshot shows. */
  let edits = 0;
  let shownEdits = 0;
  /** Reloads started and the start number of the one whose result is shown (a slower older one never overwrites a newer one). */
  let reloads = 0;
  let shownReload = 0;

  /**
   * The items of the last reload by kind and key, each with its item as the snapshot shows it (merge
   * bases dropped). A reload reads again only the items whose ticket moved and the pending ones (a
   * synced item's content is the server's at its ticket), so the snapshot keeps the same item objects
   * for them: a 100k-pad PCB's text and its merge base (13 MB each) were read from IndexedDB again
   * at every reload, several times while a project opens and after every save.
   */
  let known = new Map<string, { li: LocalItem; item: Item | null }>();
  async function readItems(): Promise<Array<{ li: LocalItem; item: Item | null }>> {
    const fresh = (li: LocalItem) => ({ li: li.base ? { ...li, base: null } : li, item: toItem(li) });
    const stamps = known.size && store.listStamps ? await store.listStamps(uuid) : undefined;
    // every item has a stamp (a ticket that is not a key, NaN, would leave it out of the index): else all are read
    if (!stamps || stamps.length !== (await store.countItems(uuid))) return (await store.listItems(uuid)).map(fresh);
    const out: Array<{ li: LocalItem; item: Item | null } | undefined> = stamps.map((t) => {
      const k = known.get(`${t.kind}:${t.key}`);
      return k && t.ticket > 0 && k.li.ticket === t.ticket ? k : undefined;
    });
    await Promise.all(stamps.map(async (t, i) => {
      if (out[i]) return;
      const li = await store.getItem(uuid, t.kind, t.key);
      if (li) out[i] = fresh(li); // gone since: left out
    }));
    return out.filter((x): x is { li: LocalItem; item: Item | null } => !!x);
  }

  async function reload(): Promise<void> {
    const seq = ++reloads;
    const seenEdits = edits;
    const read = await readItems();
    const all = read.map((x) => x.li);
    if (seq < shownReload) return;
    shownReload = seq;
    shownEdits = Math.max(shownEdits, seenEdits);
    const next = Object.fromEntries(VIEW_KINDS.map((k) => [k, new Map<string, Item>()])) as ProjectSnapshot['items'];
    const byKey = new Map<string, LocalItem>();
    const nextCoppers = new Map<string, Item>();
    const nextBlobs = new Map<string, Item>();
    const nextFonts = new Map<string, Item>();
    const nextKnown = new Map<string, { li: LocalItem; item: Item | null }>();
    for (const x of read) {
      const i = x.li;
      byKey.set(`${i.kind}:${i.key}`, i);
      nextKnown.set(`${i.kind}:${i.key}`, x);
      const it = x.item;
      if (it && i.kind === 'copper') nextCoppers.set(i.key, it);
      if (it && i.kind === 'blobs') nextBlobs.set(i.key, it);
      if (it && i.kind === 'fonts') nextFonts.set(i.key, it);
      if (it && (VIEW_KINDS as readonly string[]).includes(i.kind)) next[i.kind as ViewKind].set(i.key, it);
    }
    pending = all.filter((i) => i.ticket <= 0).length;
    conflicts = all
      .filter((i) => i.held)
      .map((i) => {
        const sch = i.kind === 'sheets' ? next.schematics.get(String(i.data?.schematic_uuid ?? '')) : undefined;
        const own = String(i.data?.display_title ?? i.data?.title ?? syncItemName(i));
        return { kind: i.kind, id: i.key, name: sch ? `${String(sch.display_name ?? sch.name)} / ${own}` : own, before: i.baseTicket, after: i.held!.serverTicket, modifier: i.held!.modifier };
      });
    known = nextKnown;
    items = next;
    coppers = nextCoppers;
    blobs = nextBlobs;
    fonts = nextFonts;
    snap = { detail, items, coppers, blobs, fonts };
    for (const fn of listeners) fn();
  }
  let queued: Promise<void> | null = null;
  const schedule = () => {
    if (!queued) queued = Promise.resolve().then(() => ((queued = null), reload())).catch(() => undefined);
  };
  let lastG = s.detail.g_ticket;
  async function refreshDetail(): Promise<void> {
    if (!env.online()) return;
    try {
      detail = await env.detail(uuid);
      s.detail = { ...s.detail, ...detail } as EngineSession['detail'];
      schedule();
    } catch {
      /* kept: the status bar shows the network state */
    }
  }
  const offs = [
    engine.events.on('project-synced', (e) => {
      if (e.project !== uuid) return;
      lastError = undefined;
      if (e.gTicket !== lastG) {
        lastG = e.gTicket;
        void refreshDetail();
      }
      schedule();
    }),
    engine.events.on('documents-changed', (e) => e.project === uuid && schedule()),
    engine.events.on('upload', (e) => e.project === uuid && schedule()),
    engine.events.on('warning', (e) => e.project === uuid && schedule()),
    engine.events.on('remote-upload', (e) => e.project === uuid && schedule()),
    engine.events.on('processing', (e) => {
      if (e.project !== uuid) return;
      processing = e.on;
      schedule();
    }),
    engine.events.on('upload-error', (e) => {
      if (e.project !== uuid) return;
      lastError = e.message;
      schedule();
    }),
  ];
  const closeLive = env.live(uuid, (g) => void s.syncer.notify(g), (up) => (s.syncer.liveTimerActive = up), (m) => {
    // org and team mode: the detail (scope, team) is read again and the user told
    void refreshDetail();
    env.announce?.(workspaceText(m));
  });
  const offNet = env.onNetChange(() => schedule());
  await reload();

  const session: ProjectSession = {
    uuid,
    readOnly: s.readonly,
    snapshot: () => snap,
    state(): SyncState {
      if (!env.online()) return { status: 'offline', pending };
      if (conflicts.length) return { status: 'conflict', pending };
      const unseen = edits > shownEdits;
      if (processing || pending > 0 || unseen) return { status: 'uploading', pending: Math.max(pending, unseen ? 1 : 0), message: lastError };
      return { status: 'saved', pending };
    },
    conflicts: () => conflicts,
    subscribe(fn) {
      listeners.add(fn);
      return () => listeners.delete(fn);
    },
    async loadItem(kind, id) {
      const d = await s.get(kind, id);
      return d ? (d as Item) : undefined;
    },
    async edit(kind, item) {
      const { ticket: _t, base_ticket: _b, ...data } = item as Item & { base_ticket?: unknown };
      await s.edit(kind, String(item.uuid), data);
      // the edit is in the local database now; the snapshot follows (coalesced with other changes),
      // and until it does the state is not 'saved'
      edits++;
      schedule();
    },
    suspendSync() {
      s.syncer.suspend();
      let resumed = false;
      return async () => {
        if (resumed) return;
        resumed = true;
        await s.syncer.resume().catch(() => undefined);
      };
    },
    stash(kind, id, fields) {
      s.stash(kind, id, fields);
    },
    async editCopper(path, dataStr) {
      const cur = await s.get('copper', path);
      await s.edit('copper', path, { ...(cur ?? {}), path, dataStr });
      edits++;
      schedule();
    },
    async editBlob(hash, item) {
      await s.edit('blobs', hash, item);
      edits++;
      schedule();
    },
    async remove(kind, id) {
      await s.edit(kind, id, null);
      edits++;
      schedule();
    },
    async resolve(choice) {
      await s.resolve(choice === 'reload' ? 'reload-cloud' : 'upload-local');
      await reload();
      if (choice === 'reload') await s.sync(true);
    },
    async refresh() {
      if (!env.online()) return schedule();
      await s.upload().catch(() => undefined);
      await s.sync(true).catch(() => undefined);
      await refreshDetail();
      await reload();
    },
    async close() {
      closeLive();
      for (const off of offs) off();
      offNet();
      listeners.clear();
      await engine.closeProject(uuid).catch(() => undefined);
    },
  };
  return session;
}

