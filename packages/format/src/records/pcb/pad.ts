/**
 * PAD. Units mil, Y up; angles degrees CCW. Shapes: hole null | ["ROUND",w,h] | ["SLOT",w,h];
 * pad ["RECT",w,h,radius%] | ["ELLIPSE",w,h] | ["OVAL",w,h] | ["NGON",d,n] | ["POLY",path].
 */
import { defineRecord, fBool, fJson, fNum, fNumN, fStr, type Parsed } from '../field.ts';

export const Pad = defineRecord('PAD', 'pcb', {
  id: fStr(1, 'id'),
  /** Group id: 0 = none; written as a number or a string by different editors, kept as read. */
  group: fJson<string | number>(2, 'groupId', 0),
  net: fStr(3, 'netName'),
  /** 1 top, 2 bottom, 12 multi-layer (through-hole). */
  layer: fNum(4, 'layerId', 1),
  number: fStr(5, 'num'),
  x: fNum(6, { v3: 'centerX', unit: 'mil' }),
  y: fNum(7, { v3: 'centerY', unit: 'mil' }),
  angle: fNum(8, { v3: 'padAngle', unit: 'degrees CCW' }),
  hole: fJson<unknown>(9, { v3: 'hole', unit: 'mil' }),
  shape: fJson<unknown>(10, { v3: 'defaultPad', unit: 'mil' }),
  /** Per-layer shapes: [{startLayer,endLayer,pad}] in V3. */
  layerShapes: fJson<unknown>(11, 'specialPad'),
  holeOffsetX: fNum(12, { v3: 'padOffsetX', unit: 'mil' }),
  holeOffsetY: fNum(13, { v3: 'padOffsetY', unit: 'mil' }),
  holeAngle: fNum(14, { v3: 'relativeAngle', unit: 'degrees CCW, relative to the pad' }),
  plated: fBool(15, 'plated', 'int', true),
  /** 0 normal, 1 test point, 2 marker (V3 padType) (?). */
  padType: fNum(16, 'padType'),
  topMaskExpansion: fNumN(17, { v3: 'topSolderExpansion', unit: 'mil', doc: 'null = rule' }),
  bottomMaskExpansion: fNumN(18, { v3: 'bottomSolderExpansion', unit: 'mil', doc: 'null = rule' }),
  topPasteExpansion: fNumN(19, { v3: 'topPasteExpansion', unit: 'mil', doc: 'null = rule' }),
  bottomPasteExpansion: fNumN(20, { v3: 'bottomPasteExpansion', unit: 'mil', doc: 'null = rule' }),
  locked: fBool(21, 'locked'),
  connectMode: fJson<unknown>(22, { v3: 'connectMode', doc: 'thermal relief mode; null = rule' }),
  spokeSpace: fNumN(23, { v3: 'spokeSpace', unit: 'mil' }),
  spokeWidth: fNumN(24, { v3: 'spokeWidth', unit: 'mil' }),
  spokeAngle: fNumN(25, { v3: 'spokeAngle', unit: 'degrees' }),
  unusedInnerLayers: fJson<unknown>(26, 'unusedInnerLayers'),
});
export type Pad = Parsed<typeof Pad.fields>;
