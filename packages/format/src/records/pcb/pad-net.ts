/** PAD_NET: the net of one pad of a placed component (parent = the COMPONENT). */
import { defineRecord, fStr, type Parsed } from '../field.ts';

export const PadNet = defineRecord('PAD_NET', 'pcb', {
  componentId: fStr(1, 'componentId'),
  padNumber: fStr(2, 'padNum'),
  net: fStr(3, 'padNet'),
  padId: fStr(4, { v3: 'padId', doc: 'the PAD id inside the footprint' }),
});
export type PadNet = Parsed<typeof PadNet.fields>;
