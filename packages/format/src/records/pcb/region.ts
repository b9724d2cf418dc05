/** REGION: keep-out / constraint area. Units mil, Y up. */
import { defineRecord, fBool, fJson, fNum, fStr, fStrN, type Parsed } from '../field.ts';

export const Region = defineRecord('REGION', 'pcb', {
  id: fStr(1, 'id'),
  /** Group id: 0 = none; written as a number or a string by different editors, kept as read. */
  group: fJson<string | number>(2, 'groupId', 0),
  layer: fNum(3, 'layerId'),
  width: fNum(4, { v3: 'width', unit: 'mil' }),
  /** What is kept out (V2 codes: 1 tracks+fills, 2 components, 3 vias, 4 pours+planes, 5 tracks, 6 fills, 7 pours, 8 planes). */
  prohibit: fJson<unknown>(5, 'prohibitType'),
  paths: fJson<unknown>(6, { v3: 'path', unit: 'mil' }),
  locked: fBool(7, { v3: 'locked', doc: '(?)' }),
  name: fStrN(8, { v3: 'name', doc: '(?)' }),
});
export type Region = Parsed<typeof Region.fields>;
