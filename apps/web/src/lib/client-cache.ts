/**
 * The client cache calls (SPEC §7: GET and POST /api/cache/:key, value as a JSON string) for the
 * clipboard of one user across tabs and browsers: every copy is added to the user's clipboard
 * history in the cloud (`clipBoard`, newest last, at most OLD_CACHE_KEEP entries), and a page that
 * gains focus takes the newest entry of each kind when it is newer than its own. The clipboard this
 * browser kept before (localStorage only) is migrated once: its entries join the cloud history,
 * which keeps the last 50 (CONST-4). `exists` is the existence check.
 */
import { OLD_CACHE_KEEP } from '@copperplate/model';
import { z } from 'zod';

export interface CacheCalls {
  /** The value (a JSON string) or null when the key holds nothing. */
  get(key: string): Promise<string | null>;
  set(key: string, value: string): Promise<void>;
}
export type ClipKind = 'sch' | 'pcb';
export interface ClipEntry { kind: ClipKind; text: string; time: number }

export const CACHE_KEYS = { clipboard: 'clipBoard', copyPaste: 'copyAndPaste', tableCell: 'copyAndPasteTableCell', libraryList: 'basicLibraryList' } as const;
/** Where this browser kept its clipboard before (the old cache) and the migration mark. */
export const OLD_CLIPBOARD_KEYS: Record<ClipKind, string> = { sch: 'copperplate:clipboard:sch', pcb: 'copperplate:clipboard:pcb' };
export const OLD_HISTORY_KEY = 'copperplate:clipboard:history';
export const MIGRATED_KEY = 'copperplate:clipboard:migrated';

const Entry = z.object({ kind: z.enum(['sch', 'pcb']), text: z.string(), time: z.number() });
const History = z.array(Entry);

function parse(v: string | null): ClipEntry[] {
  if (v === null) return [];
  try {
    const r = History.safeParse(JSON.parse(v));
    return r.success ? r.data : [];
  } catch {
    return [];
  }
}
const keep = (list: ClipEntry[]) => list.sort((a, b) => a.time - b.time).slice(-OLD_CACHE_KEEP);

export async function clipboardHistory(c: CacheCalls): Promise<ClipEntry[]> {
  return parse(await c.get(CACHE_KEYS.clipboard));
}
/** The existence check: whether a key holds a value. */
export async function exists(c: CacheCalls, key: string): Promise<boolean> {
  return (await c.get(key)) !== null;
}
/** Adds a copy to the cloud history (last OLD_CACHE_KEEP kept). */
export async function pushClip(c: CacheCalls, e: ClipEntry): Promise<void> {
  await c.set(CACHE_KEYS.clipboard, JSON.stringify(keep([...(await clipboardHistory(c)), e])));
}
/** The newest copy of a kind in the cloud history. */
export async function latestClip(c: CacheCalls, kind: ClipKind): Promise<ClipEntry | undefined> {
  return (await clipboardHistory(c)).filter((e) => e.kind === kind).at(-1);
}

/**
 * The one-time migration of this browser's old clipboard cache into the cloud history: the old
 * history list and the two last copies join the cloud's entries; the last OLD_CACHE_KEEP are kept.
 * Returns how many entries the history holds afterwards (null: already migrated).
 */
export async function migrateOldClipboard(c: CacheCalls, storage: Storage, now: number): Promise<number | null> {
  if (storage.getItem(MIGRATED_KEY)) return null;
  const old = parse(storage.getItem(OLD_HISTORY_KEY));
  for (const kind of ['sch', 'pcb'] as const) {
    const text = storage.getItem(OLD_CLIPBOARD_KEYS[kind]);
    if (text && !old.some((e) => e.kind === kind && e.text === text)) old.push({ kind, text, time: now });
  }
  const merged = keep([...(await clipboardHistory(c)), ...old]);
  if (old.length) await c.set(CACHE_KEYS.clipboard, JSON.stringify(merged));
  storage.removeItem(OLD_HISTORY_KEY);
  storage.setItem(MIGRATED_KEY, String(now));
  return merged.length;
}
