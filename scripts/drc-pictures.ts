/**
 * A picture of every violation the DRC reports on the fixture boards: the board as our PCB painter
 * draws it (all layers), cropped to 240 x 240 mil around the violation, a ring on the spot and the
 * message under it. SVG per violation and an index.html per run; with --png, a PNG of the first
 * violation of each rule per board too (headless Chromium, Debian's chromium).
 *   npx tsx scripts/drc-pictures.ts [--out DIR] [--png] [fixture.epro ...]
 */
import { mkdirSync, readFileSync, writeFileSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import { readEpro } from '@copperplate/format';
import { boardSourceFromArchive, listPcbs, resolveBoard, runDrc, type Violation } from '@copperplate/board';
import { findPcbDoc } from '@copperplate/editor/pcb/load';
import { renderPcbSvg } from '@copperplate/editor/pcb/svg';

const FIXTURES = ['ExtModule-002.epro', 'STM32G431-mini.epro', 'ExtModule-003.epro', 'TriWave-2.1.epro', 'falcon-flight-FFB6.1.epro', 'FLIP_C3.epro'];
const args = process.argv.slice(2);
let out = '.tmp/drc-pictures';
let png = false;
const files: string[] = [];
for (let i = 0; i < args.length; i++) {
  if (args[i] === '--out') out = args[++i];
  else if (args[i] === '--png') png = true;
  else files.push(args[i]);
}
const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
const W = 240;

/** The board SVG cropped around one violation (SVG y = -board y), with a ring and the message. */
function crop(svg: string, v: Violation): string {
  const x0 = v.x - W / 2, y0 = -v.y - W / 2;
  const body = svg.replace(/viewBox="[^"]*" width="[^"]*" height="[^"]*"/, `viewBox="${x0} ${y0} ${W} ${W + 30}" width="600" height="675"`);
  const ring = `<circle cx="${v.x}" cy="${-v.y}" r="14" fill="none" stroke="${v.severity === 'error' ? '#ff3030' : '#ffb000'}" stroke-width="2.5"/>`;
  const text = `<rect x="${x0}" y="${y0 + W}" width="${W}" height="30" fill="#ffffff"/><text x="${x0 + 3}" y="${y0 + W + 12}" font-size="9" font-family="sans-serif" fill="#000">${esc(`${v.rule}: ${v.message}`).slice(0, 90)}</text><text x="${x0 + 3}" y="${y0 + W + 25}" font-size="8" font-family="sans-serif" fill="#444">${esc(`at (${v.x}, ${v.y}) L${v.layer ?? '-'} ${v.items.join(', ')}`).slice(0, 110)}</text>`;
  return body.replace(/<\/svg>$/, `${ring}${text}</svg>`);
}

const pngJobs: Array<{ svg: string; path: string }> = [];
const index: string[] = ['<!doctype html><meta charset="utf-8"><title>DRC of the fixture boards</title><style>body{font:13px sans-serif}img{width:300px;border:1px solid #ccc;margin:2px}</style>'];
for (const f of files.length ? files : FIXTURES) {
  const a = readEpro(new Uint8Array(readFileSync(join('../shared/fixtures/epro', f))));
  for (const pcb of listPcbs(a)) {
    const report = runDrc(resolveBoard(boardSourceFromArchive(a, pcb.uuid)));
    const ref = findPcbDoc(a, pcb.uuid);
    const svg = renderPcbSvg(ref.text, { project: ref.project, pcbUuid: ref.uuid, background: '#10141a', ratsnest: false });
    // one folder per board (a project may hold several: Hexapod's two PCBs)
    const sub = listPcbs(a).length > 1 ? `${f.replace(/\.epro2?$/, '')}-${pcb.name}` : f.replace(/\.epro2?$/, '');
    const dir = join(out, sub);
    mkdirSync(dir, { recursive: true });
    index.push(`<h2>${esc(f)} ${esc(pcb.name)}: ${report.errors} errors, ${report.warnings} warnings</h2>`);
    const firstOfRule = new Set<string>();
    report.violations.forEach((v, i) => {
      const name = `${String(i).padStart(3, '0')}-${v.rule}.svg`;
      const c = crop(svg, v);
      writeFileSync(join(dir, name), c);
      index.push(`<a href="${esc(join(sub, name))}"><img src="${esc(join(sub, name))}" title="${esc(v.message)}"></a>`);
      if (png && !firstOfRule.has(v.rule)) { firstOfRule.add(v.rule); pngJobs.push({ svg: c, path: join(dir, name.replace(/\.svg$/, '.png')) }); }
    });
    console.log(`${f} ${pcb.name}: ${report.violations.length} pictures in ${dir}`);
  }
}
writeFileSync(join(out, 'index.html'), index.join('\n'));
console.log(`index: ${join(out, 'index.html')}`);

if (png && pngJobs.length) {
  const exe = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
  if (!existsSync(exe)) { console.error('no Chromium: SVG only'); process.exit(0); }
  const { chromium } = await import('playwright-core');
  const browser = await chromium.launch({ executablePath: exe, args: ['--no-sandbox', '--headless', '--disable-gpu'] });
  try {
    const page = await browser.newPage({ viewport: { width: 600, height: 675 } });
    for (const j of pngJobs) {
      await page.setContent(`<!doctype html><html><body style="margin:0">${j.svg}</body></html>`);
      writeFileSync(j.path, await page.screenshot({ type: 'png', clip: { x: 0, y: 0, width: 600, height: 675 } }));
      console.log(j.path);
    }
  } finally {
    await browser.close();
  }
}
