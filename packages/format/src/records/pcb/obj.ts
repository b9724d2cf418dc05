/** PCB OBJ: an embedded binary object (picture), top-left corner. Units mil, Y up. Not seen in a real file (positions from V3 order (?)). */
import { defineRecord, fBool, fJson, fNum, fStr, type Parsed } from '../field.ts';

export const PcbObj = defineRecord('OBJ', 'pcb', {
  id: fStr(1, 'id'),
  /** Group id: 0 = none; written as a number or a string by different editors, kept as read. */
  group: fJson<string | number>(2, 'groupId', 0),
  /** Layer id; a non-number here means this is not a PCB OBJ. */
  layer: fJson<unknown>(3, 'layerId'),
  fileName: fStr(4, 'fileName'),
  x: fNum(5, { v3: 'startX', unit: 'mil' }),
  y: fNum(6, { v3: 'startY', unit: 'mil' }),
  width: fNum(7, { v3: 'width', unit: 'mil' }),
  height: fNum(8, { v3: 'height', unit: 'mil' }),
  angle: fNum(9, { v3: 'angle', unit: 'degrees CCW' }),
  mirror: fBool(10, 'mirror'),
  /** data URL or blob:<sha256>. */
  content: fStr(11, 'path'),
  locked: fBool(12, 'locked'),
});
export type PcbObj = Parsed<typeof PcbObj.fields>;
