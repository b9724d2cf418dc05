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

// Two test files run at once and each may ask for its Debian package (--kicad, --gerbv, --ngspice...):
// apt-get refuses at once when another holds dpkg's lock, so every install here waits its turn on one
// file lock (flock, util-linux) and on dpkg's own lock (DPkg::Lock::Timeout) rather than failing.
function aptInstall(sudo, pkgs, recommends = true) {
  const apt = `${sudo}apt-get -o DPkg::Lock::Timeout=900`;
  const cmd = `${apt} update -qq && DEBIAN_FRONTEND=noninteractive ${apt} install -y -qq ${recommends ? '' : '--no-install-recommends '}${pkgs.join(' ')}`;
  let flock = false;
  try { execSync('command -v flock', { stdio: 'ignore' }); flock = true; } catch { /* no flock: dpkg's timeout alone */ }
  return flock ? `flock -w 1800 /tmp/copperplate-apt.lock sh -c ${JSON.stringify(cmd)}` : cmd;
}

const stamp = join(root, 'node_modules', '.copperplate-install');
const want = lockHash();
const have = existsSync(stamp) ? readFileSync(stamp, 'utf8') : '';
// `--kicad` is called from inside the KiCad tests and bench (node_modules is there): only that step.
const kicadOnly = process.argv.includes('--kicad');
// `--gerbv` likewise (scripts/compare-gerbers.mjs and the fabrication bench): only gerbv.
const gerbvOnly = process.argv.includes('--gerbv');
// `--ngspice` likewise (the SPICE tests, bench and `copperplate simulate`): only ngspice.
const ngspiceOnly = process.argv.includes('--ngspice');
// `--library` (the component library build: `npm start`, `copperplate library build`, its tests and
// bench): only KiCad's symbol and footprint libraries, see below.
const libraryOnly = process.argv.includes('--library');
// `--poppler` (the panel PDF test and scripts/compare-renders.mjs): only poppler-utils (pdftotext, pdftoppm).
const popplerOnly = process.argv.includes('--poppler');
// `--fonts` (the fabrication tests, scripts/compare-gerbers.mjs): only the font substitutes of
// packages/board/src/ttf.ts FONT_SUBSTITUTES (Verdana, Arial, Times New Roman, Courier New, Calibri, Consolas).
const fontsOnly = process.argv.includes('--fonts');
if (!kicadOnly && !gerbvOnly && !ngspiceOnly && !libraryOnly && !popplerOnly && !fontsOnly && (!existsSync(join(root, 'node_modules')) || have !== want)) {
  console.log('[ensure] installing npm dependencies...');
  run(existsSync(join(root, 'package-lock.json')) ? 'npm ci --no-audit --no-fund' : 'npm install --no-audit --no-fund');
  writeFileSync(stamp, want);
}

// Browser tests and browser benchmarks drive Debian's Chromium; CJK names in fixtures need a font.
const DEBIAN_PACKAGES = [
  { pkg: 'chromium', present: () => existsSync('/usr/bin/chromium') },
  { pkg: 'fonts-wqy-microhei', present: () => existsSync('/usr/share/fonts/truetype/wqy/wqy-microhei.ttc') },
];
// Fabrication sets text in a named font with no stored outlines (EasyEDA Pro 3 boards' Verdana, Consolas...)
// in a substitute: installed with the app (npm start/test/bench) and by `--fonts`.
const FONT_PACKAGES = [
  { pkg: 'fonts-arkpandora', present: () => existsSync('/usr/share/fonts/truetype/arkpandora/Veranda.ttf') },
  { pkg: 'fonts-liberation', present: () => existsSync('/usr/share/fonts/truetype/liberation/LiberationSans-Regular.ttf') },
  { pkg: 'fonts-crosextra-carlito', present: () => existsSync('/usr/share/fonts/truetype/crosextra/Carlito-Regular.ttf') },
  { pkg: 'fonts-dejavu-core', present: () => existsSync('/usr/share/fonts/truetype/dejavu/DejaVuSansMono.ttf') },
];
const needBrowser = process.argv.includes('--browser') || ['test', 'bench', 'start'].includes(process.env.npm_lifecycle_event ?? '');
const missing = needBrowser && !kicadOnly && !gerbvOnly && !ngspiceOnly && !libraryOnly && !popplerOnly && !fontsOnly ? [...DEBIAN_PACKAGES, ...FONT_PACKAGES].filter((p) => !p.present()).map((p) => p.pkg) : [];
if (fontsOnly) missing.push(...FONT_PACKAGES.filter((p) => !p.present()).map((p) => p.pkg));
// gerbv rasterises Gerbers for the fabrication comparison (scripts/compare-gerbers.mjs asks with --gerbv).
if (gerbvOnly && !existsSync('/usr/bin/gerbv')) missing.push('gerbv');
// ngspice is the SPICE engine of the server and CLI and the reference of the SPICE tests (issue 18).
if (ngspiceOnly && !existsSync('/usr/bin/ngspice')) missing.push('ngspice');
// poppler-utils reads our PDFs back in tests (an independent PDF reader) and draws EasyEDA's PDFs for compare-renders.
if (popplerOnly && !existsSync('/usr/bin/pdftotext')) missing.push('poppler-utils');
if (missing.length) {
  console.log(`[ensure] installing Debian packages: ${missing.join(' ')}...`);
  const sudo = process.getuid && process.getuid() === 0 ? '' : 'sudo ';
  try {
    run(aptInstall(sudo, missing));
  } catch (e) {
    console.error(`[ensure] could not install ${missing.join(' ')} (apt-get failed); ${ngspiceOnly ? 'the SPICE tests will be skipped' : fontsOnly ? 'named fonts are drawn in the stroke font' : 'browser tests need /usr/bin/chromium'}`);
  }
}

// KiCad (its Python module pcbnew) and its demo projects are the reference of the KiCad import tests
// and bench (issue 15). Big: installed only when asked (`--kicad`, which those tests and the bench
// pass), never for a plain `npm test` or `npm start`. Exit code 0 either way; the tests skip with
// a message when /usr/share/kicad/demos or pcbnew is still missing afterwards.
/** KiCad's stroke font read from the installed KiCad (see kicadFont below). */
export const KICAD_FONT_FILE = join(root, '.cache', 'kicad', 'newstroke.json');
export const KICAD_PACKAGES = [
  { pkg: 'kicad', present: () => existsSync('/usr/lib/python3/dist-packages/pcbnew.py') },
  { pkg: 'kicad-demos', present: () => existsSync('/usr/share/kicad/demos') },
];
if (process.argv.includes('--kicad')) {
  const want = KICAD_PACKAGES.filter((p) => !p.present()).map((p) => p.pkg);
  if (want.length) {
    let hasApt = false;
    try { execSync('command -v apt-get', { stdio: 'ignore' }); hasApt = true; } catch { /* no apt */ }
    const root0 = process.getuid && process.getuid() === 0;
    let canSudo = root0;
    if (!root0) { try { execSync('sudo -n true', { stdio: 'ignore' }); canSudo = true; } catch { /* no sudo */ } }
    if (!hasApt || !canSudo) {
      console.error(`[ensure] KiCad reference tests need Debian packages ${want.join(' ')}; ${hasApt ? 'no root or password-less sudo' : 'apt-get is unavailable'}, skipping their install`);
    } else {
      console.log(`[ensure] installing Debian packages: ${want.join(' ')} (KiCad reference, large)...`);
      const sudo = root0 ? '' : 'sudo -n ';
      try {
        execSync(aptInstall(sudo, want, false), { stdio: ['ignore', 'ignore', 'inherit'] });
      } catch {
        console.error(`[ensure] could not install ${want.join(' ')} (apt-get failed); the KiCad reference tests will be skipped`);
      }
    }
  }
  kicadFont();
}

// KiCad's stroke font (newstroke, GPL data: not in our repository) for text imported from KiCad: read
// from the installed KiCad by scripts/kicad_newstroke.py (pcbnew lays out each character) into the
// uncommitted .cache/kicad/newstroke.json, which the apps load (apps/server/src/kicad-font.ts). Again
// after KiCad is reinstalled or upgraded. Without KiCad, KiCad text is drawn in our own stroke font.
function kicadFont() {
  const pcbnew = '/usr/lib/python3/dist-packages/pcbnew.py';
  if (!existsSync(pcbnew) || !existsSync('/usr/bin/python3')) return;
  if (existsSync(KICAD_FONT_FILE) && statSync(KICAD_FONT_FILE).mtimeMs >= statSync(pcbnew).mtimeMs) return;
  try {
    execSync(`/usr/bin/python3 ${JSON.stringify(join(root, 'scripts', 'kicad_newstroke.py'))} ${JSON.stringify(KICAD_FONT_FILE)}`, { stdio: ['ignore', 'ignore', 'inherit'] });
    console.log(`[ensure] KiCad's stroke font read from the installed KiCad into ${KICAD_FONT_FILE}`);
  } catch {
    console.error("[ensure] could not read KiCad's stroke font from the installed KiCad; KiCad text is drawn in our stroke font");
  }
}

// KiCad's official symbol and footprint libraries (CC-BY-SA 4.0 with the design exception), the
// source of the system component library (packages/library). Installed only with `--library`, which
// `npm start` (first run), `copperplate library build`, the library tests and bench pass. Without
// apt or root: said once, and the library holds only the generated basic parts.
export const LIBRARY_PACKAGES = [
  { pkg: 'kicad-symbols', present: () => existsSync('/usr/share/kicad/symbols/Device.kicad_sym') },
  { pkg: 'kicad-footprints', present: () => existsSync('/usr/share/kicad/footprints/Resistor_SMD.pretty') },
];
if (libraryOnly) {
  const want = LIBRARY_PACKAGES.filter((p) => !p.present()).map((p) => p.pkg);
  if (want.length) {
    let hasApt = false;
    try { execSync('command -v apt-get', { stdio: 'ignore' }); hasApt = true; } catch { /* no apt */ }
    const root0 = process.getuid && process.getuid() === 0;
    let canSudo = root0;
    if (!root0) { try { execSync('sudo -n true', { stdio: 'ignore' }); canSudo = true; } catch { /* no sudo */ } }
    if (!hasApt || !canSudo) {
      console.error(`[ensure] the component library uses Debian packages ${want.join(' ')}; ${hasApt ? 'no root or password-less sudo' : 'apt-get is unavailable'}: only the generated basic parts will be built`);
    } else {
      console.log(`[ensure] installing Debian packages: ${want.join(' ')} (KiCad libraries, about 150 MB)...`);
      const sudo = root0 ? '' : 'sudo -n ';
      try {
        execSync(aptInstall(sudo, want, false), { stdio: ['ignore', 'ignore', 'inherit'] });
      } catch {
        console.error(`[ensure] could not install ${want.join(' ')} (apt-get failed): only the generated basic parts will be built`);
      }
    }
  }
}
