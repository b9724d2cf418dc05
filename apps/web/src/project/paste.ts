/**
 * Copy a page to the app clipboard and paste it into a schematic, of this project or another one
 * open later in this tab ('paste data...', UI-2). The page takes the devices, symbols and footprints
 * it references along (ATTR records Device / Symbol / Footprint); the target gets those it lacks.
 * A failure gives 'Failed to paste the specified drawing page into the specified location!' (ERR-5).
 */
import { CatalogueError, NAMED_ERRORS, newDocumentId, renameWithSuffix } from '@copperplate/model';
import { SchAttr } from '@copperplate/format/records';
import type { Item } from '../api/schemas.ts';
import { itemName } from './http-session.ts';
import type { ProjectSession, ViewKind } from './types.ts';

export interface ClipboardPage {
  fromProject: string;
  sheet: Item;
  /** Library items the page references, by kind. */
  refs: { kind: ViewKind; item: Item }[];
}

let clipboard: ClipboardPage | null = null;
export const clipboardPage = (): ClipboardPage | null => clipboard;

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
  clipboard = { fromProject: session.uuid, sheet, refs };
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

function fresh(item: Item): Item {
  const { ticket: _t, base_ticket: _b, updateTime: _u, ...rest } = item as Item & { base_ticket?: unknown; updateTime?: unknown };
  return rest as Item;
}

/** Pastes the clipboard page as the last sheet of `schematicId`. Returns the new sheet id. */
export async function pastePage(session: ProjectSession, schematicId: string, onProgress: (share: number) => void): Promise<string> {
  // SYNC-9: no sync while the paste writes; resumed and forced once it is done (or failed)
  const resume = session.suspendSync?.();
  try {
    const clip = clipboard;
    const { items } = session.snapshot();
    const sch = items.schematics.get(schematicId);
    if (!clip || !sch) throw CatalogueError.named('PRJ_NOT_EXIST');
    // IMP-8: a page that is itself a level of a hierarchy (sheet symbols linking child sheets, block
    // symbols) would arrive without its children: refused before anything is written
    if (hasOwnNesting(clip)) throw CatalogueError.named('NESTED_PASTE');
    const missing = clip.refs.filter((r) => !items[r.kind].has(String(r.item.uuid)));
    const total = missing.length + 2;
    let done = 0;
    const step = () => onProgress(++done / total);
    // library items first (UP-1 order puts them before sheets as well)
    for (const r of missing) {
      await session.edit(r.kind, fresh(r.item));
      step();
    }
    const siblings = [...items.sheets.values()].filter((s) => s.schematic_uuid === schematicId);
    const title = renameWithSuffix(itemName(clip.sheet), (n) => siblings.some((s) => itemName(s) === n));
    const id = newDocumentId();
    const sheetNo = Math.max(0, ...siblings.map((s) => Number(s.sheet_id) || 0)) + 1;
    await session.edit('schematics', { ...sch, sort: [...(Array.isArray(sch.sort) ? sch.sort : siblings.map((s) => s.uuid)), id] });
    step();
    await session.edit('sheets', { ...fresh(clip.sheet), uuid: id, schematic_uuid: schematicId, title, display_title: title, sheet_id: sheetNo });
    step();
    return id;
  } catch (err) {
    throw new CatalogueError('PASTE_POSITION_FAILED', `${NAMED_ERRORS.PASTE_POSITION_FAILED} ${err instanceof Error ? err.message : String(err)}`);
  } finally {
    await resume?.();
  }
}
