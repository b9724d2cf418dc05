/**
 * The editor frame's ProjectSession over @copperplate/sync's engine and @copperplate/store's
 * IndexedDB LocalStore: edits go to the local database first (write-ahead), upload in the
 * background, survive reloads and offline periods; conflicts come back as held items (UI-1).
 * The UI never touches IndexedDB itself: everything goes through the engine and the store.
 */
import { DexieStore } from '@copperplate/store';
import { HttpTransport, SyncEngine, itemName as syncItemName, type Clock, type LocalItem, type ProjectSession as EngineSession } from '@copperplate/sync';
import { NAMED_ERRORS, NO_PERMISSION_CODES } from '@copperplate/model';
import { api } from '../api/api.ts';
import type { Item, ProjectDetail } from '../api/schemas.ts';
import { ProjectDetailSchema } from '../api/schemas.ts';
import { VIEW_KINDS, type ConflictRow, type ProjectSession, type ProjectSnapshot, type SyncState, type ViewKind } from './types.ts';
import { openLive } from './live.ts';

/** Real time for the engine (it never touches timers itself). */
export const browserClock: Clock = {
  now: () => Date.now(),
  setTimeout: (fn, ms) => window.setTimeout(fn, ms),
  clearTimeout: (id) => window.clearTimeout(id),
  sleep: (ms) => new Promise((r) => window.setTimeout(r, ms)),
};

export interface EngineHooks {
  onToast: (message: string) => void;
  onDbWarning: (message: string) => void;
  onNoPermission: (message: string) => void;
}

let enginePromise: Promise<SyncEngine> | null = null;
let baseMode = 'ONLINE';

/** One engine per page. Fails with DB_INIT_ERROR when IndexedDB cannot be opened. */
export function getEngine(mode: string, hooks: EngineHooks): Promise<SyncEngine> {
  if (!enginePromise) {
    baseMode = mode;
    enginePromise = (async () => {
      const store = await new DexieStore({ name: 'copperplate' }).open();
      const engine = new SyncEngine({ store, transport: new HttpTransport({ baseUrl: '' }), clock: browserClock, mode: navigator.onLine ? mode : 'OFFLINE' });
      engine.events.on('db-warning', (e) => hooks.onDbWarning(e.message));
      engine.events.on('upload-error', (e) => {
        if (!navigator.onLine) return; // the status bar says offline; edits are kept locally
        if (e.code !== undefined && NO_PERMISSION_CODES.includes(e.code)) hooks.onNoPermission(e.message);
        else hooks.onToast(e.message);
      });
      const setNet = () => engine.setMode(navigator.onLine ? baseMode : 'OFFLINE');
      window.addEventListener('online', setNet);
      window.addEventListener('offline', setNet);
      return engine;
    })();
    enginePromise.catch(() => (enginePromise = null));
  }
  return enginePromise;
}

function toItem(i: LocalItem): Item | null {
  return i.data ? ({ ...i.data, ticket: i.ticket } as Item) : null;
}

export async function openSyncSession(engine: SyncEngine, uuid: string, readOnly: boolean, onProgress: (share: number) => void): Promise<ProjectSession> {
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
  let snap: ProjectSnapshot = { detail, items, coppers };
  let conflicts: ConflictRow[] = [];
  let pending = 0;
  let processing = false;
  let lastError: string | undefined;

  async function reload(): Promise<void> {
    const all = await store.listItems(uuid);
    const next = Object.fromEntries(VIEW_KINDS.map((k) => [k, new Map<string, Item>()])) as ProjectSnapshot['items'];
    const byKey = new Map<string, LocalItem>();
    const nextCoppers = new Map<string, Item>();
    for (const i of all) {
      byKey.set(`${i.kind}:${i.key}`, i);
      const it = toItem(i);
      if (it && i.kind === 'copper') nextCoppers.set(i.key, it);
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
    items = next;
    coppers = nextCoppers;
    snap = { detail, items, coppers };
    for (const fn of listeners) fn();
  }
  let queued: Promise<void> | null = null;
  const schedule = () => {
    if (!queued) queued = Promise.resolve().then(() => ((queued = null), reload())).catch(() => undefined);
  };
  let lastG = s.detail.g_ticket;
  async function refreshDetail(): Promise<void> {
    if (!navigator.onLine) return;
    try {
      detail = await api.detail(uuid);
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
  const closeLive = openLive(uuid, (g) => void s.syncer.notify(g));
  const onNet = () => schedule();
  window.addEventListener('online', onNet);
  window.addEventListener('offline', onNet);
  await reload();

  const session: ProjectSession = {
    uuid,
    readOnly: s.readonly,
    snapshot: () => snap,
    state(): SyncState {
      if (!navigator.onLine) return { status: 'offline', pending };
      if (conflicts.length) return { status: 'conflict', pending };
      if (processing || pending > 0) return { status: 'uploading', pending, message: lastError };
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
      // the edit is in the local database now; the snapshot follows (coalesced with other changes)
      schedule();
    },
    async resolve(choice) {
      await s.resolve(choice === 'reload' ? 'reload-cloud' : 'upload-local');
      await reload();
      if (choice === 'reload') await s.sync(true);
    },
    async refresh() {
      if (!navigator.onLine) return schedule();
      await s.upload().catch(() => undefined);
      await s.sync(true).catch(() => undefined);
      await refreshDetail();
      await reload();
    },
    async close() {
      closeLive();
      for (const off of offs) off();
      window.removeEventListener('online', onNet);
      window.removeEventListener('offline', onNet);
      listeners.clear();
      await engine.closeProject(uuid).catch(() => undefined);
    },
  };
  return session;
}

export const DB_WARNING = NAMED_ERRORS.DB_INIT_ERROR;
