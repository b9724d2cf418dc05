/** BUS: laid out like WIRE (polylines, line style, locked). Units 0.01 inch, Y up. */
import { defineRecord, fBool, fJson, fStr, type Parsed } from '../field.ts';

export const Bus = defineRecord('BUS', 'sch', {
  id: fStr(1, 'id'),
  /** Polylines [[x1,y1,x2,y2,...], ...] or one flat [x1,y1,...] as our editor writes it (0.01 inch). */
  points: fJson<unknown>(2, { unit: '0.01 inch' }),
  lineStyleId: fStr(3),
  locked: fBool(4, 'locked'),
});
export type Bus = Parsed<typeof Bus.fields>;
