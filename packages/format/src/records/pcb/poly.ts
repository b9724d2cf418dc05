/** PCB POLY: a stroked path (graphic, board outline on layer 11). Units mil, Y up. (Schematic POLY: ../sch/poly.ts.) */
import { defineRecord, fBool, fJson, fNum, fStr, type Parsed } from '../field.ts';

export const PcbPoly = defineRecord('POLY', 'pcb', {
  id: fStr(1, 'id'),
  /** Group id: 0 = none; written as a number or a string by different editors, kept as read. */
  group: fJson<string | number>(2, 'groupId', 0),
  net: fStr(3, 'netName'),
  layer: fNum(4, 'layerId'),
  width: fNum(5, { v3: 'width', unit: 'mil' }),
  /** One path (FORMAT.md "Paths"). */
  path: fJson<unknown>(6, { v3: 'path', unit: 'mil' }),
  locked: fBool(7, 'locked'),
});
export type PcbPoly = Parsed<typeof PcbPoly.fields>;
