/** TABEL_CELL (sic): one cell of a TABLE (its parent). Styles are LINESTYLE / FONTSTYLE ids. */
import { defineRecord, fNum, fStr, type Parsed } from '../field.ts';

export const TableCell = defineRecord('TABEL_CELL', 'sch', {
  id: fStr(1, 'id'),
  tableId: fStr(2, { doc: 'parent TABLE id' }),
  value: fStr(3, 'value'),
  row: fNum(4, 'rowIndex'),
  col: fNum(5, 'columnIndex'),
  rowSpan: fNum(6, 'rowSpan', 1),
  colSpan: fNum(7, 'colSpan', 1),
  topStyleId: fStr(8, 'topStyle'),
  rightStyleId: fStr(9, 'rightStyle'),
  bottomStyleId: fStr(10, 'bottomStyle'),
  leftStyleId: fStr(11, 'leftStyle'),
  fontStyleId: fStr(12, 'fontStyle'),
  lineHeight: fNum(13, 'lineHeight'),
});
export type TableCell = Parsed<typeof TableCell.fields>;
