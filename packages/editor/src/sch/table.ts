/**
 * Schematic tables made and edited in the editor (FORMAT.md: TABLE with TABEL_CELL children, written
 * as EasyEDA Pro writes them in its title blocks, so an exported sheet opens there):
 *   ["TABLE", id, x, y (top-left), [row heights], [column widths], [0 per row], [0 per column], 0]
 *   ["TABEL_CELL", id, tableId, value, row, col, rowSpan, colSpan, top, right, bottom, left, font, 1]
 * Every cell of the grid is written, also those a merged cell covers (EasyEDA does). The border styles
 * are one LINESTYLE left all null (EasyEDA's default line), the font one FONTSTYLE left all null,
 * reused when the sheet has them. Every operation is one commit (one undo step). Units 0.01 inch, Y up.
 */
import type { EditorDocument, Tx } from '../core/document.ts';
import { FontStyle, LineStyle, Table, TableCell } from '@copperplate/format/records';
import { num, recType, type Rec } from '../core/records.ts';

/** New tables: row height and column width (0.01 inch), as EasyEDA's title block rows. */
export const TABLE_ROW_HEIGHT = 20;
export const TABLE_COL_WIDTH = 100;
/** The largest grid "Place table" makes. */
export const TABLE_MAX = 100;

export interface TableSize { rows: number; cols: number }
export interface TableCellInfo { key: string; row: number; col: number; rowSpan: number; colSpan: number; value: string }
export interface TableShape { key: string; x: number; y: number; rowHeights: number[]; colWidths: number[]; cells: TableCellInfo[] }

const nums = (v: unknown): number[] => (Array.isArray(v) ? v.map((x) => num(x)) : []);

/** The table `tableId` (its key), its sizes and its cells by row then column; undefined when absent. */
export function tableShape(doc: EditorDocument, tableId: string): TableShape | undefined {
  const r = doc.get(tableId);
  if (!r || recType(r) !== 'TABLE') return undefined;
  const t = Table.parse(r);
  const cells: TableCellInfo[] = [];
  for (const k of doc.childrenOf(tableId)) {
    const c = doc.get(k);
    if (!c || recType(c) !== 'TABEL_CELL') continue;
    const p = TableCell.parse(c);
    cells.push({ key: k, row: p.row, col: p.col, rowSpan: Math.max(1, p.rowSpan), colSpan: Math.max(1, p.colSpan), value: p.value });
  }
  cells.sort((a, b) => a.row - b.row || a.col - b.col);
  return { key: tableId, x: t.x, y: t.y, rowHeights: nums(t.rowHeights), colWidths: nums(t.colWidths), cells };
}

/** The cell of table `tableId` under (x, y) (the merged cell when one covers it), else undefined. */
export function tableCellAt(doc: EditorDocument, tableId: string, x: number, y: number): TableCellInfo | undefined {
  const t = tableShape(doc, tableId);
  if (!t) return undefined;
  const col = indexAt(t.colWidths, x - t.x), row = indexAt(t.rowHeights, t.y - y);
  if (row < 0 || col < 0) return undefined;
  return t.cells.find((c) => row >= c.row && row < c.row + c.rowSpan && col >= c.col && col < c.col + c.colSpan && !coveredBy(t.cells, c));
}
function indexAt(sizes: number[], d: number): number {
  let acc = 0;
  for (let i = 0; i < sizes.length; i++) { acc += sizes[i]; if (d >= acc - sizes[i] && d <= acc) return i; }
  return -1;
}
/** Whether cell `c` lies under another cell's span. */
function coveredBy(cells: TableCellInfo[], c: TableCellInfo): boolean {
  return cells.some((a) => a !== c && (a.rowSpan > 1 || a.colSpan > 1) && c.row >= a.row && c.row < a.row + a.rowSpan && c.col >= a.col && c.col < a.col + a.colSpan);
}

/** The id of an all-null style record of `type` in the document, added when there is none. */
function defaultStyle(doc: EditorDocument, tx: Tx, type: 'LINESTYLE' | 'FONTSTYLE'): string {
  const len = type === 'LINESTYLE' ? 5 : 10;
  for (const [, r] of doc.ofType(type)) {
    if (type === 'LINESTYLE') {
      const s = LineStyle.parse(r);
      if (s.color == null && s.dash == null && (s.fill == null || s.fill === '') && s.width == null && s.fillStyle == null) return s.id;
    } else {
      const f = FontStyle.parse(r);
      const { id, ...rest } = f;
      if (Object.values(rest).every((v) => v == null)) return id;
    }
  }
  const id = tx.newId();
  // EasyEDA's own default line style: ["LINESTYLE", id, null, null, "", null, null]
  tx.add(type === 'LINESTYLE' ? ['LINESTYLE', id, null, null, '', null, null] : ['FONTSTYLE', id, ...Array.from({ length: len }, () => null)]);
  return id;
}

interface Styles { top: string; right: string; bottom: string; left: string; font: string }
const cellRec = (id: string, table: string, value: string, row: number, col: number, s: Styles, rowSpan = 1, colSpan = 1): Rec =>
  ['TABEL_CELL', id, table, value, row, col, rowSpan, colSpan, s.top, s.right, s.bottom, s.left, s.font, 1];
const stylesOf = (r: Rec): Styles => {
  const c = TableCell.parse(r);
  return { top: c.topStyleId, right: c.rightStyleId, bottom: c.bottomStyleId, left: c.leftStyleId, font: c.fontStyleId };
};

/** Adds a `rows` x `cols` table with its top-left corner at (x, y), as one commit; returns the TABLE's key. */
export function createTable(doc: EditorDocument, x: number, y: number, rows: number, cols: number): string {
  rows = clampCount(rows); cols = clampCount(cols);
  let key = '';
  doc.commit('Place table', (tx) => {
    const id = tx.newId();
    key = tx.add(['TABLE', id, x, y, Array(rows).fill(TABLE_ROW_HEIGHT), Array(cols).fill(TABLE_COL_WIDTH), Array(rows).fill(0), Array(cols).fill(0), 0]);
    const line = defaultStyle(doc, tx, 'LINESTYLE'), font = defaultStyle(doc, tx, 'FONTSTYLE');
    const s = { top: line, right: line, bottom: line, left: line, font };
    for (let r = 0; r < rows; r++) for (let c = 0; c < cols; c++) tx.add(cellRec(tx.newId(), id, '', r, c, s));
  });
  return key;
}
const clampCount = (n: number): number => Math.max(1, Math.min(TABLE_MAX, Math.floor(Number.isFinite(n) ? n : 1)));

/** Sets a cell's text (one commit); false when nothing changed. */
export function setCellValue(doc: EditorDocument, cellKey: string, value: string): boolean {
  const r = doc.get(cellKey);
  if (!r || recType(r) !== 'TABEL_CELL' || TableCell.get(r, 'value') === value) return false;
  doc.commit('Edit cell', (tx) => tx.update(cellKey, (q) => TableCell.with(q, { value })));
  return true;
}

type Axis = 'row' | 'col';
const SIZES = { row: ['rowHeights', 'rowFlags'], col: ['colWidths', 'colFlags'] } as const;
const span = (c: TableCellInfo, a: Axis) => (a === 'row' ? c.rowSpan : c.colSpan);
const pos = (c: TableCellInfo, a: Axis) => (a === 'row' ? c.row : c.col);
const other: Record<Axis, Axis> = { row: 'col', col: 'row' };

/**
 * Inserts a row (or column) before index `at` (0 .. count) of table `tableId`, one commit. The new
 * cells take the styles of their neighbours; a merged cell across `at` grows to cover its new cell.
 */
export function insertLine(doc: EditorDocument, tableId: string, axis: Axis, at: number): boolean {
  const t = tableShape(doc, tableId);
  if (!t) return false;
  const count = axis === 'row' ? t.rowHeights.length : t.colWidths.length;
  at = Math.max(0, Math.min(count, Math.floor(at)));
  const across = axis === 'row' ? t.colWidths.length : t.rowHeights.length;
  const tableRec = doc.get(tableId)!;
  const [sizeField, flagField] = SIZES[axis];
  const sizes = nums(Table.get(tableRec, sizeField)), flags = nums(Table.get(tableRec, flagField));
  const size = sizes[Math.min(at, count - 1)] ?? (axis === 'row' ? TABLE_ROW_HEIGHT : TABLE_COL_WIDTH);
  doc.commit(axis === 'row' ? 'Insert row' : 'Insert column', (tx) => {
    sizes.splice(at, 0, size); flags.splice(at, 0, 0);
    tx.update(tableId, (q) => Table.with(q, { [sizeField]: sizes, [flagField]: flags }));
    for (const c of t.cells) {
      const p = pos(c, axis), s = span(c, axis);
      if (p >= at) tx.update(c.key, (q) => TableCell.with(q, { [axis]: p + 1 }));
      else if (p + s > at) tx.update(c.key, (q) => TableCell.with(q, { [axis === 'row' ? 'rowSpan' : 'colSpan']: s + 1 }));
    }
    // the new line's cells: styles of the cell beside them (the one before, else the one after)
    const from = at > 0 ? at - 1 : at;
    for (let j = 0; j < across; j++) {
      const n = t.cells.find((c) => pos(c, axis) === from && pos(c, other[axis]) === j) ?? t.cells[0];
      const s = n ? stylesOf(doc.get(n.key)!) : { top: '', right: '', bottom: '', left: '', font: '' };
      tx.add(cellRec(tx.newId(), Table.get(tableRec, 'id'), '', axis === 'row' ? at : j, axis === 'row' ? j : at, s));
    }
  });
  return true;
}

/**
 * Removes row (or column) `at` of table `tableId`, one commit; the last row or column stays. A
 * merged cell across it shrinks; one that starts on it keeps its text and moves onto the next line
 * (the cell it covered there goes instead).
 */
export function removeLine(doc: EditorDocument, tableId: string, axis: Axis, at: number): boolean {
  const t = tableShape(doc, tableId);
  if (!t) return false;
  const count = axis === 'row' ? t.rowHeights.length : t.colWidths.length;
  if (count <= 1 || at < 0 || at >= count) return false;
  const tableRec = doc.get(tableId)!;
  const [sizeField, flagField] = SIZES[axis];
  const sizes = nums(Table.get(tableRec, sizeField)), flags = nums(Table.get(tableRec, flagField));
  const anchorOf = (c: TableCellInfo) => t.cells.find((a) => a.row <= c.row && c.row < a.row + a.rowSpan && a.col <= c.col && c.col < a.col + a.colSpan && (a.rowSpan > 1 || a.colSpan > 1) && a !== c) ?? c;
  const at2 = (p: number, q: number) => t.cells.find((c) => pos(c, axis) === p && pos(c, other[axis]) === q);
  doc.commit(axis === 'row' ? 'Remove row' : 'Remove column', (tx) => {
    sizes.splice(at, 1); flags.splice(at, 1);
    tx.update(tableId, (q) => Table.with(q, { [sizeField]: sizes, [flagField]: flags }));
    const gone = new Set<string>();
    for (const c of t.cells) {
      if (pos(c, axis) !== at) continue;
      const a = anchorOf(c);
      // a merged cell starting on this line and going on: it stays, the cell it covers on the next line goes
      if (pos(a, axis) === at && span(a, axis) > 1) { const next = at2(at + 1, pos(c, other[axis])); if (next) gone.add(next.key); }
      else gone.add(c.key);
    }
    for (const c of t.cells) {
      if (gone.has(c.key)) { tx.remove(c.key); continue; }
      const p = pos(c, axis), s = span(c, axis);
      const patch: Record<string, number> = {};
      if (p > at) patch[axis] = p - 1;
      if (s > 1 && p <= at && at < p + s) patch[axis === 'row' ? 'rowSpan' : 'colSpan'] = s - 1;
      if (Object.keys(patch).length) tx.update(c.key, (q) => TableCell.with(q, patch));
    }
  });
  return true;
}

/** What the table tool and actions need from the schematic editor. */
export interface TableHost {
  doc: EditorDocument;
  grid: { snapPt(p: { x: number; y: number }): { x: number; y: number } };
  selection: { ids: readonly string[]; select(ids: string[]): void };
  tools: { reset(): void };
}

/**
 * Place table: armed with a size (rows x columns), the table's outline follows the cursor (its
 * top-left corner snapped to the grid); a click places it (one commit), selects it and returns to
 * the select tool.
 */
export class PlaceTableTool {
  readonly id = 'table';
  state: 'idle' | 'placing' = 'idle';
  rows = 3;
  cols = 3;
  cur = { x: 0, y: 0 };
  constructor(private ed: TableHost) {}
  arm(rows: number, cols: number): void { this.rows = clampCount(rows); this.cols = clampCount(cols); this.state = 'placing'; }
  pointer(ev: { kind: string; x: number; y: number; button?: number }): void {
    this.cur = this.ed.grid.snapPt({ x: ev.x, y: ev.y });
    if (ev.kind !== 'down' || this.state !== 'placing' || ev.button === 2) return;
    const key = createTable(this.ed.doc, this.cur.x, this.cur.y, this.rows, this.cols);
    this.state = 'idle';
    this.ed.selection.select([key]);
    this.ed.tools.reset();
  }
  cancel(): void { this.state = 'idle'; }
  overlay(): Array<{ kind: 'rect'; minX: number; minY: number; maxX: number; maxY: number }> {
    if (this.state !== 'placing') return [];
    const { x, y } = this.cur;
    return [{ kind: 'rect', minX: x, minY: y - this.rows * TABLE_ROW_HEIGHT, maxX: x + this.cols * TABLE_COL_WIDTH, maxY: y }];
  }
}

/** The table and cell the editing acts on: the selected cell, else the selected table's first cell. */
export function tableTarget(doc: EditorDocument, ids: readonly string[], activeCell?: string): { table: string; cell?: TableCellInfo } | undefined {
  const pick = activeCell && doc.has(activeCell) ? activeCell : ids.length === 1 ? ids[0] : undefined;
  const r = pick ? doc.get(pick) : undefined;
  if (!r) return undefined;
  const table = recType(r) === 'TABLE' ? pick! : recType(r) === 'TABEL_CELL' ? TableCell.get(r, 'tableId') : '';
  const t = table ? tableShape(doc, table) : undefined;
  if (!t) return undefined;
  return { table, cell: t.cells.find((c) => c.key === pick) ?? t.cells[0] };
}
