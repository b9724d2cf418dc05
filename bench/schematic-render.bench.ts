/**
 * Schematic rendering and hit testing, for the largest fixture sheet and a generated sheet of 5,000
 * components and 20,000 wires (the 电阻 resistor symbol of STM32G431-mini, a 100 x 50 grid).
 *
 * In headless Chromium (playwright-core, /usr/bin/chromium): the editor bundled with esbuild, the
 * canvas view of the web app on a 1280x800 canvas, drawn by Canvas2D (--disable-gpu) and by the
 * WebGL2 painter (view/gl-sch.ts; SwiftShader, WebGL on the CPU, where there is no GPU), grid off.
 *   open         = openDocument + createCanvasView (scene painted; WebGL: geometry built and
 *                  uploaded) + fit + the first frame, finished (pixels read back)
 *   full redraw  = view.fit() (everything visible) then draw(), flushed with getImageData (WebGL:
 *                  and readPixels) (median of 7)
 *   pan frame    = at 100 % zoom, viewport.panBy(+-7,3) + draw() + flush (median and p99 of 60)
 *   zoom frame   = at 100 %, viewport.zoomBy(1.2 or 1/1.2) about a point + draw() + flush (median
 *                  and p99 of 40; WebGL: the snapshot's tiles drawn between frames, all of them, timed apart)
 *   CPU          = utime + stime of the renderer and GPU processes (/proc) per step: what the load
 *                  of the machine cannot inflate
 *   hit test     = editor.hit(x, y) at 2,000 random points (mean)
 * Baselines in the same run: hit test against a linear scan of every item's box (ratio); pan frame
 * against the full redraw (ratio).
 * In Node: scene build (every record painted into display lists), the SVG of the whole sheet, one
 * edit (move a component, wires following) and netlist + ERC.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { build } from 'esbuild';
import { chromium } from 'playwright-core';
import { readEpro } from '@copperplate/format';
import { SchematicEditor, contextFromArchive, listSheets, openDocument, renderSchematicSvg, runErc } from '@copperplate/editor';
import { report, medianMs, type Figure } from './lib/report.ts';
import { processCpu, processMemory } from './lib/browser-procs.ts';
import { loadavg } from 'node:os';

const FIX = '/work/shared/fixtures/epro';
const RES = 'e956bc515dd74744a6fd01ab3b6812d3';

function archiveInput(name: string) {
  const a = readEpro(new Uint8Array(readFileSync(join(FIX, name))), { name });
  const entries: Record<string, string> = {};
  for (const [k, v] of a.entries) if (typeof v === 'string' && (k.startsWith('SYMBOL/') || k.startsWith('SHEET/'))) entries[k] = v;
  return { a, projectJson: a.projectJson, entries };
}

/** 5,000 resistors (Designator + Name visible) and 20,000 short wires at their pins. */
function generatedSheet(cols = 100, rows = 50): string {
  const lines = ['["DOCTYPE","SCH","1.1"]', '["HEAD",{"originX":0,"originY":0,"maxId":0}]', '["LINESTYLE","st1",null,null,null,null]', '["FONTSTYLE","st2",null,null,null,null,null,null,null,null,null,null]'];
  let id = 10;
  let wires = 0;
  for (let r = 0; r < rows; r++) for (let c = 0; c < cols; c++) {
    const x = c * 100, y = r * 100, k = `e${id++}`;
    lines.push(JSON.stringify(['COMPONENT', k, '电阻.1', x, y, 0, 0, {}, 0]));
    lines.push(JSON.stringify(['ATTR', `e${id++}`, k, 'Symbol', RES, 0, 0, null, null, 0, 'st2', 0]));
    lines.push(JSON.stringify(['ATTR', `e${id++}`, k, 'Designator', `R${r * cols + c + 1}`, 0, 1, x, y + 10, 0, 'st2', 0]));
    lines.push(JSON.stringify(['ATTR', `e${id++}`, k, 'Name', '10k', 0, 1, x, y - 15, 0, 'st2', 0]));
    for (const [x1, y1, x2, y2] of [[x + 20, y, x + 40, y], [x + 40, y, x + 40, y + 30], [x - 20, y, x - 40, y], [x - 40, y, x - 40, y - 30]]) {
      lines.push(JSON.stringify(['WIRE', `e${id++}`, [[x1, y1, x2, y2]], 'st1', 0]));
      wires++;
    }
  }
  if (wires !== 20000 && cols * rows === 5000) throw new Error('generator');
  return lines.join('\n');
}

const ENTRY = `
import { createCanvasView, contextFromArchive, openDocument } from '@copperplate/editor';
function median(a) { a = a.slice().sort((x, y) => x - y); return a[Math.floor(a.length / 2)]; }
function p99(a) { a = a.slice().sort((x, y) => x - y); return a[Math.min(a.length - 1, Math.floor(a.length * 0.99))]; }
let cur = null;
// open: the view made (scene painted into display lists; WebGL: geometry built and uploaded) and its first frame, finished
window.schOpen = (input, painter) => {
  const ctx = contextFromArchive({ projectJson: input.projectJson, entries: new Map(Object.entries(input.entries)) });
  const wrap = document.createElement('div');
  wrap.style.cssText = 'position:relative;width:1280px;height:800px';
  const canvas = document.createElement('canvas');
  canvas.style.width = '1280px'; canvas.style.height = '800px';
  wrap.appendChild(canvas);
  document.body.appendChild(wrap);
  const g = canvas.getContext('2d');
  let t = performance.now();
  const doc = openDocument(input.sheet);
  const view = createCanvasView(canvas, doc, { ctx, painter });
  view.editor.gridVisible = false;
  const glc = wrap.querySelector('canvas[data-painter=webgl]');
  const gl = glc ? glc.getContext('webgl2') : null;
  const px = new Uint8Array(4);
  // a frame is finished when its pixels can be read (both canvases)
  const flush = () => { g.getImageData(0, 0, 1, 1); if (gl) gl.readPixels(0, 0, 1, 1, gl.RGBA, gl.UNSIGNED_BYTE, px); };
  view.fit();
  view.draw(); flush();
  const open = performance.now() - t;
  cur = { view, g, flush, wrap, canvas };
  return { open, painter: view.painter };
};
window.schFull = () => {
  const { view, flush } = cur;
  const full = [];
  view.fit();
  for (let i = 0; i < 7; i++) { view.viewport.panBy(i % 2 ? 1 : -1, 0); const t = performance.now(); view.draw(); flush(); full.push(performance.now() - t); }
  return { full: median(full), visibleAll: view.editor.scene.visible(view.viewport.visible()).length };
};
window.schPan = () => {
  const { view, flush } = cur;
  view.viewport.zoomTo(100);
  view.draw(); flush(); view.refine(); flush();
  const pan = [];
  for (let i = 0; i < 60; i++) { const t = performance.now(); view.viewport.panBy(i % 40 < 20 ? 7 : -7, 3); view.draw(); flush(); pan.push(performance.now() - t); }
  return { pan: median(pan), panP99: p99(pan), visiblePan: view.editor.scene.visible(view.viewport.visible()).length };
};
// zoom frames about a point at 100 %; between them the work a resting view does (WebGL: the snapshot drawn again), timed apart
window.schZoom = () => {
  const { view, flush } = cur;
  const zoom = [], between = [];
  for (let i = 0; i < 40; i++) {
    let t = performance.now(); view.viewport.zoomBy(i % 2 ? 1 / 1.2 : 1.2, 680, 370); view.draw(); flush(); zoom.push(performance.now() - t);
    t = performance.now(); if (view.refine()) { flush(); between.push(performance.now() - t); }
  }
  return { zoom: median(zoom), zoomP99: p99(zoom), between: between.length ? median(between) : 0 };
};
window.schHit = () => {
  const { view, g, canvas } = cur;
  // baseline: a frame that only clears the canvas and flushes it
  const blank = [];
  for (let i = 0; i < 30; i++) { const t = performance.now(); g.setTransform(1, 0, 0, 1, 0, 0); g.fillStyle = '#fff'; g.fillRect(0, 0, canvas.width, canvas.height); g.getImageData(0, 0, 1, 1); blank.push(performance.now() - t); }
  const texts = view.editor.scene.visible(view.viewport.visible()).reduce((n, it) => n + it.ops.filter((o) => o.t === 'text').length, 0);
  const b = view.editor.scene.bbox();
  let seed = 7; const rnd = () => ((seed = (seed * 16807) % 2147483647) / 2147483647);
  const pts = Array.from({ length: 2000 }, () => [b.minX + rnd() * (b.maxX - b.minX), b.minY + rnd() * (b.maxY - b.minY)]);
  let t = performance.now(); let hits = 0;
  for (const [x, y] of pts) if (view.editor.hit(x, y)) hits++;
  const hit = (performance.now() - t) / pts.length;
  const items = view.editor.scene.all();
  t = performance.now(); let lin = 0;
  for (const [x, y] of pts.slice(0, 200)) for (const it of items) { const q = it.bbox; if (x >= q.minX - 3 && x <= q.maxX + 3 && y >= q.minY - 3 && y <= q.maxY + 3) lin++; }
  const linear = (performance.now() - t) / 200;
  return { blank: median(blank), texts, hit, linear, hits, items: items.length };
};
window.schEnd = () => { cur.view.destroy(); cur.wrap.remove(); cur = null; };
`;

async function main(): Promise<void> {
  const stm = archiveInput('STM32G431-mini.epro');
  const ext = archiveInput('ExtModule-002.epro');
  // the largest fixture sheet by record count
  const sheets = [stm, ext].flatMap((x) => listSheets(x.a).map((s) => ({ x, s, text: x.entries[s.path] })));
  sheets.sort((p, q) => q.text.split('\n').length - p.text.split('\n').length);
  const largest = sheets[0];
  const gen = generatedSheet();
  const figures: Figure[] = [];

  // ---- Node (SVG and display-list backends) ----
  for (const [label, x, text] of [['fixture', largest.x, largest.text], ['generated', stm, gen]] as const) {
    const ctx = contextFromArchive(x.a);
    const sceneMs = await medianMs(3, () => new SchematicEditor(openDocument(text), { ctx }));
    const svgMs = await medianMs(3, () => renderSchematicSvg(openDocument(text), { ctx }));
    figures.push({ name: `${label} scene build (node)`, value: sceneMs, unit: 'ms' });
    figures.push({ name: `${label} full SVG render (node)`, value: svgMs, unit: 'ms' });
    // one edit: move a component with its wires following (commit + rubber-band + scene update)
    const ed = new SchematicEditor(openDocument(text), { ctx });
    const comps = ed.doc.ofType('COMPONENT').map(([k]) => k);
    let i = 0;
    const editMs = await medianMs(21, () => { ed.selection.select([comps[(i++ * 7919) % comps.length]]); ed.moveSelection(5, 0); });
    figures.push({ name: `${label} move one component, wires following (node)`, value: editMs, unit: 'ms' });
    const ercMs = await medianMs(3, () => runErc([{ name: 'S', doc: ed.doc }], ctx));
    figures.push({ name: `${label} netlist + ERC (node)`, value: ercMs, unit: 'ms' });
  }

  // ---- Chromium: Canvas2D (CPU raster, --disable-gpu) and WebGL2 (SwiftShader: WebGL on the CPU where there is no GPU) ----
  const bundle = await build({ stdin: { contents: ENTRY, resolveDir: process.cwd(), loader: 'ts' }, bundle: true, format: 'iife', write: false, platform: 'browser', logLevel: 'silent' });
  const js = bundle.outputFiles[0].text;
  const base = ['--no-sandbox', '--headless', '--disable-background-networking', '--disable-component-update', '--no-first-run'];
  for (const painter of ['canvas2d', 'webgl'] as const) {
    const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: painter === 'webgl' ? [...base, '--use-angle=swiftshader', '--enable-unsafe-swiftshader'] : [...base, '--disable-gpu'] });
    try {
      const page = await browser.newPage({ viewport: { width: 1300, height: 820 } });
      page.on('console', (m) => console.error(m.text()));
      await page.setContent('<!doctype html><html><body style="margin:0"></body></html>');
      await page.addScriptTag({ content: js });
      type W = Record<string, (...a: unknown[]) => Record<string, number | string>>;
      /** One step in the page and the CPU time (ms) the renderer and GPU processes spent on it. */
      const step = async (name: string, arg?: unknown) => {
        const c0 = processCpu();
        const r = await page.evaluate(([n, a]) => (window as unknown as W)[n](...(a === undefined ? [] : (a as unknown[]))), [name, arg] as const);
        return { r, cpu: processCpu() - c0 };
      };
      for (const [label, x, text] of [['fixture', largest.x, largest.text], ['generated', stm, gen]] as const) {
        const P = painter === 'webgl' ? ' WebGL' : '';
        const o = await step('schOpen', [{ projectJson: x.projectJson, entries: x.entries, sheet: text }, painter]);
        if (o.r.painter !== painter) throw new Error(`asked for ${painter}, got ${o.r.painter}`);
        const f = await step('schFull');
        const p = await step('schPan');
        const z = await step('schZoom');
        const h = await step('schHit');
        await page.evaluate(() => (window as unknown as W).schEnd());
        const r = { ...o.r, ...f.r, ...p.r, ...z.r, ...h.r } as Record<string, number>;
        console.log(`# ${label}${P}: ${r.items} drawn records, ${r.visiblePan} visible when panning at 100 % (${r.texts} texts), ${r.hits} of 2000 random points hit something; load ${loadavg()[0].toFixed(1)}`);
        if (painter === 'canvas2d') {
          figures.push({ name: `${label} blank frame: clear + flush only (chromium, baseline)`, value: r.blank, unit: 'ms' });
          figures.push({ name: `${label} hit test (chromium)`, value: r.hit, unit: 'ms', goal: '< 1 ms' });
          figures.push({ name: `${label} hit test speed-up vs linear scan of boxes`, value: r.linear / Math.max(r.hit, 1e-6), unit: 'x' });
        }
        figures.push({ name: `${label}${P} open + first frame (chromium)`, value: r.open, unit: 'ms' });
        figures.push({ name: `${label}${P} open + first frame: CPU of the renderer and GPU processes`, value: o.cpu, unit: 'ms' });
        figures.push({ name: `${label}${P} full redraw (chromium)`, value: r.full, unit: 'ms' });
        figures.push({ name: `${label}${P} pan frame (chromium)`, value: r.pan, unit: 'ms', goal: '< 16 ms' });
        figures.push({ name: `${label}${P} pan frame p99 (chromium)`, value: r.panP99, unit: 'ms', goal: '< 16 ms' });
        figures.push({ name: `${label}${P} pan frame: CPU of the renderer and GPU processes per frame`, value: p.cpu / 61, unit: 'ms' });
        figures.push({ name: `${label}${P} zoom frame (chromium)`, value: r.zoom, unit: 'ms', goal: '< 16 ms' });
        figures.push({ name: `${label}${P} zoom frame p99 (chromium)`, value: r.zoomP99, unit: 'ms', goal: '< 16 ms' });
        figures.push({ name: `${label}${P} zoom frame: CPU of the renderer and GPU processes per frame (work between frames included)`, value: z.cpu / 40, unit: 'ms' });
        if (r.between) figures.push({ name: `${label}${P} work between zoom frames (WebGL: the snapshot drawn again), median`, value: r.between, unit: 'ms' });
        figures.push({ name: `${label}${P} pan frame / full redraw`, value: r.pan / r.full, unit: 'ratio' });
        figures.push({ name: `${label}${P} renderer process resident`, value: processMemory().renderer, unit: 'MB' });
      }
    } finally {
      await browser.close();
    }
  }
  figures.push({ name: 'load average (1 min) at the end', value: loadavg()[0], unit: '' });
  report('schematic-render', figures);
}

await main();
