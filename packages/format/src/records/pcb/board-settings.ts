/**
 * Small PCB/footprint settings records (added with the V3 reader): the active layer, per-kind
 * display/pick filters, silkscreen colours and named groups. No geometry.
 */
import { defineRecord, fBool, fJson, fNum, fStr, type Parsed } from '../field.ts';

/** ACTIVE_LAYER: the layer the editor had selected. */
export const ActiveLayer = defineRecord('ACTIVE_LAYER', 'pcb', {
  layer: fNum(1, 'layerId', 1),
});
export type ActiveLayer = Parsed<typeof ActiveLayer.fields>;

/** PRIMITIVE: display and pick filter of one primitive kind (ALL, COMPONENT, TRACK, ...); V3 id `["PRIMITIVE",name]`. */
export const Primitive = defineRecord('PRIMITIVE', 'pcb', {
  name: fStr(1, { doc: 'V3: element 1 of the keyed id' }),
  display: fBool(2, 'display', 'int', true),
  pick: fBool(3, 'pick'),
});
export type Primitive = Parsed<typeof Primitive.fields>;

/** SILK_OPTS: silkscreen colours of a silk layer (3 top, 4 bottom); V3 id `["SILK_OPTS",layer]`. */
export const SilkOpts = defineRecord('SILK_OPTS', 'pcb', {
  layer: fNum(1, { doc: 'V3: element 1 of the keyed id' }),
  color: fStr(2, 'defaultColor'),
  baseColor: fStr(3, 'baseColor'),
});
export type SilkOpts = Parsed<typeof SilkOpts.fields>;

/** GROUP (PCB): a named group; primitives name it in their group field (V3 groupId). */
export const PcbGroup = defineRecord('GROUP', 'pcb', {
  id: fJson<string | number>(1, 'id'),
  name: fStr(2, 'groupName'),
});
export type PcbGroup = Parsed<typeof PcbGroup.fields>;
