/**
 * The basic library lists (issue 16; SPEC §3 key-value caches: system, user, user panel) in the
 * browser: each list is read through the client cache call (`GET /api/cache/basicLibraryList:<kind>`,
 * which the server answers with the library as it is) and kept in the local database's
 * `basicLibraryList` store (DB-1), so that the library panel's filters, the library page and the
 * panel editor's parts show at once from the local copy, and offline, before the cloud answers.
 * A local write is retried as every cache write (ERR-7); the copy is rewritten only when the cloud's
 * stamp differs.
 */
import { useEffect, useState } from 'react';
import { withWriteRetries, type LocalStore } from '@copperplate/sync';
import { LibraryListSchema, libraryListKey, type LibraryList, type LibraryListKind } from '@copperplate/model';
import { httpCache } from '../lib/cloud-clipboard.ts';
import type { CacheCalls } from '../lib/client-cache.ts';
import { browserClock, pageStore } from '../project/sync-session.ts';

export interface ListSources {
  /** The local database (DB-1). */
  local: () => Promise<LocalStore>;
  /** The client cache calls of the cloud. */
  cloud: Pick<CacheCalls, 'get'>;
  sleep?: (ms: number) => Promise<void>;
}
const defaults: ListSources = { local: pageStore, cloud: httpCache };

const parse = (v: unknown): LibraryList | undefined => {
  const r = LibraryListSchema.safeParse(typeof v === 'string' ? safeJson(v) : v);
  return r.success ? r.data : undefined;
};
function safeJson(s: string): unknown {
  try { return JSON.parse(s); } catch { return undefined; }
}

/** The local copy of a list (undefined: none yet, or the local database is unavailable). */
export async function localLibraryList(kind: LibraryListKind, src: ListSources = defaults): Promise<LibraryList | undefined> {
  try {
    const l = parse(await (await src.local()).kvGet('basicLibraryList', kind));
    return l?.kind === kind ? l : undefined;
  } catch {
    return undefined;
  }
}

/** The cloud's list through the client cache call, kept in the local database when it changed. */
export async function cloudLibraryList(kind: LibraryListKind, src: ListSources = defaults, known?: LibraryList): Promise<LibraryList> {
  const l = parse(await src.cloud.get(libraryListKey(kind)));
  if (!l || l.kind !== kind) throw new Error(`The server answered no ${kind} library list`);
  if (known?.stamp !== l.stamp) {
    const store = await src.local().catch(() => undefined);
    const clock = src.sleep ? { ...browserClock, sleep: src.sleep } : browserClock;
    if (store) await withWriteRetries(clock, () => store.kvSet('basicLibraryList', kind, l)).catch(() => undefined); // the next read asks the cloud again
  }
  return l;
}

/**
 * The list `kind`: `onList` gets the local copy first (when there is one) and then the cloud's (when
 * it differs); `onError` when the cloud cannot be read and there was no local copy. Returns cancel
 * (with `done`: settled once both reads are over).
 */
export function watchLibraryList(kind: LibraryListKind, onList: (l: LibraryList, from: 'local' | 'cloud') => void, onError?: (e: Error) => void, src: ListSources = defaults): (() => void) & { done: Promise<void> } {
  let live = true;
  const done = (async () => {
    const local = await localLibraryList(kind, src);
    if (live && local) onList(local, 'local');
    try {
      const cloud = await cloudLibraryList(kind, src, local);
      if (live && cloud.stamp !== local?.stamp) onList(cloud, 'cloud');
    } catch (e) {
      if (live && !local) onError?.(e as Error);
    }
  })();
  return Object.assign(() => { live = false; }, { done });
}

/** A basic library list for a component; `reload` (any changing value) reads it again. */
export function useLibraryList<K extends LibraryListKind>(kind: K, reload: unknown = 0): { list: Extract<LibraryList, { kind: K }> | null; from: 'local' | 'cloud' | null; error: string } {
  const [state, setState] = useState<{ list: Extract<LibraryList, { kind: K }> | null; from: 'local' | 'cloud' | null; error: string }>({ list: null, from: null, error: '' });
  useEffect(() => { const cancel = watchLibraryList(kind, (l, from) => setState({ list: l as Extract<LibraryList, { kind: K }>, from, error: '' }), (e) => setState((s) => ({ ...s, error: e.message }))); return () => cancel(); }, [kind, reload]);
  return state;
}
