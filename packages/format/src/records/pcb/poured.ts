/**
 * POURED: the computed fill of a POUR (in PCB documents and in .ecop POURED documents). Paths in 10 mil
 * (FORMAT.md: fill polygons x10); the editor multiplies by 10 (pcb/scene.ts).
 */
import { defineRecord, fBool, fJson, fNum, fStr, type Parsed } from '../field.ts';

export const Poured = defineRecord('POURED', 'pcb', {
  id: fStr(1, 'id'),
  pourId: fStr(2, { doc: 'the POUR this fill belongs to' }),
  /** 0 in real files (?). */
  f3: fNum(3, { doc: '(?)' }),
  isPolygon: fBool(4, { doc: 'true: paths are filled polygons' }, 'bool'),
  paths: fJson<unknown>(5, { v3: 'pourFill', unit: '10 mil (x10: multiply by 10 for mil)' }),
});
export type Poured = Parsed<typeof Poured.fields>;
