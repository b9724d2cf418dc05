/**
 * Opens a project with the sync engine (IndexedDB cache, offline edits, conflicts). When the local
 * database cannot be opened the cache-storage warning is shown and the project opens online-only.
 */
import { CatalogueError } from '@copperplate/model';
import { openHttpSession } from './http-session.ts';
import { getEngine, openSyncSession, type EngineHooks } from './sync-session.ts';
import type { ProjectSession } from './types.ts';

export async function openSession(uuid: string, readOnly: boolean, mode: string, hooks: EngineHooks, onProgress: (share: number) => void): Promise<ProjectSession> {
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
