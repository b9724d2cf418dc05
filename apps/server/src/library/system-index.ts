/**
 * The system library's in-memory search index (packages/library search-index.ts), one per database
 * connection of this process: loaded from the database on the first search (and after a rebuild: the
 * build's time is read again at most every CHECK_MS), so that a search of the tens of thousands of
 * system parts costs no SQL statement. Users' own libraries stay in SQL (store.ts, search.ts).
 */
import { LIB_OWNER, SearchIndex } from '@copperplate/library';
import type { Queryable } from '../db.ts';
import { COLS, norm, type LibraryRow } from './store.ts';

const CHECK_MS = 5_000;
/** Rows loaded per statement, with a turn of the event loop between batches (requests keep being answered). */
const LOAD_BATCH = 5_000;

interface State { builtAt: string; checkedAt: number; index?: Promise<SearchIndex<LibraryRow>>; removed: number }
const states = new WeakMap<object, State>();
/** System items removed in this process since it started (ERR-6), left out of every index. */
const removed: string[] = [];

async function builtAt(q: Queryable): Promise<string> {
  const r = await q.query<{ b: string | null }>("select value->>'builtAt' as b from library_meta where key = 'build'");
  return r[0]?.b ?? '';
}

const nextTurn = (): Promise<void> => new Promise((r) => setImmediate(r));

async function load(q: Queryable): Promise<SearchIndex<LibraryRow>> {
  const rows: LibraryRow[] = [];
  let after = '';
  for (;;) {
    const batch = await q.query<LibraryRow & Record<string, unknown>>(
      `select ${COLS} from library_items where owner = $1 and not deleted and uuid > $2 order by uuid limit ${LOAD_BATCH}`, [LIB_OWNER.SYSTEM, after]);
    for (const r of batch) rows.push(norm(r));
    if (batch.length < LOAD_BATCH) break;
    after = batch[batch.length - 1].uuid;
    await nextTurn();
  }
  return new SearchIndex(rows);
}

/** The system library's index for the database `q` (the same object every search passes). */
export async function systemIndex(q: Queryable): Promise<SearchIndex<LibraryRow>> {
  let st = states.get(q);
  const now = Date.now();
  if (!st || now - st.checkedAt > CHECK_MS) {
    const b = await builtAt(q);
    if (!st || st.builtAt !== b) {
      st = { builtAt: b, checkedAt: now, removed: 0 };
      states.set(q, st);
    } else st.checkedAt = now;
  }
  const s = st;
  s.index ??= load(q).catch((e) => { s.index = undefined; throw e; });
  const index = await s.index;
  if (s.removed < removed.length) {
    const gone = new Set(removed.slice(s.removed));
    index.remove((r) => gone.has(r.uuid));
    s.removed = removed.length;
  }
  return index;
}

/** After a build into `q`: the next search loads the new library. */
export function invalidateSystemIndex(q: Queryable): void {
  states.delete(q);
}

/** A system item marked deleted (ERR-6): no index answers it any more. */
export function forgetSystemItem(uuid: string): void {
  removed.push(uuid);
}

/** Bumped by every write of a library item in this process: cached answers about users' libraries are dropped. */
let generation = 0;
export function libraryWritten(): void {
  generation++;
}

const USER_ITEMS = `select 1 as x from library_items where owner <> 2 and not deleted and (owner = 3 or (owner = 0 and owner_uuid = $1) or (owner = 1 and owner_uuid = any($2::text[]))) limit 1`;
const presence = new WeakMap<object, Map<string, { has: boolean; at: number; gen: number }>>();

/**
 * Does the viewer see any item of users' libraries (their own, their teams', public ones)? Asked
 * at most every CHECK_MS per viewer (sooner after a write in this process): a search skips the SQL
 * of users' libraries when there is none.
 */
export async function seesUserItems(q: Queryable, v: { user: string; teams: string[] }): Promise<boolean> {
  let m = presence.get(q);
  if (!m) presence.set(q, (m = new Map()));
  const key = `${v.user}|${v.teams.join(',')}`;
  const c = m.get(key);
  const now = Date.now();
  if (c && c.gen === generation && now - c.at <= CHECK_MS) return c.has;
  const has = (await q.query(USER_ITEMS, [v.user, v.teams])).length > 0;
  if (m.size > 10_000) m.clear();
  m.set(key, { has, at: now, gen: generation });
  return has;
}
