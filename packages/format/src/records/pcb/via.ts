/** VIA. Units mil, Y up. */
import { defineRecord, fBool, fJson, fNum, fNumN, fStr, type Parsed } from '../field.ts';

export const Via = defineRecord('VIA', 'pcb', {
  id: fStr(1, 'id'),
  /** Group id: 0 = none; written as a number or a string by different editors, kept as read. */
  group: fJson<string | number>(2, 'groupId', 0),
  net: fStr(3, 'netName'),
  /** Via rule name: defines the start and end layers ("" = through). */
  rule: fStr(4, 'ruleName'),
  x: fNum(5, { v3: 'centerX', unit: 'mil' }),
  y: fNum(6, { v3: 'centerY', unit: 'mil' }),
  drill: fNum(7, { v3: 'holeDiameter', unit: 'mil' }),
  diameter: fNum(8, { v3: 'viaDiameter', unit: 'mil' }),
  /** 0 normal, 1 blind/buried, 2 stitching (V3 viaType NORMAL, BLIND, SUTURE) (?). */
  viaType: fNum(9, 'viaType'),
  topMaskExpansion: fNumN(10, { v3: 'topSolderExpansion', unit: 'mil', doc: 'null = rule' }),
  bottomMaskExpansion: fNumN(11, { v3: 'bottomSolderExpansion', unit: 'mil', doc: 'null = rule' }),
  locked: fBool(12, 'locked'),
  unusedInnerLayers: fJson<unknown>(13, 'unusedInnerLayers'),
});
export type Via = Parsed<typeof Via.fields>;
