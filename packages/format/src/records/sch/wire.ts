/** WIRE: a net's wire as polylines. Units 0.01 inch, Y up. Its net name is an ATTR `NET` on it. */
import { defineRecord, fBool, fJson, fStr, type Parsed } from '../field.ts';

export const Wire = defineRecord('WIRE', 'sch', {
  id: fStr(1, 'id'),
  /** Polylines: [[x1,y1,x2,y2,...], ...] (0.01 inch). V3 splits a wire into LINE records. */
  points: fJson<unknown>(2, { unit: '0.01 inch' }),
  lineStyleId: fStr(3),
  locked: fBool(4, 'locked'),
});
export type Wire = Parsed<typeof Wire.fields>;
