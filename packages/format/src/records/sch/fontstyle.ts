/** FONTSTYLE: a text style referenced by id (may come before its use). null = default. V3 inlines these fields in ATTR/TEXT. */
import { defineRecord, fBoolN, fNumN, fStr, fStrN, type Parsed } from '../field.ts';

export const FontStyle = defineRecord('FONTSTYLE', 'sch', {
  id: fStr(1, 'id'),
  color: fStrN(2, 'color'),
  /** Background or text colour (real files put the text colour here). */
  fillColor: fStrN(3, 'fillColor'),
  font: fStrN(4, 'fontFamily'),
  size: fNumN(5, { v3: 'fontSize', unit: '0.01 inch' }),
  italic: fBoolN(6, 'italic'),
  bold: fBoolN(7, 'fontWeight'),
  underline: fBoolN(8, 'underline'),
  strike: fBoolN(9, 'strikeout'),
  /** 0 top, 1 middle, 2 bottom (V3 align). */
  vAlign: fNumN(10),
  /** 0 left, 1 centre, 2 right (V3 align). */
  hAlign: fNumN(11),
});
export type FontStyle = Parsed<typeof FontStyle.fields>;
