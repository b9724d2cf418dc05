/** IMAGE: a vector image (paths) fitted into a box; (x, y) is the top-left corner. Units mil, Y up. */
import { defineRecord, fBool, fJson, fNum, fStr, type Parsed } from '../field.ts';

export const PcbImage = defineRecord('IMAGE', 'pcb', {
  id: fStr(1, 'id'),
  /** Group id: 0 = none; written as a number or a string by different editors, kept as read. */
  group: fJson<string | number>(2, 'groupId', 0),
  layer: fNum(3, 'layerId'),
  x: fNum(4, { v3: 'startX', unit: 'mil' }),
  y: fNum(5, { v3: 'startY', unit: 'mil' }),
  width: fNum(6, { v3: 'width', unit: 'mil' }),
  height: fNum(7, { v3: 'height', unit: 'mil' }),
  angle: fNum(8, { v3: 'angle', unit: 'degrees CCW about (x, y)' }),
  mirror: fBool(9, 'mirror'),
  /** Source paths, in the image's own units (scaled into the box). */
  paths: fJson<unknown>(10, 'path'),
  locked: fBool(11, 'locked'),
});
export type PcbImage = Parsed<typeof PcbImage.fields>;
