#!/usr/bin/env node
// Writes our render of each fixture document beside EasyEDA's own picture of it, for looking at the
// differences: `node scripts/compare-renders.mjs [--out DIR] [--only TEXT] [--dpi N] [--crop x0,y0,x1,y1]`.
// --crop (fractions of each picture) also writes crop.png: the same region of both, side by side.
// For every pair in PAIRS: ref.png (EasyEDA's PDF page through pdftoppm, its PNG, or its SVG drawn by
// Chromium), ours.png (`copperplate render`), side.png (both side by side, same height) and an
// index.html over all of them, in DIR (default .tmp/compare-renders, gitignored).
// Needs pdftoppm (Debian: apt-get install -y poppler-utils) and Chromium (scripts/ensure.mjs installs it).
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync, copyFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const FIX = join(root, '../shared/fixtures');
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/**
 * One comparison: `fixture` (in fixtures/epro), `doc` (a --doc name for `copperplate render`), extra
 * render arguments, and EasyEDA's picture `ref` (in fixtures/ref) with the PDF page.
 * Not compared: falcon-flight's schematic PDF (the fixture holds only the PCB).
 */
const PAIRS = [
  { name: 'ExtModule-003.sheet', fixture: 'epro/ExtModule-003.epro', doc: 'Core', ref: 'ref/ExtModule-003/SCH_ExtModule-003_2025-06-06.pdf', page: 1 },
  { name: 'TriWave-2.1.sheet', fixture: 'epro/TriWave-2.1.epro', doc: 'P1', ref: 'ref/TriWave-2.1/Schematic.pdf', page: 1 },
  { name: 'ExtModule-003.pcb-top', fixture: 'epro/ExtModule-003.epro', doc: 'ExtModule-003', args: [], ref: 'ref/ExtModule-003/ExtModule-003_2025-06-06.png' },
  { name: 'ExtModule-003.pcb-bottom', fixture: 'epro/ExtModule-003.epro', doc: 'ExtModule-003', args: ['--side', 'bottom'], ref: 'ref/ExtModule-003/ExtModule-003_2025-06-06_bottom.png' },
  // falcon-flight's layer SVGs (EasyEDA's PCB export): copper with outline, as EasyEDA prints each layer
  { name: 'falcon.top-layer', fixture: 'epro/falcon-flight-FFB6.1.epro', doc: 'PCB_Blimp_V6.0', args: ['--layers', '1,11,12'], ref: 'ref/falcon-flight-FFB6.1/Top_Layer.svg' },
  { name: 'falcon.bottom-layer', fixture: 'epro/falcon-flight-FFB6.1.epro', doc: 'PCB_Blimp_V6.0', args: ['--layers', '2,11,12', '--side', 'bottom'], ref: 'ref/falcon-flight-FFB6.1/Bottom_Layer.svg' },
  { name: 'falcon.inner1', fixture: 'epro/falcon-flight-FFB6.1.epro', doc: 'PCB_Blimp_V6.0', args: ['--layers', '15,11,12'], ref: 'ref/falcon-flight-FFB6.1/Inner_Layer 1.svg' },
  { name: 'falcon.inner2', fixture: 'epro/falcon-flight-FFB6.1.epro', doc: 'PCB_Blimp_V6.0', args: ['--layers', '16,11,12'], ref: 'ref/falcon-flight-FFB6.1/Inner Layer 2.svg' },
  { name: 'falcon.top-assembly', fixture: 'epro/falcon-flight-FFB6.1.epro', doc: 'PCB_Blimp_V6.0', args: ['--layers', '3,9,11'], ref: 'ref/falcon-flight-FFB6.1/Top_Assembly_Drawings.svg' },
  ...hexapodPairs(),
  { name: 'ESP32-MPU6050.pcb', fixture: 'epro/ESP32-MPU6050.epro2', doc: 'PCB6', args: [], ref: 'ref/ESP32-MPU6050/PCB_render_2026-08-03.pdf', page: 1 },
];

/** Hexapod.epro2 (V3): EasyEDA's schematic.pdf has one page per sheet of schematic Hexapod_R2, in tree order. */
function hexapodPairs() {
  const sheets = ['Overview', 'USB', 'ESP32', 'Power', 'Audio', 'IMU', 'I/O', 'Dynamixel'];
  return sheets.map((sh, i) => ({ name: `Hexapod.${i + 1}-${sh.replace('/', '')}`, fixture: 'epro/Hexapod.epro2', doc: `Hexapod_R2/${sh}`, ref: 'ref/Hexapod/schematic.pdf', page: i + 1 }));
}

function parseArgs(argv) {
  const o = { out: join(root, '.tmp/compare-renders'), only: '', dpi: 150, crop: undefined };
  for (let i = 0; i < argv.length; i++) {
    if (argv[i] === '--out') o.out = argv[++i];
    else if (argv[i] === '--only') o.only = argv[++i];
    else if (argv[i] === '--dpi') o.dpi = Number(argv[++i]);
    else if (argv[i] === '--crop') o.crop = argv[++i].split(',').map(Number);
    else if (argv[i] === '--help' || argv[i] === '-h') { console.log('usage: node scripts/compare-renders.mjs [--out DIR] [--only TEXT] [--dpi N]'); process.exit(0); }
  }
  return o;
}

function need() {
  const r = spawnSync('pdftoppm', ['-v'], { encoding: 'utf8' });
  if (r.error) {
    console.error('compare-renders: pdftoppm is missing (it turns EasyEDA\'s PDFs into PNG).\n  Debian/Ubuntu: sudo apt-get install -y poppler-utils\n  macOS: brew install poppler');
    process.exit(1);
  }
  if (!existsSync(CHROMIUM)) {
    console.error(`compare-renders: Chromium not found at ${CHROMIUM} (set CHROMIUM_PATH, or run node scripts/ensure.mjs --browser)`);
    process.exit(1);
  }
}

async function main() {
  const o = parseArgs(process.argv.slice(2));
  need();
  mkdirSync(o.out, { recursive: true });
  const { chromium } = await import('playwright-core');
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox', '--headless', '--disable-gpu'] });
  const rows = [];
  try {
    for (const p of PAIRS) {
      if (o.only && !p.name.includes(o.only)) continue;
      const dir = join(o.out, p.name);
      mkdirSync(dir, { recursive: true });
      const fixture = join(FIX, p.fixture), ref = join(FIX, p.ref);
      const row = { name: p.name, dir: relative(o.out, dir), note: '' };
      rows.push(row);
      if (!existsSync(fixture) || !existsSync(ref)) { row.note = 'fixture or reference missing'; console.log(`${p.name}: skipped (${row.note})`); continue; }
      // EasyEDA's picture
      const refPng = join(dir, 'ref.png');
      if (ref.endsWith('.pdf')) {
        const r = spawnSync('pdftoppm', ['-png', '-r', String(o.dpi), '-f', String(p.page), '-l', String(p.page), '-singlefile', ref, join(dir, 'ref')]);
        if (r.status !== 0) { row.note = `pdftoppm failed: ${r.stderr}`; continue; }
      } else if (ref.endsWith('.png')) copyFileSync(ref, refPng);
      else writeFileSync(refPng, await svgToPng(browser, readFileSync(ref, 'utf8')));
      // ours
      const doc = p.doc;
      const r = spawnSync(process.execPath, [join(root, 'bin/copperplate.mjs'), 'render', fixture, '--doc', doc, ...(p.args ?? []), join(dir, 'ours.png')], { encoding: 'utf8' });
      if (r.status !== 0) { row.note = `render failed: ${(r.stderr || r.stdout).trim().split('\n').pop()}`; console.log(`${p.name}: ${row.note}`); continue; }
      if (r.stderr.trim()) writeFileSync(join(dir, 'warnings.txt'), r.stderr);
      writeFileSync(join(dir, 'side.png'), await sideBySide(browser, refPng, join(dir, 'ours.png'), p.name));
      if (o.crop) writeFileSync(join(dir, 'crop.png'), await sideBySide(browser, refPng, join(dir, 'ours.png'), `${p.name} ${o.crop.join(',')}`, 900, o.crop));
      row.ok = true;
      console.log(`${p.name}: ${relative(root, join(dir, 'side.png'))}`);
    }
  } finally {
    await browser.close();
  }
  writeFileSync(join(o.out, 'index.html'), indexHtml(rows));
  console.log(`index: ${join(o.out, 'index.html')}`);
}

async function svgToPng(browser, svg, longest = 2400) {
  const m = /viewBox="\s*([-\d.]+)[ ,]+([-\d.]+)[ ,]+([\d.]+)[ ,]+([\d.]+)/.exec(svg);
  const w = m ? Number(m[3]) : 1000, h = m ? Number(m[4]) : 1000;
  const k = longest / Math.max(w, h);
  const width = Math.round(w * k), height = Math.round(h * k);
  const page = await browser.newPage({ viewport: { width, height } });
  try {
    const sized = svg.replace(/<svg([^>]*?)\swidth="[^"]*"/, '<svg$1').replace(/<svg([^>]*?)\sheight="[^"]*"/, '<svg$1').replace('<svg', `<svg width="${width}" height="${height}"`);
    await page.setContent(`<!doctype html><html><body style="margin:0;background:#fff">${sized}</body></html>`);
    return await page.screenshot({ type: 'png', clip: { x: 0, y: 0, width, height } });
  } finally { await page.close(); }
}

function pngSize(file) {
  const b = readFileSync(file);
  return { w: b.readUInt32BE(16), h: b.readUInt32BE(20) };
}

async function sideBySide(browser, left, right, title, height = 1400, crop = [0, 0, 1, 1]) {
  const [x0, y0, x1, y1] = crop;
  const a = pngSize(left), b = pngSize(right);
  // each picture scaled so that the cropped region is `height` tall
  const box = (s) => { const k = height / ((y1 - y0) * s.h); return { k, w: Math.round((x1 - x0) * s.w * k) }; };
  const ba = box(a), bb = box(b);
  const width = ba.w + bb.w + 30, full = height + 40;
  const page = await browser.newPage({ viewport: { width, height: full } });
  try {
    const img = (f, s, bx) => `<div style="position:relative;overflow:hidden;width:${bx.w}px;height:${height}px;background:#fff"><img src="data:image/png;base64,${readFileSync(f).toString('base64')}" style="position:absolute;left:${-x0 * s.w * bx.k}px;top:${-y0 * s.h * bx.k}px;width:${s.w * bx.k}px;height:${s.h * bx.k}px"></div>`;
    await page.setContent(`<!doctype html><html><body style="margin:0;background:#ddd;font:16px sans-serif">
      <div style="height:40px;display:flex;align-items:center;gap:8px;padding:0 10px"><b>${title}</b> left: EasyEDA, right: Copperplate</div>
      <div style="display:flex;gap:10px;padding:0 10px">${img(left, a, ba)}${img(right, b, bb)}</div></body></html>`);
    return await page.screenshot({ type: 'png', clip: { x: 0, y: 0, width, height: full } });
  } finally { await page.close(); }
}

function indexHtml(rows) {
  const esc = (s) => String(s).replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]);
  return `<!doctype html><meta charset="utf-8"><title>Copperplate vs EasyEDA</title><style>body{font:14px sans-serif} img{max-width:100%;border:1px solid #999}</style>
<h1>Copperplate renders beside EasyEDA's</h1>
${rows.map((r) => `<h2>${esc(r.name)}</h2>${r.ok ? `<p><a href="${esc(r.dir)}/ref.png">EasyEDA</a> · <a href="${esc(r.dir)}/ours.png">Copperplate</a></p><img src="${esc(r.dir)}/side.png">` : `<p>${esc(r.note)}</p>`}`).join('\n')}
`;
}

await main();
