/**
 * Copying table cells (SPEC §3 local store "copy-and-paste table cell", §7 the client cache call
 * `copyAndPasteTableCell`): a block of cells of a sheet's TABLE (a title block, a revision table)
 * is copied as rows of values. The copy goes to the local database (store copyAndPasteTableCell,
 * key `cells`) and to the user's client cache in the cloud, so that another tab or browser of the
 * same user pastes it into a table of its own sheet: the newest copy wins. A paste writes the
 * values into the cells from the chosen cell on (cells that do not exist are left out), as one
 * commit (one undo step).
 */
import { z } from 'zod';
import { TableCell } from '@copperplate/format/records';
import type { EditorDocument } from '@copperplate/editor';
import type { LocalStore } from '@copperplate/sync';
import { CACHE_KEYS, type CacheCalls } from '../lib/client-cache.ts';

export interface CellBlock { rows: string[][]; time: number }
export interface CellRange { r0: number; c0: number; r1: number; c1: number }
export interface Cell { key: string; row: number; col: number; value: string }
/** Where a copy goes and is read back from (both optional: a tab without them keeps its copy). */
export interface CellStores {
  local?: () => Promise<Pick<LocalStore, 'kvGet' | 'kvSet'>>;
  cloud?: CacheCalls;
}
/** The key of the copy in the local store copyAndPasteTableCell. */
export const LOCAL_CELLS_KEY = 'cells';

const Block = z.object({ rows: z.array(z.array(z.string())), time: z.number() });
let copied: CellBlock | null = null;
export const copiedCells = (): CellBlock | null => copied;
/** Forgets this tab's copy (tests; a new page starts without one). */
export function resetCopiedCells(): void { copied = null; }

/** The cells of table `tableId`, by row then column. */
export function tableCells(doc: EditorDocument, tableId: string): Cell[] {
  const out: Cell[] = [];
  for (const [key, r] of doc.ofType('TABEL_CELL')) {
    const c = TableCell.parse(r);
    if (c.tableId === tableId) out.push({ key, row: c.row, col: c.col, value: c.value });
  }
  return out.sort((a, b) => a.row - b.row || a.col - b.col);
}

const norm = (r: CellRange): CellRange => ({ r0: Math.min(r.r0, r.r1), c0: Math.min(r.c0, r.c1), r1: Math.max(r.r0, r.r1), c1: Math.max(r.c0, r.c1) });

/** Copies the cells of `range` (rows of values; a missing cell is ''), locally and to the cloud. */
export async function copyCells(doc: EditorDocument, tableId: string, range: CellRange, stores: CellStores = {}): Promise<CellBlock> {
  const g = norm(range);
  const at = new Map(tableCells(doc, tableId).map((c) => [`${c.row}:${c.col}`, c.value]));
  const rows: string[][] = [];
  for (let r = g.r0; r <= g.r1; r++) {
    const row: string[] = [];
    for (let c = g.c0; c <= g.c1; c++) row.push(at.get(`${r}:${c}`) ?? '');
    rows.push(row);
  }
  const block = { rows, time: Math.max(Date.now(), (copied?.time ?? 0) + 1) };
  copied = block;
  await Promise.all([
    stores.local?.().then((s) => s.kvSet('copyAndPasteTableCell', LOCAL_CELLS_KEY, block)).catch(() => undefined),
    stores.cloud?.set(CACHE_KEYS.tableCell, JSON.stringify(block)).catch(() => undefined),
  ]);
  return block;
}

function parse(v: unknown): CellBlock | null {
  try {
    const r = Block.safeParse(typeof v === 'string' ? JSON.parse(v) : v);
    return r.success ? r.data : null;
  } catch {
    return null;
  }
}

/** Takes the newest copy of the local store and the cloud when it is newer than this tab's. Returns whether it did. */
export async function pullCells(stores: CellStores): Promise<boolean> {
  const found = await Promise.all([
    stores.local?.().then((s) => s.kvGet('copyAndPasteTableCell', LOCAL_CELLS_KEY)).then(parse, () => null),
    stores.cloud?.get(CACHE_KEYS.tableCell).then(parse, () => null),
  ]);
  const newest = found.filter((b): b is CellBlock => !!b).sort((a, b) => b.time - a.time)[0];
  if (!newest || (copied && copied.time >= newest.time)) return false;
  copied = newest;
  return true;
}

/** Pastes `block` (default: the copy) into table `tableId` from cell (row, col) on. Returns how many cells changed. */
export function pasteCells(doc: EditorDocument, tableId: string, row: number, col: number, block: CellBlock | null = copied): number {
  if (!block) return 0;
  const byPos = new Map(tableCells(doc, tableId).map((c) => [`${c.row}:${c.col}`, c]));
  const writes: Array<{ key: string; value: string }> = [];
  block.rows.forEach((vals, i) => vals.forEach((value, j) => {
    const c = byPos.get(`${row + i}:${col + j}`);
    if (c && c.value !== value) writes.push({ key: c.key, value });
  }));
  if (writes.length) doc.commit('Paste cells', (tx) => { for (const w of writes) tx.update(w.key, (q) => TableCell.with(q, { value: w.value })); });
  return writes.length;
}
