/**
 * The edit journal: a synchronous record of edits on their way into the local store.
 *
 * The local store (IndexedDB) is asynchronous, and a page that goes away (reload, close, navigation)
 * aborts the transactions it has not committed: an edit handed over in `pagehide` / `beforeunload`,
 * or one whose write was still running, would be lost although the editor had shown it. The journal
 * is written synchronously (the browser's is `localStorage`, `@copperplate/store`'s `StorageJournal`)
 * before the store write starts and cleared once the write is done; the next open of the project
 * replays what is left (`ProjectSession.replayJournal`).
 *
 * An entry is either a whole item (`full`: what `ProjectSession.edit` writes; null = deleted) or a
 * patch of fields (`stash`: an editor's unsaved text, applied over the stored item at replay).
 */
import type { Kind } from './kinds.ts';
import type { ItemData } from './types.ts';

export interface JournalEntry {
  project: string;
  kind: Kind;
  key: string;
  /** Unique id of this version of the entry (a newer put replaces it). */
  id: string;
  /** Clock time of the put: a stored item edited later than this already has something newer. */
  at: number;
  /** True: `data` is the whole item (null = deleted); false: fields to set on the stored item. */
  full: boolean;
  data: ItemData | null;
}

export interface EditJournal {
  /**
   * Records an edit synchronously. A patch is merged into an entry already there (a whole item stays
   * whole); a whole item replaces it. Returns the entry's new id, or null when it could not be kept
   * (storage full: the edit is then only as safe as the store write).
   */
  put(project: string, kind: Kind, key: string, data: ItemData | null, full: boolean, at: number): string | null;
  /** Removes the entry when it is still the version `id` (a newer put keeps it). */
  drop(project: string, kind: Kind, key: string, id: string): void;
  list(project: string): JournalEntry[];
}

let seq = 0;
export function journalId(): string {
  return `${Date.now().toString(36)}-${Math.floor(Math.random() * 2 ** 32).toString(36)}-${++seq}`;
}

/** Merges a put into the entry already there. */
export function mergeEntry(prev: JournalEntry | undefined, e: JournalEntry): JournalEntry {
  if (e.full || !prev) return e;
  if (prev.full && prev.data === null) return e; // a patch after a deletion: the patch alone
  return { ...e, full: prev.full, data: { ...(prev.data ?? {}), ...(e.data ?? {}) } };
}

/** The journal over a synchronous key-value storage (the Web Storage interface). */
export interface SyncKv {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
  readonly length: number;
  key(index: number): string | null;
}

const PREFIX = 'copperplate:journal:';
const keyOf = (project: string, kind: string, key: string) => `${PREFIX}${project}:${kind}:${key}`;

export class KvJournal implements EditJournal {
  constructor(private kv: SyncKv) {}

  private read(k: string): JournalEntry | undefined {
    try {
      const v = this.kv.getItem(k);
      return v ? (JSON.parse(v) as JournalEntry) : undefined;
    } catch {
      return undefined;
    }
  }

  put(project: string, kind: Kind, key: string, data: ItemData | null, full: boolean, at: number): string | null {
    const k = keyOf(project, kind, key);
    const e = mergeEntry(full ? undefined : this.read(k), { project, kind, key, id: journalId(), at, full, data });
    try {
      this.kv.setItem(k, JSON.stringify(e));
      return e.id;
    } catch {
      return null;
    }
  }

  drop(project: string, kind: Kind, key: string, id: string): void {
    const k = keyOf(project, kind, key);
    if (this.read(k)?.id === id) this.kv.removeItem(k);
  }

  list(project: string): JournalEntry[] {
    const out: JournalEntry[] = [];
    const p = `${PREFIX}${project}:`;
    for (let i = 0; i < this.kv.length; i++) {
      const k = this.kv.key(i);
      if (!k?.startsWith(p)) continue;
      const e = this.read(k);
      if (e) out.push(e);
    }
    return out;
  }
}

/** A journal in memory (tests, the simulation): survives an engine, like localStorage a page. */
export class MemoryJournal extends KvJournal {
  readonly map = new Map<string, string>();
  constructor() {
    const map = new Map<string, string>();
    super({
      getItem: (k) => map.get(k) ?? null,
      setItem: (k, v) => void map.set(k, v),
      removeItem: (k) => void map.delete(k),
      get length() { return map.size; },
      key: (i) => [...map.keys()][i] ?? null,
    });
    this.map = map;
  }
}
