/** Schematic/symbol ELLIPSE. Units 0.01 inch, Y up. */
import { defineRecord, fBool, fNum, fStr, type Parsed } from '../field.ts';

export const SchEllipse = defineRecord('ELLIPSE', 'sch', {
  id: fStr(1, 'id'),
  cx: fNum(2, { v3: 'centerX', unit: '0.01 inch' }),
  cy: fNum(3, { v3: 'centerY', unit: '0.01 inch' }),
  rx: fNum(4, { v3: 'radiusX', unit: '0.01 inch' }),
  ry: fNum(5, { v3: 'radiusY', unit: '0.01 inch' }),
  rotation: fNum(6, { v3: 'rotation', unit: 'degrees CCW' }),
  lineStyleId: fStr(7),
  locked: fBool(8, 'locked'),
});
export type SchEllipse = Parsed<typeof SchEllipse.fields>;
