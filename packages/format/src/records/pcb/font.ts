/** FONT: glyph outlines of one TrueType text (keyed by text and family) so it draws without the font. */
import { defineRecord, fBool, fJson, fNum, fStr, type Parsed } from '../field.ts';

export const Font = defineRecord('FONT', 'pcb', {
  text: fStr(1),
  family: fStr(2, 'fontFamily'),
  fontSize: fNum(3, { unit: 'mil (?)' }),
  /** 10 in real files (?). */
  f4: fNum(4),
  bold: fBool(5, {}, 'bool'),
  italic: fBool(6, {}, 'bool'),
  /** false in real files (?). */
  f7: fBool(7, {}, 'bool'),
  strokeWidth: fNum(8, { unit: 'mil (?)' }),
  width: fNum(9, 'width'),
  height: fNum(10, 'height'),
  /** Glyph outlines in 10 mil (x10 for mil; editor pcb/text.ts), laid into width x height (mil). */
  paths: fJson<unknown>(11, 'path'),
});
export type Font = Parsed<typeof Font.fields>;
