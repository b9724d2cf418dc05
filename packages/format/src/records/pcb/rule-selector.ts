/** RULE_SELECTOR: which rules apply to an object: `[[kind, name], priority, {ruleType: ruleName}]`. */
import { defineRecord, fJson, fNum, type Parsed } from '../field.ts';

export const RuleSelector = defineRecord('RULE_SELECTOR', 'pcb', {
  /** e.g. ["NET", "GND"]. */
  selector: fJson<unknown>(1),
  priority: fNum(2, { doc: '(?)' }),
  rules: fJson<Record<string, unknown>>(3),
});
export type RuleSelector = Parsed<typeof RuleSelector.fields>;
