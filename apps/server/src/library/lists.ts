/**
 * The basic library lists (issue 16, SPEC §3 key-value caches: system, user, user panel), answered by
 * the client cache call for the keys `basicLibraryList:<kind>` (routes/misc.ts):
 *  - system: the system library's libraries with their symbols, devices and footprints, counted from
 *    the in-memory index (no SQL statement but the build's time);
 *  - user: the items of the viewer's own libraries (personal, their teams', the public ones they own):
 *    symbols, devices, footprints, newest first;
 *  - userPanel: the same for their panel parts (type 26).
 * `stamp` changes whenever the list does (a client compares it with the copy it keeps).
 */
import { LIB_OWNER, LIB_TYPE, type SearchIndex } from '@copperplate/library';
import type { LibraryList, LibraryListItem, LibraryListKind } from '@copperplate/model';
import type { Queryable } from '../db.ts';
import { getMeta, type LibraryRow, type Viewer } from './store.ts';
import { systemIndex } from './system-index.ts';

/** At most this many items in a user list (newest first). */
export const USER_LIST_MAX = 5000;

const systemLists = new WeakMap<object, { live: number; list: LibraryList }>();

async function systemList(q: Queryable): Promise<LibraryList> {
  const index: SearchIndex<LibraryRow> = await systemIndex(q);
  const live = index.liveCount();
  const seen = systemLists.get(index);
  if (seen && seen.live === live) return seen.list;
  const libs = new Map<string, { lib: string; symbols: number; devices: number; footprints: number }>();
  index.forEachLive((r) => {
    let l = libs.get(r.lib);
    if (!l) libs.set(r.lib, (l = { lib: r.lib, symbols: 0, devices: 0, footprints: 0 }));
    if (r.type === LIB_TYPE.SYMBOL) l.symbols++;
    else if (r.type === LIB_TYPE.DEVICE) l.devices++;
    else if (r.type === LIB_TYPE.FOOTPRINT) l.footprints++;
  });
  const built = (await getMeta<{ builtAt?: string }>(q, 'build'))?.builtAt ?? '';
  const list: LibraryList = { kind: 'system', stamp: `${built}#${live}`, libs: [...libs.values()].sort((a, b) => (a.lib < b.lib ? -1 : a.lib > b.lib ? 1 : 0)) };
  systemLists.set(index, { live, list });
  return list;
}

async function userList(q: Queryable, v: Viewer, kind: 'user' | 'userPanel'): Promise<LibraryList> {
  const types = kind === 'user' ? [LIB_TYPE.SYMBOL, LIB_TYPE.DEVICE, LIB_TYPE.FOOTPRINT] : [LIB_TYPE.PANEL];
  const rows = await q.query<Record<string, unknown>>(
    `select uuid, type, owner, owner_uuid, lib, title, version, g_ticket, update_time from library_items
     where not deleted and type = any($1::int[]) and ((owner in (${LIB_OWNER.PERSONAL}, ${LIB_OWNER.PUBLIC}) and owner_uuid = $2) or (owner = ${LIB_OWNER.TEAM} and owner_uuid = any($3::text[])))
     order by update_time desc, uuid limit ${USER_LIST_MAX}`, [types, v.user, v.teams]);
  const items: LibraryListItem[] = rows.map((r) => ({
    uuid: String(r.uuid), type: Number(r.type), owner: Number(r.owner), team_uuid: Number(r.owner) === LIB_OWNER.TEAM ? String(r.owner_uuid) : '',
    lib: String(r.lib), title: String(r.title), version: String(r.version), g_ticket: Number(r.g_ticket), update_time: Number(r.update_time),
  }));
  // every write of an item raises its g_ticket (a delete too, and takes it out): the sum and the count change
  const stamp = `${items.length}:${items.reduce((n, i) => n + i.g_ticket, 0)}:${items.reduce((n, i) => Math.max(n, i.update_time), 0)}`;
  return { kind, stamp, items };
}

/** The basic library list `kind` as `v` sees it. */
export function libraryList(q: Queryable, v: Viewer, kind: LibraryListKind): Promise<LibraryList> {
  return kind === 'system' ? systemList(q) : userList(q, v, kind);
}
