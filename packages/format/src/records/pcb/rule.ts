/** RULE: one design rule: `["RULE", typeCode, name, isDefault, [unit, ...values]]`. Values in the rule's unit field. */
import { defineRecord, fBool, fJson, fStr, type Parsed } from '../field.ts';

export const Rule = defineRecord('RULE', 'pcb', {
  /** Rule type code ("1" clearance, ...) (?). */
  typeCode: fStr(1),
  name: fStr(2),
  isDefault: fBool(3),
  /** [unit, ...parameters] as EasyEDA writes them; kept as read. */
  data: fJson<unknown>(4),
});
export type Rule = Parsed<typeof Rule.fields>;
