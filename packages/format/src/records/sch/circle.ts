/** Schematic/symbol CIRCLE. Units 0.01 inch, Y up. */
import { defineRecord, fBool, fNum, fStr, type Parsed } from '../field.ts';

export const SchCircle = defineRecord('CIRCLE', 'sch', {
  id: fStr(1, 'id'),
  cx: fNum(2, { v3: 'centerX', unit: '0.01 inch' }),
  cy: fNum(3, { v3: 'centerY', unit: '0.01 inch' }),
  r: fNum(4, { v3: 'radius', unit: '0.01 inch' }),
  lineStyleId: fStr(5),
  locked: fBool(6, 'locked'),
});
export type SchCircle = Parsed<typeof SchCircle.fields>;
