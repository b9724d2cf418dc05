/** PCB COMPONENT: a placed footprint; its geometry comes from the footprint document. Units mil, Y up. */
import { defineRecord, fBool, fJson, fNum, fStr, type Parsed } from '../field.ts';

export const PcbComponent = defineRecord('COMPONENT', 'pcb', {
  id: fStr(1, 'id'),
  /** Group id: 0 = none; written as a number or a string by different editors, kept as read. */
  group: fJson<string | number>(2, 'groupId', 0),
  /** 1 top, 2 bottom. */
  layer: fNum(3, 'layerId', 1),
  x: fNum(4, { v3: 'x', unit: 'mil' }),
  y: fNum(5, { v3: 'y', unit: 'mil' }),
  angle: fNum(6, { v3: 'angle', unit: 'degrees CCW' }),
  /** {"Unique ID", "Channel ID", ...}. */
  attrs: fJson<Record<string, unknown>>(7, 'attrs'),
  locked: fBool(8, 'locked'),
});
export type PcbComponent = Parsed<typeof PcbComponent.fields>;
