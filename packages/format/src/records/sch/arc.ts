/** Schematic/symbol ARC through three points (start, a point on the arc, end). Units 0.01 inch, Y up. (PCB ARC: ../pcb/arc.ts.) */
import { defineRecord, fBool, fNum, fStr, type Parsed } from '../field.ts';

export const SchArc = defineRecord('ARC', 'sch', {
  id: fStr(1, 'id'),
  x1: fNum(2, { v3: 'startX', unit: '0.01 inch' }),
  y1: fNum(3, { v3: 'startY', unit: '0.01 inch' }),
  xMid: fNum(4, { v3: 'referX', unit: '0.01 inch' }),
  yMid: fNum(5, { v3: 'referY', unit: '0.01 inch' }),
  x2: fNum(6, { v3: 'endX', unit: '0.01 inch' }),
  y2: fNum(7, { v3: 'endY', unit: '0.01 inch' }),
  lineStyleId: fStr(8),
  locked: fBool(9, 'locked'),
});
export type SchArc = Parsed<typeof SchArc.fields>;
