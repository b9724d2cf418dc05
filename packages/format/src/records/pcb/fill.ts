/** FILL: a filled region (copper with a net, or graphic). Units mil, Y up; in PCB documents ARC sweeps inside the paths are x10. */
import { defineRecord, fBool, fJson, fNum, fStr, type Parsed } from '../field.ts';

export const Fill = defineRecord('FILL', 'pcb', {
  id: fStr(1, 'id'),
  /** Group id: 0 = none; written as a number or a string by different editors, kept as read. */
  group: fJson<string | number>(2, 'groupId', 0),
  net: fStr(3, 'netName'),
  layer: fNum(4, 'layerId'),
  width: fNum(5, { v3: 'width', unit: 'mil' }),
  /** 0 solid (V3 fillStyle SOLID, GRID, PLANE) (?). */
  fillStyle: fNum(6, 'fillStyle'),
  /** A list of paths ([[...], ...]). */
  paths: fJson<unknown>(7, { v3: 'path', unit: 'mil' }),
  locked: fBool(8, 'locked'),
});
export type Fill = Parsed<typeof Fill.fields>;
