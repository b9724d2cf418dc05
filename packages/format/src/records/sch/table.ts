/** TABLE: top-left corner, row heights, column widths; its cells are TABEL_CELL records. Units 0.01 inch, Y up. */
import { defineRecord, fBool, fJson, fNum, fStr, type Parsed } from '../field.ts';

export const Table = defineRecord('TABLE', 'sch', {
  id: fStr(1, 'id'),
  x: fNum(2, { v3: 'startX', unit: '0.01 inch', doc: 'top-left' }),
  y: fNum(3, { v3: 'startY', unit: '0.01 inch', doc: 'top-left' }),
  rowHeights: fJson<unknown>(4, { unit: '0.01 inch' }),
  colWidths: fJson<unknown>(5, { unit: '0.01 inch' }),
  /** One number per row (0 in real files) (?). */
  rowFlags: fJson<unknown>(6),
  /** One number per column (0 in real files) (?). */
  colFlags: fJson<unknown>(7),
  locked: fBool(8, 'locked'),
});
export type Table = Parsed<typeof Table.fields>;
