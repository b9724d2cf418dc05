/** LINESTYLE: a stroke/fill style referenced by id. null = default. V3 inlines these fields in shapes. */
import { defineRecord, fJson, fNumN, fStr, fStrN, type Parsed } from '../field.ts';

export const LineStyle = defineRecord('LINESTYLE', 'sch', {
  id: fStr(1, 'id'),
  color: fStrN(2, 'strokeColor'),
  /** 0 solid, 1 dash, 2 dot, 3 dash-dot (V3 strokeStyle). */
  dash: fNumN(3, 'strokeStyle'),
  /** Fill colour; "", "none" = no fill. */
  fill: fStrN(4, 'fillColor'),
  width: fNumN(5, { v3: 'strokeWidth', unit: '0.01 inch' }),
  fillStyle: fJson(6, 'fillStyle'),
});
export type LineStyle = Parsed<typeof LineStyle.fields>;
