/**
 * The in-page half of bench/pcb-render.bench.ts (bundled with esbuild, run in Chromium): opens a
 * board with the WebGL2 painter or the Canvas2D tile painter, then pans, zooms and hit-tests it.
 * Every frame is timed to completion: the WebGL frame reads a pixel back (readPixels waits for the
 * frame), the Canvas2D frame too. The figure `composited` is the WebGL frame copied into a 2D canvas.
 */
import { EditorDocument } from '@copperplate/editor/core/document';
import { Viewport } from '@copperplate/editor/core/viewport';
import { mainBlockOr, parseDocuments } from '@copperplate/format';
import { PcbEditor } from '@copperplate/editor/pcb/editor';
import { PcbCanvasView } from '@copperplate/editor/pcb/canvas';
import { primsBox } from '@copperplate/editor/pcb/prims';
import { PcbGlView } from '@copperplate/editor/view/gl-pcb';

export interface BoardInput { name: string; text: string; footprints: Record<string, string>; poured: unknown[]; pcbUuid: string }
export interface Frames { zoom: number; kind: 'pan' | 'zoom'; times: number[] }
export interface PageResult {
  painter: 'webgl' | 'canvas2d';
  renderer: string;
  prims: number;
  openMs: number;
  frames: Frames[];
  hitMs: number;
  linMs: number;
  gpuBytes: number;
  compositedMedianMs: number;
  painterMs: number;
}

const W = 1280, H = 800;
export const ZOOMS = [1, 4, 16, 64, 256];
export interface RunOptions { panFrames: number; zoomFrames: number; antialias?: boolean; probe?: boolean }

function run(input: BoardInput, painterKind: 'webgl' | 'canvas2d', o: RunOptions): PageResult {
  const PAN_FRAMES = o.panFrames, ZOOM_FRAMES = o.zoomFrames;
  const canvas = document.createElement('canvas');
  canvas.width = W; canvas.height = H;
  document.body.appendChild(canvas);
  const g = canvas.getContext('2d')!;
  const fps = new Map(Object.entries(input.footprints).map(([k, v]) => [k, mainBlockOr(parseDocuments(v), 'FOOTPRINT')!.records]));
  const project = { footprint: (u: string) => fps.get(u), poured: input.poured as never };

  const t0 = performance.now();
  const doc = new EditorDocument(parseDocuments(input.text));
  const ed = new PcbEditor(doc, { project, pcbUuid: input.pcbUuid });
  const prims = [...ed.scene.all()];
  const box = primsBox(prims);
  const vp = new Viewport({ width: W, height: H, pxPerUnit: 0.1 });
  vp.fit(box);
  const visible = new Set(ed.panel.visibleIds());
  const p0 = performance.now();
  let frame: () => void;
  /** Work between frames (the Canvas2D painter renders the tiles around the view ahead, as the app does). */
  let idle = () => {};
  let renderer = 'Canvas2D (CPU)';
  let gpuBytes = 0;
  let composited: (() => void) | null = null;
  if (painterKind === 'webgl') {
    const glCanvas = document.createElement('canvas');
    glCanvas.width = W; glCanvas.height = H;
    const gl = PcbGlView.create(glCanvas, prims, () => ed.panel.drawOrder(), (l) => ed.panel.paint(l), { background: '#000000', antialias: o.antialias });
    if (!gl) throw new Error('WebGL2 is not available');
    renderer = gl.renderer;
    gpuBytes = gl.gpuBytes;
    const px = new Uint8Array(4);
    composited = () => { gl.draw(vp, visible); g.drawImage(glCanvas, 0, 0); g.getImageData(0, 0, 1, 1); };
    // the app stacks the WebGL canvas under the 2D canvas of the live layers (the browser composites them)
    frame = () => { gl.draw(vp, visible); gl.gl.readPixels(0, 0, 1, 1, gl.gl.RGBA, gl.gl.UNSIGNED_BYTE, px); };
    if (o.probe) {
      const t = (f: () => void) => { const a: number[] = []; for (let i = 0; i < 5; i++) { const s0 = performance.now(); f(); a.push(performance.now() - s0); } return a.sort((x, y) => x - y)[2].toFixed(1); };
      const c = gl.gl;
      console.log(`[probe] empty GL frame ${t(() => { c.clear(c.COLOR_BUFFER_BIT); c.readPixels(0, 0, 1, 1, c.RGBA, c.UNSIGNED_BYTE, px); })} ms; composite ${t(() => { c.clear(c.COLOR_BUFFER_BIT); g.drawImage(glCanvas, 0, 0); g.getImageData(0, 0, 1, 1); })} ms; fit composited ${t(() => composited!())} ms; no layers ${t(() => { gl.draw(vp, new Set()); c.readPixels(0, 0, 1, 1, c.RGBA, c.UNSIGNED_BYTE, px); })} ms`);
    }
  } else {
    const view = new PcbCanvasView(prims, () => ed.panel.drawOrder(), (l) => ed.panel.paint(l), { makeCanvas: (w, h) => Object.assign(document.createElement('canvas'), { width: w, height: h }) });
    frame = () => { view.draw(g, vp, visible); g.getImageData(0, 0, 1, 1); };
    idle = () => void view.prefetch(vp, visible, 1);
  }
  const painterMs = performance.now() - p0;
  frame();
  const openMs = performance.now() - t0;
  console.log(`[pcb-render] ${input.name} ${painterKind}: open ${openMs.toFixed(0)} ms`);

  const timed = (f: () => void) => { const s = performance.now(); f(); const ms = performance.now() - s; idle(); return ms; };
  const frames: Frames[] = [];
  const fitZoom = vp.zoom;
  for (const k of ZOOMS) {
    vp.zoomTo(fitZoom * k);
    vp.cx = (box.minX + box.maxX) / 2; vp.cy = (box.minY + box.maxY) / 2;
    frame();
    idle();
    const pan: number[] = [];
    for (let f = 0; f < PAN_FRAMES; f++) pan.push(timed(() => { vp.panBy(f % 40 < 20 ? 7 : -7, 3); frame(); }));
    frames.push({ zoom: k, kind: 'pan', times: pan });
    const zoom: number[] = [];
    for (let f = 0; f < ZOOM_FRAMES; f++) zoom.push(timed(() => { vp.zoomBy(f % 2 ? 1 / 1.2 : 1.2, W / 2 + 40, H / 2 - 30); frame(); }));
    frames.push({ zoom: k, kind: 'zoom', times: zoom });
    console.log(`[pcb-render] ${input.name} ${painterKind} at ${k}x: pan max ${Math.max(...pan).toFixed(1)} ms, zoom max ${Math.max(...zoom).toFixed(1)} ms`);
  }
  let compositedMedianMs = 0;
  if (composited) {
    vp.fit(box);
    const t: number[] = [];
    for (let i = 0; i < 20; i++) t.push(timed(() => { vp.panBy(5, 0); composited!(); }));
    t.sort((a, b) => a - b);
    compositedMedianMs = t[10];
  }

  // hit test vs a linear scan of the boxes
  const pts: Array<[number, number]> = [];
  let seed = 1;
  const rnd = () => (seed = (seed * 16807) % 2147483647) / 2147483647;
  for (let i = 0; i < 2000; i++) pts.push([box.minX + rnd() * (box.maxX - box.minX), box.minY + rnd() * (box.maxY - box.minY)]);
  let s = performance.now();
  for (const [x, y] of pts) ed.hitTest(x, y, 2);
  const hitMs = (performance.now() - s) / pts.length;
  s = performance.now();
  let lin = 0;
  for (const [x, y] of pts.slice(0, 200)) for (const p of prims) { const b = p.box; if (x >= b.minX - 2 && x <= b.maxX + 2 && y >= b.minY - 2 && y <= b.maxY + 2) lin++; }
  const linMs = (performance.now() - s) / 200;
  if (lin < 0) throw new Error('unreachable');
  return { painter: painterKind, renderer, prims: prims.length, openMs, frames, hitMs, linMs, gpuBytes, compositedMedianMs, painterMs };
}

if (typeof window !== 'undefined') (window as unknown as { runBench: typeof run }).runBench = run;
