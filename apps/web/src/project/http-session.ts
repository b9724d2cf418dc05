/**
 * An online-only ProjectSession straight over the HTTP API (no local cache). Used when the sync
 * engine (@copperplate/sync) cannot run (no IndexedDB); the sync-backed session is preferred.
 * Edits are compare-and-set writes with base_ticket; a refused write (4090001) becomes a Warning-dialog row.
 */
import { CODES } from '@copperplate/model';
import { api } from '../api/api.ts';
import { ApiError, NETWORK_CODE } from '../api/http.ts';
import type { Item } from '../api/schemas.ts';
import { VIEW_KINDS, type ConflictRow, type ProjectSession, type ProjectSnapshot, type SyncState, type ViewKind } from './types.ts';

/** Snapshot map names of each view kind (docs/API.md). */
export const KIND_MAPS: Record<ViewKind, string[]> = {
  schematics: ['schematics'],
  sheets: ['schs'],
  pcbs: ['pcbs'],
  panels: ['panels'],
  symbols: ['symbols', 'block_symbol'],
  footprints: ['footprints'],
  devices: ['devices'],
};
const readBatch = (k: ViewKind) => (k === 'symbols' || k === 'footprints' || k === 'devices' ? 200 : 30);

export function itemName(item: Item | undefined): string {
  if (!item) return '';
  const v = item.display_title ?? item.title ?? item.display_name ?? item.name ?? item.uuid;
  return typeof v === 'string' ? v : String(v ?? '');
}

export async function readAll(uuid: string, kind: ViewKind, ids: string[]): Promise<Item[]> {
  const out: Item[] = [];
  for (let i = 0; i < ids.length; i += readBatch(kind)) out.push(...(await api.read(uuid, kind, ids.slice(i, i + readBatch(kind)))));
  return out;
}

export async function openHttpSession(uuid: string, readOnly: boolean): Promise<ProjectSession> {
  let detail = await api.detail(uuid);
  const items = Object.fromEntries(VIEW_KINDS.map((k) => [k, new Map<string, Item>()])) as ProjectSnapshot['items'];
  let gTicket = -1;
  let state: SyncState = { status: 'loading', pending: 0 };
  let conflicts: ConflictRow[] = [];
  let pendingEdits: { kind: ViewKind; item: Item; base: number }[] = [];
  const listeners = new Set<() => void>();
  let snap: ProjectSnapshot = { detail, items };
  const emit = () => {
    snap = { detail, items };
    for (const fn of listeners) fn();
  };

  async function pull(): Promise<void> {
    const t = await api.ticket(uuid, gTicket);
    const deleted = (t.deleted ?? {}) as Record<string, Record<string, unknown>>;
    for (const kind of VIEW_KINDS) {
      const ids: string[] = [];
      for (const m of KIND_MAPS[kind]) {
        const map = (t[m] ?? {}) as Record<string, number>;
        for (const [id, ticket] of Object.entries(map)) if (items[kind].get(id)?.ticket !== ticket) ids.push(id);
        for (const id of Object.keys(deleted[m] ?? {})) items[kind].delete(id);
      }
      if (ids.length) for (const it of await readAll(uuid, kind, ids)) items[kind].set(String(it.uuid), it);
    }
    if (t.g_ticket !== gTicket) detail = await api.detail(uuid);
    gTicket = t.g_ticket;
  }

  async function upload(): Promise<void> {
    const left: typeof pendingEdits = [];
    for (const e of pendingEdits) {
      try {
        const [r] = await api.bulk(uuid, e.kind, [{ ...e.item, base_ticket: e.base }]);
        if (r?.success) {
          const ticket = (r.result as { ticket?: number })?.ticket;
          if (e.item.deleted === true) items[e.kind].delete(String(e.item.uuid));
          else items[e.kind].set(String(e.item.uuid), { ...e.item, ticket });
        } else if (r?.code === CODES.STALE_TICKET) {
          const after = (r.result as { ticket?: number })?.ticket ?? 0;
          conflicts = [...conflicts.filter((c) => c.id !== e.item.uuid), { kind: e.kind, id: String(e.item.uuid), name: itemName(e.item), before: e.base, after, modifier: detail.modifier?.nickname ?? '' }];
          left.push(e);
        } else left.push(e);
      } catch (err) {
        left.push(e);
        if (err instanceof ApiError && err.code === NETWORK_CODE) state = { status: 'offline', pending: left.length };
        else throw err;
      }
    }
    pendingEdits = left;
  }

  await pull();
  state = { status: 'saved', pending: 0 };
  const timer = setInterval(() => void session.refresh(), 5_000);
  const session: ProjectSession = {
    uuid,
    readOnly: readOnly || detail.readonly === true,
    snapshot: () => snap,
    state: () => state,
    conflicts: () => conflicts,
    subscribe(fn) {
      listeners.add(fn);
      return () => listeners.delete(fn);
    },
    async loadItem(kind, id) {
      return items[kind].get(id);
    },
    async edit(kind, item) {
      const base = items[kind].get(String(item.uuid))?.ticket ?? 0;
      items[kind].set(String(item.uuid), { ...item, ticket: -1 });
      pendingEdits.push({ kind, item, base });
      state = { status: 'uploading', pending: pendingEdits.length };
      emit();
      await session.refresh();
    },
    async remove(kind, id) {
      const base = items[kind].get(id)?.ticket ?? 0;
      items[kind].delete(id);
      pendingEdits.push({ kind, item: { uuid: id, deleted: true } as Item, base });
      state = { status: 'uploading', pending: pendingEdits.length };
      emit();
      await session.refresh();
    },
    async resolve(choice) {
      if (choice === 'reload') {
        pendingEdits = pendingEdits.filter((e) => !conflicts.some((c) => c.id === e.item.uuid));
        for (const c of conflicts) items[c.kind as ViewKind]?.delete(c.id);
        gTicket = -1;
      } else {
        pendingEdits = pendingEdits.map((e) => ({ ...e, base: conflicts.find((c) => c.id === e.item.uuid)?.after ?? e.base }));
      }
      conflicts = [];
      await session.refresh();
    },
    async refresh() {
      try {
        if (pendingEdits.length && !conflicts.length) await upload();
        await pull();
        state = { status: pendingEdits.length ? 'uploading' : 'saved', pending: pendingEdits.length };
      } catch (err) {
        state = err instanceof ApiError && err.code === NETWORK_CODE ? { status: 'offline', pending: pendingEdits.length } : { status: 'error', pending: pendingEdits.length, message: (err as Error).message };
      }
      emit();
    },
    async close() {
      clearInterval(timer);
      listeners.clear();
    },
  };
  return session;
}
