/** RULE_TEMPLATE: name of the rule template the board's rules came from. */
import { defineRecord, fStr, type Parsed } from '../field.ts';

export const RuleTemplate = defineRecord('RULE_TEMPLATE', 'pcb', {
  name: fStr(1),
});
export type RuleTemplate = Parsed<typeof RuleTemplate.fields>;
