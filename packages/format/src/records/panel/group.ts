/** PANEL GROUP: a named group; members carry its id in `group`. V3 TPanelGroup. V2 positions ours (?). */
import { defineRecord, fBool, fStr, type Parsed } from '../field.ts';

export const PanelGroup = defineRecord('GROUP', 'panel', {
  id: fStr(1, 'id'),
  /** "0" = top level. */
  parentId: fStr(2, 'parentId', '0'),
  title: fStr(3, 'title'),
  visible: fBool(4, 'visible', 'bool', true),
  locked: fBool(5, 'locked', 'bool'),
});
export type PanelGroup = Parsed<typeof PanelGroup.fields>;
