/** LAYER: one layer of the stack (ids in FORMAT.md: 1 TOP, 2 BOTTOM, 3 TOP_SILK, ..., 11 OUTLINE, 12 MULTI, 15-46 inner). */
import { defineRecord, fNum, fStr, type Parsed } from '../field.ts';

export const Layer = defineRecord('LAYER', 'pcb', {
  id: fNum(1, 'layerId', -1),
  /** TOP, BOTTOM, SIGNAL, PLANE, ... (V3 layerType). */
  type: fStr(2, 'layerType'),
  name: fStr(3, 'layerName'),
  /** Bits: 1 used, 2 visible, 4 locked (V3 use, show, locked). */
  state: fNum(4, { doc: 'V3 use|show|locked as bits 1|2|4' }, 3),
  color: fStr(5, 'activeColor'),
  alpha: fNum(6, 'activateTransparency', 1),
  inactiveColor: fStr(7, 'inactiveColor'),
  inactiveAlpha: fNum(8, 'inactiveTransparency', 0.5),
});
export type Layer = Parsed<typeof Layer.fields>;
