// `npm run bench` runs every bench/*.bench.ts; `npm run bench -- NAME` runs bench/NAME.bench.ts.
import { readdirSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const wanted = process.argv.slice(2).filter((a) => !a.startsWith('-'));
const all = readdirSync(here).filter((f) => f.endsWith('.bench.ts')).map((f) => f.replace(/\.bench\.ts$/, '')).sort();
const names = wanted.length ? wanted : all;
let failed = 0;
for (const name of names) {
  if (!all.includes(name)) { console.error(`No benchmark '${name}' (have: ${all.join(', ')})`); failed++; continue; }
  console.log(`\n# ${name}`);
  const r = spawnSync(process.execPath, ['--import', 'tsx', join(here, `${name}.bench.ts`)], { stdio: 'inherit', cwd: join(here, '..') });
  if (r.status !== 0) { console.error(`benchmark ${name} failed (exit ${r.status})`); failed++; }
}
process.exit(failed ? 1 : 0);
