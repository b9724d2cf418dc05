/**
 * BUSENTRY (?): not seen in a real V2 file. Our editor writes `id, [x1,y1,x2,y2], style, locked`;
 * V3 embeds entries in BUS (pointX, pointY, rotation). Units 0.01 inch, Y up.
 */
import { defineRecord, fBool, fJson, fStr, type Parsed } from '../field.ts';

export const BusEntry = defineRecord('BUSENTRY', 'sch', {
  id: fStr(1, 'id'),
  /** [x1,y1,x2,y2] from the bus to the wire end (?); a number here means x1 with y1,x2,y2 following. */
  points: fJson<unknown>(2, { unit: '0.01 inch' }),
  lineStyleId: fStr(3),
  locked: fBool(4, 'locked'),
});
export type BusEntry = Parsed<typeof BusEntry.fields>;
