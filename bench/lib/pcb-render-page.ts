/**
 * The in-page half of bench/pcb-render.bench.ts (bundled with esbuild, run in Chromium): opens a
 * board with the WebGL2 painter or the Canvas2D tile painter, then pans, zooms and hit-tests it.
 * Every frame is timed to completion: the WebGL frame is composited into the page's 2D canvas as the
 * app does (pcb-view.ts) and a pixel is read back; the Canvas2D frame reads a pixel back too.
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
  glOnlyMedianMs: number;
}

const W = 1280, H = 800;
export const ZOOMS = [1, 4, 16, 64, 256];
const PAN_FRAMES = 100;
const ZOOM_FRAMES = 40;

function run(input: BoardInput, painterKind: 'webgl' | 'canvas2d'): PageResult {
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
  let frame: () => void;
  /** Work between frames (the Canvas2D painter renders the tiles around the view ahead, as the app does). */
  let idle = () => {};
  let renderer = 'Canvas2D (CPU)';
  let gpuBytes = 0;
  let glOnly: (() => void) | null = null;
  if (painterKind === 'webgl') {
    const glCanvas = document.createElement('canvas');
    glCanvas.width = W; glCanvas.height = H;
    const gl = PcbGlView.create(glCanvas, prims, () => ed.panel.drawOrder(), (l) => ed.panel.paint(l), { background: '#000000' });
    if (!gl) throw new Error('WebGL2 is not available');
    renderer = gl.renderer;
    gpuBytes = gl.gpuBytes;
    const px = new Uint8Array(4);
    glOnly = () => { gl.draw(vp, visible); gl.gl.readPixels(0, 0, 1, 1, gl.gl.RGBA, gl.gl.UNSIGNED_BYTE, px); };
    frame = () => { gl.draw(vp, visible); g.drawImage(glCanvas, 0, 0); g.getImageData(0, 0, 1, 1); };
  } else {
    const view = new PcbCanvasView(prims, () => ed.panel.drawOrder(), (l) => ed.panel.paint(l), { makeCanvas: (w, h) => Object.assign(document.createElement('canvas'), { width: w, height: h }) });
    frame = () => { view.draw(g, vp, visible); g.getImageData(0, 0, 1, 1); };
    idle = () => void view.prefetch(vp, visible, 1);
  }
  frame();
  const openMs = performance.now() - t0;

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
  }
  let glOnlyMedianMs = 0;
  if (glOnly) {
    vp.fit(box);
    const t: number[] = [];
    for (let i = 0; i < 20; i++) t.push(timed(() => { vp.panBy(5, 0); glOnly!(); }));
    t.sort((a, b) => a - b);
    glOnlyMedianMs = t[10];
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
  return { painter: painterKind, renderer, prims: prims.length, openMs, frames, hitMs, linMs, gpuBytes, glOnlyMedianMs };
}

if (typeof window !== 'undefined') (window as unknown as { runBench: typeof run }).runBench = run;
