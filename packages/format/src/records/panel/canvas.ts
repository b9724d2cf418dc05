/**
 * PANEL CANVAS: the plate itself. V3 TPanelCanvas (one record, id "CANVAS"). Sizes are strings with
 * their unit ("393mm"); `panelSize` in ./units.ts reads them in mil. V2 positions are ours: EasyEDA
 * publishes no V2 panel layout; we keep the V3 field order (?).
 */
import { defineRecord, fNum, fStr, type Parsed } from '../field.ts';

export const PanelCanvas = defineRecord('CANVAS', 'panel', {
  originX: fNum(1, { v3: 'originX', unit: 'mil' }),
  originY: fNum(2, { v3: 'originY', unit: 'mil' }),
  /** Plate width with its unit, e.g. "100mm". */
  width: fStr(3, 'width', '100mm'),
  height: fStr(4, 'height', '50mm'),
  /** acrylic, aluminium, PVC, ... (free text in EasyEDA's files). */
  material: fStr(5, 'material', 'acrylic'),
  thickness: fStr(6, 'thickness', '2mm'),
  /** Print side: "Top Side" or "Bottom Side" (seen), "" none. */
  print: fStr(7, 'print', 'Top Side'),
  /** Surface finish, e.g. "Transparent", "Matte". */
  craft: fStr(8, 'craft', ''),
  desc: fStr(9, 'desc'),
  /** Cover (white ink / base) colour: "white", #RRGGBB, rgb(), cmyk(). */
  coverColor: fStr(10, 'coverColor', 'white'),
  /** Plate colour as drawn, "" = the material's own colour. */
  backgroundColor: fStr(11, 'backgroundColor'),
  orderWidth: fStr(12, 'orderWidth'),
  orderHeight: fStr(13, 'orderHeight'),
});
export type PanelCanvas = Parsed<typeof PanelCanvas.fields>;
