/** DIMENSION: a measurement. coords X1 Y1 X2 Y2 ... in mil, Y up. */
import { defineRecord, fBool, fJson, fNum, fStr, type Parsed } from '../field.ts';

export const Dimension = defineRecord('DIMENSION', 'pcb', {
  id: fStr(1, 'id'),
  /** LENGTH, RADIUS, ANGLE. */
  dimType: fStr(2, 'type'),
  layer: fNum(3, 'layerId', 13),
  /** Display unit: mil, inch, cm, mm. */
  unit: fStr(4, 'unit', 'mil'),
  strokeWidth: fNum(5, { v3: 'strokeWidth', unit: 'mil' }, 6),
  precision: fNum(6, 'precision', 2),
  textFollow: fBool(7, 'textFollow'),
  coords: fJson<unknown>(8, { v3: 'coords', unit: 'mil' }),
  locked: fBool(9, 'locked'),
});
export type Dimension = Parsed<typeof Dimension.fields>;
