/**
 * The system library's in-memory search index (packages/library search-index.ts), one per database
 * connection of this process: loaded from the database on the first search (and after a rebuild: the
 * build's time is read again at most every CHECK_MS), so that a search of the tens of thousands of
 * system parts costs no SQL statement. The index is the one the build stored (index-store.ts), read
 * without computing it again. Users' own libraries stay in SQL (store.ts, search.ts).
 */
import { SearchIndex } from '@copperplate/library';
import type { Db, Queryable } from '../db.ts';
import type { LibraryRow } from './store.ts';
import { USER_VISIBLE } from './scopes.ts';
import { readStoredIndex, storeIndex, systemRows } from './index-store.ts';

const CHECK_MS = 5_000;

interface State { builtAt: string; checkedAt: number; index?: Promise<SearchIndex<LibraryRow>>; removed: number }
const states = new WeakMap<object, State>();
/** System items removed in this process since it started (ERR-6), left out of every index. */
const removed: string[] = [];

async function builtAt(q: Queryable): Promise<string> {
  const r = await q.query<{ b: string | null }>("select value->>'builtAt' as b from library_meta where key = 'build'");
  return r[0]?.b ?? '';
}

/** How the last index of this process was loaded (the bench and `library stats` report it). */
export interface IndexLoad { from: 'stored' | 'table'; ms: number; cpuMs: number; rows: number }
export let lastIndexLoad: IndexLoad | undefined;

/**
 * The index of build `built`: the stored one (index-store.ts) when the build left one, else computed
 * from the table (seconds of CPU for the whole library) and then stored for the next start.
 */
async function load(q: Queryable, built: string): Promise<SearchIndex<LibraryRow>> {
  const t0 = performance.now(), c0 = process.cpuUsage();
  const done = (index: SearchIndex<LibraryRow>, from: IndexLoad['from']) => {
    const c = process.cpuUsage(c0);
    lastIndexLoad = { from, ms: performance.now() - t0, cpuMs: (c.user + c.system) / 1000, rows: index.size };
    return index;
  };
  const stored = built ? await readStoredIndex(q, built) : undefined;
  if (stored) return done(stored, 'stored');
  const index = done(new SearchIndex(await systemRows(q)), 'table');
  if (built && 'tx' in q) void storeIndex(q as Db, built, index).catch(() => {}); // the next start reads it
  return index;
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
  s.index ??= load(q, s.builtAt).catch((e) => { s.index = undefined; throw e; });
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

const USER_ITEMS = `select 1 as x from library_items where owner <> 2 and not deleted and ${USER_VISIBLE.replaceAll('$V1', '$1').replaceAll('$V2', '$2')} limit 1`;
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
