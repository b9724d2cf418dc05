/**
 * Schematic/symbol ATTR: a key/value on a component, pin, wire (net name), or the document
 * (parentId ""). Units 0.01 inch, Y up. Position null = never shown.
 */
import { defineRecord, fBool, fBoolN, fNum, fNumN, fStr, type Parsed } from '../field.ts';

export const SchAttr = defineRecord('ATTR', 'sch', {
  id: fStr(1, 'id'),
  parentId: fStr(2, { v3: 'parentId', doc: '"" = the document' }),
  key: fStr(3, 'key'),
  value: fStr(4, { v3: 'value', doc: 'numbers are read as strings and written back as read' }),
  /** null = default (real V2 files write null on instance attributes; V3 too). */
  keyVisible: fBoolN(5, 'keyVisible'),
  valueVisible: fBoolN(6, 'valueVisible'),
  x: fNumN(7, { v3: 'x', unit: '0.01 inch' }),
  y: fNumN(8, { v3: 'y', unit: '0.01 inch' }),
  rotation: fNum(9, { v3: 'rotation', unit: 'degrees CCW' }),
  /** FONTSTYLE id (V3 carries the font fields inline: color, fontFamily, fontSize, ...). */
  fontStyleId: fStr(10),
  locked: fBool(11, 'locked'),
});
export type SchAttr = Parsed<typeof SchAttr.fields>;
