/** Schematic/symbol OBJ: an embedded image (data URL or `blob:<sha256>`), top-left corner. Units 0.01 inch, Y up. (PCB OBJ: ../pcb/obj.ts.) */
import { defineRecord, fBool, fNum, fStr, type Parsed } from '../field.ts';

export const SchObj = defineRecord('OBJ', 'sch', {
  id: fStr(1, 'id'),
  fileName: fStr(2, 'fileName'),
  x: fNum(3, { v3: 'startX', unit: '0.01 inch', doc: 'top-left' }),
  y: fNum(4, { v3: 'startY', unit: '0.01 inch', doc: 'top-left' }),
  width: fNum(5, { v3: 'width', unit: '0.01 inch' }),
  height: fNum(6, { v3: 'height', unit: '0.01 inch' }),
  rotation: fNum(7, { v3: 'rotation', unit: 'degrees CCW, about the top-left corner' }),
  mirror: fBool(8, 'isMirror'),
  content: fStr(9, { v3: 'content', doc: 'data URL or blob:<sha256>' }),
  locked: fBool(10, 'locked'),
});
export type SchObj = Parsed<typeof SchObj.fields>;
