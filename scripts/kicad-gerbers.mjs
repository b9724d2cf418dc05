// Compares the Gerbers of boards imported from KiCad (issue 15) with KiCad's own: for each board,
// pcbnew's plot API plots every copper layer and Edge.Cuts (packages/convert/test/kicad/pcbnew_plot.py,
// Debian's kicad; aperture macros as ours have them, except on boards with custom pads), `copperplate export fab` imports the .kicad_pcb and writes our
// Gerbers; per copper layer both are rasterised by gerbv (scripts/lib/gerber-raster.mjs) in windows of
// one size anchored at each file set's own board outline (our import moves the board, KiCad plots it
// where it lies), and the pixels lit in one picture only are counted against KiCad's copper area.
// Prints a table, writes the pictures (diff-LAYER.small.png: red ours only, green KiCad only) and
// results.json to OUTDIR (default /tmp/copperplate-kicad-gerbers). KiCad's plots and their pictures are cached
// in ~/.cache/copperplate/kicad-plots (every clone on the machine) by board hash and KiCad version; KICAD_GERBERS_FRESH=1 makes them again.
//
//   node scripts/kicad-gerbers.mjs [BOARD.kicad_pcb ...] [--out OUTDIR] [--dpi 1000] [--json]
//
// Without boards: every board of Debian's kicad-demos. Exit code 0 always (it reports; the test asserts).
import { execFileSync, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { copyFileSync, existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { basename, dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { unzipSync } from 'fflate';
import { compareRasters, decodePng, encodePng, gerberExtents, rasterise, smallPicture } from './lib/gerber-raster.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const PLOT = join(root, 'packages/convert/test/kicad/pcbnew_plot.py');
const DEMOS = '/usr/share/kicad/demos';
/**
 * pcbnew's plots by board: see referencePlots. In the user's cache folder, not the clone, so that every
 * clone on one machine (CI's clean clones among them) plots a board once per KiCad version.
 */
export const PLOT_CACHE = process.env.COPPERPLATE_KICAD_PLOTS ?? join(process.env.XDG_CACHE_HOME || join(homedir(), '.cache'), 'copperplate', 'kicad-plots');

const versions = new Map();
/**
 * An installed tool's version, for cache keys: its Debian package version; else the size and time of
 * `file` (a build not from Debian). Characters that cannot stand in a file name become _.
 */
function installedVersion(pkg, file) {
  if (!versions.has(pkg)) {
    let v = '';
    try { v = execFileSync('dpkg-query', ['-W', '-f', '${Version}', pkg], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim(); } catch { /* not Debian */ }
    if (!v) { const st = statSync(file, { throwIfNoEntry: false }); v = st ? `${st.size}-${st.mtimeMs}` : 'unknown'; }
    versions.set(pkg, v.replace(/[^\w.+-]/g, '_'));
  }
  return versions.get(pkg);
}
const installedKicad = () => installedVersion('kicad', '/usr/lib/python3/dist-packages/pcbnew.py');
const gerbvVersion = () => installedVersion('gerbv', '/usr/bin/gerbv');

/**
 * KiCad's plots of a board into `dir` (pcbnew_plot.py), returns its JSON answer ({ layers: { 'F.Cu':
 * 'F_Cu.gbr', ... } }). Plotting is most of the Gerber test's time, so the plots are kept in PLOT_CACHE
 * under a hash of the board's bytes, the installed KiCad's version, the plot script and the options:
 * a second run copies them (`fresh` or KICAD_GERBERS_FRESH=1 plots again).
 */
export function referencePlots(pcb, dir, macros, fresh = !!process.env.KICAD_GERBERS_FRESH) {
  const key = createHash('sha256').update(readFileSync(pcb)).update('\0').update(installedKicad()).update('\0').update(readFileSync(PLOT)).update(macros ? '\0macros' : '\0').digest('hex').slice(0, 32);
  const cached = join(PLOT_CACHE, key);
  const answer = join(cached, 'plotted.json');
  if (!fresh && existsSync(answer)) {
    const plotted = JSON.parse(readFileSync(answer, 'utf8'));
    for (const f of Object.values(plotted.layers)) if (existsSync(join(cached, f))) copyFileSync(join(cached, f), join(dir, f));
    return { ...plotted, cacheDir: cached };
  }
  const plotted = JSON.parse(execFileSync('/usr/bin/python3', [PLOT, pcb, dir, ...(macros ? ['--macros'] : [])], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim().split('\n').pop());
  try { // written whole under a temporary name, then renamed: a parallel run never sees half a set
    const tmp = `${cached}.${process.pid}.tmp`;
    rmSync(tmp, { recursive: true, force: true });
    mkdirSync(tmp, { recursive: true });
    for (const f of Object.values(plotted.layers)) if (existsSync(join(dir, f))) copyFileSync(join(dir, f), join(tmp, f));
    writeFileSync(join(tmp, 'plotted.json'), JSON.stringify(plotted));
    rmSync(cached, { recursive: true, force: true });
    renameSync(tmp, cached);
  } catch { /* a cache that cannot be written only costs time */ }
  return { ...plotted, cacheDir: existsSync(answer) ? cached : undefined };
}

/**
 * gerbv's picture of a reference Gerber, kept beside the cached plots (by layer, dpi and window: the
 * window also depends on our outline) so that a second run does not rasterise KiCad's side again.
 */
function referenceRaster(plotted, layer, file, png, win, dpi) {
  const name = `raster-${gerbvVersion()}-${layer}-${dpi}-${[win.minX, win.minY, win.maxX, win.maxY].map((v) => v.toFixed(5)).join('_')}.png`;
  const cached = plotted.cacheDir ? join(plotted.cacheDir, name) : undefined;
  if (cached && existsSync(cached)) { copyFileSync(cached, png); return decodePng(readFileSync(png)); }
  const raster = rasterise(file, png, win, dpi);
  if (cached) try { copyFileSync(png, `${cached}.${process.pid}.tmp`); renameSync(`${cached}.${process.pid}.tmp`, cached); } catch { /* only costs time */ }
  return raster;
}

/** KiCad copper layer -> the file of our Gerber zip. */
export function ourLayerFile(kicadLayer) {
  if (kicadLayer === 'F.Cu') return 'Gerber_TopLayer.GTL';
  if (kicadLayer === 'B.Cu') return 'Gerber_BottomLayer.GBL';
  const m = /^In(\d+)\.Cu$/.exec(kicadLayer);
  return m ? `Gerber_InnerLayer${m[1]}.G${m[1]}` : undefined;
}

export function demoBoards(dir = DEMOS) {
  const out = [];
  const walk = (d) => { for (const n of readdirSync(d)) { const p = join(d, n); if (statSync(p).isDirectory()) walk(p); else if (n.endsWith('.kicad_pcb')) out.push(p); } };
  if (existsSync(dir)) walk(dir);
  return out.sort();
}

/** Compare one board; returns { board, layers: [{ layer, ours, ref, differ, pct }] } or { board, error }. */
export function compareBoard(pcb, outRoot, dpi = 1000) {
  const name = basename(pcb, '.kicad_pcb');
  const out = join(outRoot, name);
  rmSync(out, { recursive: true, force: true });
  mkdirSync(join(out, 'ref'), { recursive: true });
  // KiCad plots rounded rectangles and turned ovals as aperture macros, as ours are, unless the board has
  // custom pads (gerbv crashes on their long macros); then neither side uses macros (`export fab
  // --no-macros`). gerbv draws a macro flash about a pixel off the same shape drawn as a region, which
  // would count as a difference along every such pad's edge.
  const macros = !/\(pad\s+"[^"]*"\s+\w+\s+custom/.test(readFileSync(pcb, 'utf8'));
  const plotted = referencePlots(pcb, join(out, 'ref'), macros);
  // `export` imports the KiCad board on the way, as `convert` would (one process, nothing written but the outputs)
  const fab = spawnSync(process.execPath, [join(root, 'bin/copperplate.mjs'), 'export', 'fab', pcb, join(out, 'ours'), '--date', '2026-01-01', ...(macros ? [] : ['--no-macros'])], { encoding: 'utf8' });
  if (fab.status !== 0 && fab.status !== 3) return { board: name, error: `export fab: ${fab.stderr.trim().split('\n').pop()}` };
  const zipName = /^(Gerber_.*\.zip) \(/m.exec(fab.stdout)[1]; // names may hold spaces ("sonde xilinx")
  const ours = unzipSync(readFileSync(join(out, 'ours', zipName)));
  const dec = (u) => new TextDecoder().decode(u);
  const refText = (f) => readFileSync(join(out, 'ref', f), 'utf8');
  // one window size; each anchored at its own outline's lower-left corner less 2 mm
  const eo = gerberExtents(dec(ours['Gerber_BoardOutlineLayer.GKO'] ?? new Uint8Array()));
  const er = gerberExtents(refText(plotted.layers['Edge.Cuts']));
  const W = Math.max(eo.maxX - eo.minX, er.maxX - er.minX) + 4, H = Math.max(eo.maxY - eo.minY, er.maxY - er.minY) + 4;
  const winO = { minX: eo.minX - 2, minY: eo.minY - 2, maxX: eo.minX - 2 + W, maxY: eo.minY - 2 + H };
  const winR = { minX: er.minX - 2, minY: er.minY - 2, maxX: er.minX - 2 + W, maxY: er.minY - 2 + H };
  const layers = [];
  for (const [layer, file] of Object.entries(plotted.layers)) {
    const ourFile = ourLayerFile(layer);
    if (!ourFile) continue;
    if (!ours[ourFile]) { layers.push({ layer, missing: 'ours' }); continue; }
    writeFileSync(join(out, `ours-${ourFile}`), ours[ourFile]);
    const A = rasterise(join(out, `ours-${ourFile}`), join(out, `ours-${layer}.png`), winO, dpi);
    const B = referenceRaster(plotted, layer, join(out, 'ref', file), join(out, `ref-${layer}.png`), winR, dpi);
    const { a, r, d, w, h, rgb } = compareRasters(A, B);
    writeFileSync(join(out, `diff-${layer}.small.png`), smallPicture(w, h, rgb));
    if (process.env.KICAD_GERBERS_FULL) writeFileSync(join(out, `diff-${layer}.png`), encodePng(w, h, rgb));
    layers.push({ layer, ours: a, ref: r, differ: d, pct: r ? (100 * d) / r : a ? 100 : 0 });
  }
  return { board: name, window: [W, H], layers };
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const args = process.argv.slice(2);
  const opt = (k, d) => { const i = args.indexOf(k); return i >= 0 ? args.splice(i, 2)[1] : d; };
  const outRoot = opt('--out', '/tmp/copperplate-kicad-gerbers');
  const dpi = Number(opt('--dpi', '1000'));
  const json = args.includes('--json');
  execFileSync(process.execPath, [join(root, 'scripts/ensure.mjs'), '--gerbv'], { stdio: 'inherit' });
  execFileSync(process.execPath, [join(root, 'scripts/ensure.mjs'), '--kicad'], { stdio: 'inherit' });
  const boards = args.filter((a) => !a.startsWith('--'));
  const results = [];
  for (const pcb of boards.length ? boards : demoBoards()) {
    let r;
    try { r = compareBoard(pcb, outRoot, dpi); } catch (e) { r = { board: basename(pcb, '.kicad_pcb'), error: String(e.stderr ?? e.message).split('\n').filter(Boolean).slice(-2).join(' ').slice(0, 300) }; }
    results.push(r);
    if (json) continue;
    if (r.error) { console.log(`${r.board}: ${r.error}`); continue; }
    console.log(`\n${r.board}  (window ${r.window[0].toFixed(1)} x ${r.window[1].toFixed(1)} mm at ${dpi} dpi)`);
    console.log('layer        ours px     KiCad px   differ px   differ % of KiCad');
    for (const l of r.layers) {
      if (l.missing) { console.log(`${l.layer.padEnd(8)} missing in ours`); continue; }
      console.log(`${l.layer.padEnd(8)} ${String(l.ours).padStart(11)} ${String(l.ref).padStart(12)} ${String(l.differ).padStart(11)} ${l.pct.toFixed(3).padStart(12)}%${l.pct <= 0.5 ? '' : '  > 0.5%'}`);
    }
  }
  mkdirSync(outRoot, { recursive: true });
  writeFileSync(join(outRoot, 'results.json'), JSON.stringify(results, null, 1));
  if (json) console.log(JSON.stringify(results.map(({ window, ...r }) => r)));
  else console.log(`\npictures and results.json in ${outRoot}`);
}
