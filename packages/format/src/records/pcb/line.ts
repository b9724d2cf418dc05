/** LINE: a track (with a net, on copper) or a graphic line. Units mil, Y up. */
import { defineRecord, fBool, fJson, fNum, fStr, type Parsed } from '../field.ts';

export const Line = defineRecord('LINE', 'pcb', {
  id: fStr(1, 'id'),
  /** Group id: 0 = none; written as a number or a string by different editors, kept as read. */
  group: fJson<string | number>(2, 'groupId', 0),
  net: fStr(3, 'netName'),
  layer: fNum(4, 'layerId'),
  x1: fNum(5, { v3: 'startX', unit: 'mil' }),
  y1: fNum(6, { v3: 'startY', unit: 'mil' }),
  x2: fNum(7, { v3: 'endX', unit: 'mil' }),
  y2: fNum(8, { v3: 'endY', unit: 'mil' }),
  width: fNum(9, { v3: 'width', unit: 'mil' }),
  locked: fBool(10, 'locked'),
});
export type Line = Parsed<typeof Line.fields>;
