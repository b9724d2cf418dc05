/**
 * [issue-17] Schematic tables made in the editor: Place table (rows x columns, the registry's action
 * with its shortcut), cell text, rows and columns added and removed, each one undo step; the records
 * have the shape EasyEDA Pro writes (compared field by field with a title block table of a real
 * export), and merged cells of a real table survive a removed row.
 */
import { describe, expect, it } from 'vitest';
import { parseDocuments } from '@copperplate/format';
import {
  EditorDocument, SchematicEditor, createTable, insertLine, openDocument, removeLine, serializeDocument, setCellValue, tableCellAt, tableShape,
} from '../src/index.ts';
import { entryText, fixture } from './fixtures.ts';

const blank = () => new EditorDocument(parseDocuments('["DOCTYPE","SCH","1.1"]\n["HEAD",{"originX":0,"originY":0,"maxId":0}]'));
const grid = (doc: EditorDocument, table: string) => {
  const t = tableShape(doc, table)!;
  const out: string[][] = t.rowHeights.map(() => t.colWidths.map(() => ''));
  for (const c of t.cells) out[c.row][c.col] = c.value;
  return out;
};
/** The title block table of a real EasyEDA Pro export (a symbol of type 20). */
function easyedaTable(): { doc: EditorDocument; id: string } {
  const a = fixture('ExtModule-002.epro');
  const path = [...a.entries.keys()].find((p) => p.endsWith('.esym') && entryText(a, p).includes('"TABLE"'))!;
  const doc = openDocument(entryText(a, path));
  return { doc, id: doc.ofType('TABLE')[0][0] };
}
const kind = (v: unknown) => (Array.isArray(v) ? `array of ${[...new Set(v.map((x) => typeof x))].join(',')}` : v === null ? 'null' : typeof v);

describe('[issue-17] schematic tables', () => {
  it('Place table: the size asked, the outline follows the cursor, a click places it (one undo step) and selects it', async () => {
    const doc = blank();
    const ed = new SchematicEditor(doc, { ctx: { symbols: new Map(), devices: {} } });
    ed.askTableSize = () => Promise.resolve({ rows: 2, cols: 3 });
    expect(ed.actions.forKey({ key: 'T', shift: true })?.id).toBe('place.table');
    expect(ed.actions.byMenu('Place').map((x) => x.id)).toContain('place.table');
    expect(ed.key({ key: 'T', shift: true })).toBe(true);
    await expect.poll(() => ed.tools.active?.id).toBe('table');
    ed.pointer({ kind: 'move', x: 101, y: 52 });
    expect(ed.tools.overlay()).toEqual([{ kind: 'rect', minX: 100, minY: 10, maxX: 400, maxY: 50 }]);
    ed.pointer({ kind: 'down', x: 101, y: 52 });
    ed.pointer({ kind: 'up', x: 101, y: 52 });
    const [[tk]] = doc.ofType('TABLE');
    expect(ed.selection.ids).toEqual([tk]);
    expect(ed.tools.active?.id).toBe('select');
    expect(grid(doc, tk)).toEqual([['', '', ''], ['', '', '']]);
    expect(doc.records().filter((r) => r[0] === 'TABEL_CELL')).toHaveLength(6);
    // the table is drawn and hit where it is
    expect(ed.hit(250, 25)).toBe(tk);
    expect(tableCellAt(doc, tk, 250, 25)).toMatchObject({ row: 1, col: 1 });
    ed.undo();
    expect(doc.ofType('TABLE')).toHaveLength(0);
    expect(doc.records().filter((r) => r[0] === 'TABEL_CELL' || r[0] === 'LINESTYLE' || r[0] === 'FONTSTYLE')).toHaveLength(0);
  });

  it('cell text, rows and columns: each one commit (one undo step)', () => {
    const doc = blank();
    const t = createTable(doc, 0, 0, 2, 2);
    const at = (r: number, c: number) => tableShape(doc, t)!.cells.find((x) => x.row === r && x.col === c)!.key;
    expect(setCellValue(doc, at(0, 0), 'Rev')).toBe(true);
    expect(setCellValue(doc, at(0, 1), 'Date')).toBe(true);
    expect(setCellValue(doc, at(0, 1), 'Date')).toBe(false); // unchanged: no commit
    insertLine(doc, t, 'row', 1);
    setCellValue(doc, at(1, 0), 'A');
    insertLine(doc, t, 'col', 0);
    expect(grid(doc, t)).toEqual([['', 'Rev', 'Date'], ['', 'A', ''], ['', '', '']]);
    expect(tableShape(doc, t)!.colWidths).toEqual([100, 100, 100]);
    removeLine(doc, t, 'row', 2);
    removeLine(doc, t, 'col', 0);
    expect(grid(doc, t)).toEqual([['Rev', 'Date'], ['A', '']]);
    expect(tableShape(doc, t)!.rowHeights).toEqual([20, 20]);
    doc.undo(); // the column comes back
    expect(grid(doc, t)).toEqual([['', 'Rev', 'Date'], ['', 'A', '']]);
    doc.undo(); doc.undo(); doc.undo(); doc.undo(); // row 2, column 0, the text A, row 1
    expect(grid(doc, t)).toEqual([['Rev', 'Date'], ['', '']]);
    // the last row stays
    removeLine(doc, t, 'row', 0);
    expect(removeLine(doc, t, 'row', 0)).toBe(false);
    expect(grid(doc, t)).toEqual([['', '']]);
  });

  it('the records have the shape of EasyEDA Pro\'s (field by field against a real export) and read back the same', () => {
    const { doc: ref, id } = easyedaTable();
    const refTable = ref.get(id)!;
    const refCell = ref.get(tableShape(ref, id)!.cells[2].key)!;
    const doc = blank();
    const t = createTable(doc, 40, 60, 2, 2);
    const mine = doc.get(t)!;
    const cell = doc.get(tableShape(doc, t)!.cells[0].key)!;
    expect(mine.map(kind)).toEqual(refTable.map(kind));
    expect(cell.map(kind)).toEqual(refCell.map(kind));
    // the styles the cells name exist, written as EasyEDA writes its defaults
    const line = doc.get(String(cell[8]))!, font = doc.get(String(cell[12]))!;
    expect(line.slice(2)).toEqual(ref.get(String(refCell[8]))!.slice(2));
    expect(font).toHaveLength(12);
    expect(font.slice(2).every((v) => v === null)).toBe(true);
    // a second table reuses them
    const t2 = createTable(doc, 400, 60, 1, 1);
    expect(doc.get(tableShape(doc, t2)!.cells[0].key)![8]).toBe(cell[8]);
    expect(doc.ofType('LINESTYLE')).toHaveLength(1);
    // written and read back (what an export carries)
    const again = openDocument(serializeDocument(doc));
    expect(again.get(t)).toEqual(mine);
    expect(tableShape(again, t)!.cells).toHaveLength(4);
  });

  it('a real title block: removing a row under merged cells keeps their text, adding one grows them', () => {
    const { doc, id } = easyedaTable();
    const before = tableShape(doc, id)!;
    const anchor = before.cells.find((c) => c.row === 0 && c.col === 1)!; // ={@Schematic Name}, 2 rows x 4 columns
    expect([anchor.rowSpan, anchor.colSpan]).toEqual([2, 4]);
    insertLine(doc, id, 'row', 1);
    expect(tableShape(doc, id)!.cells.find((c) => c.key === anchor.key)).toMatchObject({ row: 0, rowSpan: 3, colSpan: 4 });
    doc.undo();
    removeLine(doc, id, 'row', 0);
    const after = tableShape(doc, id)!;
    expect(after.rowHeights).toHaveLength(before.rowHeights.length - 1);
    expect(after.cells).toHaveLength(before.cells.length - before.colWidths.length);
    expect(after.cells.find((c) => c.key === anchor.key)).toMatchObject({ row: 0, rowSpan: 1, colSpan: 4, value: '={@Schematic Name}' });
    // every position of the grid still has one cell
    const seen = new Set(after.cells.map((c) => `${c.row}:${c.col}`));
    expect(seen.size).toBe(after.cells.length);
    expect(seen.size).toBe(after.rowHeights.length * after.colWidths.length);
    doc.undo();
    expect(tableShape(doc, id)!.cells).toHaveLength(before.cells.length);
  });

  it('the table actions act on the chosen cell', () => {
    const doc = blank();
    const ed = new SchematicEditor(doc, { ctx: { symbols: new Map(), devices: {} } });
    const t = createTable(doc, 0, 0, 2, 2);
    expect(ed.actions.get('table.insertRowBelow')!.enabled!()).toBe(false);
    ed.selection.select([t]);
    ed.activeCell = tableShape(doc, t)!.cells.find((c) => c.row === 1 && c.col === 0)!.key;
    setCellValue(doc, ed.activeCell, 'x');
    expect(ed.actions.run('table.insertRowAbove')).toBe(true);
    expect(ed.actions.run('table.insertColumnRight')).toBe(true);
    expect(grid(doc, t)).toEqual([['', '', ''], ['', '', ''], ['x', '', '']]);
    ed.activeCell = undefined;
    ed.selection.select([t]); // the first cell
    expect(ed.actions.run('table.removeRow')).toBe(true);
    expect(ed.actions.run('table.removeColumn')).toBe(true);
    expect(grid(doc, t)).toEqual([['', ''], ['', '']]);
  });
});
