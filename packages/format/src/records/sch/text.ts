/** Schematic/symbol TEXT. Units 0.01 inch, Y up. */
import { defineRecord, fBool, fNum, fStr, type Parsed } from '../field.ts';

export const SchText = defineRecord('TEXT', 'sch', {
  id: fStr(1, 'id'),
  x: fNum(2, { v3: 'x', unit: '0.01 inch' }),
  y: fNum(3, { v3: 'y', unit: '0.01 inch' }),
  rotation: fNum(4, { v3: 'rotation', unit: 'degrees CCW' }),
  text: fStr(5, 'value'),
  fontStyleId: fStr(6),
  locked: fBool(7, 'locked'),
});
export type SchText = Parsed<typeof SchText.fields>;
