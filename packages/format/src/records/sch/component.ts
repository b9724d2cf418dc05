/** Schematic COMPONENT: a placed symbol part (also net flags, net ports, the drawing frame). Units 0.01 inch, Y up. */
import { defineRecord, fBool, fJson, fNum, fStr, type Parsed } from '../field.ts';

export const SchComponent = defineRecord('COMPONENT', 'sch', {
  id: fStr(1, 'id'),
  /** Part of the symbol: its PART name ("" for the first/only part). */
  partId: fStr(2, 'partId'),
  x: fNum(3, { v3: 'x', unit: '0.01 inch' }),
  y: fNum(4, { v3: 'y', unit: '0.01 inch' }),
  rotation: fNum(5, { v3: 'rotation', unit: 'degrees CCW' }),
  mirror: fBool(6, 'isMirror'),
  /** Custom attributes object ({} in real files). */
  attrs: fJson<Record<string, unknown>>(7, 'attrs'),
  locked: fBool(8, 'locked'),
});
export type SchComponent = Parsed<typeof SchComponent.fields>;
