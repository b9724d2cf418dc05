// Refreshes docs/screenshots/*.png (start page, project tree, import report, Warning dialog) by driving
// the real app in Chromium against a real server: `node scripts/screenshots.mjs`.
import { spawnSync } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
const root = join(dirname(fileURLToPath(import.meta.url)), '..');
spawnSync(process.execPath, [join(root, 'scripts/ensure.mjs'), '--browser'], { stdio: 'inherit', cwd: root });
const r = spawnSync(process.execPath, ['--import', 'tsx', join(root, 'e2e/lib/screenshots.ts')], { stdio: 'inherit', cwd: root });
process.exit(r.status ?? 1);
