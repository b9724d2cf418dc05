/** TEARDROP: a filled teardrop polygon on a net. Units mil, Y up. */
import { defineRecord, fBool, fJson, fNum, fStr, type Parsed } from '../field.ts';

export const Teardrop = defineRecord('TEARDROP', 'pcb', {
  id: fStr(1, 'id'),
  net: fStr(2, 'netName'),
  layer: fNum(3, 'layerId'),
  path: fJson<unknown>(4, { v3: 'path', unit: 'mil' }),
  locked: fBool(5, 'locked'),
});
export type Teardrop = Parsed<typeof Teardrop.fields>;
