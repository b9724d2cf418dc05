/**
 * The mountable PCB/footprint canvas: packages/editor's PcbCanvasView (tile-cached layer painter)
 * plus the live layers on top of it (ratsnest, selection, highlighted net, tool preview), and DOM
 * pointer/wheel/key events fed to the PcbEditor's tools and the PCB actions.
 * Frames: board mil, Y up -> canvas device pixels through a Viewport sized in device pixels
 * (pxPerUnit 0.1 * devicePixelRatio, so zoom 100% = 0.1 CSS px per mil); DOM events are CSS pixels.
 * "View from bottom" mirrors the canvas horizontally (CSS) and the pointer with it.
 * The layers are painted by the WebGL2 painter (view/gl-pcb.ts, the default) on a canvas stacked
 * under this one, with the live layers on a third canvas between them on a transparent background
 * (the browser composites them, nothing is read back; this one only takes the events), or, where
 * WebGL2 is missing or `?canvas=2d` / localStorage `cp.canvas` = `2d` asks for it, by the Canvas2D
 * tile painter on this canvas, the live layers over them (see `wantedPainter`). With WebGL the two
 * drawn canvases sit in a clipping box: a pan or wheel zoom moves them by a CSS transform (the
 * compositor; no frame drawn) while the gesture goes on, and the view is drawn when it rests
 * (view/gesture-stack.ts).
 */
import { Viewport, canvasMaps, frameLoop, gestureStack, heldRefiner, composeWanted, type KeyEv } from '@copperplate/editor';
import { PcbCanvasView, contoursPath } from '@copperplate/editor';
import type { BoardPicture, PcbEditor } from '@copperplate/editor';
import { type Prim, primsBox } from '@copperplate/editor';
import { PcbGlView, PCB_GL_STEP, PCB_LOD_ITEMS as LOD_ITEMS } from '@copperplate/editor';

/** The painter when nothing asks for one. */
const DEFAULT_PAINTER: 'webgl' | 'canvas2d' = 'webgl';
/** Which painter the canvas asks for: `?canvas=webgl|2d`, else localStorage `cp.canvas`, else the default. */
export function wantedPainter(): 'webgl' | 'canvas2d' {
  let v = new URLSearchParams(location.search).get('canvas');
  try {
    v ??= localStorage.getItem('cp.canvas');
  } catch {
    /* storage blocked */
  }
  return v === '2d' || v === 'canvas2d' ? 'canvas2d' : v === 'webgl' ? 'webgl' : DEFAULT_PAINTER;
}

export interface PcbView {
  viewport: Viewport;
  /** Draw now. Returns the frame time in ms. */
  draw(): number;
  /** Frames drawn so far (benches and tests wait for the first). */
  readonly frames: number;
  invalidate(): void;
  fit(): void;
  /** Board mil -> page CSS pixels. */
  toPage(x: number, y: number): { x: number; y: number };
  /** Page CSS pixels -> board mil. */
  toBoard(clientX: number, clientY: number): { x: number; y: number };
  showRatsnest: boolean;
  /**
   * The ratsnest as the view shows it: undefined until it is first computed, which the view does when
   * the page is idle after its first frame (a 100k-pad board's took seconds, before the first frame);
   * from then on the editor's, computed on demand after each change.
   */
  ratsnest(): ReturnType<PcbEditor['ratsnest']> | undefined;
  /** The painter of the layers: WebGL2, or Canvas2D (fallback). */
  readonly painter: 'webgl' | 'canvas2d';
  /**
   * WebGL: what its last frame drew (FrameKind: 'preview' for a big board's CPU-drawn start), whether
   * its geometry is still to be built, and whether its snapshot is still being drawn between frames;
   * null on Canvas2D.
   */
  readonly gl: { kind: string; deferred: boolean; busy: boolean; tookPicture: boolean } | null;
  /** Draw the grid (ed.grid: the board's step, in dots). */
  showGrid: boolean;
  /**
   * Pan and zoom frames shown so far by moving the last frame with a CSS transform (WebGL; see
   * view/composite.ts), and whether the canvases show such a moved frame now (the next draw ends it).
   */
  readonly composed: { frames: number; now: boolean };
  /** Look at the board from the bottom (mirrored view). */
  setMirrored(on: boolean): void;
  /**
   * Draw now and read back what the canvas shows in a rectangle of device pixels of the canvas (the
   * WebGL layers with the live layers over them, RGBA): for tests and colour pickers.
   */
  pixels(sx: number, sy: number, w: number, h: number): Uint8ClampedArray;
  destroy(): void;
}

export interface PcbViewOptions {
  background?: string;
  onCursor?: (p: { x: number; y: number }) => void;
  /** After the first frame, once the page was idle: the ratsnest and the hit-test index are made. */
  onReady?: () => void;
  /** The first frame was handed to the compositor (the animation frame after the one that drew it began). */
  onFirstFrame?: () => void;
  /** The board's picture drawn while it opened (board-picture.ts): the first frame's preview when it is of the same view. */
  picture?: BoardPicture | null;
}

const SELECT_COLOR = '#ffffff';
const NET_COLOR = '#00e5ff';
const GRID_COLOR = '#8090a8';
/** Grid lines closer than this (CSS px) are thinned to every 5th, then every 10th... */
const GRID_MIN_PX = 8;

/** The PCB canvas's background, and its pixels per mil at 100% (CSS px; times devicePixelRatio on the canvas). */
export const PCB_BACKGROUND = '#10141a';
export const PCB_PX_PER_MIL = 0.1;

export function createPcbView(canvas: HTMLCanvasElement, ed: PcbEditor, opts: PcbViewOptions): PcbView {
  const dpr = window.devicePixelRatio || 1;
  const vp = new Viewport({ width: 800, height: 600, pxPerUnit: PCB_PX_PER_MIL * dpr });
  const bg = opts.background ?? PCB_BACKGROUND;
  const glCanvas = document.createElement('canvas');
  performance.mark('cp:view-start');
  const gl = wantedPainter() === 'webgl' ? PcbGlView.create(glCanvas, ed.scene.all(), () => ed.panel.drawOrder(), (l) => ed.panel.paint(l), { background: bg, previewItems: LOD_ITEMS, picture: opts.picture ?? undefined }) : null;
  // WebGL: the live layers on their own canvas, over the WebGL one, both in a box that clips them (a
  // gesture moves the two by a transform), under the event canvas, which stays clear and in place
  const stack = gl ? gestureStack(canvas, glCanvas, { viewport: vp, pxPerCss: dpr, invalidate: () => invalidate(), enabled: composeWanted() }) : null;
  const liveCanvas = stack?.live ?? canvas;
  const g = liveCanvas.getContext('2d');
  if (!g) throw new Error('Canvas2D is not available');
  const painter = gl ?? new PcbCanvasView(ed.scene.all(), () => ed.panel.drawOrder(), (l) => ed.panel.paint(l), {
    background: bg,
    makeCanvas: (w, h) => Object.assign(document.createElement('canvas'), { width: w, height: h }),
  });
  const paths = new WeakMap<Prim, Path2D>();
  const pathOf = (p: Prim) => {
    let path = paths.get(p);
    if (!path) paths.set(p, (path = contoursPath(p.contours)));
    return path;
  };
  performance.mark('cp:view-made');
  let mirrored = false;
  /** The first frame was drawn and the page was idle since: the ratsnest is the editor's from now on (see PcbView.ratsnest). */
  let ready = false;
  let destroyed = false;

  const fillPrims = (keys: Iterable<string>, color: string, alpha: number, s: number) => {
    g.globalAlpha = alpha;
    g.fillStyle = color;
    g.strokeStyle = color;
    for (const k of keys) for (const p of ed.scene.prims.get(k) ?? []) {
      const path = pathOf(p);
      if (p.filled) g.fill(path, 'evenodd');
      g.lineWidth = Math.max(p.filled ? 2 / s : p.width, 2 / s);
      g.stroke(path);
    }
    g.globalAlpha = 1;
  };

  /** The grid as dots at each step (every 5th brighter), thinned when the steps get too close. */
  const drawGrid = (s: number) => {
    let step = ed.grid.size;
    let major = step * 5;
    while (step * s < GRID_MIN_PX * dpr) { step = major; major *= 2; }
    const w = vp.visible();
    const x0 = Math.floor(w.minX / step), x1 = Math.ceil(w.maxX / step), y0 = Math.floor(w.minY / step), y1 = Math.ceil(w.maxY / step);
    if ((x1 - x0) * (y1 - y0) > 250_000) return;
    const d = 1.5 / s; // dot size: 1.5 device px
    g.fillStyle = GRID_COLOR;
    for (const [alpha, onlyMajor] of [[0.35, false], [0.7, true]] as const) {
      g.globalAlpha = alpha;
      g.beginPath();
      for (let i = x0; i <= x1; i++) {
        const x = i * step;
        const mx = Math.abs(x / major - Math.round(x / major)) < 1e-6;
        for (let j = y0; j <= y1; j++) {
          const y = j * step;
          const isMajor = mx && Math.abs(y / major - Math.round(y / major)) < 1e-6;
          if (isMajor !== onlyMajor) continue;
          g.rect(x - d / 2, y - d / 2, d, d);
        }
      }
      g.fill();
    }
    g.globalAlpha = 1;
  };

  let frames = 0;
  /**
   * The WebGL geometry of a big board whose first frame was its CPU-drawn picture (PcbGlView's
   * previewItems), then the hit-test index and the ratsnest are made after the first frame, when the page
   * is idle: two animation frames after the one that drew it (that frame handed to the compositor;
   * an idle callback asked for at once could run before the next frame began and hold it back).
   */
  const afterFirstFrame = () => {
    const idle = (window as { requestIdleCallback?: (f: () => void) => number }).requestIdleCallback ?? ((f: () => void) => setTimeout(f, 50));
    // one idle task each, not one for all: input that comes meanwhile (a pan) runs between them
    const index = () => idle(() => {
      if (destroyed) return;
      ed.prepareIndex();
      idle(() => {
        if (destroyed) return;
        ed.ratsnest();
        ready = true;
        invalidate();
        opts.onReady?.();
      });
    });
    requestAnimationFrame(() => {
      if (!destroyed) opts.onFirstFrame?.();
    });
    requestAnimationFrame(() => requestAnimationFrame(() => {
      // a big board's first frame was its CPU-drawn preview: its WebGL geometry first (the frames that follow draw from it)
      if (!(painter instanceof PcbGlView && painter.deferred)) { index(); return; }
      idle(() => {
        if (destroyed) return;
        painter.buildGeometry();
        performance.mark('cp:geometry-built');
        invalidate();
        index();
      });
    }));
  };
  /** The 2D canvas over the WebGL one is clear (see draw). */
  let overlayClear = false;
  /** A frame; then the snapshot's steps go on (held while a frame was moved; and this draw may be outside the loop). */
  const draw = (): number => {
    const ms = drawFrame();
    loop.wake();
    return ms;
  };
  const drawFrame = (): number => {
    const t0 = performance.now();
    const first = frames++ === 0;
    stack?.drawn();
    if (first) { performance.mark('cp:first-draw'); afterFirstFrame(); }
    const visible = new Set(ed.panel.visibleIds());
    const rats = view.showRatsnest ? view.ratsnest() : undefined;
    if (painter instanceof PcbGlView) {
      painter.draw(vp, visible);
      if (first) performance.mark('cp:first-gl');
      // the 2D canvas over the WebGL one: left alone while it has nothing to show and is already clear
      // (not cleared again: the compositor takes an unchanged canvas as it is)
      const empty = !view.showGrid && !rats?.lines.length && !ed.highlightNet && !ed.selection.size && !ed.tools.overlay().length;
      if (empty && overlayClear) return performance.now() - t0;
      g.setTransform(1, 0, 0, 1, 0, 0);
      g.clearRect(0, 0, liveCanvas.width, liveCanvas.height);
      overlayClear = empty;
      if (empty) return performance.now() - t0;
    } else painter.draw(g, vp, visible);
    const s = vp.scale;
    const o = vp.toScreen(0, 0);
    g.save();
    g.setTransform(s, 0, 0, -s, o.x, o.y);
    if (view.showGrid) drawGrid(s);
    g.lineCap = 'round';
    g.lineJoin = 'round';
    if (rats) {
      g.strokeStyle = '#e8e8e8';
      g.globalAlpha = 0.8;
      g.lineWidth = 1 / s;
      g.beginPath();
      // the lines that meet the view only
      const w = vp.visible();
      for (const l of rats.lines) {
        if (Math.max(l.x1, l.x2) < w.minX || Math.min(l.x1, l.x2) > w.maxX || Math.max(l.y1, l.y2) < w.minY || Math.min(l.y1, l.y2) > w.maxY) continue;
        g.moveTo(l.x1, l.y1); g.lineTo(l.x2, l.y2);
      }
      g.stroke();
      g.globalAlpha = 1;
    }
    if (ed.highlightNet) fillPrims(ed.netKeys(ed.highlightNet), NET_COLOR, 0.45, s);
    fillPrims(ed.selection.ids, SELECT_COLOR, 0.5, s);
    for (const ov of ed.tools.overlay()) {
      if (ov.kind === 'rect') {
        g.setLineDash([4 / s, 4 / s]);
        g.strokeStyle = '#8ab4ff';
        g.lineWidth = 1 / s;
        g.strokeRect(ov.minX, ov.minY, ov.maxX - ov.minX, ov.maxY - ov.minY);
        g.setLineDash([]);
      } else if (ov.kind === 'polyline') {
        const routing = ed.tools.active?.id === 'route';
        g.strokeStyle = routing ? ed.panel.paint(ed.panel.active).color : '#ffcc00';
        g.globalAlpha = 0.85;
        g.lineWidth = routing ? ed.rules().trackWidth : 2 / s;
        g.beginPath();
        g.moveTo(ov.points[0], ov.points[1]);
        for (let i = 2; i + 1 < ov.points.length; i += 2) g.lineTo(ov.points[i], ov.points[i + 1]);
        g.stroke();
        g.globalAlpha = 1;
      } else {
        g.strokeStyle = '#ffcc00';
        g.lineWidth = 1 / s;
        g.beginPath();
        g.arc(ov.x, ov.y, 6 / s, 0, Math.PI * 2);
        g.stroke();
      }
    }
    g.restore();
    return performance.now() - t0;
  };

  // the frame when one was asked for, then (WebGL, over many items or much fill) a step of the
  // snapshot's drawing per animation frame while it is not finished (frameLoop)
  // (the snapshot's steps wait while the canvases show a frame moved by a gesture: gesture-stack.ts)
  const loop = frameLoop(draw, gl && stack && heldRefiner(gl, stack), PCB_GL_STEP);
  const invalidate = loop.invalidate;
  /** The viewport moved by a gesture (pan, wheel zoom): WebGL moves the drawn frame while it can (gesture-stack.ts). */
  const moved = () => (stack ? stack.moved() : invalidate());

  /**
   * Size the canvases to their box. Returns false when nothing changed: a canvas's size is set only
   * when it differs (setting it, even to the same value, drops what the canvas holds: the observer's
   * first call, after the first frame was drawn, threw that frame away and drew the board again).
   */
  const resize = (): boolean => {
    const w = canvas.clientWidth || 800, h = canvas.clientHeight || 600;
    const W = Math.round(w * dpr), H = Math.round(h * dpr);
    stack?.place();
    if (canvas.width === W && canvas.height === H && liveCanvas.width === W && glCanvas.width === W && glCanvas.height === H) return false;
    canvas.width = W;
    canvas.height = H;
    vp.resize(W, H);
    glCanvas.width = W;
    glCanvas.height = H;
    liveCanvas.width = W;
    liveCanvas.height = H;
    overlayClear = false;
    if (!(painter instanceof PcbGlView)) painter.invalidate();
    return true;
  };

  /** CSS px inside the canvas (mirroring undone) -> device px of the viewport. */
  const local = (clientX: number, clientY: number) => {
    const r = canvas.getBoundingClientRect();
    const cx = clientX - r.left;
    return { sx: (mirrored ? r.width - cx : cx) * dpr, sy: (clientY - r.top) * dpr };
  };
  const toBoard = (clientX: number, clientY: number) => { const l = local(clientX, clientY); return vp.toWorld(l.sx, l.sy); };
  const toPage = (x: number, y: number) => {
    const r = canvas.getBoundingClientRect();
    const s = vp.toScreen(x, y);
    const cx = s.x / dpr;
    return { x: r.left + (mirrored ? r.width - cx : cx), y: r.top + s.y / dpr };
  };

  /**
   * Drawing tools work on the board's grid (CANVAS, `ed.grid`), except where the pointer is over
   * copper: a route or via starts or ends on the pad/track itself (the tool takes its centre).
   */
  const snapped = (p: { x: number; y: number }) => {
    const id = ed.tools.active?.id;
    if (id === 'select' || id === 'drag-segment' || (id !== 'outline' && ed.copperAt(p.x, p.y))) return p;
    const step = ed.grid.size;
    const q = (v: number) => Math.round(Math.round(v / step) * step * 10000) / 10000 || 0; // never -0
    return { x: q(p.x), y: q(p.y) };
  };

  let pan: { x: number; y: number } | null = null;
  let spaceHeld = false;
  const mods = (e: MouseEvent | KeyboardEvent) => ({ shift: e.shiftKey, ctrl: e.ctrlKey || e.metaKey, alt: e.altKey });
  const onDown = (e: PointerEvent) => {
    canvas.focus();
    const selectIdle = ed.tools.active?.id === 'select' && ed.tools.active.state === 'idle';
    if (e.button === 1 || (e.button === 0 && spaceHeld) || (e.button === 2 && selectIdle)) {
      pan = { x: e.clientX, y: e.clientY };
      canvas.setPointerCapture(e.pointerId);
      stack?.hold(true);
      return;
    }
    if (e.button === 2) { ed.tools.key({ key: 'Escape' }); invalidate(); return; }
    if (e.button !== 0) return;
    canvas.setPointerCapture(e.pointerId);
    ed.tools.pointer({ kind: 'down', ...snapped(toBoard(e.clientX, e.clientY)), button: 0, ...mods(e) });
    invalidate();
  };
  const onMove = (e: PointerEvent) => {
    if (pan) {
      vp.panBy((mirrored ? pan.x - e.clientX : e.clientX - pan.x) * dpr, (e.clientY - pan.y) * dpr);
      pan = { x: e.clientX, y: e.clientY };
      moved();
      return;
    }
    const p = snapped(toBoard(e.clientX, e.clientY));
    opts.onCursor?.(p);
    ed.tools.pointer({ kind: 'move', ...p, ...mods(e) });
    if (ed.tools.active && ed.tools.active.state !== 'idle') invalidate();
  };
  const endPan = () => { pan = null; stack?.hold(false); };
  const onUp = (e: PointerEvent) => {
    if (pan) { endPan(); return; }
    if (e.button !== 0) return;
    ed.tools.pointer({ kind: 'up', ...snapped(toBoard(e.clientX, e.clientY)), button: 0, ...mods(e) });
    invalidate();
  };
  const onWheel = (e: WheelEvent) => {
    e.preventDefault();
    const l = local(e.clientX, e.clientY);
    vp.zoomBy(e.deltaY < 0 ? 1.2 : 1 / 1.2, l.sx, l.sy);
    moved();
  };
  const onKey = (e: KeyboardEvent) => {
    if (e.key === ' ' && !ed.selection.size && ed.tools.active?.state === 'idle') { spaceHeld = true; e.preventDefault(); return; }
    const ev: KeyEv = { key: e.key, ...mods(e) };
    const used = ed.key(ev); // routeKey: the tool, then the editor's one action registry (Ctrl shortcuts the other way round)
    if (used) { e.preventDefault(); invalidate(); }
  };
  const onKeyUp = (e: KeyboardEvent) => { if (e.key === ' ') spaceHeld = false; };
  const onContext = (e: Event) => e.preventDefault();
  /** A pan cut short (the pointer taken away) ends as a release would end it. */
  const onCancel = () => { if (pan) endPan(); };
  canvas.tabIndex = 0;
  canvas.addEventListener('pointerdown', onDown);
  canvas.addEventListener('pointermove', onMove);
  canvas.addEventListener('pointerup', onUp);
  canvas.addEventListener('pointercancel', onCancel);
  canvas.addEventListener('wheel', onWheel, { passive: false });
  canvas.addEventListener('keydown', onKey);
  canvas.addEventListener('keyup', onKeyUp);
  canvas.addEventListener('contextmenu', onContext);
  const ro = new ResizeObserver(() => { if (resize()) invalidate(); });
  ro.observe(canvas);
  // document changes update the painter (the editor's own listener has updated the scene first): the
  // WebGL painter in place (only the edited records' items), the Canvas2D one re-indexed;
  // other editor notices (net highlight) only redraw
  const offDoc = painter instanceof PcbGlView
    ? ed.onPrims((c) => (c.rebuilt ? painter.setPrims(ed.scene.all()) : painter.update(c.before, c.after, () => ed.scene.all())))
    : ed.doc.subscribe(() => painter.setPrims(ed.scene.all()));
  const offEd = ed.subscribe(invalidate);
  const offSel = ed.selection.subscribe(invalidate);
  const offPanel = ed.panel.subscribe(() => { if (!(painter instanceof PcbGlView)) painter.invalidate(); invalidate(); });

  const view: PcbView = {
    viewport: vp,
    draw,
    get frames() { return frames; },
    invalidate,
    toPage,
    toBoard,
    showRatsnest: true,
    ratsnest: () => (ready ? ed.ratsnest() : ed.peekRatsnest()),
    showGrid: true,
    get composed() { return stack?.composed ?? { frames: 0, now: false }; },
    painter: gl ? 'webgl' : 'canvas2d',
    get gl() { return gl ? { kind: gl.frame.kind, deferred: gl.deferred, busy: gl.busy, tookPicture: gl.tookPicture } : null; },
    fit() {
      // everything: the outline and the parts placed beside it (drawn again only when the view moved)
      const b = ed.extent();
      const was = `${vp.cx},${vp.cy},${vp.scale}`;
      vp.fit(b.minX <= b.maxX ? b : primsBox(ed.scene.all()));
      if (`${vp.cx},${vp.cy},${vp.scale}` !== was || frames === 0) invalidate();
    },
    pixels(sx, sy, w, h) {
      draw();
      const out = Object.assign(document.createElement('canvas'), { width: w, height: h }).getContext('2d')!;
      if (gl) out.drawImage(glCanvas, -sx, -sy);
      out.drawImage(liveCanvas, -sx, -sy);
      return out.getImageData(0, 0, w, h).data;
    },
    setMirrored(on) {
      mirrored = on;
      canvas.style.transform = on ? 'scaleX(-1)' : '';
      stack?.setMirrored(on);
      invalidate();
    },
    destroy() {
      destroyed = true;
      loop.stop();
      canvas.removeEventListener('pointerdown', onDown);
      canvas.removeEventListener('pointermove', onMove);
      canvas.removeEventListener('pointerup', onUp);
      canvas.removeEventListener('pointercancel', onCancel);
      canvas.removeEventListener('wheel', onWheel);
      canvas.removeEventListener('keydown', onKey);
      canvas.removeEventListener('keyup', onKeyUp);
      canvas.removeEventListener('contextmenu', onContext);
      ro.disconnect();
      canvasMaps.delete(canvas);
      gl?.destroy();
      stack?.destroy();
      offDoc();
      offEd();
      offSel();
      offPanel();
    },
  };
  canvasMaps.set(canvas, { toDoc: toBoard, toPage, stamp: () => `${vp.cx},${vp.cy},${vp.scale},${vp.width},${vp.height},${mirrored}` });
  resize();
  view.fit();
  return view;
}
