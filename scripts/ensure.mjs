// Installs what is missing so that `npm start`, `npm test` and `npm run bench` work on a fresh clone.
// Runs with plain Node (no dependencies): node_modules may not exist yet.
import { existsSync, readFileSync, writeFileSync, statSync } from 'node:fs';
import { execSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const run = (cmd) => execSync(cmd, { cwd: root, stdio: 'inherit' });

function lockHash() {
  const lock = join(root, 'package-lock.json');
  const pkgs = ['package.json', 'package-lock.json'].filter((f) => existsSync(join(root, f)));
  const h = createHash('sha256');
  for (const f of pkgs) h.update(readFileSync(join(root, f)));
  return existsSync(lock) ? h.digest('hex') : 'nolock';
}

const stamp = join(root, 'node_modules', '.copperplate-install');
const want = lockHash();
const have = existsSync(stamp) ? readFileSync(stamp, 'utf8') : '';
if (!existsSync(join(root, 'node_modules')) || have !== want) {
  console.log('[ensure] installing npm dependencies...');
  run(existsSync(join(root, 'package-lock.json')) ? 'npm ci --no-audit --no-fund' : 'npm install --no-audit --no-fund');
  writeFileSync(stamp, want);
}

// Browser tests and browser benchmarks drive Debian's Chromium; CJK names in fixtures need a font.
const DEBIAN_PACKAGES = [
  { pkg: 'chromium', present: () => existsSync('/usr/bin/chromium') },
  { pkg: 'fonts-wqy-microhei', present: () => existsSync('/usr/share/fonts/truetype/wqy/wqy-microhei.ttc') },
];
const needBrowser = process.argv.includes('--browser') || ['test', 'bench', 'start'].includes(process.env.npm_lifecycle_event ?? '');
const missing = needBrowser ? DEBIAN_PACKAGES.filter((p) => !p.present()).map((p) => p.pkg) : [];
if (missing.length) {
  console.log(`[ensure] installing Debian packages: ${missing.join(' ')}...`);
  const sudo = process.getuid && process.getuid() === 0 ? '' : 'sudo ';
  try {
    run(`${sudo}apt-get update -qq && DEBIAN_FRONTEND=noninteractive ${sudo}apt-get install -y -qq ${missing.join(' ')}`);
  } catch (e) {
    console.error(`[ensure] could not install ${missing.join(' ')} (apt-get failed); browser tests need /usr/bin/chromium`);
  }
}
void statSync;
