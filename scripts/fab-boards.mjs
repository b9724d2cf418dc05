// Fabrication outputs of boards nobody here has seen (issue 12): every board of Debian's kicad-demos
// imported through our converter (`copperplate convert X.kicad_pcb`), and generated boards
// (packages/convert/test/fab/generate-board.ts: seeded, every pad shape, arcs, text, slots, vias,
// bottom parts, pours), each exported with `copperplate export fab`. A board passes when the export
// lists no problem (exit 0, no PROBLEMS.txt) and gerbv (Debian package) reads every Gerber and drill
// file of the zip without an error or warning. gerbv 2.9.6 reports each Gerber X2 attribute
// (%TF %TA %TO %TD) as an "Unknown RS-274X extension" and draws the file as if it were not there
// (gerbv/gerbv#249, silenced upstream in #282, after Debian's 2.9.6): those lines are counted apart,
// never as errors.
//
//   node scripts/fab-boards.mjs [BOARD.kicad_pcb|BOARD.epro ...] [--generated N] [--out OUTDIR] [--json]
//
// Without boards: every kicad-demos board and 6 generated boards. Exit code 1 when a board fails.
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { unzipSync } from 'fflate';
import { demoBoards } from './kicad-gerbers.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const CLI = join(root, 'bin', 'copperplate.mjs');

/** gerbv's messages for one file: errors and warnings, and the count of X2 attribute notices. */
export function gerbvRead(file) {
  const r = spawnSync('gerbv', ['-x', 'png', '-D', '50', '-o', '/dev/null', file], { encoding: 'utf8', maxBuffer: 256 << 20, timeout: 300_000 });
  const msgs = (r.stderr ?? '').split('\n').map((l) => l.trim()).filter((l) => /\b(CRITICAL|WARNING|ERROR)\b/.test(l));
  const x2 = msgs.filter((l) => /Unknown RS-274X extension found %T[FAOD]%/.test(l));
  const errors = msgs.filter((l) => !x2.includes(l)).map((l) => l.replace(/^\*\* \(process:\d+\): /, '').replace(/ in file ".*"$/, ''));
  if (r.status !== 0) errors.push(`gerbv exit ${r.status ?? r.signal}`);
  return { errors, x2: x2.length };
}

/** Export one project's fabrication zip and read every file back with gerbv. */
export function checkProject(epro, out, extra = []) {
  rmSync(out, { recursive: true, force: true });
  mkdirSync(out, { recursive: true });
  const fab = spawnSync(process.execPath, [CLI, 'export', 'fab', epro, out, '--date', '2026-01-01', ...extra], { encoding: 'utf8', maxBuffer: 64 << 20 });
  const problems = (fab.stderr ?? '').split('\n').filter((l) => /^problem:/.test(l));
  if (fab.status !== 0 && fab.status !== 3) return { exit: fab.status, problems, error: `export fab: ${(fab.stderr ?? '').trim().split('\n').pop()}` };
  const zipName = /^(Gerber_.*\.zip) \(/m.exec(fab.stdout)?.[1];
  if (!zipName) return { exit: fab.status, problems, error: 'no zip written' };
  const files = unzipSync(readFileSync(join(out, zipName)));
  const layers = [];
  for (const [name, bytes] of Object.entries(files)) {
    if (!/\.(G[A-Z0-9]+|DRL)$/i.test(name)) continue;
    const p = join(out, 'x', name);
    mkdirSync(dirname(p), { recursive: true });
    writeFileSync(p, bytes);
    layers.push({ name, ...gerbvRead(p) });
  }
  return { exit: fab.status, problems, zipProblems: !!files['PROBLEMS.txt'], layers };
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const args = process.argv.slice(2);
  const opt = (k, d) => { const i = args.indexOf(k); return i >= 0 ? args.splice(i, 2)[1] : d; };
  const outRoot = opt('--out', '/tmp/copperplate-fab-boards');
  const generated = Number(opt('--generated', '6'));
  const json = args.includes('--json');
  execFileSync(process.execPath, [join(root, 'scripts/ensure.mjs'), '--gerbv'], { stdio: 'inherit' });
  const named = args.filter((a) => !a.startsWith('--'));
  if (!named.length) execFileSync(process.execPath, [join(root, 'scripts/ensure.mjs'), '--kicad'], { stdio: 'inherit' });
  const boards = named.length ? named : demoBoards();
  const results = [];
  const run = (label, make) => {
    const out = join(outRoot, label.replace(/[^\w.-]+/g, '_'));
    let r;
    try { r = { board: label, ...make(out) }; } catch (e) { r = { board: label, error: String(e.stderr ?? e.message).split('\n').filter(Boolean).slice(-2).join(' ').slice(0, 300) }; }
    r.ok = !r.error && r.exit === 0 && !r.problems?.length && !r.zipProblems && r.layers.length > 0 && r.layers.every((l) => !l.errors.length);
    results.push(r);
    if (json) return;
    const files = r.layers?.length ?? 0, x2 = (r.layers ?? []).reduce((s, l) => s + l.x2, 0);
    console.log(`${r.ok ? 'ok  ' : 'FAIL'} ${label}: ${r.error ?? `${files} files read by gerbv, ${x2} X2 attribute notices`}`);
    for (const p of r.problems ?? []) console.log(`       ${p}`);
    for (const l of r.layers ?? []) for (const e of l.errors.slice(0, 5)) console.log(`       ${l.name}: ${e}`);
  };
  for (const pcb of boards) {
    if (pcb.endsWith('.kicad_pcb')) {
      run(`kicad-demos/${basename(pcb, '.kicad_pcb')}`, (out) => {
        mkdirSync(out, { recursive: true });
        const epro = join(out, 'board.epro');
        const conv = spawnSync(process.execPath, [CLI, 'convert', pcb, epro], { encoding: 'utf8' });
        if (conv.status !== 0) return { error: `convert: ${(conv.stderr ?? '').trim().split('\n').pop()}` };
        return checkProject(epro, join(out, 'fab'));
      });
    } else run(basename(pcb), (out) => checkProject(pcb, out));
  }
  if (!named.length) {
    for (let seed = 1; seed <= generated; seed++) {
      run(`generated/seed-${seed}`, (out) => {
        mkdirSync(out, { recursive: true });
        const epro = join(out, `generated-${seed}.epro`);
        execFileSync(process.execPath, ['--import', 'tsx', join(root, 'packages/convert/test/fab/generate-board.ts'), epro, String(seed)], { stdio: ['ignore', 'ignore', 'pipe'] });
        return checkProject(epro, join(out, 'fab'));
      });
    }
  }
  mkdirSync(outRoot, { recursive: true });
  writeFileSync(join(outRoot, 'results.json'), JSON.stringify(results, null, 1));
  const bad = results.filter((r) => !r.ok);
  if (json) console.log(JSON.stringify(results));
  else console.log(`\n${results.length - bad.length} of ${results.length} boards pass; results.json in ${outRoot}`);
  process.exit(bad.length ? 1 : 0);
}
