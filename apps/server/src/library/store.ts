/**
 * SQL of the component library (issue 16): writing built items, reads by ids, by key, detail, and the
 * writes of users' own libraries. With search.ts (full text with prefixes, trigram fallback for
 * misspellings) and system-index.ts, the only places that know the library tables.
 */
import { itemTerms, trigramText, LIB_OWNER, type LibraryItem } from '@copperplate/library';
import type { ComponentDetail, ComponentRow } from '@copperplate/model';
import type { Queryable, Row } from '../db.ts';
import { forgetSystemItem, libraryWritten } from './system-index.ts';
import { VISIBLE } from './scopes.ts';

/** What a search row and a detail carry (a detail adds the document: fields and dataStr): the shared shapes of @copperplate/model. */
export type LibraryRow = ComponentRow;
export type LibraryDetail = ComponentDetail;

export const COLS = 'uuid, type, owner, lib, title, value, package, keywords, description, datasheet, manufacturer_part, designator, symbol_uuid, footprint_uuid, version, source, g_ticket, update_time';

export function norm<T extends object>(r: T): T {
  const x = r as T & { g_ticket: unknown; update_time: unknown; type: unknown; owner: unknown };
  return { ...r, g_ticket: Number(x.g_ticket), update_time: Number(x.update_time), type: Number(x.type), owner: Number(x.owner) };
}

/** Who asks: the user and the teams they belong to (scopes 0 and 1 are theirs; 2 and 3 everyone's). */
export interface Viewer { user: string; teams: string[] }

export async function viewerOf(q: Queryable, userUuid: string): Promise<Viewer> {
  const rows = await q.query<{ team_uuid: string }>('select team_uuid from team_members where user_uuid = $1', [userUuid]);
  return { user: userUuid, teams: rows.map((r) => r.team_uuid) };
}

export { VISIBLE } from './scopes.ts';
export function visible(sql: string, params: unknown[], v: Viewer): { sql: string; params: unknown[] } {
  const n = params.length;
  return { sql: sql.replaceAll('$V1', `$${n + 1}`).replaceAll('$V2', `$${n + 2}`), params: [...params, v.user, v.teams] };
}

export interface StoredItem extends LibraryItem { owner: number; ownerUuid: string; updateTime: number; source?: string; version?: string; gTicket?: number }

/** Writes items (insert or replace by uuid), in one statement per call (callers pass batches of a few hundred). */
export async function upsertItems(q: Queryable, items: StoredItem[]): Promise<void> {
  if (!items.length) return;
  libraryWritten();
  const cols: unknown[][] = Array.from({ length: 26 }, () => []);
  for (const it of items) {
    const { dataStr, ...rest } = it.doc as { dataStr?: string };
    const t = itemTerms(it);
    const vals = [
      it.uuid, it.type, it.owner, it.ownerUuid, it.lib, it.title, it.value, it.package, it.keywords, it.description.slice(0, 2000), it.datasheet, it.manufacturerPart,
      it.designator, it.symbol ?? '', it.footprint ?? '', JSON.stringify({ ...rest, pins: it.pins }), dataStr ?? null, it.version ?? '1', it.source ?? '', it.gTicket ?? 1, it.updateTime,
      t.a, t.b, t.c, t.d, trigramText(it),
    ];
    vals.forEach((v, i) => cols[i].push(v));
  }
  const types = ['text', 'int', 'int', 'text', 'text', 'text', 'text', 'text', 'text', 'text', 'text', 'text', 'text', 'text', 'text', 'text', 'text', 'text', 'text', 'bigint', 'bigint', 'text', 'text', 'text', 'text', 'text'];
  await q.query(
    `insert into library_items (uuid, type, owner, owner_uuid, lib, title, value, package, keywords, description, datasheet, manufacturer_part,
       designator, symbol_uuid, footprint_uuid, fields, data, version, source, g_ticket, update_time, deleted, tsv, trgm)
     select u.c1, u.c2, u.c3, u.c4, u.c5, u.c6, u.c7, u.c8, u.c9, u.c10, u.c11, u.c12, u.c13, u.c14, u.c15, u.c16::jsonb, u.c17, u.c18, u.c19, u.c20, u.c21, false,
       setweight(to_tsvector('simple', u.c22), 'A') || setweight(to_tsvector('simple', u.c23), 'B') || setweight(to_tsvector('simple', u.c24), 'C') || setweight(to_tsvector('simple', u.c25), 'D'),
       u.c26
     from unnest(${types.map((t, i) => `$${i + 1}::${t}[]`).join(', ')}) as u(${types.map((_, i) => `c${i + 1}`).join(', ')})
     on conflict (uuid) do update set type = excluded.type, owner = excluded.owner, owner_uuid = excluded.owner_uuid, lib = excluded.lib, title = excluded.title,
       value = excluded.value, package = excluded.package, keywords = excluded.keywords, description = excluded.description, datasheet = excluded.datasheet,
       manufacturer_part = excluded.manufacturer_part, designator = excluded.designator, symbol_uuid = excluded.symbol_uuid, footprint_uuid = excluded.footprint_uuid,
       fields = excluded.fields, data = excluded.data, version = excluded.version, source = excluded.source, g_ticket = excluded.g_ticket,
       update_time = excluded.update_time, deleted = false, tsv = excluded.tsv, trgm = excluded.trgm`,
    cols,
  );
}

/** Removes the system library (owner 2) before a rebuild. */
export async function clearSystem(q: Queryable): Promise<void> {
  await q.query('delete from library_items where owner = $1', [LIB_OWNER.SYSTEM]);
}

/** Items by uuid that the viewer may see (deleted ones left out); with the document when `withData`. */
export async function byIds(q: Queryable, v: Viewer, uuids: string[], withData: boolean): Promise<LibraryDetail[]> {
  if (!uuids.length) return [];
  const s = visible(`select ${COLS}, fields${withData ? ', data' : ''} from library_items where uuid = any($1::text[]) and not deleted and ${VISIBLE}`, [uuids], v);
  const rows = await q.query<LibraryDetail & Row & { data?: string }>(s.sql, s.params);
  return rows.map((r) => {
    const { data, ...rest } = r;
    return norm(withData ? { ...rest, dataStr: data ?? undefined } : rest) as LibraryDetail;
  });
}

/** Items by key: source (and version), or title, or docType, newest first (at most `limit`). */
export async function listByKey(q: Queryable, v: Viewer, k: { source?: string; version?: string; title?: string; type?: number }, limit = 100): Promise<LibraryRow[]> {
  const params: unknown[] = [];
  const where = ['not deleted'];
  if (k.source) { params.push(k.source); where.push(`source = $${params.length}`); }
  if (k.version) { params.push(k.version); where.push(`version = $${params.length}`); }
  if (k.title) { params.push(k.title.toLowerCase()); where.push(`lower(title) = $${params.length}`); }
  if (k.type) { params.push(k.type); where.push(`type = $${params.length}`); }
  const s = visible(`select ${COLS} from library_items where ${where.join(' and ')} and ${VISIBLE} order by update_time desc, uuid limit ${limit}`, params, v);
  return (await q.query<LibraryRow & Row>(s.sql, s.params)).map(norm);
}

/** The raw row of one item whatever its scope (for permission checks of writes). */
export async function rawItem(q: Queryable, uuid: string): Promise<(LibraryRow & { owner_uuid: string; deleted: boolean }) | undefined> {
  const rows = await q.query<LibraryRow & Row & { owner_uuid: string; deleted: boolean }>(`select ${COLS}, owner_uuid, deleted from library_items where uuid = $1 for update`, [uuid]);
  return rows[0] ? norm(rows[0]) : undefined;
}

/** Marks an item deleted (ERR-6 removal, or a user's delete) and advances its g_ticket. */
export async function markDeleted(q: Queryable, uuid: string): Promise<number> {
  const r = await q.query<{ g_ticket: string; owner: number }>('update library_items set deleted = true, g_ticket = g_ticket + 1 where uuid = $1 returning g_ticket, owner', [uuid]);
  libraryWritten();
  if (r.length && Number(r[0].owner) === LIB_OWNER.SYSTEM) forgetSystemItem(uuid);
  return r.length ? Number(r[0].g_ticket) : 0;
}

export async function rename(q: Queryable, uuid: string, title: string, updateTime: number): Promise<{ g_ticket: number; update_time: number }> {
  const r = await q.query<{ g_ticket: string; update_time: string; value: string; package: string; manufacturer_part: string; keywords: string; lib: string; description: string }>(
    `update library_items set title = $2, fields = jsonb_set(jsonb_set(fields, '{title}', to_jsonb($2::text)), '{display_title}', to_jsonb($2::text)),
       g_ticket = g_ticket + 1, update_time = $3 where uuid = $1 returning g_ticket, update_time, value, package, manufacturer_part, keywords, lib, description`, [uuid, title, updateTime]);
  // the search terms follow the new name
  const it = { title, value: r[0].value, package: r[0].package, manufacturerPart: r[0].manufacturer_part, keywords: r[0].keywords, lib: r[0].lib, description: r[0].description };
  const t = itemTerms(it);
  await q.query(
    `update library_items set tsv = setweight(to_tsvector('simple', $2), 'A') || setweight(to_tsvector('simple', $3), 'B') || setweight(to_tsvector('simple', $4), 'C') || setweight(to_tsvector('simple', $5), 'D'), trgm = $6 where uuid = $1`,
    [uuid, t.a, t.b, t.c, t.d, trigramText(it)]);
  libraryWritten();
  return { g_ticket: Number(r[0].g_ticket), update_time: Number(r[0].update_time) };
}

export async function counts(q: Queryable): Promise<{ type: number; owner: number; n: number }[]> {
  return (await q.query<{ type: number; owner: number; n: string }>('select type, owner, count(*) as n from library_items where not deleted group by type, owner order by type, owner'))
    .map((r) => ({ type: Number(r.type), owner: Number(r.owner), n: Number(r.n) }));
}

export async function distinctLibs(q: Queryable): Promise<{ lib: string; n: number }[]> {
  return (await q.query<{ lib: string; n: string }>('select lib, count(*) as n from library_items where not deleted and owner in (2, 3) group by lib order by lib')).map((r) => ({ lib: r.lib, n: Number(r.n) }));
}

export async function getMeta<T>(q: Queryable, key: string): Promise<T | undefined> {
  const r = await q.query<{ value: T }>('select value from library_meta where key = $1', [key]);
  return r[0]?.value;
}

export async function setMeta(q: Queryable, key: string, value: unknown): Promise<void> {
  await q.query('insert into library_meta (key, value) values ($1, $2::jsonb) on conflict (key) do update set value = excluded.value, updated_at = now()', [key, JSON.stringify(value)]);
}

/** Earlier versions kept per item (the oldest dropped). */
export const VERSIONS_KEPT = 50;

/** Keeps the stored content of `uuid` as an earlier version before a new one replaces it. */
export async function keepVersion(q: Queryable, uuid: string): Promise<void> {
  await q.query(`insert into library_versions (uuid, g_ticket, title, fields, data, update_time)
    select uuid, g_ticket, title, fields, data, update_time from library_items where uuid = $1 and owner <> 2 on conflict do nothing`, [uuid]);
  await q.query(`delete from library_versions where uuid = $1 and g_ticket not in (select g_ticket from library_versions where uuid = $1 order by g_ticket desc limit ${VERSIONS_KEPT})`, [uuid]);
}

export interface VersionRow { g_ticket: number; title: string; update_time: number; dataStr?: string }

/** The earlier versions of an item, newest first (with the content of one when `gTicket` is given). */
export async function versionsOf(q: Queryable, uuid: string, gTicket?: number): Promise<VersionRow[]> {
  const rows = await q.query<{ g_ticket: string; title: string; update_time: string; data?: string | null }>(
    gTicket === undefined
      ? 'select g_ticket, title, update_time from library_versions where uuid = $1 order by g_ticket desc'
      : 'select g_ticket, title, update_time, data from library_versions where uuid = $1 and g_ticket = $2',
    gTicket === undefined ? [uuid] : [uuid, gTicket]);
  return rows.map((r) => ({ g_ticket: Number(r.g_ticket), title: r.title, update_time: Number(r.update_time), ...(gTicket === undefined ? {} : { dataStr: r.data ?? '' }) }));
}
