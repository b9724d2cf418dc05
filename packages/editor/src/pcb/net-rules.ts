/**
 * A net's clearance as the property panel shows and sets it: the safe-spacing rule (RULE type "1",
 * data [unit, matrix of object kinds]) that a RULE_SELECTOR ["NET", name] names for the net, read
 * through @copperplate/board's parseRules as DRC and the pour fill read it (a net's rule replaces the
 * default for its net, smaller or larger; between two objects the larger of their two applies). Setting it writes a rule "Net <name>" whose matrix holds the value for
 * every pair of kinds, and the selector, in one commit. Units: mil.
 */
import { parseRules, CLEAR_KINDS } from '@copperplate/board';
import { Rule, RuleSelector } from '@copperplate/format/records';
import type { ChangeSet, EditorDocument } from '../core/document.ts';

/** The clearance (mil) a track of `net` asks for (its own rule, else the board's default). */
export function netClearance(doc: EditorDocument, net: string): number {
  return parseRules(doc.records() as unknown[][]).clearance('track', 'track', net || undefined, net || undefined);
}

const selectsNet = (r: readonly unknown[], net: string): boolean => {
  const sel = RuleSelector.get(r, 'selector');
  return Array.isArray(sel) && sel[0] === 'NET' && sel[1] === net;
};

/** Set the clearance (mil) of a net (a net rule of its own; the board's default stays as it is). */
export function setNetClearance(doc: EditorDocument, net: string, mil: number): ChangeSet {
  if (!net) throw new Error('Only a named net has a clearance rule of its own');
  if (!(mil > 0) || !Number.isFinite(mil)) throw new Error('The clearance must be a positive number');
  const name = `Net ${net}`;
  const matrix = CLEAR_KINDS.map((_, i) => Array.from({ length: i + 1 }, () => mil));
  const data = ['mil', matrix];
  // parseRules takes the first clearance rule as the default when none is marked so: a board without
  // one gets its current default written first, so that the net's rule does not become everyone's
  const hasDefault = doc.records().some((r) => Rule.is(r) && Rule.get(r, 'typeCode') === '1' && Rule.get(r, 'isDefault'));
  const base = parseRules(doc.records() as unknown[][]);
  const baseMatrix = CLEAR_KINDS.map((a, i) => CLEAR_KINDS.slice(0, i + 1).map((b) => base.clearance(a, b)));
  return doc.commit('Set clearance', (tx) => {
    if (!hasDefault) tx.add(Rule.create({ typeCode: '1', name: 'Default', isDefault: true, data: ['mil', baseMatrix] }));
    let ruleKey: string | undefined, selKey: string | undefined;
    for (const k of doc.keys()) {
      const r = doc.get(k)!;
      if (Rule.is(r) && Rule.get(r, 'typeCode') === '1' && Rule.get(r, 'name') === name) ruleKey = k;
      if (RuleSelector.is(r) && selectsNet(r, net)) selKey = k;
    }
    if (ruleKey) tx.update(ruleKey, (r) => Rule.with(r, { data }));
    else tx.add(Rule.create({ typeCode: '1', name, isDefault: false, data }));
    if (selKey) tx.update(selKey, (r) => RuleSelector.with(r, { rules: { ...(RuleSelector.get(r, 'rules') ?? {}), 1: name } }));
    else tx.add(RuleSelector.create({ selector: ['NET', net], priority: 1, rules: { 1: name } }));
  });
}
