/** Symbol PIN; x/y is the connection end. Child ATTRs: NAME, NUMBER, `Pin Type`. Units 0.01 inch, Y up. */
import { defineRecord, fBool, fNum, fNumN, fStrN, fStr, type Parsed } from '../field.ts';

export const Pin = defineRecord('PIN', 'sch', {
  id: fStr(1, 'id'),
  display: fBool(2, 'display', 'int', true),
  /** Electrical type code (null = undefined). */
  pinType: fNumN(3),
  x: fNum(4, { v3: 'x', unit: '0.01 inch' }),
  y: fNum(5, { v3: 'y', unit: '0.01 inch' }),
  length: fNum(6, { v3: 'length', unit: '0.01 inch' }),
  rotation: fNum(7, { v3: 'rotation', unit: 'degrees CCW' }),
  color: fStrN(8, 'color'),
  /** Shape bits (V3 pinShape: NONE, CLOCK, INVERTED, INVERTED_CLOCK). */
  shape: fNum(9, 'pinShape'),
  locked: fBool(10, 'locked'),
  // 11: unknown (1 on most pins); kept as read.
});
export type Pin = Parsed<typeof Pin.fields>;
