/**
 * PANEL AUXLINE: an auxiliary (guide) line through (x, y) at `rotation` degrees; not printed, not cut.
 * V3 TAuxLine (EPanelDataType AUX_LINE, written "AUXLINE"). `length` is not a canvas size (the line
 * is drawn across the view). V2 positions ours, V3 order (?).
 */
import { defineRecord, fBool, fJson, fNum, fNumN, fStr, fStrN, type Parsed } from '../field.ts';

export const AuxLine = defineRecord('AUXLINE', 'panel', {
  id: fStr(1, 'id'),
  group: fJson<string | number>(2, 'groupId', '0'),
  layer: fNum(3, 'layer', 8),
  locked: fBool(4, 'locked', 'bool'),
  zIndex: fNumN(5, 'zIndex'),
  visible: fBool(6, 'visible', 'bool', true),
  cover: fNumN(7, 'cover'),
  name: fStr(8, 'name'),
  x: fNum(9, { v3: 'x', unit: 'mil' }),
  y: fNum(10, { v3: 'y', unit: 'mil' }),
  /** 0 = horizontal, 90 = vertical. */
  rotation: fNum(11, { v3: 'rotation', unit: 'degrees' }),
  strokeWidth: fNum(12, 'strokeWidth'),
  strokeStyle: fStrN(13, 'strokeStyle'),
  color: fStr(14, 'color'),
  length: fNum(15, 'length', 100),
});
export type AuxLine = Parsed<typeof AuxLine.fields>;
