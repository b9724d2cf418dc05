// Silk text of one fixture board against EasyEDA's Gerbers, item by item (issue 12): for every text in
// a named TrueType font (STRING and visible ATTR records), our layout's box (packages/board text.ts) is
// grown by 0.5 mm and both silk Gerbers are drawn there by gerbv; the table gives each side's lit
// pixels, the differing pixels, and where the ink's box lies on each side (left, right, bottom, top
// edges in mm; reverse text is a filled box, so these are its box edges): an offset in position, width
// or line height shows there, a glyph that differs in shape only in the pixel count.
//
//   node --import tsx scripts/compare-silk-text.ts [BOARD] [--dpi 2000] [--out OUTDIR]
//   node --import tsx scripts/compare-silk-text.ts --project FILE.epro2 --ref GERBER.zip [--doc PCB] [...]
//
// BOARD: Hexapod (default) or another board of scripts/compare-gerbers.mjs; --project: a board that is
// not a fixture against the Gerber zip EasyEDA made of it. Writes diff-<item>.png.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { unzipSync } from 'fflate';
import { readEpro } from '@copperplate/format';
import { Canvas, PcbAttr, PcbString } from '@copperplate/format/records';
import { fabInputFromEpro, substituteFonts } from '@copperplate/convert';
import { indexFontRecords, layoutText } from '@copperplate/board';
// @ts-expect-error plain .mjs helper
import { compareRasters, encodePng, gerberExtents, rasterise } from './lib/gerber-raster.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const args = process.argv.slice(2);
const opt = (k: string, d: string) => { const i = args.indexOf(k); return i >= 0 ? args.splice(i, 2)[1] : d; };
const dpi = Number(opt('--dpi', '2000'));
const extraProject = opt('--project', ''), extraRef = opt('--ref', ''), doc = opt('--doc', '');
const board = extraProject ? 'project' : args.find((a) => !a.startsWith('--')) ?? 'Hexapod';
const out = opt('--out', `/tmp/copperplate-silk-text/${board}`);
mkdirSync(out, { recursive: true });
const fixtures = join(root, '..', 'shared', 'fixtures');
const projectPath = extraProject || join(fixtures, 'epro', readdirSync(join(fixtures, 'epro')).find((f) => f.startsWith(board + '.'))!);
const refDir = join(fixtures, 'ref', board);
const ref = unzipSync(readFileSync(extraRef || join(refDir, readdirSync(refDir).find((f) => f.endsWith('.zip'))!)));

const fonts = substituteFonts((p) => (existsSync(p) ? new Uint8Array(readFileSync(p)) : undefined));
const input = fabInputFromEpro(readEpro(new Uint8Array(readFileSync(projectPath)), { name: projectPath.split('/').pop() }), doc || undefined, { fonts });
const r = spawnSync(process.execPath, [join(root, 'bin', 'copperplate.mjs'), 'export', 'fab', projectPath, ...(doc ? ['--doc', doc] : []), join(out, 'ours'), '--date', '2026-01-01'], { encoding: 'utf8' });
// The outputs are in the frame of the PCB's CANVAS origin (fab/board.ts): the layout's boxes are moved there.
const canvas = input.records.find((rec) => Canvas.is(rec));
const origin = canvas ? Canvas.parse(canvas) : { originX: 0, originY: 0 };
const zipName = readdirSync(join(out, 'ours')).find((f) => /^Gerber_.*\.zip$/.test(f));
const ours = zipName ? unzipSync(readFileSync(join(out, 'ours', zipName))) : {};
if (!zipName) throw new Error(`export failed: ${r.stderr}`);

const fontIndex = indexFontRecords(input.records);
const bottom = (l: number) => l === 2 || l === 4 || l === 6 || l === 8 || l === 10;
interface Item { id: string; text: string; layer: number; angle: number; box: { minX: number; minY: number; maxX: number; maxY: number } }
const items: Item[] = [];
const moved = (b: Item['box']): Item['box'] => ({ minX: b.minX - origin.originX, minY: b.minY - origin.originY, maxX: b.maxX - origin.originX, maxY: b.maxY - origin.originY });
for (const rec of input.records) {
  if (PcbString.is(rec)) {
    const t = PcbString.parse(rec);
    if (!t.font || t.font === 'default') continue;
    const s = layoutText({ text: t.text, x: t.x, y: t.y, height: t.height, strokeWidth: t.strokeWidth, align: t.origin, angle: bottom(t.layer) ? -t.angle : t.angle, mirrored: bottom(t.layer) !== t.mirror, font: t.font, strokeFont: 'hershey', expansion: t.reverse ? t.expansion : 0 }, fontIndex, fonts);
    items.push({ id: t.id, text: t.text, layer: t.layer, angle: t.angle, box: moved(s.box) });
  } else if (PcbAttr.is(rec)) {
    const a = PcbAttr.parse(rec);
    if ((!a.keyVisible && !a.valueVisible) || a.x === null || a.y === null || !a.font || a.font === 'default') continue;
    const text = a.keyVisible && a.valueVisible ? `${a.key}:${a.value}` : a.keyVisible ? a.key : a.value;
    const s = layoutText({ text, x: a.x, y: a.y, height: a.height, strokeWidth: a.strokeWidth, align: a.origin, angle: bottom(a.layer) ? -a.angle : a.angle, mirrored: bottom(a.layer) !== a.mirror, font: a.font, strokeFont: 'hershey', expansion: a.reverse ? a.expansion : 0 }, fontIndex, fonts);
    items.push({ id: a.id, text, layer: a.layer, angle: a.angle, box: moved(s.box) });
  }
}

const MM = 0.0254;
/** Boxes (mm) of a Gerber file's regions (G36..G37): a reverse text's box, a filled glyph's outline. */
function regionBoxes(text: string): number[][] {
  const fs = /%FSLAX(\d)(\d)Y\d\d\*%/.exec(text), k = 10 ** (fs ? Number(fs[2]) : 5);
  const out: number[][] = [];
  for (const m of text.matchAll(/G36\*([\s\S]*?)G37\*/g)) {
    const b = [Infinity, Infinity, -Infinity, -Infinity];
    for (const p of m[1].matchAll(/X(-?\d+)Y(-?\d+)/g)) { const x = Number(p[1]) / k, y = Number(p[2]) / k; b[0] = Math.min(b[0], x); b[1] = Math.min(b[1], y); b[2] = Math.max(b[2], x); b[3] = Math.max(b[3], y); }
    out.push(b);
  }
  return out;
}
const dec = (u: Uint8Array) => new TextDecoder().decode(u);
const boxesOf: Record<string, { ours: number[][]; ref: number[][] }> = {};
/** The union of the regions that lie inside the item's box grown by 0.3 mm (its ink: box or glyphs). */
function inkOf(regions: number[][], it: Item): number[] {
  const g = 0.3, q = [it.box.minX * MM - g, it.box.minY * MM - g, it.box.maxX * MM + g, it.box.maxY * MM + g];
  const u = [Infinity, Infinity, -Infinity, -Infinity];
  for (const b of regions) if (b[0] >= q[0] && b[1] >= q[1] && b[2] <= q[2] && b[3] <= q[3]) { u[0] = Math.min(u[0], b[0]); u[1] = Math.min(u[1], b[1]); u[2] = Math.max(u[2], b[2]); u[3] = Math.max(u[3], b[3]); }
  return u;
}
const f3 = (v: number) => (v >= 0 ? '+' : '') + v.toFixed(3);
console.log(`${board}: ${items.length} texts in a named font, ${dpi} dpi. Edges of the ink (reverse text: its box; else the glyphs),`);
console.log('ours minus EasyEDA\'s in mm, along the text (start, end, length) and across it (line height); x/y in the board frame.');
console.log('item        layer text            ours px   ref px  differ  differ%   minX    maxX    minY    maxY   | along  across');
let sumD = 0, sumR = 0;
for (const it of items) {
  const file = it.layer === 4 ? 'Gerber_BottomSilkscreenLayer.GBO' : 'Gerber_TopSilkscreenLayer.GTO';
  boxesOf[file] ??= { ours: regionBoxes(dec(ours[file])), ref: regionBoxes(dec(ref[file])) };
  const g = 0.5;
  const win = { minX: it.box.minX * MM - g, minY: it.box.minY * MM - g, maxX: it.box.maxX * MM + g, maxY: it.box.maxY * MM + g };
  writeFileSync(join(out, `ours-${file}`), ours[file]);
  writeFileSync(join(out, `ref-${file}`), ref[file]);
  const A = rasterise(join(out, `ours-${file}`), join(out, 'a.png'), win, dpi, 0), B = rasterise(join(out, `ref-${file}`), join(out, 'b.png'), win, dpi, 0);
  const c = compareRasters(A, B);
  writeFileSync(join(out, `diff-${it.id}.png`), encodePng(c.w, c.h, c.rgb));
  const ea = inkOf(boxesOf[file].ours, it), eb = inkOf(boxesOf[file].ref, it);
  const vertical = Math.abs((((it.angle % 180) + 180) % 180) - 90) < 1;
  const along = vertical ? (ea[3] - ea[1]) - (eb[3] - eb[1]) : (ea[2] - ea[0]) - (eb[2] - eb[0]);
  const across = vertical ? (ea[2] - ea[0]) - (eb[2] - eb[0]) : (ea[3] - ea[1]) - (eb[3] - eb[1]);
  sumD += c.d; sumR += c.r;
  console.log(`${it.id.padEnd(11)} ${String(it.layer).padStart(5)} ${JSON.stringify(it.text).padEnd(14)} ${String(c.a).padStart(8)} ${String(c.r).padStart(8)} ${String(c.d).padStart(7)} ${(c.r ? (100 * c.d) / c.r : 0).toFixed(2).padStart(7)}%  ${[0, 2, 1, 3].map((i) => f3(ea[i] - eb[i])).join(' ')} | ${f3(along)} ${f3(across)}`);
}
console.log(`all items: ${sumD} of ${sumR} reference px differ (${((100 * sumD) / sumR).toFixed(2)}%); pictures in ${out}`);

// Each silk layer whole at 1000 dpi, as compare-gerbers counts it: differing pixels inside the items'
// boxes (grown 0.5 mm) and outside them, both against the whole layer's reference pixels.
for (const [layer, file] of [[3, 'Gerber_TopSilkscreenLayer.GTO'], [4, 'Gerber_BottomSilkscreenLayer.GBO']] as const) {
  const e1 = gerberExtents(dec(ours[file])), e2 = gerberExtents(dec(ref[file]));
  const win = { minX: Math.min(e1.minX, e2.minX) - 1, minY: Math.min(e1.minY, e2.minY) - 1, maxX: Math.max(e1.maxX, e2.maxX) + 1, maxY: Math.max(e1.maxY, e2.maxY) + 1 };
  const A = rasterise(join(out, `ours-${file}`), join(out, 'a.png'), win, 1000, 0), B = rasterise(join(out, `ref-${file}`), join(out, 'b.png'), win, 1000, 0);
  const w = Math.min(A.w, B.w), h = Math.min(A.h, B.h), px = 25.4 / 1000;
  const boxes = items.filter((i) => i.layer === layer).map((i) => ({ x0: (i.box.minX * MM - 0.5 - win.minX) / px, x1: (i.box.maxX * MM + 0.5 - win.minX) / px, y0: (win.maxY - i.box.maxY * MM - 0.5) / px, y1: (win.maxY - i.box.minY * MM + 0.5) / px }));
  let r = 0, dIn = 0, dOut = 0;
  for (let y = 0; y < h; y++) for (let x = 0; x < w; x++) {
    const a = A.on[y * A.w + x], b = B.on[y * B.w + x];
    r += b;
    if (a === b) continue;
    if (boxes.some((q) => x >= q.x0 && x < q.x1 && y >= q.y0 && y < q.y1)) dIn++; else dOut++;
  }
  console.log(`${file}: ${r} reference px; differ inside the named-font texts' boxes ${dIn} (${((100 * dIn) / r).toFixed(3)}%), elsewhere ${dOut} (${((100 * dOut) / r).toFixed(3)}%)`);
}
