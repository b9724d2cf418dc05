/** POUR: a copper pour outline (its computed fill is POURED). Units mil, Y up. */
import { defineRecord, fBool, fJson, fNum, fStr, type Parsed } from '../field.ts';

export const Pour = defineRecord('POUR', 'pcb', {
  id: fStr(1, 'id'),
  /** Group id: 0 = none; written as a number or a string by different editors, kept as read. */
  group: fJson<string | number>(2, 'groupId', 0),
  net: fStr(3, 'netName'),
  layer: fNum(4, 'layerId', 1),
  width: fNum(5, { v3: 'width', unit: 'mil', doc: 'outline line width' }),
  name: fStr(6, 'name'),
  order: fNum(7, { v3: 'order', doc: 'fill priority' }),
  /** A list of paths. */
  paths: fJson<unknown>(8, { v3: 'path', unit: 'mil' }),
  /** [fillType, ...] e.g. ["SOLID", 8]. */
  pourType: fJson<unknown>(9, 'pourType'),
  keepIsland: fBool(10, 'keepIsland'),
  locked: fBool(11, 'locked'),
});
export type Pour = Parsed<typeof Pour.fields>;
