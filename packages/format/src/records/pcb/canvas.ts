/** CANVAS: origin and grids of a PCB or footprint. Units mil (the display unit does not change stored units). */
import { defineRecord, fNum, fStr, type Parsed } from '../field.ts';

export const Canvas = defineRecord('CANVAS', 'pcb', {
  originX: fNum(1, { v3: 'originX', unit: 'mil' }),
  originY: fNum(2, { v3: 'originY', unit: 'mil' }),
  /** Display unit: mm, mil, inch. */
  unit: fStr(3, 'unit'),
  gridX: fNum(4, { v3: 'gridXSize', unit: 'display unit (?)' }),
  gridY: fNum(5, { v3: 'gridYSize', unit: 'display unit (?)' }),
  snapX: fNum(6, { v3: 'snapXSize', unit: 'display unit (?)' }),
  snapY: fNum(7, { v3: 'snapYSize', unit: 'display unit (?)' }),
  altSnapX: fNum(8, 'altSnapXSize'),
  altSnapY: fNum(9, 'altSnapYSize'),
  gridType: fNum(10, 'gridType'),
  multiGridType: fNum(11, 'multiGridType'),
  multiGridRatio: fNum(12, 'multiGridRatio'),
});
export type Canvas = Parsed<typeof Canvas.fields>;
