/** LAYER_PHYS: physical properties of a layer (stack-up). */
import { defineRecord, fBool, fNum, fNumN, fStrN, type Parsed } from '../field.ts';

export const LayerPhys = defineRecord('LAYER_PHYS', 'pcb', {
  id: fNum(1, 'layerId', -1),
  material: fStrN(2, 'material'),
  thickness: fNum(3, { v3: 'thickness', unit: 'mil' }),
  permittivity: fNumN(4, 'permittivity'),
  lossTangent: fNumN(5, 'lossTangent'),
  keepIsland: fBool(6, { v3: 'isKeepIsland', doc: '(?) 1 in real files' }),
});
export type LayerPhys = Parsed<typeof LayerPhys.fields>;
