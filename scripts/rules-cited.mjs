// Lists the rule ids of ../shared/RULES.md that no test cites. A test cites a rule by naming it in
// its title or describe block: `it('[TKT-2] ...')`, `[OPEN-5][CLOSE-1] ...` (see RULES.md).
// Usage: node scripts/rules-cited.mjs [--json]; exit 1 when a rule is uncited.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');

export function ruleIds(rulesText) {
  return [...rulesText.matchAll(/^- ([A-Z]+-\d+) /gm)].map((m) => m[1]);
}

function walk(dir, out = []) {
  if (!existsSync(dir)) return out;
  for (const name of readdirSync(dir)) {
    if (name === 'node_modules' || name === 'dist' || name.startsWith('.')) continue;
    const p = join(dir, name);
    if (statSync(p).isDirectory()) walk(p, out);
    else if (/\.test\.tsx?$/.test(name)) out.push(p);
  }
  return out;
}

/** Rule id -> test files citing it in a test or describe title (`[ID]` inside a string literal). */
export function citations(base = root) {
  const cited = new Map();
  for (const dir of ['packages', 'apps', 'e2e', 'scripts']) {
    for (const file of walk(join(base, dir))) {
      const text = readFileSync(file, 'utf8');
      for (const m of text.matchAll(/\b(?:it|test|describe)(?:\.\w+(?:\([^()]*\))?)*\(\s*(['"`])((?:\\.|(?!\1).)*)\1/g)) {
        for (const id of m[2].matchAll(/\[([A-Z]+-\d+)\]/g)) {
          if (!cited.has(id[1])) cited.set(id[1], new Set());
          cited.get(id[1]).add(file.slice(base.length + 1));
        }
      }
    }
  }
  return cited;
}

export function uncited(base = root, rulesPath = join(base, '..', 'shared', 'RULES.md')) {
  const ids = ruleIds(readFileSync(rulesPath, 'utf8'));
  const cited = citations(base);
  return { ids, missing: ids.filter((id) => !cited.has(id)), cited };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const { ids, missing, cited } = uncited();
  if (process.argv.includes('--json')) console.log(JSON.stringify({ rules: ids.length, uncited: missing, cited: Object.fromEntries([...cited].map(([k, v]) => [k, [...v]])) }, null, 2));
  else console.log(missing.length ? `Uncited rules (${missing.length} of ${ids.length}): ${missing.join(', ')}` : `Every rule of RULES.md (${ids.length}) is cited by a test.`);
  process.exit(missing.length ? 1 : 0);
}
