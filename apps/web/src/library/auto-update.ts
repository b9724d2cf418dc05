/**
 * Library auto-update of the parts a project took from the library (issue 16). A part brought in by
 * the panel keeps the library's update time as its `version` (importPart); LIB-1: it is refreshed
 * only when that version differs from the library's latest update time (the server's check-updates
 * answers those); LIB-2: the check runs only when no schematic or PCB edit happened for 60 s
 * (autoUpdateDue). Refreshed symbols, footprints and devices are saved through the session.
 */
import { useEffect } from 'react';
import { autoUpdateDue } from '@copperplate/library/types';
import { request } from '../api/http.ts';
import type { Item } from '../api/schemas.ts';
import type { DocSync } from '../editors/doc-sync.ts';
import type { ProjectSession, ViewKind } from '../project/types.ts';
import { componentsByIds, docOf } from './library-api.ts';

/** A version that is a library update time (whole seconds), not a user's version. */
const LIBRARY_VERSION = /^\d{9,11}$/;

export async function refreshLibraryParts(session: ProjectSession): Promise<number> {
  const items = session.snapshot().items;
  const mine: { kind: ViewKind; uuid: string; version: string }[] = [];
  for (const kind of ['symbols', 'footprints', 'devices'] as const) {
    for (const [uuid, it] of items[kind]) if (LIBRARY_VERSION.test(String(it.version ?? ''))) mine.push({ kind, uuid, version: String(it.version) });
  }
  let n = 0;
  for (let i = 0; i < mine.length; i += 200) {
    const batch = mine.slice(i, i + 200);
    const stale = await request<{ uuid: string }[]>('POST', '/api/components/check-updates', { body: { items: batch.map((b) => ({ uuid: b.uuid, version: b.version })) } });
    if (!stale.length) continue;
    const fresh = await componentsByIds(stale.map((s) => s.uuid));
    for (const d of fresh) {
      const kind = batch.find((b) => b.uuid === d.uuid)?.kind;
      if (kind) { await session.edit(kind, docOf(d) as Item); n++; }
    }
  }
  return n;
}

/** The timer of the auto-update (injected in tests). */
export interface AutoUpdateClock {
  now(): number;
  every(ms: number, fn: () => void): () => void;
}
const realClock: AutoUpdateClock = {
  now: () => Date.now(),
  every: (ms, fn) => { const t = setInterval(fn, ms); return () => clearInterval(t); },
};
/** How often the auto-update looks whether it is due. */
export const AUTO_UPDATE_CHECK_MS = 15_000;

/**
 * Checks every 15 s; refreshes when the editor has been idle for 60 s (LIB-2): an edit (the document
 * pending upload) puts it off again. Returns stop.
 */
export function startLibraryAutoUpdate(sync: Pick<DocSync, 'subscribe' | 'state' | 'session'>, clock: AutoUpdateClock = realClock, refresh: (s: ProjectSession) => Promise<number> = refreshLibraryParts): () => void {
  let lastEdit: number | undefined = clock.now();
  let running = false;
  const off = sync.subscribe(() => { if (sync.state === 'pending') lastEdit = clock.now(); });
  const stop = clock.every(AUTO_UPDATE_CHECK_MS, () => {
    if (running || !autoUpdateDue(lastEdit, clock.now())) return;
    running = true;
    refresh(sync.session).catch(() => 0).finally(() => { running = false; lastEdit = undefined; });
  });
  return () => { off(); stop(); };
}

export function useLibraryAutoUpdate(sync: DocSync | null): void {
  useEffect(() => {
    if (!sync || sync.readOnly) return;
    return startLibraryAutoUpdate(sync);
  }, [sync]);
}
