/** Schematic/symbol POLY: a polyline [x,y,...], closed or not. Units 0.01 inch, Y up. (PCB POLY: ../pcb/poly.ts.) */
import { defineRecord, fBool, fJson, fStr, type Parsed } from '../field.ts';

export const SchPoly = defineRecord('POLY', 'sch', {
  id: fStr(1, 'id'),
  points: fJson<unknown>(2, { v3: 'points', unit: '0.01 inch' }),
  closed: fBool(3),
  lineStyleId: fStr(4),
  locked: fBool(5, 'locked'),
});
export type SchPoly = Parsed<typeof SchPoly.fields>;
