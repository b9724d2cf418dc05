/**
 * PANEL STRING: printed text. V3 TPanelString. `matrix` places the text (its e,f are the anchor in
 * mil); `path` holds the glyph outlines EasyEDA computed (relative to the anchor, mil, Y down (?)),
 * drawn when present, else the text is drawn with a stroke font. V2 positions ours, V3 order (?).
 */
import { defineRecord, fBool, fJson, fNum, fNumN, fStr, fStrN, type Parsed } from '../field.ts';

export const PanelString = defineRecord('STRING', 'panel', {
  id: fStr(1, 'id'),
  group: fJson<string | number>(2, 'groupId', '0'),
  layer: fNum(3, 'layer', 1),
  locked: fBool(4, 'locked', 'bool'),
  zIndex: fNumN(5, 'zIndex'),
  valid: fBool(6, 'valid', 'bool', true),
  visible: fBool(7, 'visible', 'bool', true),
  cover: fNumN(8, 'cover'),
  name: fStr(9, 'name'),
  rotation: fNum(10, { v3: 'rotation', unit: 'degrees' }),
  text: fStr(11, 'value'),
  font: fStr(12, 'fontFamily', 'default'),
  fontSize: fNum(13, { v3: 'fontSize', unit: 'mil' }, 39.37),
  fontWeight: fNum(14, 'fontWeight'),
  italic: fBool(15, 'italic', 'bool'),
  underline: fBool(16, 'underline', 'bool'),
  strikeout: fBool(17, 'strikeout', 'bool'),
  /** EAlign: LEFT_BOTTOM, CENTER_MIDDLE, ... */
  align: fStr(18, 'align', 'LEFT_BOTTOM'),
  color: fStr(19, 'strokeColor', '#000000'),
  opacity: fNum(20, 'opacity', 1),
  matrix: fJson<unknown>(21, 'matrix', null),
  strokes: fBool(22, 'strokes', 'bool'),
  /** Glyph outlines, paths as in POLY. */
  path: fJson<unknown>(23, { v3: 'path', unit: 'mil' }, null),
  transScope: fStrN(24, 'transScope'),
  transPrint: fNumN(25, 'transPrint'),
  transWhite: fNumN(26, 'transWhite'),
});
export type PanelString = Parsed<typeof PanelString.fields>;
