/** PCB ARC: start, end and sweep angle (CCW positive). Units mil, Y up. (Schematic ARC: ../sch/arc.ts.) */
import { defineRecord, fBool, fJson, fNum, fStr, type Parsed } from '../field.ts';

export const PcbArc = defineRecord('ARC', 'pcb', {
  id: fStr(1, 'id'),
  /** Group id: 0 = none; written as a number or a string by different editors, kept as read. */
  group: fJson<string | number>(2, 'groupId', 0),
  net: fStr(3, 'netName'),
  layer: fNum(4, 'layerId'),
  x1: fNum(5, { v3: 'startX', unit: 'mil' }),
  y1: fNum(6, { v3: 'startY', unit: 'mil' }),
  x2: fNum(7, { v3: 'endX', unit: 'mil' }),
  y2: fNum(8, { v3: 'endY', unit: 'mil' }),
  sweep: fNum(9, { v3: 'angle', unit: 'degrees, CCW positive' }),
  width: fNum(10, { v3: 'width', unit: 'mil' }),
  locked: fBool(11, 'locked'),
});
export type PcbArc = Parsed<typeof PcbArc.fields>;
