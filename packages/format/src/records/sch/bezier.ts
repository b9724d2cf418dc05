/** Schematic/symbol BEZIER: [x0,y0, then x1,y1,x2,y2,x3,y3 per cubic segment]. Units 0.01 inch, Y up. */
import { defineRecord, fBool, fJson, fStr, type Parsed } from '../field.ts';

export const SchBezier = defineRecord('BEZIER', 'sch', {
  id: fStr(1, 'id'),
  controls: fJson<unknown>(2, { v3: 'controls', unit: '0.01 inch' }),
  lineStyleId: fStr(3),
  locked: fBool(4, 'locked'),
});
export type SchBezier = Parsed<typeof SchBezier.fields>;
