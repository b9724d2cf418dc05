/**
 * Refill every pour of every fixture board with @copperplate/board and compare against EasyEDA's own
 * stored fill (POURED records in the .epcb or the .ecop): both rasterised at 1 mil per pixel; the
 * difference (pixels in one and not the other) is given in percent of EasyEDA's fill area. Same-net
 * copper inside the pour (pads, tracks, vias) is added to both (V3 fills store relieved pads as fill,
 * V2 fills do not; a fill may cover a same-net track or leave it to the track).
 *   npx tsx scripts/pour-compare.ts [--png DIR] [fixture.epro ...]
 * With --png, writes an overlay picture per pour (grey both, red EasyEDA only, green Copperplate only)
 * and a side-by-side pair for the worst three. Pours without any stored fill are listed apart.
 */
import { readFileSync, writeFileSync, mkdirSync } from 'node:fs';
import { basename, join } from 'node:path';
import { readEpro } from '@copperplate/format';
import { MULTI, boardSourceFromArchive, compareFills, fillPaths, fillPours, intersect, listPcbs, resolveBoard, storedFill, union, CLIP_SCALE } from '@copperplate/board';
import { png } from './raster.ts';

const FIXTURES = ['ExtModule-002.epro', 'STM32G431-mini.epro', 'ExtModule-003.epro', 'TriWave-2.1.epro', 'falcon-flight-FFB6.1.epro', 'FLIP_C3.epro'];
const args = process.argv.slice(2);
let pngDir: string | undefined;
const files: string[] = [];
for (let i = 0; i < args.length; i++) if (args[i] === '--png') pngDir = args[++i]; else files.push(args[i]);

interface Row { fixture: string; pour: string; layer: number; net: string; refArea: number; ourArea: number; diff: number; pct: number; ms: number; draw: () => void; pair: (dir: string) => void }
const rows: Row[] = [];
const unfilled: string[] = [];
for (const f of files.length ? files : FIXTURES) {
  const a = readEpro(new Uint8Array(readFileSync(f.includes('/') ? f : join('../shared/fixtures/epro', f))));
  for (const pcb of listPcbs(a)) {
    const model = resolveBoard(boardSourceFromArchive(a, pcb.uuid));
    const t0 = performance.now();
    const res = fillPours(model);
    const ms = performance.now() - t0;
    for (const p of model.pours) {
      // a pour EasyEDA never filled (no POURED record at all, e.g. ESP32-MPU6050's POUR3 under POUR2) has nothing to compare with
      if (!model.stored.has(p.id) && !model.storedSpokes.has(p.id)) { unfilled.push(`${basename(f)} ${p.name} (${p.id})`); continue; }
      // same-net copper inside the pour counts on both sides: V3 fills (Hexapod) store the relieved pads
      // as part of the fill, V2 fills leave them out, and a fill may or may not cover a same-net track
      // (FLIP_C3 POUR4's GND track through U5's pads); pads, tracks and vias are copper either way
      const pads = model.items.filter((it) => p.net !== '' && it.net === p.net && (it.layer === p.layer || it.layer === MULTI)).flatMap((it) => it.paths);
      const padsIn = pads.length ? intersect(union(pads), p.outline) : [];
      const withPads = (ps: ReturnType<typeof fillPaths>) => (padsIn.length ? union(ps, padsIn) : ps);
      const cmp = compareFills(withPads(storedFill(model, p.id)), withPads(fillPaths(res.get(p.id)?.polys ?? [])), CLIP_SCALE);
      const ra = cmp.ref, rb = cmp.ours, w = ra.w, h = ra.h;
      const A = cmp.refPixels, B = cmp.ourPixels, D = cmp.diffPixels;
      const color = (x: number, y: number): [number, number, number] => {
        const i = (h - 1 - y) * w + x;
        const r = ra.bits[i], o = rb.bits[i];
        return r && o ? [150, 150, 150] : r ? [230, 30, 30] : o ? [30, 200, 30] : [255, 255, 255];
      };
      const name = `${basename(f).replace(/\.epro$/, '')}-${p.name || p.id}-L${p.layer}`;
      rows.push({
        fixture: f, pour: `${p.name} (${p.id})`, layer: p.layer, net: p.net, refArea: A, ourArea: B, diff: D, pct: A ? (100 * D) / A : (B ? 100 : 0), ms,
        draw: () => writeFileSync(join(pngDir!, `${name}-overlay.png`), png(w, h, color)),
        pair: (dir: string) => {
          const gap = 20;
          writeFileSync(join(dir, `${name}-pair.png`), png(w * 2 + gap, h, (x, y) => {
            if (x >= w && x < w + gap) return [255, 255, 255];
            const left = x < w;
            const i = (h - 1 - y) * w + (left ? x : x - w - gap);
            const on = left ? ra.bits[i] : rb.bits[i];
            return on ? (left ? [200, 60, 60] : [60, 160, 60]) : [255, 255, 255];
          }));
        },
      });
    }
  }
}
console.log('| fixture | pour | layer | net | EasyEDA fill (mil²) | Copperplate fill (mil²) | difference (mil²) | difference % of EasyEDA fill | board refill ms |');
console.log('|---|---|---|---|---|---|---|---|---|');
for (const r of rows) console.log(`| ${r.fixture} | ${r.pour} | ${r.layer} | ${r.net} | ${r.refArea} | ${r.ourArea} | ${r.diff} | ${r.pct.toFixed(2)} | ${r.ms.toFixed(0)} |`);
if (unfilled.length) console.log(`\nNo stored fill to compare with (EasyEDA never filled them): ${unfilled.join(', ')}`);
if (pngDir) {
  mkdirSync(pngDir, { recursive: true });
  for (const r of rows) r.draw();
  for (const r of [...rows].sort((a, b) => b.pct - a.pct).slice(0, 3)) r.pair(pngDir);
}
