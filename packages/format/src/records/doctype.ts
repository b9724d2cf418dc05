/** DOCTYPE: first line of every document block: `["DOCTYPE", T, version]` (FORMAT.md). */
import { defineRecord, fStr, type Parsed } from './field.ts';

export const DocType = defineRecord('DOCTYPE', 'any', {
  /** SCH, SYMBOL, PCB, FOOTPRINT, PANEL, INSTANCE, BLOB, FONT, POURED. */
  docType: fStr(1, 'docType'),
  version: fStr(2),
});
export type DocType = Parsed<typeof DocType.fields>;
