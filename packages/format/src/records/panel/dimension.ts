/**
 * PANEL DIMENSION: a measurement. V3 TPanelDimension. `points` (controlDot) X1 Y1 X2 Y2 ... in mil:
 * LENGTH-* dimensions have 4 points (the two measured ends and the two ends of the dimension line),
 * ANGLE-* 3. V2 positions ours, V3 order (?).
 */
import { defineRecord, fBool, fJson, fNum, fNumN, fStr, type Parsed } from '../field.ts';

export const PanelDimension = defineRecord('DIMENSION', 'panel', {
  id: fStr(1, 'id'),
  layer: fNum(2, 'layer', 8),
  locked: fBool(3, 'locked', 'bool'),
  zIndex: fNumN(4, 'zIndex'),
  valid: fBool(5, 'valid', 'bool', true),
  visible: fBool(6, 'visible', 'bool', true),
  cover: fNumN(7, 'cover'),
  name: fStr(8, 'name'),
  /** LENGTH-CONSTRAINT, LENGTH-MEASUREMENT, ANGLE-CONSTRAINT, ANGLE-MEASUREMENT, RADIUS-MEASUREMENT, ANGLE, LENGTH. */
  dimType: fStr(9, 'dimensionType', 'LENGTH'),
  /** mm, cm, inch, mil; "" = the canvas unit. */
  unit: fStr(10, 'unit'),
  strokeWidth: fNum(11, { v3: 'strokeWidth', unit: 'mil' }),
  precision: fNum(12, 'accuracy'),
  points: fJson<unknown>(13, { v3: 'controlDot', unit: 'mil' }),
  relationIds: fJson<unknown>(14, 'relationIds', []),
  rotation: fNum(15, { v3: 'rotation', unit: 'degrees' }),
});
export type PanelDimension = Parsed<typeof PanelDimension.fields>;
