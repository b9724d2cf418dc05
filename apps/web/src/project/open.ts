/**
 * Opens a project with the sync engine (IndexedDB cache, offline edits, conflicts). When the local
 * database cannot be opened the cache-storage warning is shown and the project opens online-only.
 * Opens are shared per project and reference-counted, so a remount (React StrictMode, route
 * re-entry) reuses the open session instead of tripping 'project is opening!' (OPEN-1).
 */
import { CatalogueError } from '@copperplate/model';
import { openHttpSession } from './http-session.ts';
import { getEngine, openSyncSession, type EngineHooks } from './sync-session.ts';
import type { ProjectSession } from './types.ts';

async function openOnce(uuid: string, readOnly: boolean, mode: string, hooks: EngineHooks, onProgress: (share: number) => void): Promise<ProjectSession> {
  onProgress(0.02);
  let engine;
  try {
    engine = await getEngine(mode, hooks);
  } catch (err) {
    hooks.onDbWarning(err instanceof CatalogueError ? err.message : String(err));
    return openHttpSession(uuid, readOnly);
  }
  return openSyncSession(engine, uuid, readOnly, onProgress);
}

const open = new Map<string, { promise: Promise<ProjectSession>; refs: number }>();

/** Opens (or joins the open of) a project; pair every call with releaseSession(uuid). */
export function openSession(uuid: string, readOnly: boolean, mode: string, hooks: EngineHooks, onProgress: (share: number) => void): Promise<ProjectSession> {
  const key = `${uuid}:${readOnly}`;
  let e = open.get(key);
  if (!e) {
    e = { promise: openOnce(uuid, readOnly, mode, hooks, onProgress), refs: 0 };
    open.set(key, e);
    e.promise.catch(() => open.delete(key));
  }
  e.refs++;
  return e.promise;
}

export function releaseSession(uuid: string, readOnly: boolean): void {
  const key = `${uuid}:${readOnly}`;
  const e = open.get(key);
  if (!e) return;
  e.refs--;
  setTimeout(() => {
    if (e.refs > 0 || open.get(key) !== e) return;
    open.delete(key);
    e.promise.then((s) => s.close(), () => undefined);
  }, 0);
}
