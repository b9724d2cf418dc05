/** STRING: PCB text. Units mil, Y up; origin 1..9 (EasyEDA align code, 3 = left-bottom (?)). */
import { defineRecord, fBool, fJson, fNum, fNumN, fStr, type Parsed } from '../field.ts';

export const PcbString = defineRecord('STRING', 'pcb', {
  id: fStr(1, 'id'),
  /** Group id: 0 = none; written as a number or a string by different editors, kept as read. */
  group: fJson<string | number>(2, 'groupId', 0),
  layer: fNum(3, 'layerId', 3),
  x: fNum(4, { v3: 'x', unit: 'mil' }),
  y: fNum(5, { v3: 'y', unit: 'mil' }),
  text: fStr(6, 'text'),
  font: fStr(7, 'fontFamily', 'default'),
  height: fNum(8, { v3: 'fontSize', unit: 'mil' }, 40),
  strokeWidth: fNum(9, { v3: 'strokeWidth', unit: 'mil' }, 6),
  bold: fBool(10, 'bold'),
  italic: fBool(11, 'italic'),
  origin: fNum(12, 'origin', 3),
  angle: fNum(13, { v3: 'angle', unit: 'degrees CCW' }),
  reverse: fBool(14, 'reverse'),
  expansion: fNum(15, { v3: 'expansion', unit: 'mil' }),
  mirror: fBool(16, 'mirror'),
  locked: fBool(17, 'locked'),
  /**
   * Ours, not EasyEDA's: the glyph width of text in KiCad's font (font "KiCad Font", imported from
   * KiCad, whose text size has a width and a height); absent = as wide as high.
   */
  glyphWidth: fNumN(18, { unit: 'mil', ours: true }),
});
export type PcbString = Parsed<typeof PcbString.fields>;
