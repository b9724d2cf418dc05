#!/usr/bin/env node
/**
 * The rules audit (issue 17's Must-show: every rule of RULES.md cited by a test that FAILS when the
 * behaviour is removed). docs/rules-audit/FAMILY.json lists, per rule, a mutation that removes the behaviour
 * (a unique `find` text in `file` replaced by `replace`) and the test files citing the rule. For each
 * entry this script applies the mutation, runs those files filtered to tests named `[RULE]`, expects
 * at least one of them to fail, and restores the file (always, also on Ctrl+C).
 *
 *   node scripts/rules-audit.mjs             every entry
 *   node scripts/rules-audit.mjs TAB-2 ERR-2 only these rules
 *   node scripts/rules-audit.mjs --coverage  rules of RULES.md with no entry yet (no tests run)
 *
 * It edits the working tree while it runs: use it in a tree of your own, never in CI. Exit 1 when a
 * mutation is not applied (the text moved) or survives (the tests still pass).
 */
import { readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';

const root = join(import.meta.dirname, '..');
// one file per rule family (docs/rules-audit/SYNC.json holds SYNC-1..SYNC-10), each a JSON array
const ledgerDir = join(root, 'docs', 'rules-audit');
const ledger = readdirSync(ledgerDir).filter((f) => f.endsWith('.json')).sort()
  .flatMap((f) => JSON.parse(readFileSync(join(ledgerDir, f), 'utf8')));
const rulesMd = readFileSync(join(root, '..', 'shared', 'RULES.md'), 'utf8');
const allRules = [...rulesMd.matchAll(/^- ([A-Z]+-\d+) /gm)].map((m) => m[1]);
const args = process.argv.slice(2);

if (args.includes('--coverage')) {
  const have = new Set(ledger.map((e) => e.rule));
  const missing = allRules.filter((r) => !have.has(r));
  console.log(`rules-audit: ${allRules.length - missing.length} of ${allRules.length} rules have a mutation in docs/rules-audit/`);
  if (missing.length) console.log(`without one: ${missing.join(' ')}`);
  process.exit(0);
}

const only = new Set(args.filter((a) => !a.startsWith('-')));
const entries = ledger.filter((e) => !only.size || only.has(e.rule));
let restore = null;
for (const sig of ['SIGINT', 'SIGTERM']) process.on(sig, () => { restore?.(); process.exit(130); });

let bad = 0;
for (const e of entries) {
  const path = join(root, e.file);
  const original = readFileSync(path, 'utf8');
  const at = original.indexOf(e.find);
  if (at < 0 || original.indexOf(e.find, at + 1) >= 0) {
    console.log(`${e.rule}: NOT APPLIED (${at < 0 ? 'text not found' : 'text not unique'} in ${e.file})`);
    bad++;
    continue;
  }
  restore = () => writeFileSync(path, original);
  writeFileSync(path, original.slice(0, at) + e.replace + original.slice(at + e.find.length));
  let out;
  try {
    out = spawnSync('npx', ['vitest', 'run', ...e.tests, '-t', `\\[${e.rule}\\]`], { cwd: root, encoding: 'utf8', env: { ...process.env, CI: 'true', NO_COLOR: '1' } });
  } finally {
    restore();
    restore = null;
  }
  const text = `${out.stdout}\n${out.stderr}`.replace(/\x1b\[[0-9;]*m/g, '');
  if (process.env.RULES_AUDIT_DEBUG) console.log(text);
  const failed = /Tests\s+\d+ failed/.test(text) || /Test Files\s+\d+ failed/.test(text);
  const ran = /Tests\s+.*\d+ (passed|failed)/.test(text);
  if (!ran) { console.log(`${e.rule}: NO TEST RAN (${e.tests.join(' ')} -t [${e.rule}])`); bad++; }
  else if (failed) console.log(`${e.rule}: ok, fails without the behaviour (${e.what})`);
  else { console.log(`${e.rule}: SURVIVES, the tests pass without the behaviour (${e.what})`); bad++; }
}
console.log(`rules-audit: ${entries.length - bad} of ${entries.length} mutations caught`);
process.exit(bad ? 1 : 0);
