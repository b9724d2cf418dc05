/** Schematic/symbol RECT: two corners, corner radii, rotation about corner 1. Units 0.01 inch, Y up. */
import { defineRecord, fBool, fNum, fStr, type Parsed } from '../field.ts';

export const SchRect = defineRecord('RECT', 'sch', {
  id: fStr(1, 'id'),
  x1: fNum(2, { v3: 'dotX1', unit: '0.01 inch' }),
  y1: fNum(3, { v3: 'dotY1', unit: '0.01 inch' }),
  x2: fNum(4, { v3: 'dotX2', unit: '0.01 inch' }),
  y2: fNum(5, { v3: 'dotY2', unit: '0.01 inch' }),
  rx: fNum(6, { v3: 'radiusX', unit: '0.01 inch' }),
  ry: fNum(7, { v3: 'radiusY', unit: '0.01 inch' }),
  rotation: fNum(8, { v3: 'rotation', unit: 'degrees CCW' }),
  lineStyleId: fStr(9),
  locked: fBool(10, 'locked'),
});
export type SchRect = Parsed<typeof SchRect.fields>;
