/**
 * PCB rendering and hit testing in headless Chromium (playwright-core, /usr/bin/chromium), for the
 * fixture boards and a generated board of 100,000 pads and 50,000 track segments. The editor's PCB
 * code (scene, Canvas2D tile painter, PcbEditor hit test) is bundled with esbuild and run in the page
 * on a 1280x800 canvas.
 *   open to first frame = parse the .epcb text + scene (footprints placed) + first tiled draw, flushed
 *   full redraw        = every visible primitive drawn without the tile cache, view fitted (median)
 *   pan frame          = viewport.panBy(7,3) + tiled draw + flush, at 5 zooms from fit to 64x fit;
 *                        tiles one ring ahead are rendered between frames (idle work, as the app does);
 *                        median per zoom, p95 and max over all zooms; the worst tile render (a frame that had to render
 *                        missing tiles) is reported too
 *   hit test           = PcbEditor.hitTest(x, y) at 2,000 random points on the board (mean)
 * Baselines in the same run: pan frame vs full redraw (ratio), hit test vs a linear scan of every
 * primitive's box (ratio).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { build } from 'esbuild';
import { chromium } from 'playwright-core';
import { readEpro } from '@copperplate/format';
import { findPcbDoc, pcbDocNames } from '@copperplate/editor/pcb/load';
import { report, type Figure } from './lib/report.ts';

const FIX = '/work/shared/fixtures/epro';

interface BoardInput { name: string; text: string; footprints: Record<string, string>; poured: unknown[]; pcbUuid: string }

function fixtureBoards(): BoardInput[] {
  const out: BoardInput[] = [];
  for (const f of ['STM32G431-mini.epro', 'ExtModule-002.epro']) {
    const a = readEpro(new Uint8Array(readFileSync(join(FIX, f))), { name: f });
    const ref = findPcbDoc(a, pcbDocNames(a).pcbs[0].uuid);
    const footprints: Record<string, string> = {};
    for (const [k, v] of a.entries) if (k.startsWith('FOOTPRINT/') && typeof v === 'string') footprints[k.slice(10, -5)] = v;
    out.push({ name: f.replace('.epro', ''), text: ref.text, footprints, poured: [...(ref.project.poured ?? [])], pcbUuid: ref.uuid });
  }
  return out;
}

/** 100,000 free SMD pads on a 50-mil grid (400 x 250) and 50,000 tracks joining pad pairs. */
function generatedBoard(): BoardInput {
  const lines = ['["DOCTYPE","PCB","1.8"]', '["HEAD",{"editorVersion":"bench"}]'];
  const cols = 400, rows = 250, pitch = 50;
  let id = 1, tracks = 0;
  for (let r = 0; r < rows; r++) for (let c = 0; c < cols; c++) {
    const x = c * pitch, y = -r * pitch, net = `N${r}_${c >> 1}`;
    lines.push(JSON.stringify(['PAD', `e${id++}`, 0, net, 1, '1', x, y, 0, null, ['RECT', 24, 16, 20], [], 0, 0, 0, 0, 0, null, null, null, null, 0]));
    if (c % 2 === 1) { lines.push(JSON.stringify(['LINE', `e${id++}`, 0, net, 1, x - pitch, y, x, y, 8, 0])); tracks++; }
  }
  lines.push(JSON.stringify(['POLY', `e${id++}`, 0, '', 11, 10, ['R', -100, 100, cols * pitch + 150, rows * pitch + 150, 0, 0], 0]));
  if (tracks !== 50000 || cols * rows !== 100000) throw new Error('generator');
  return { name: 'generated-100k-pads-50k-tracks', text: lines.join('\n'), footprints: {}, poured: [], pcbUuid: 'bench' };
}

const ENTRY = `
import { EditorDocument } from '@copperplate/editor/core/document';
import { Viewport } from '@copperplate/editor/core/viewport';
import { mainBlockOr, parseDocuments } from '@copperplate/format';
import { PcbScene } from '@copperplate/editor/pcb/scene';
import { PcbEditor } from '@copperplate/editor/pcb/editor';
import { PcbCanvasView } from '@copperplate/editor/pcb/canvas';
import { primsBox } from '@copperplate/editor/pcb/prims';
const median = (a) => { a = a.slice().sort((x, y) => x - y); return a[Math.floor(a.length / 2)]; };
window.runBench = (input) => {
  const W = 1280, H = 800;
  const canvas = document.createElement('canvas');
  canvas.width = W; canvas.height = H;
  document.body.appendChild(canvas);
  const g = canvas.getContext('2d');
  const flush = () => g.getImageData(0, 0, 1, 1);
  const fps = new Map(Object.entries(input.footprints).map(([k, v]) => [k, mainBlockOr(parseDocuments(v), 'FOOTPRINT')!.records]));
  const project = { footprint: (u) => fps.get(u), poured: input.poured };
  // open to first frame
  const t0 = performance.now();
  const doc = new EditorDocument(parseDocuments(input.text));
  const ed = new PcbEditor(doc, { project, pcbUuid: input.pcbUuid });
  const scene = ed.scene;
  const prims = [...scene.all()];
  const box = primsBox(prims);
  const vp = new Viewport({ width: W, height: H, pxPerUnit: 0.1 });
  vp.fit(box);
  const visible = new Set(ed.panel.visibleIds());
  const view = new PcbCanvasView(prims, () => ed.panel.drawOrder(), (l) => ed.panel.paint(l), { makeCanvas: (w, h) => { const c = document.createElement('canvas'); c.width = w; c.height = h; return c; } });
  view.draw(g, vp, visible); flush();
  const openMs = performance.now() - t0;
  // full redraw (no cache), fitted
  const full = [];
  for (let i = 0; i < 5; i++) { const s = performance.now(); view.drawDirect(g, vp, visible); flush(); full.push(performance.now() - s); }
  // pan frames at several zooms
  const fitZoom = vp.zoom;
  const pans = [];
  let worstTileFrame = 0;
  for (const k of [1, 4, 16, 64, 256]) {
    vp.zoomTo(fitZoom * k);
    vp.cx = (box.minX + box.maxX) / 2; vp.cy = (box.minY + box.maxY) / 2;
    { const s = performance.now(); view.draw(g, vp, visible); flush(); worstTileFrame = Math.max(worstTileFrame, performance.now() - s); }
    view.prefetch(vp, visible, 1);
    const t = [];
    for (let f = 0; f < 60; f++) {
      const s = performance.now();
      vp.panBy(7, 3);
      const rendered = view.draw(g, vp, visible); flush();
      const dt = performance.now() - s;
      if (rendered) worstTileFrame = Math.max(worstTileFrame, dt); else t.push(dt);
      view.prefetch(vp, visible, 1); // idle work between frames
    }
    const st = t.slice().sort((x, y) => x - y);
    pans.push({ zoom: k, median: median(t), p95: st[Math.floor(st.length * 0.95)], max: Math.max(...t), frames: t.length });
  }
  // hit test vs linear scan
  const pts = [];
  let seed = 1;
  const rnd = () => (seed = (seed * 16807) % 2147483647) / 2147483647;
  for (let i = 0; i < 2000; i++) pts.push([box.minX + rnd() * (box.maxX - box.minX), box.minY + rnd() * (box.maxY - box.minY)]);
  let hits = 0;
  let s = performance.now();
  for (const [x, y] of pts) hits += ed.hitTest(x, y, 2).length ? 1 : 0;
  const hitMs = (performance.now() - s) / pts.length;
  s = performance.now();
  let lin = 0;
  for (const [x, y] of pts.slice(0, 200)) for (const p of prims) { const b = p.box; if (x >= b.minX - 2 && x <= b.maxX + 2 && y >= b.minY - 2 && y <= b.maxY + 2) lin++; }
  const linMs = (performance.now() - s) / 200;
  return { prims: prims.length, openMs, fullMs: median(full), pans, worstTileFrame, hitMs, linMs, hits };
};
`;

async function main() {
  const bundle = await build({ stdin: { contents: ENTRY, resolveDir: import.meta.dirname, loader: 'js' }, bundle: true, format: 'iife', write: false, platform: 'browser', logLevel: 'silent' });
  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--headless', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run'] });
  const figures: Figure[] = [];
  try {
    for (const board of [...fixtureBoards(), generatedBoard()]) {
      const page = await browser.newPage();
      await page.setContent('<!doctype html><html><body style="margin:0"></body></html>');
      await page.addScriptTag({ content: bundle.outputFiles[0].text });
      const r = await page.evaluate((input) => (window as unknown as { runBench: (i: unknown) => unknown }).runBench(input), board) as {
        prims: number; openMs: number; fullMs: number; pans: Array<{ zoom: number; median: number; p95: number; max: number; frames: number }>; worstTileFrame: number; hitMs: number; linMs: number; hits: number;
      };
      const n = board.name;
      figures.push({ name: `${n} primitives`, value: r.prims, unit: 'count' });
      figures.push({ name: `${n} open to first frame`, value: r.openMs, unit: 'ms' });
      figures.push({ name: `${n} full redraw`, value: r.fullMs, unit: 'ms' });
      const worstPan = Math.max(...r.pans.map((p) => p.max));
      for (const p of r.pans) figures.push({ name: `${n} pan frame at ${p.zoom}x fit (median of ${p.frames})`, value: p.median, unit: 'ms', goal: '< 16' });
      figures.push({ name: `${n} pan frame p95 over all zooms (cached tiles)`, value: Math.max(...r.pans.map((p) => p.p95)), unit: 'ms', goal: '< 16' });
      figures.push({ name: `${n} pan frame max over all zooms (cached tiles)`, value: worstPan, unit: 'ms', goal: '< 16' });
      figures.push({ name: `${n} worst frame that had to render missing tiles`, value: r.worstTileFrame, unit: 'ms' });
      figures.push({ name: `${n} pan frame / full redraw`, value: Math.max(...r.pans.map((p) => p.median)) / r.fullMs, unit: 'ratio' });
      figures.push({ name: `${n} hit test`, value: r.hitMs, unit: 'ms', goal: '< 1' });
      figures.push({ name: `${n} hit test / linear box scan`, value: r.hitMs / r.linMs, unit: 'ratio' });
      await page.close();
    }
  } finally {
    await browser.close();
  }
  report('pcb-render', figures);
}

await main();
