// `npm test`: typecheck, layering check, then every test (unit, integration, property, browser).
import { spawnSync } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const step = (name, cmd, args) => {
  console.log(`\n== ${name} ==`);
  const r = spawnSync(cmd, args, { cwd: root, stdio: 'inherit', env: process.env });
  if (r.status !== 0) {
    console.error(`\n${name} failed (exit ${r.status ?? r.signal})`);
    process.exit(r.status || 1);
  }
};
const extra = process.argv.slice(2);
step('typecheck', 'npx', ['tsc', '-p', 'tsconfig.json', '--noEmit']);
step('layering', 'node', ['scripts/check-layers.mjs']);
step('tests', 'npx', ['vitest', 'run', ...extra]);
