/**
 * PCB ATTR: a key/value on a component (Device, Footprint, Designator, ...) or the document; shown as
 * text when visible. Units mil, Y up; position null = never shown. Parent at index 3 (schematic: 2).
 */
import { defineRecord, fBool, fJson, fNum, fNumN, fStr, type Parsed } from '../field.ts';

export const PcbAttr = defineRecord('ATTR', 'pcb', {
  id: fStr(1, 'id'),
  /** Group id: 0 = none; written as a number or a string by different editors, kept as read. */
  group: fJson<string | number>(2, 'groupId', 0),
  parentId: fStr(3, 'parentId'),
  layer: fNum(4, 'layerId', 3),
  x: fNumN(5, { v3: 'x', unit: 'mil' }),
  y: fNumN(6, { v3: 'y', unit: 'mil' }),
  key: fStr(7, 'key'),
  value: fStr(8, { v3: 'value', doc: 'numbers are read as strings and written back as read' }),
  keyVisible: fBool(9, 'keyVisible'),
  valueVisible: fBool(10, 'valueVisible'),
  font: fStr(11, 'fontFamily', 'default'),
  height: fNum(12, { v3: 'fontSize', unit: 'mil' }, 40),
  strokeWidth: fNum(13, { v3: 'strokeWidth', unit: 'mil' }, 6),
  bold: fBool(14, 'bold'),
  italic: fBool(15, 'italic'),
  origin: fNum(16, 'origin', 3),
  angle: fNum(17, { v3: 'angle', unit: 'degrees CCW' }),
  reverse: fBool(18, 'reverse'),
  expansion: fNum(19, { v3: 'expansion', unit: 'mil' }),
  mirror: fBool(20, 'mirror'),
  locked: fBool(21, 'locked'),
});
export type PcbAttr = Parsed<typeof PcbAttr.fields>;
