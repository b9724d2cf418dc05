/** Symbol PART: opens a part (even single-part symbols have one); the records after it belong to it. */
import { defineRecord, fJson, fStr, type Parsed } from '../field.ts';

export const Part = defineRecord('PART', 'sch', {
  name: fStr(1, 'partId'),
  /** `{BBOX: [x1, y1, x2, y2]}` (0.01 inch). */
  props: fJson<{ BBOX?: unknown } & Record<string, unknown>>(2),
});
export type Part = Parsed<typeof Part.fields>;
