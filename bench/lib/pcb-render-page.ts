/**
 * The in-page half of bench/pcb-render.bench.ts (bundled with esbuild, run in Chromium): opens a
 * board with the WebGL2 painter or the Canvas2D tile painter (benchOpen), then pans and zooms it at
 * each zoom level (benchLevel) and hit-tests it (benchEnd); the bench reads the processes' CPU time
 * between the calls.
 * Every frame is timed to completion: the WebGL frame reads a pixel back (readPixels waits for the
 * frame), the Canvas2D frame too. The figure `composited` is the WebGL frame copied into a 2D canvas.
 */
import { EditorDocument } from '@copperplate/editor/core/document';
import { Viewport } from '@copperplate/editor/core/viewport';
import { mainBlockOr, parseDocuments } from '@copperplate/format';
import { PcbEditor } from '@copperplate/editor/pcb/editor';
import { PcbCanvasView } from '@copperplate/editor/pcb/canvas';
import { primsBox } from '@copperplate/editor/pcb/prims';
import { PcbGlView, STEP_BUDGET } from '@copperplate/editor/view/gl-pcb';
import { LOD_ITEMS } from '@copperplate/editor/view/gl-snapshot';
import { gestureStack, type GestureStack } from '@copperplate/editor/view/gesture-stack';

export interface BoardInput { name: string; text: string; footprints: Record<string, string>; poured: unknown[]; pcbUuid: string }
/**
 * A series of frames at a zoom level: each frame's time and what it drew (WebGL: gl.frame.kind), the
 * work after it (one refine step of the snapshot, as the app does in the same animation frame; 0 when
 * none), and after the series the steps until the view is sharp (drawn at its scale) with their time.
 */
export interface Frames { zoom: number; kind: 'pan' | 'zoom'; times: number[]; kinds: string[]; after: number[] }
/** One move (a zoom in of 1.25x, or a pan by a whole view) and then the steps until sharp: the move's frame, the steps' count, their total and largest time (ms). */
export interface Sharp { frameMs: number; kind: string; steps: number; ms: number; stepMax: number }

const W = 1280, H = 800;
export const ZOOMS = [1, 4, 16, 64, 256];
export interface RunOptions { panFrames: number; zoomFrames: number; antialias?: boolean; probe?: boolean; slowMs?: number }

interface Open {
  painter: 'webgl' | 'canvas2d';
  /** The page's 2D canvas and (WebGL) the WebGL canvas, for the pan moved by the compositor. */
  canvas: HTMLCanvasElement;
  glCanvas: HTMLCanvasElement | null;
  stack?: GestureStack;
  ed: PcbEditor;
  prims: ReturnType<PcbEditor['scene']['all']> extends Iterable<infer P> ? P[] : never;
  box: ReturnType<typeof primsBox>;
  vp: Viewport;
  frame: () => void;
  /** A frame as the app draws it: submitted, not waited for (the compositor shows it). */
  present: () => void;
  idle: () => boolean;
  /** What the last frame drew (WebGL: direct, snapshot, scaled, overview, fallback). */
  kind: () => string;
  /** Tiles of the snapshot drawn so far, and by the last frame (WebGL). */
  tiles: () => [number, number];
  /** The view is drawn at its scale and nothing is left to draw between frames. */
  sharp: () => boolean;
  composited: (() => void) | null;
  o: RunOptions;
  fitZoom: number;
  idleTimes: number[];
}
let cur: Open | null = null;

/** `geometryMs` (WebGL): the geometry built and uploaded after the first frame, when that frame was the CPU picture (as the app does past LOD_ITEMS primitives; 0 otherwise). */
export interface OpenResult { painter: 'webgl' | 'canvas2d'; renderer: string; prims: number; openMs: number; painterMs: number; gpuBytes: number; geometryMs: number; firstKind: string }

/** Open a board and draw its first frame (parse, scene, painter, frame read back). */
/** The board to open next (sent before the open, so that the open's CPU time is the open's). */
let nextInput: BoardInput | null = null;
const setInput = (input: BoardInput) => { nextInput = input; };

function open(given: BoardInput | null, painterKind: 'webgl' | 'canvas2d', o: RunOptions): OpenResult {
  const input = given ?? nextInput!;
  nextInput = null;
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
  let present: () => void;
  /** Work between frames (Canvas2D: the tiles around the view rendered ahead, as the app does; WebGL: the snapshot drawn again at a new zoom). */
  let idle = () => false;
  let kind = () => 'canvas2d';
  let tiles = (): [number, number] => [0, 0];
  let sharp = () => true;
  let renderer = 'Canvas2D (CPU)';
  let gpuBytes = 0;
  let composited: (() => void) | null = null;
  let glCanvasOf: HTMLCanvasElement | null = null;
  let openMs = 0, painterMs = 0, geometryMs = 0, firstKind = 'canvas2d';
  if (painterKind === 'webgl') {
    const glCanvas = document.createElement('canvas');
    glCanvas.width = W; glCanvas.height = H;
    glCanvasOf = glCanvas;
    // as the app (apps/web pcb-view.ts): past LOD_ITEMS primitives the first frame is the board drawn on the CPU, the geometry built after it
    const gl = PcbGlView.create(glCanvas, prims, () => ed.panel.drawOrder(), (l) => ed.panel.paint(l), { background: '#000000', antialias: o.antialias, previewItems: LOD_ITEMS });
    if (!gl) throw new Error('WebGL2 is not available');
    renderer = gl.renderer;
    const px = new Uint8Array(4);
    composited = () => { gl.draw(vp, visible); g.drawImage(glCanvas, 0, 0); g.getImageData(0, 0, 1, 1); };
    // the app stacks the WebGL canvas under the 2D canvas of the live layers (the browser composites them)
    frame = () => { gl.draw(vp, visible); gl.gl.readPixels(0, 0, 1, 1, gl.gl.RGBA, gl.gl.UNSIGNED_BYTE, px); };
    // as the app's animation frame: the frame, then a step of the snapshot's drawing when there is one
    present = () => { gl.draw(vp, visible); if (gl.busy) gl.refine(STEP_BUDGET); };
    kind = () => gl.frame.kind;
    tiles = () => [gl.snapshotTiles, gl.frame.fixedTiles];
    sharp = () => !gl.busy && (gl.frame.kind === 'direct' || gl.frame.kind === 'snapshot');
    // on the page, as the app stacks it (the rAF frames are composited)
    glCanvas.style.cssText = 'position:absolute;left:0;top:0';
    document.body.appendChild(glCanvas);
    idle = () => { if (!gl.refine(STEP_BUDGET)) return false; gl.gl.readPixels(0, 0, 1, 1, gl.gl.RGBA, gl.gl.UNSIGNED_BYTE, px); return true; };
    if (o.probe) {
      const t = (f: () => void) => { const a: number[] = []; for (let i = 0; i < 5; i++) { const s0 = performance.now(); f(); a.push(performance.now() - s0); } return a.sort((x, y) => x - y)[2].toFixed(1); };
      const c = gl.gl;
      console.log(`[probe] empty GL frame ${t(() => { c.clear(c.COLOR_BUFFER_BIT); c.readPixels(0, 0, 1, 1, c.RGBA, c.UNSIGNED_BYTE, px); })} ms; composite ${t(() => { c.clear(c.COLOR_BUFFER_BIT); g.drawImage(glCanvas, 0, 0); g.getImageData(0, 0, 1, 1); })} ms; fit composited ${t(() => composited!())} ms; no layers ${t(() => { gl.draw(vp, new Set()); c.readPixels(0, 0, 1, 1, c.RGBA, c.UNSIGNED_BYTE, px); })} ms`);
    }
    frame();
    firstKind = gl.frame.kind;
    openMs = performance.now() - t0;
    painterMs = performance.now() - p0;
    const g0 = performance.now();
    if (gl.buildGeometry()) { gl.gl.readPixels(0, 0, 1, 1, gl.gl.RGBA, gl.gl.UNSIGNED_BYTE, px); geometryMs = performance.now() - g0; }
    gpuBytes = gl.gpuBytes;
  } else {
    const view = new PcbCanvasView(prims, () => ed.panel.drawOrder(), (l) => ed.panel.paint(l), { makeCanvas: (w, h) => Object.assign(document.createElement('canvas'), { width: w, height: h }) });
    frame = () => { view.draw(g, vp, visible); g.getImageData(0, 0, 1, 1); };
    present = () => view.draw(g, vp, visible);
    idle = () => view.prefetch(vp, visible, 1) > 0;
    frame();
    openMs = performance.now() - t0;
    painterMs = performance.now() - p0;
  }
  console.log(`[pcb-render] ${input.name} ${painterKind}: open ${openMs.toFixed(0)} ms (first frame ${firstKind})${geometryMs ? `, geometry after it ${geometryMs.toFixed(0)} ms` : ''}`);
  cur = { painter: painterKind, canvas, glCanvas: glCanvasOf, ed, prims, box, vp, frame, present, idle, kind, tiles, sharp, composited, o, fitZoom: vp.zoom, idleTimes: [] };
  return { painter: painterKind, renderer, prims: prims.length, openMs, painterMs, gpuBytes, geometryMs, firstKind };
}

/** Pan and zoom frames at `k` x the fitted zoom (the view centred on the board), each followed by the work between frames (timed apart). */
function level(k: number): Frames[] {
  const { vp, box, frame, idle, kind, tiles, sharp, o, fitZoom } = cur!;
  const series = (kindName: 'pan' | 'zoom', n: number, move: (f: number) => void): Frames => {
    const times: number[] = [], kinds: string[] = [], after: number[] = [];
    for (let f = 0; f < n; f++) {
      const s = performance.now(); move(f); frame(); times.push(performance.now() - s);
      kinds.push(kind());
      const [t0] = tiles();
      const i0 = performance.now();
      if (idle()) { const ms = performance.now() - i0; cur!.idleTimes.push(ms); after.push(ms); } else after.push(0);
      // the slow ones, with what they drew (PCB_BENCH_SLOW=ms)
      const slow = o.slowMs ?? 0;
      if (slow && (times[f] > slow || after[f] > slow)) console.log(`[pcb-render] slow ${kindName} frame ${f} at ${k}x: ${times[f].toFixed(1)} ms (${kinds[f]}, ${tiles()[1]} tiles drawn in it), after it ${after[f].toFixed(1)} ms (${tiles()[0] - t0} tiles)`);
    }
    return { zoom: k, kind: kindName, times, kinds, after };
  };
  vp.zoomTo(fitZoom * k);
  vp.cx = (box.minX + box.maxX) / 2; vp.cy = (box.minY + box.maxY) / 2;
  frame();
  while (idle());
  frame();
  const pan = series('pan', o.panFrames, (f) => vp.panBy(f % 40 < 20 ? 7 : -7, 3));
  const zoom = series('zoom', o.zoomFrames, (f) => vp.zoomBy(f % 2 ? 1 / 1.2 : 1.2, W / 2 + 40, H / 2 - 30));
  const by = (fr: Frames) => [...new Set(fr.kinds)].map((kd) => { const t = fr.times.filter((_, i) => fr.kinds[i] === kd).sort((a, b) => a - b); return `${kd} ${t.length}x p50 ${t[t.length >> 1].toFixed(1)} max ${t[t.length - 1].toFixed(1)}`; }).join(', ');
  console.log(`[pcb-render] ${cur!.painter} at ${k}x: pan max ${Math.max(...pan.times).toFixed(1)} ms (${by(pan)}; after max ${Math.max(...pan.after).toFixed(1)}), zoom max ${Math.max(...zoom.times).toFixed(1)} ms (${by(zoom)}; after max ${Math.max(...zoom.after).toFixed(1)})`);
  return [pan, zoom];
}

/**
 * Time to sharp at `k` x the fitted zoom: from a sharp view, one move (`zoom`: in by 1.25x about a
 * point; `jump`: a pan by a whole view width, past the snapshot's region) and its frame, then the
 * steps between frames (each followed by its frame when it changed what is shown) until the view is
 * drawn at its scale with nothing left to draw.
 */
function sharpen(k: number, move: 'zoom' | 'jump' | 'setup'): Sharp | null {
  const { vp, box, frame, idle, kind, sharp, fitZoom } = cur!;
  if (move === 'setup') {
    // the view sharp first (a call of its own: the bench times the CPU of the move and its steps only)
    vp.zoomTo(fitZoom * k);
    vp.cx = (box.minX + box.maxX) / 2; vp.cy = (box.minY + box.maxY) / 2;
    frame();
    while (idle());
    frame();
    return null;
  }
  const s = performance.now();
  // 1.25x: a scale no ring holds yet (the zoom series above went by 1.2x)
  if (move === 'zoom') vp.zoomBy(1.25, W / 2 + 40, H / 2 - 30); else vp.panBy(-W, 0);
  frame();
  const frameMs = performance.now() - s, k0 = kind();
  let steps = 0, stepMax = 0;
  const t0 = performance.now();
  while (!sharp() && steps < 10_000) {
    const i0 = performance.now();
    if (!idle()) frame();
    stepMax = Math.max(stepMax, performance.now() - i0);
    steps++;
  }
  return { frameMs, kind: k0, steps, ms: performance.now() - t0, stepMax };
}

/**
 * Pan frames driven by requestAnimationFrame as the app draws them (submitted, never waited for; the
 * browser composites them) at `k` x the fitted zoom: the intervals between the callbacks'
 * timestamps (ms). At 60 Hz a frame that kept up is ~16.7 ms; a missed one shows as 33 ms or more.
 */
function rafLevel(k: number, frames: number): Promise<number[]> {
  const { vp, box, present, fitZoom } = cur!;
  vp.zoomTo(fitZoom * k);
  vp.cx = (box.minX + box.maxX) / 2; vp.cy = (box.minY + box.maxY) / 2;
  return new Promise((resolve) => {
    const stamps: number[] = [];
    let f = 0;
    const tick = (t: number) => {
      stamps.push(t);
      if (f === frames) { resolve(stamps.slice(2).map((s, i) => s - stamps[i + 1])); return; }
      vp.panBy(f % 40 < 20 ? 7 : -7, 3);
      present();
      f++;
      requestAnimationFrame(tick);
    };
    requestAnimationFrame(tick);
  });
}

/** A frame asked for by the gesture stack (its moved frame covers too little). */
let stackDirty = false;
/**
 * The rAF-paced pan as the app moves it with the pointer held (view/gesture-stack.ts): the WebGL
 * canvas moved by a CSS transform each frame, drawn only when the moved frame would show too little of
 * the view. The intervals, and the frames drawn. WebGL only.
 */
function rafComposed(k: number, frames: number): Promise<{ dt: number[]; drawn: number }> {
  const c = cur!;
  const { vp, box, present, fitZoom, glCanvas } = c;
  if (!glCanvas) return Promise.resolve({ dt: [], drawn: 0 });
  const stack = (c.stack ??= gestureStack(c.canvas, glCanvas, { viewport: vp, pxPerCss: 1, invalidate: () => { stackDirty = true; } }));
  stack.place();
  vp.zoomTo(fitZoom * k);
  vp.cx = (box.minX + box.maxX) / 2; vp.cy = (box.minY + box.maxY) / 2;
  present();
  stack.drawn();
  stack.hold(true);
  stackDirty = false;
  let drawn = 0;
  return new Promise((resolve) => {
    const stamps: number[] = [];
    let f = 0;
    const tick = (t: number) => {
      stamps.push(t);
      if (f === frames) { stack.hold(false); present(); stack.drawn(); stackDirty = false; resolve({ dt: stamps.slice(2).map((s, i) => s - stamps[i + 1]), drawn }); return; }
      vp.panBy(f % 40 < 20 ? 7 : -7, 3);
      stack.moved();
      if (stackDirty) { stackDirty = false; present(); stack.drawn(); drawn++; }
      f++;
      requestAnimationFrame(tick);
    };
    requestAnimationFrame(tick);
  });
}

export interface EndResult { hitMs: number; firstHitMs: number; linMs: number; compositedMedianMs: number; idleMs: number[] }

/** The composited frame, then hit tests (the first builds the spatial index) against a linear box scan. */
function end(): EndResult {
  const { vp, box, composited, ed, prims, idleTimes } = cur!;
  let compositedMedianMs = 0;
  if (composited) {
    vp.fit(box);
    const t: number[] = [];
    for (let i = 0; i < 20; i++) { vp.panBy(5, 0); const s0 = performance.now(); composited(); t.push(performance.now() - s0); }
    t.sort((a, b) => a - b);
    compositedMedianMs = t[10];
  }
  const pts: Array<[number, number]> = [];
  let seed = 1;
  const rnd = () => (seed = (seed * 16807) % 2147483647) / 2147483647;
  for (let i = 0; i < 2000; i++) pts.push([box.minX + rnd() * (box.maxX - box.minX), box.minY + rnd() * (box.maxY - box.minY)]);
  let s = performance.now();
  ed.hitTest(pts[0][0], pts[0][1], 2);
  const firstHitMs = performance.now() - s;
  s = performance.now();
  for (const [x, y] of pts) ed.hitTest(x, y, 2);
  const hitMs = (performance.now() - s) / pts.length;
  s = performance.now();
  let lin = 0;
  for (const [x, y] of pts.slice(0, 200)) for (const p of prims) { const b = p.box; if (x >= b.minX - 2 && x <= b.maxX + 2 && y >= b.minY - 2 && y <= b.maxY + 2) lin++; }
  const linMs = (performance.now() - s) / 200;
  if (lin < 0) throw new Error('unreachable');
  return { hitMs, firstHitMs, linMs, compositedMedianMs, idleMs: idleTimes };
}

/**
 * The open again, one phase per call (after the board's text is sent into the page: 'input') (PCB_BENCH_PHASES=1): the bench reads the renderer's and the GPU
 * process's CPU time between the calls, so each phase gets its own CPU figure (a diagnostic: the
 * timed open above is one synchronous call).
 */
const phased: { input?: BoardInput; blocks?: ReturnType<typeof parseDocuments>; doc?: EditorDocument; ed?: PcbEditor; gl?: PcbGlView | null; canvas?: HTMLCanvasElement; prims?: unknown[] } = {};
export const PHASES = ['input', 'parse', 'document', 'scene', 'geometry and upload', 'first frame', 'the same drawn again'] as const;
function phase(step: (typeof PHASES)[number], input?: BoardInput): number {
  const t0 = performance.now();
  const ph = phased;
  if (step === 'input') ph.input = input; // the board's text into the page (not part of the open)
  else if (step === 'parse') ph.blocks = parseDocuments(ph.input!.text);
  else if (step === 'document') ph.doc = new EditorDocument(ph.blocks!);
  else if (step === 'scene') {
    const fps = new Map(Object.entries(ph.input!.footprints).map(([k, v]) => [k, mainBlockOr(parseDocuments(v), 'FOOTPRINT')!.records]));
    ph.ed = new PcbEditor(ph.doc!, { project: { footprint: (u: string) => fps.get(u), poured: ph.input!.poured as never }, pcbUuid: ph.input!.pcbUuid });
  } else if (step === 'geometry and upload') {
    const ed = ph.ed!;
    ph.canvas = Object.assign(document.createElement('canvas'), { width: W, height: H });
    ph.gl = PcbGlView.create(ph.canvas, ed.scene.all(), () => ed.panel.drawOrder(), (l) => ed.panel.paint(l), { background: '#000000' });
    ph.gl!.gl.finish();
  } else if (step === 'first frame') {
    const ed = ph.ed!;
    const vp = new Viewport({ width: W, height: H, pxPerUnit: 0.1 });
    vp.fit(primsBox(ed.scene.all()));
    ph.gl!.draw(vp, new Set(ed.panel.visibleIds()));
    ph.gl!.gl.readPixels(0, 0, 1, 1, ph.gl!.gl.RGBA, ph.gl!.gl.UNSIGNED_BYTE, new Uint8Array(4));
  } else {
    // the first frame's drawing once more (zoomed a hair: the snapshot drawn again by refine): what the first frame cost beyond drawing (shaders compiled, buffers placed)
    const ed = ph.ed!;
    const vp = new Viewport({ width: W, height: H, pxPerUnit: 0.1 });
    vp.fit(primsBox(ed.scene.all()));
    vp.zoomBy(1.001);
    ph.gl!.draw(vp, new Set(ed.panel.visibleIds()));
    ph.gl!.refine(); // the snapshot drawn again at the new scale
    ph.gl!.gl.readPixels(0, 0, 1, 1, ph.gl!.gl.RGBA, ph.gl!.gl.UNSIGNED_BYTE, new Uint8Array(4));
    ph.gl!.destroy();
    ph.canvas = undefined; ph.gl = undefined; ph.ed = undefined; ph.doc = undefined; ph.blocks = undefined; ph.input = undefined;
  }
  return performance.now() - t0;
}

if (typeof window !== 'undefined') Object.assign(window, { benchInput: setInput, benchOpen: open, benchLevel: level, benchSharp: sharpen, benchRaf: rafLevel, benchRafComposed: rafComposed, benchEnd: end, benchPhase: phase });
