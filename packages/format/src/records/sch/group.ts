/**
 * Schematic/symbol GROUP: a named group of primitives. V2 lists the members; V3 stores the group
 * alone and each member names it in its groupId.
 */
import { defineRecord, fJson, fStr, type Parsed } from '../field.ts';

export const SchGroup = defineRecord('GROUP', 'sch', {
  /** Written as a number or a string by different editors, kept as read. */
  id: fJson<string | number>(1, 'id'),
  /** Parent group (0 or "" = none). */
  parentId: fJson<string | number>(2, 'parentId', ''),
  title: fStr(3, 'title'),
  /** Member record ids (V3: the records whose groupId is this group). */
  members: fJson<string[]>(4, { doc: 'V3: derived from the members\' groupId' }, []),
});
export type SchGroup = Parsed<typeof SchGroup.fields>;
