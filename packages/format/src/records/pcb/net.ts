/** NET: a net of the board and its display options. */
import { defineRecord, fBool, fStr, fStrN, type Parsed } from '../field.ts';

export const Net = defineRecord('NET', 'pcb', {
  name: fStr(1, 'netName'),
  netType: fStrN(2, 'netType'),
  color: fStrN(3, 'specialColor'),
  ratline: fBool(4, 'retLine', 'int', true),
  differentialName: fStrN(5, 'differentialName'),
  positive: fBool(6, 'isPositiveNet'),
  equalLengthGroup: fStrN(7, 'equalLengthGroupName'),
});
export type Net = Parsed<typeof Net.fields>;
