// Compares our fabrication outputs with EasyEDA Pro's for the fixture boards that have a reference
// Gerber zip in ../shared/fixtures/ref/: per layer, both Gerbers are rasterised by gerbv (Debian
// package, installed through scripts/ensure.mjs --gerbv) at 1000 dpi in one window (the union of both
// board outlines plus a margin, grown per layer to hold everything either file draws), and the
// differing pixels are counted against the reference's dark area; drill hits are compared per
// diameter. A reference file that draws nothing (EasyEDA writes empty silk layers) stands for our
// not writing the layer. Where the reference zip holds FlyingProbeTesting.json (EasyEDA's component
// placements), our pick-and-place rows are checked against it (Ref X/Y within 0.01 mm, same rotation
// and side). Prints a table per board; writes the pictures (ours | reference | difference: red ours
// only, green the reference only) to OUTDIR (default /tmp/copperplate-compare).
//
//   node scripts/compare-gerbers.mjs [BOARD ...] [--out OUTDIR] [--dpi 1000] [--layers REGEX]
//   node scripts/compare-gerbers.mjs --project FILE.epro2 --ref GERBER.zip [--doc PCB] [...]
//     a project that is not a fixture (say one found in a public repository) against the Gerber zip
//     EasyEDA made of it; --bom FILE / --pnp FILE (CSV or XLSX): EasyEDA's BOM and pick-and-place file
//     of it, compared line by line with ours (BOM lines by designators, every common column; pick-and-place
//     rows by designator, positions within 0.01 mm, every other common column equal)
//
// Exit code 0 always (it reports; the tests assert). Plain Node + fflate; our outputs come from the CLI.
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { unzipSync } from 'fflate';
import { compareRasters, encodePng, gerberExtents, rasterise as rasteriseAt, smallPicture } from './lib/gerber-raster.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const fixtures = join(root, '..', 'shared', 'fixtures');
const args = process.argv.slice(2);
const opt = (k, d) => { const i = args.indexOf(k); return i >= 0 ? args.splice(i, 2)[1] : d; };
const outRoot = opt('--out', '/tmp/copperplate-compare');
const dpi = Number(opt('--dpi', '1000'));
const layerFilter = new RegExp(opt('--layers', '.'), 'i');
const extraProject = opt('--project', undefined);
const extraRef = opt('--ref', undefined);
const extraDoc = opt('--doc', undefined);
const refBomFile = opt('--bom', undefined);
const refPnpFile = opt('--pnp', undefined);
const only = args.filter((a) => !a.startsWith('--'));

execFileSync(process.execPath, [join(root, 'scripts', 'ensure.mjs'), '--gerbv'], { stdio: 'inherit' });
execFileSync(process.execPath, [join(root, 'scripts', 'ensure.mjs'), '--fonts'], { stdio: 'inherit' });

/** Boards with a reference zip and a project we can read (.epro; .epro2 once the V3 importer reads them). */
const BOARDS = [
  { name: 'TriWave-2.1', project: 'TriWave-2.1.epro' },
  { name: 'falcon-flight-FFB6.1', project: 'falcon-flight-FFB6.1.epro' },
  { name: 'Hexapod', project: 'Hexapod.epro2' },
  { name: 'ESP32-MPU6050', project: 'ESP32-MPU6050.epro2' },
];

/** Drill hits per diameter (mm, 3 decimals) of an Excellon file. */
function drillHits(text) {
  const tools = new Map();
  for (const m of text.matchAll(/^T(\d+)C([\d.]+)/gm)) tools.set(Number(m[1]), Number(m[2]).toFixed(3));
  const hits = new Map();
  let cur;
  let inBody = false;
  for (const line of text.split(/\r?\n/)) {
    if (line === '%' || line === 'M95') { inBody = true; continue; }
    if (!inBody) continue;
    const t = /^T(\d+)$/.exec(line);
    if (t) { cur = tools.get(Number(t[1])); continue; }
    if (/^X/.test(line) && cur) {
      const key = /G85/.test(line) ? `${cur} slot` : cur;
      hits.set(key, (hits.get(key) ?? 0) + 1);
    }
  }
  return hits;
}

// No border (gerbv adds 5% of the window by default): pixel columns and rows then map onto the window's mm,
// which the board-window column needs.
const rasterise = (file, png, win) => rasteriseAt(file, png, win, dpi, 0);

const results = [];
const boards = extraProject
  ? [{ name: 'project', project: extraProject, refZip: extraRef, doc: extraDoc }]
  : BOARDS;
for (const b of boards) {
  if (only.length && !only.includes(b.name)) continue;
  const refDir = b.refZip ? dirname(b.refZip) : join(fixtures, 'ref', b.name);
  const refZipName = b.refZip ? b.refZip.split('/').pop() : existsSync(refDir) ? readdirSync(refDir).find((f) => /\.zip$/i.test(f)) : undefined;
  const proj = b.refZip ? b.project : join(fixtures, 'epro', b.project);
  if (!refZipName || !existsSync(proj)) continue;
  const out = join(outRoot, b.name);
  mkdirSync(out, { recursive: true });
  let ours;
  try {
    // Exit 3 = written, with problems (printed beside the table).
    const r = spawnSync(process.execPath, [join(root, 'bin', 'copperplate.mjs'), 'export', 'fab', proj, ...(b.doc ? ['--doc', b.doc] : []), join(out, 'ours'), '--date', '2026-01-01'], { encoding: 'utf8' });
    if (r.status !== 0 && r.status !== 3) throw Object.assign(new Error(`exit ${r.status}`), { stderr: r.stderr });
    for (const l of (r.stderr ?? '').split('\n')) if (/^problem:/.test(l)) console.log(`${b.name}: ${l}`);
    const cli = r.stdout;
    const zipName = cli.split('\n').find((l) => /^Gerber_.*\.zip/.test(l)).split(' ')[0];
    ours = unzipSync(readFileSync(join(out, 'ours', zipName)));
  } catch (e) {
    const msg = String(e.stderr ?? e.message).split('\n').filter((l) => l && !/npm warn/.test(l)).slice(-2).join(' ');
    console.log(`\n${b.name}: our export failed (${msg.slice(0, 200)})`);
    results.push({ board: b.name, error: msg });
    continue;
  }
  const ref = unzipSync(readFileSync(join(refDir, refZipName)));
  const dec = (u) => new TextDecoder().decode(u);
  // Common window: union of both outlines' extents + 2 mm (per layer grown to what either file draws).
  const ko = 'Gerber_BoardOutlineLayer.GKO';
  const ea = ours[ko] ? gerberExtents(dec(ours[ko])) : undefined, eb = ref[ko] ? gerberExtents(dec(ref[ko])) : undefined;
  const win = { minX: Math.min(ea?.minX ?? Infinity, eb?.minX ?? Infinity) - 2, minY: Math.min(ea?.minY ?? Infinity, eb?.minY ?? Infinity) - 2, maxX: Math.max(ea?.maxX ?? -Infinity, eb?.maxX ?? -Infinity) + 2, maxY: Math.max(ea?.maxY ?? -Infinity, eb?.maxY ?? -Infinity) + 2 };
  console.log(`\n${b.name}  (reference ${refZipName}; window ${(win.maxX - win.minX).toFixed(1)} x ${(win.maxY - win.minY).toFixed(1)} mm at ${dpi} dpi)`);
  console.log('layer                              ours px    ref px   differ px  differ % of ref  (board window)');
  const names = [...new Set([...Object.keys(ref), ...Object.keys(ours)])].filter((n) => /^Gerber_.*\.(G[A-Z0-9]+)$/i.test(n) && layerFilter.test(n)).sort();
  for (const n of names) {
    if (!ours[n] && ref[n] && !/D0?[123]\*/.test(dec(ref[n]).replace(/^G04.*$/gm, '').replace(/%[^%]*%/g, ''))) {
      console.log(`${n.padEnd(34)} reference draws nothing; ours not written`); results.push({ board: b.name, layer: n, emptyRef: true }); continue;
    }
    if (!ours[n] || !ref[n]) { console.log(`${n.padEnd(34)} ${ours[n] ? 'ours only' : 'reference only'}`); results.push({ board: b.name, layer: n, missing: ours[n] ? 'ref' : 'ours' }); continue; }
    writeFileSync(join(out, `ours-${n}`), ours[n]);
    writeFileSync(join(out, `ref-${n}`), ref[n]);
    let A, B;
    // The layer's window: the outlines' window grown to hold everything either file draws (+ 1 mm), so
    // objects beyond the board (dimensions, drill tables) are compared too.
    const lw = { ...win };
    for (const e of [gerberExtents(dec(ours[n])), gerberExtents(dec(ref[n]))]) {
      if (!(e.minX <= e.maxX)) continue;
      lw.minX = Math.min(lw.minX, e.minX - 1); lw.minY = Math.min(lw.minY, e.minY - 1);
      lw.maxX = Math.max(lw.maxX, e.maxX + 1); lw.maxY = Math.max(lw.maxY, e.maxY + 1);
    }
    try {
      A = rasterise(join(out, `ours-${n}`), join(out, `ours-${n}.png`), lw);
      B = rasterise(join(out, `ref-${n}`), join(out, `ref-${n}.png`), lw);
    } catch (e) {
      console.log(`${n.padEnd(34)} gerbv failed: ${String(e.stderr ?? e.message).slice(0, 120)}`);
      continue;
    }
    // The board window inside the layer's window (pixels; y down from the top).
    const px = (mm) => Math.round((mm * dpi) / 25.4);
    const { a, r, d, w, h, rgb, rIn, dIn } = compareRasters(A, B, { x0: px(win.minX - lw.minX), x1: px(win.maxX - lw.minX), y0: px(lw.maxY - win.maxY), y1: px(lw.maxY - win.minY) });
    writeFileSync(join(out, `diff-${n}.png`), encodePng(w, h, rgb));
    writeFileSync(join(out, `diff-${n}.small.png`), smallPicture(w, h, rgb));
    const pct = r ? (100 * d) / r : a ? 100 : 0;
    // Within the board window alone (what the table showed before it grew to whole layers).
    const pctBoard = rIn ? (100 * dIn) / rIn : dIn ? 100 : 0;
    console.log(`${n.padEnd(34)} ${String(a).padStart(9)} ${String(r).padStart(9)} ${String(d).padStart(11)} ${pct.toFixed(3).padStart(12)}% ${pctBoard.toFixed(3).padStart(12)}%${pct <= 0.5 ? '' : '  > 0.5%'}`);
    results.push({ board: b.name, layer: n, ours: a, ref: r, differ: d, pct, pctBoard });
  }
  console.log('drill file                          diameter mm    ours   ref');
  for (const n of [...new Set([...Object.keys(ref), ...Object.keys(ours)])].filter((f) => /\.DRL$/i.test(f)).sort()) {
    const ha = ours[n] ? drillHits(dec(ours[n])) : new Map(), hb = ref[n] ? drillHits(dec(ref[n])) : new Map();
    for (const k of [...new Set([...ha.keys(), ...hb.keys()])].sort()) {
      const eq = (ha.get(k) ?? 0) === (hb.get(k) ?? 0);
      console.log(`${n.padEnd(34)} ${k.padStart(12)} ${String(ha.get(k) ?? 0).padStart(7)} ${String(hb.get(k) ?? 0).padStart(5)}${eq ? '' : '  differ'}`);
      results.push({ board: b.name, drill: n, diameter: k, ours: ha.get(k) ?? 0, ref: hb.get(k) ?? 0 });
    }
  }
  // Pick-and-place against EasyEDA's component placements (FlyingProbeTesting.json of its zip: designator,
  // side, X/Y in mil at the component origin, angle): Ref X/Y within 0.01 mm, same rotation and side.
  const probe = ref['FlyingProbeTesting.json'] ? JSON.parse(dec(ref['FlyingProbeTesting.json'])) : undefined;
  const pnpName = readdirSync(join(out, 'ours')).find((f) => /^PickAndPlace_.*\.csv$/.test(f));
  if (probe?.components?.rows && pnpName) {
    const unit = probe.lengthUnit === 'mm' ? 1 : probe.lengthUnit === 'inch' ? 25.4 : 0.0254;
    const f = probe.components.fields, at = (k) => f.indexOf(k);
    const refPos = new Map(probe.components.rows.map((r) => [r[at('COMPONENT_NAME')], r]));
    const rows = readFileSync(join(out, 'ours', pnpName), 'utf8').replace(/^\ufeff/, '').trim().split('\n').map((l) => l.split('","').map((c) => c.replace(/^"|"$/g, '')));
    const h = rows.shift(), col = (k) => h.indexOf(k);
    let same = 0;
    const differ = [], absent = [];
    for (const r of rows) {
      const p = refPos.get(r[col('Designator')]);
      if (!p) { absent.push(r[col('Designator')]); continue; }
      const dx = parseFloat(r[col('Ref X')]) - p[at('X_COORDINATE')] * unit, dy = parseFloat(r[col('Ref Y')]) - p[at('Y_COORDINATE')] * unit;
      const ok = Math.abs(dx) <= 0.01 && Math.abs(dy) <= 0.01 && Number(r[col('Rotation')]) === Number(p[at('ANGLE')]) && r[col('Layer')] === p[at('LAYER')];
      if (ok) same++; else differ.push(`${r[col('Designator')]} (${dx.toFixed(3)}, ${dy.toFixed(3)} mm; ${r[col('Rotation')]} vs ${p[at('ANGLE')]}; ${r[col('Layer')]} vs ${p[at('LAYER')]})`);
    }
    // EasyEDA lists free pads as PADn rows: not components.
    const refOnly = [...refPos.keys()].filter((d) => !/^PAD\d+$/.test(d) && !rows.some((r) => r[col('Designator')] === d));
    console.log(`pick-and-place vs FlyingProbeTesting.json: ${same} of ${rows.length} rows within 0.01 mm, same rotation and side${differ.length ? `; differ: ${differ.join(', ')}` : ''}${absent.length ? `; not in EasyEDA's: ${absent.join(' ')}` : ''}${refOnly.length ? `; EasyEDA's only: ${refOnly.join(' ')}` : ''}`);
    results.push({ board: b.name, pnp: { same, rows: rows.length, differ, absent, refOnly } });
  }
}

/** A table file's rows (CSV with or without a byte order mark, UTF-16 tab-separated as some EasyEDA exports, or XLSX). */
async function readTable(file) {
  const bytes = readFileSync(file);
  if (/\.xlsx$/i.test(file)) {
    const mod = await import('read-excel-file/node');
    const sheets = await (mod.default ?? mod.readXlsxFile)(bytes);
    const rows = Array.isArray(sheets[0]?.data) ? sheets[0].data : sheets;
    return rows.map((r) => r.map((v) => (v === null || v === undefined ? '' : String(v))));
  }
  const text = bytes[0] === 0xff && bytes[1] === 0xfe ? bytes.subarray(2).toString('utf16le') : bytes.toString('utf8').replace(/^\ufeff/, '');
  const sep = text.split('\n')[0].includes('\t') ? '\t' : ',';
  const rows = [];
  for (const line of text.split(/\r?\n/)) {
    if (!line.trim()) continue;
    const cells = [];
    let cur = '', q = false;
    for (let i = 0; i < line.length; i++) {
      const ch = line[i];
      if (q) { if (ch === '"' && line[i + 1] === '"') { cur += '"'; i++; } else if (ch === '"') q = false; else cur += ch; }
      else if (ch === '"') q = true; else if (ch === sep) { cells.push(cur); cur = ''; } else cur += ch;
    }
    cells.push(cur);
    rows.push(cells);
  }
  return rows;
}

/** Rows of two tables matched by a key column; numeric columns (mm) within `tol`, the others equal. */
function compareTables(name, refRows, ourRows, keyCol, numeric, tol) {
  const [rh, ...rr] = refRows, [oh, ...or] = ourRows;
  const common = rh.filter((h) => oh.includes(h) && h !== 'No.');
  const key = (h, r) => r[h.indexOf(keyCol)];
  const ours = new Map(or.map((r) => [key(oh, r), r]));
  let same = 0;
  const differ = [], refOnly = [];
  for (const r of rr) {
    const o = ours.get(key(rh, r));
    if (!o) { refOnly.push(key(rh, r)); continue; }
    ours.delete(key(rh, r));
    const d = common.filter((c) => {
      const a = r[rh.indexOf(c)], b = o[oh.indexOf(c)];
      return numeric.includes(c) ? !(Math.abs(parseFloat(a) - parseFloat(b)) <= tol) : String(a).trim() !== String(b).trim();
    });
    if (d.length) differ.push(`${key(rh, r)}: ${d.map((c) => `${c} ${JSON.stringify(o[oh.indexOf(c)])} vs ${JSON.stringify(r[rh.indexOf(c)])}`).join('; ')}`);
    else same++;
  }
  console.log(`${name} vs ${keyCol === 'Designator' ? 'EasyEDA\'s file' : ''}: ${same} of ${rr.length} of EasyEDA's lines equal in ${common.join(', ')}${refOnly.length ? `; EasyEDA's only: ${refOnly.join(' | ')}` : ''}${ours.size ? `; ours only: ${[...ours.keys()].join(' | ')}` : ''}`);
  for (const d of differ) console.log(`  ${d}`);
  return { same, lines: rr.length, differ, refOnly, oursOnly: [...ours.keys()] };
}

if (extraProject && (refBomFile || refPnpFile)) {
  const dir = join(outRoot, 'project', 'ours');
  const mine = (re) => readdirSync(dir).find((f) => re.test(f));
  if (refBomFile && mine(/^BOM_.*\.csv$/)) results.push({ board: 'project', bom: compareTables('BOM', await readTable(refBomFile), await readTable(join(dir, mine(/^BOM_.*\.csv$/))), 'Designator', [], 0) });
  if (refPnpFile && mine(/^PickAndPlace_.*\.csv$/)) results.push({ board: 'project', pnpFile: compareTables('pick-and-place', await readTable(refPnpFile), await readTable(join(dir, mine(/^PickAndPlace_.*\.csv$/))), 'Designator', ['Mid X', 'Mid Y', 'Ref X', 'Ref Y', 'Pad X', 'Pad Y'], 0.01) });
}
writeFileSync(join(outRoot, 'results.json'), JSON.stringify(results, null, 1));
console.log(`\npictures and results.json in ${outRoot}`);
