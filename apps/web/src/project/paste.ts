/**
 * Copy a page to the app clipboard and paste it into a schematic, of this project or another one,
 * in this tab or another tab or browser of the same user ('paste data...', UI-2): a copy goes to the
 * client cache call `copyAndPaste` (SPEC §7) through the sink the cloud clipboard sets, and a page
 * that gains focus takes a newer cloud copy (`pullClipboardPage`). The page takes the devices, symbols and footprints
 * it references along (ATTR records Device / Symbol / Footprint); the target gets those it lacks.
 * A failure gives 'Failed to paste the specified drawing page into the specified location!' (ERR-5).
 */
import { CatalogueError, NAMED_ERRORS, PROGRESS_STEPS, newDocumentId, renameWithSuffix } from '@copperplate/model';
import { SchAttr } from '@copperplate/format/records';
import type { Item } from '../api/schemas.ts';
import { itemName } from './http-session.ts';
import { fresh } from './copy.ts';
import { z } from 'zod';
import { CACHE_KEYS, type CacheCalls } from '../lib/client-cache.ts';
import { VIEW_KINDS, type ProjectSession, type ViewKind } from './types.ts';
import { PasteSteps } from '../lib/progress.ts';

export interface ClipboardPage {
  fromProject: string;
  sheet: Item;
  /** Library items the page references, by kind. */
  refs: { kind: ViewKind; item: Item }[];
  /** When it was copied (ms): the newest copy wins across tabs and browsers. */
  time: number;
}

let clipboard: ClipboardPage | null = null;
let sink: ((page: ClipboardPage) => void) | null = null;
export const clipboardPage = (): ClipboardPage | null => clipboard;
/** Where a copy goes besides this tab (the cloud clipboard sets it; null: this tab only). */
export function setPageSink(fn: ((page: ClipboardPage) => void) | null): void {
  sink = fn;
}

const PageCopy = z.object({
  fromProject: z.string(),
  sheet: z.record(z.string(), z.unknown()),
  refs: z.array(z.object({ kind: z.enum(VIEW_KINDS), item: z.record(z.string(), z.unknown()) })),
  time: z.number(),
});

/** The page copy of the cloud cache (copyAndPaste), when there is a readable one. */
export async function latestPageCopy(calls: CacheCalls): Promise<ClipboardPage | null> {
  const v = await calls.get(CACHE_KEYS.copyPaste);
  if (v === null) return null;
  try {
    const r = PageCopy.safeParse(JSON.parse(v));
    return r.success ? (r.data as ClipboardPage) : null;
  } catch {
    return null;
  }
}
/** Writes a page copy to the cloud cache (copyAndPaste). */
export async function pushPageCopy(calls: CacheCalls, page: ClipboardPage): Promise<void> {
  await calls.set(CACHE_KEYS.copyPaste, JSON.stringify(page));
}
/** Takes the cloud's page copy when it is newer than this tab's. Returns whether it did. */
export async function pullClipboardPage(calls: CacheCalls): Promise<boolean> {
  const p = await latestPageCopy(calls);
  if (!p || (clipboard && clipboard.time >= p.time)) return false;
  clipboard = p;
  return true;
}

const REF_KEYS: Record<string, ViewKind> = { Device: 'devices', Symbol: 'symbols', Footprint: 'footprints' };

/** Ids the page's (schematic) ATTR records point at, per kind. */
export function referencedIds(dataStr: unknown): { kind: ViewKind; id: string }[] {
  if (typeof dataStr !== 'string') return [];
  const out = new Map<string, { kind: ViewKind; id: string }>();
  for (const line of dataStr.split('\n')) {
    if (!line.startsWith('["ATTR"')) continue;
    try {
      const r = JSON.parse(line) as unknown[];
      const kind = REF_KEYS[String(SchAttr.raw(r, 'key'))];
      const id = SchAttr.raw(r, 'value');
      if (kind && typeof id === 'string' && id) out.set(`${kind}:${id}`, { kind, id });
    } catch {
      /* not a record line */
    }
  }
  return [...out.values()];
}

export function copyPageToClipboard(session: ProjectSession, sheetId: string): void {
  const { items } = session.snapshot();
  const sheet = items.sheets.get(sheetId);
  if (!sheet) throw CatalogueError.named('PRJ_NOT_EXIST');
  const refs: ClipboardPage['refs'] = [];
  for (const r of referencedIds(sheet.dataStr)) {
    const it = items[r.kind].get(r.id);
    if (it) refs.push({ kind: r.kind, item: it });
  }
  // a device also brings the symbol and footprint it names
  for (const { item } of refs.filter((r) => r.kind === 'devices')) {
    const a = (item.attributes ?? {}) as Record<string, unknown>;
    for (const [key, kind] of [['Symbol', 'symbols'], ['Footprint', 'footprints']] as const) {
      const it = typeof a[key] === 'string' ? items[kind].get(a[key] as string) : undefined;
      if (it && !refs.some((r) => r.item.uuid === it.uuid)) refs.push({ kind, item: it });
    }
  }
  clipboard = { fromProject: session.uuid, sheet, refs, time: Math.max(Date.now(), (clipboard?.time ?? 0) + 1) };
  sink?.(clipboard);
}

/** ATTR key of a sheet symbol's link to its child sheet (packages/editor sch/hierarchy.ts SHEET_ATTR). */
const SHEET_LINK = 'Sheet';
const BLOCK_SYMBOL = 17;

/** Whether a copied page carries its own nesting: a sheet symbol (ATTR `Sheet` with a value) or a block symbol. */
export function hasOwnNesting(clip: ClipboardPage): boolean {
  if (clip.refs.some((r) => r.kind === 'symbols' && Number(r.item.docType) === BLOCK_SYMBOL)) return true;
  const text = clip.sheet.dataStr;
  if (typeof text !== 'string') return false;
  for (const line of text.split('\n')) {
    if (!line.startsWith('["ATTR"')) continue;
    try {
      const r = JSON.parse(line) as unknown[];
      const v = SchAttr.raw(r, 'value');
      if (SchAttr.raw(r, 'key') === SHEET_LINK && typeof v === 'string' && v.trim()) return true;
    } catch {
      /* not a record line */
    }
  }
  return false;
}

/**
 * Pastes the clipboard page as the last sheet of `schematicId`. Returns the new sheet id. Progress
 * ('paste data...') is the share of the 16 steps of a paste import (CONST-3): IMP-1's phases, in
 * its order, then the forced sync after it (SYNC-9).
 */
export async function pastePage(session: ProjectSession, schematicId: string, onProgress: (share: number) => void): Promise<string> {
  const steps = new PasteSteps(PROGRESS_STEPS.PASTE_IMPORT, onProgress);
  // SYNC-9: no sync while the paste writes; resumed and forced once it is done (or failed)
  const resume = session.suspendSync?.();
  let id: string;
  try {
    id = await writePaste(session, schematicId, steps);
  } catch (err) {
    await resume?.();
    throw new CatalogueError('PASTE_POSITION_FAILED', `${NAMED_ERRORS.PASTE_POSITION_FAILED} ${err instanceof Error ? err.message : String(err)}`);
  }
  await resume?.();
  steps.synced();
  return id;
}

async function writePaste(session: ProjectSession, schematicId: string, steps: PasteSteps): Promise<string> {
  const clip = clipboard;
  const { items } = session.snapshot();
  const sch = items.schematics.get(schematicId);
  if (!clip || !sch) throw CatalogueError.named('PRJ_NOT_EXIST');
  // IMP-8: a page that is itself a level of a hierarchy (sheet symbols linking child sheets, block
  // symbols) would arrive without its children: refused before anything is written
  if (hasOwnNesting(clip)) throw CatalogueError.named('NESTED_PASTE');
  const siblings = [...items.sheets.values()].filter((s) => s.schematic_uuid === schematicId);
  const title = renameWithSuffix(itemName(clip.sheet), (n) => siblings.some((s) => itemName(s) === n));
  const id = newDocumentId();
  const sheetNo = Math.max(0, ...siblings.map((s) => Number(s.sheet_id) || 0)) + 1;
  await session.edit('schematics', { ...sch, sort: [...(Array.isArray(sch.sort) ? sch.sort : siblings.map((s) => s.uuid)), id] });
  steps.phase('schematics');
  await session.edit('sheets', { ...fresh(clip.sheet), uuid: id, schematic_uuid: schematicId, title, display_title: title, sheet_id: sheetNo });
  steps.phase('sheets');
  // the library items the page uses that this project lacks (each phase of IMP-1 in turn)
  const missing = clip.refs.filter((r) => !items[r.kind].has(String(r.item.uuid)));
  for (const [phase, kind] of [['symbols', 'symbols'], ['footprints', 'footprints'], ['devices', 'devices']] as const) {
    steps.before(phase);
    for (const r of missing.filter((m) => m.kind === kind)) await session.edit(r.kind, fresh(r.item));
    steps.phase(phase);
  }
  return id;
}
