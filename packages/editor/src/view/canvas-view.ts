/**
 * The mountable canvas view for the web app: `createCanvasView(canvas, doc, opts)` draws a sheet
 * or a symbol (one part, editable) on a Canvas2D, feeds DOM pointer/wheel/key events to the editor, and redraws on
 * every change. Only changed records are re-painted into their display lists (SheetScene); a frame
 * replays the display lists the viewport can see (spatial index query).
 * With `painter: 'webgl'` a sheet's lines, shapes and fills are drawn by the WebGL2 painter
 * (gl-sch.ts) on a canvas stacked under this one, and the grid, text, images, the selection and the
 * tools' overlays on a third canvas over it, on a transparent background (the browser composites
 * them; this one, on top, takes the events and stays clear): a pan or wheel zoom moves the two drawn
 * canvases by a CSS transform while it goes on and the view is drawn when it rests
 * (gesture-stack.ts). Where WebGL2 is missing the Canvas2D painter draws everything on this canvas,
 * as it does for symbols.
 */
import type { EditorDocument } from '../core/document.ts';
import { Viewport } from '../core/viewport.ts';
import { CanvasSurface, type Ctx2D } from '../render/canvas.ts';
import type { SchContext } from '../sch/context.ts';
import { SchematicEditor } from '../sch/editor.ts';
import { SymbolEditor } from '../symbol/editor.ts';
import { canvasMaps } from './canvas-map.ts';
import { drawFrame } from './frame.ts';
import { drawGrid } from './grid.ts';
import { SchGlPainter, overlayOps } from './gl-sch.ts';
import { STEP_BUDGET } from './gl-pcb.ts';
import { frameLoop } from './frame-loop.ts';
import { composeWanted, gestureStack, heldRefiner } from './gesture-stack.ts';
import type { SchematicEditorOptions } from '../sch/editor.ts';

export interface CanvasViewOptions {
  ctx: SchContext;
  /** Background colour. */
  background?: string;
  onCopy?: (text: string) => void;
  readClipboard?: () => string | undefined;
  /** Called after every frame with its duration in ms. */
  onFrame?: (ms: number) => void;
  /** Passed to the schematic editor: the name question of net labels and ports. */
  askName?: SchematicEditorOptions['askName'];
  /** Passed to the schematic editor: a built-in flag symbol to save in the project. */
  onSymbolCreated?: SchematicEditorOptions['onSymbolCreated'];
  /** The painter of a sheet: 'webgl' (WebGL2, Canvas2D where it is missing) or 'canvas2d' (default). Symbols are drawn by Canvas2D. */
  painter?: 'webgl' | 'canvas2d';
}

export interface CanvasView {
  /** The schematic editor (for an SCH document). */
  editor?: SchematicEditor;
  /** The symbol editor (for a SYMBOL document; one part at a time, `symbolEditor.setPart(name)`). */
  symbolEditor?: SymbolEditor;
  viewport: Viewport;
  /** Draw now (synchronously). Returns the frame time in ms. */
  draw(): number;
  /** Frames drawn so far. */
  readonly frames: number;
  /** Schedule a draw on the next animation frame. */
  invalidate(): void;
  fit(): void;
  /** Who draws the sheet's shapes: 'webgl' or 'canvas2d'. */
  readonly painter: 'webgl' | 'canvas2d';
  /** Draw now and read back what the view shows (both canvases composited) in a rectangle of device pixels, RGBA: for tests. */
  pixels(sx: number, sy: number, w: number, h: number): Uint8ClampedArray;
  /** Work between frames (WebGL: a big sheet's snapshot drawn at the view's scale), all of it now; whether there was any. */
  refine(): boolean;
  /** Pan and zoom frames shown so far by moving the drawn frame (WebGL; gesture-stack.ts), and whether the canvases show one now. */
  readonly composed: { frames: number; now: boolean };
  /** The viewport moved by a gesture the page drives (a space-drag pan): the drawn frame moved while it can (WebGL), else a frame asked for. */
  moved(): void;
  /** Such a pan holds a moved frame while its button is down; released, the view is drawn. */
  hold(on: boolean): void;
  destroy(): void;
}


export function createCanvasView(canvas: HTMLCanvasElement, doc: EditorDocument, opts: CanvasViewOptions): CanvasView {
  const dpr = typeof window !== 'undefined' ? window.devicePixelRatio || 1 : 1;
  const viewport = new Viewport({ width: canvas.clientWidth || canvas.width, height: canvas.clientHeight || canvas.height });
  const sch = doc.docType === 'SCH' ? new SchematicEditor(doc, { ctx: opts.ctx, viewport, onCopy: opts.onCopy, readClipboard: opts.readClipboard, askName: opts.askName, onSymbolCreated: opts.onSymbolCreated }) : undefined;
  const sym = sch ? undefined : new SymbolEditor(doc, { viewport });
  /** What the view drives: either editor has pointer/key/tools/scene/selection. */
  const ed = (sch ?? sym)!;
  const background = opts.background ?? '#FFFFFF';
  // the WebGL2 painter of a sheet's shapes, on a canvas under this one (null: Canvas2D draws everything)
  const glCanvas = sch && opts.painter === 'webgl' && typeof document !== 'undefined' ? document.createElement('canvas') : null;
  const junctionKey = '\u0000junctions';
  const sheetItems = () => (sch!.scene.junctionItem ? [...sch!.scene.all(), sch!.scene.junctionItem] : sch!.scene.all());
  const itemKey = (it: { id: string }) => (it === sch?.scene.junctionItem ? junctionKey : it.id);
  const gl = glCanvas ? SchGlPainter.create(glCanvas, [], background) : null;
  let glDirty = true;
  const stack = gl && glCanvas ? gestureStack(canvas, glCanvas, { viewport, pxPerCss: 1, invalidate: () => invalidate(), enabled: composeWanted() }) : null;
  const liveCanvas = stack?.live ?? canvas;
  const ctx2d = liveCanvas.getContext('2d') as unknown as Ctx2D | null;
  if (!ctx2d) throw new Error('Canvas2D is not available');

  const resize = () => {
    const w = canvas.clientWidth || canvas.width / dpr, h = canvas.clientHeight || canvas.height / dpr;
    canvas.width = Math.round(w * dpr); canvas.height = Math.round(h * dpr);
    viewport.resize(w, h);
    if (stack && glCanvas) {
      glCanvas.width = liveCanvas.width = canvas.width;
      glCanvas.height = liveCanvas.height = canvas.height;
      stack.place();
    }
  };

  let drawn = 0;
  const draw = (): number => {
    const t0 = performance.now();
    drawn++;
    stack?.drawn();
    const items = ed.scene.visible(viewport.visible());
    if (gl) {
      if (glDirty) { gl.sync(sheetItems(), itemKey); glDirty = false; }
      gl.draw(viewport, dpr);
    }
    drawFrame(ctx2d, viewport, dpr, gl ? null : background, () => {
      if (sch?.gridVisible) drawGrid(ctx2d, viewport, dpr, sch.grid.size);
      const hl = new Set([...(sch?.highlight ?? []), ...ed.selection.ids]);
      const surf = new CanvasSurface(ctx2d, viewport, dpr, hl);
      for (const it of items) {
        const ops = gl ? overlayOps(it, hl.has(it.id)) : it.ops;
        if (!ops.length) continue;
        surf.begin(it.id);
        for (const op of ops) surf.draw(op);
        surf.end();
      }
      if (sch?.scene.junctionItem && !gl) for (const op of sch.scene.junctionItem.ops) surf.draw(op);
      for (const m of sch?.markers ?? []) {
        const c = m.severity === 'error' ? '#FF0000' : '#FF9900';
        surf.draw({ t: 'poly', pts: [m.x - 3, m.y - 3, m.x + 3, m.y + 3], closed: false, s: { color: c, width: 1 } });
        surf.draw({ t: 'poly', pts: [m.x - 3, m.y + 3, m.x + 3, m.y - 3], closed: false, s: { color: c, width: 1 } });
        surf.draw({ t: 'circle', cx: m.x, cy: m.y, r: 4, s: { color: c, width: 0 } });
      }
      surf.flush();
      for (const op of sch?.ghost() ?? []) surf.draw(op);
      surf.flush();
      for (const o of ed.tools.overlay()) {
        if (o.kind === 'rect') surf.draw({ t: 'poly', pts: [o.minX, o.minY, o.maxX, o.minY, o.maxX, o.maxY, o.minX, o.maxY], closed: true, s: { color: '#3366FF', width: 0, dash: [4, 4] } });
        else if (o.kind === 'polyline') surf.draw({ t: 'poly', pts: o.points, closed: false, s: { color: '#008800', width: 1 } });
        else surf.draw({ t: 'circle', cx: o.x, cy: o.y, r: 3, s: { color: '#3366FF', width: 0 } });
      }
      surf.flush();
    });
    const ms = performance.now() - t0;
    opts.onFrame?.(ms);
    frames.wake(); // the snapshot's steps, held while a frame was moved, go on (and this draw may be outside the loop)
    return ms;
  };

  const frames = frameLoop(draw, gl && stack ? heldRefiner(gl, stack) : gl, STEP_BUDGET);
  const invalidate = frames.invalidate;
  const moved = () => (stack ? stack.moved() : invalidate());

  const world = (e: MouseEvent) => {
    const r = canvas.getBoundingClientRect();
    const sx = e.clientX - r.left, sy = e.clientY - r.top;
    return { ...viewport.toWorld(sx, sy), sx, sy };
  };
  let panFrom: { x: number; y: number } | null = null;
  const onDown = (e: PointerEvent) => {
    canvas.focus();
    if (e.button === 1 || (e.button === 2 && ed.tools.active?.id === 'select')) {
      // captured: the release ends the pan wherever it happens (outside the canvas it was never seen,
      // and the pan went on at the next move over the canvas)
      panFrom = { x: e.clientX, y: e.clientY };
      canvas.setPointerCapture?.(e.pointerId);
      stack?.hold(true);
      return;
    }
    const p = world(e);
    ed.pointer({ kind: 'down', ...p, button: e.button, shift: e.shiftKey, ctrl: e.ctrlKey || e.metaKey, alt: e.altKey });
    invalidate();
  };
  const onMove = (e: PointerEvent) => {
    if (panFrom) { viewport.panBy(e.clientX - panFrom.x, e.clientY - panFrom.y); panFrom = { x: e.clientX, y: e.clientY }; moved(); return; }
    ed.pointer({ kind: 'move', ...world(e), shift: e.shiftKey, ctrl: e.ctrlKey || e.metaKey });
    const tool = ed.tools.active;
    if (tool?.state !== 'idle' || tool?.id === 'pin' || tool?.id === 'netLabel') invalidate();
  };
  const onUp = (e: PointerEvent) => {
    if (panFrom) { endPan(); return; }
    ed.pointer({ kind: 'up', ...world(e), button: e.button, shift: e.shiftKey, ctrl: e.ctrlKey || e.metaKey });
    invalidate();
  };
  const endPan = () => { if (panFrom) { panFrom = null; stack?.hold(false); } };
  const onWheel = (e: WheelEvent) => {
    e.preventDefault();
    const p = world(e);
    viewport.zoomBy(e.deltaY < 0 ? 1.2 : 1 / 1.2, p.sx, p.sy);
    moved();
  };
  const onKey = (e: KeyboardEvent) => {
    const used = ed.key({ key: e.key, ctrl: e.ctrlKey || e.metaKey, shift: e.shiftKey, alt: e.altKey });
    if (used) { e.preventDefault(); invalidate(); }
  };
  const onContext = (e: Event) => e.preventDefault();
  canvas.tabIndex = canvas.tabIndex >= 0 ? canvas.tabIndex : 0;
  canvas.addEventListener('pointerdown', onDown);
  canvas.addEventListener('pointermove', onMove);
  canvas.addEventListener('pointerup', onUp);
  canvas.addEventListener('pointercancel', endPan);
  canvas.addEventListener('wheel', onWheel, { passive: false });
  canvas.addEventListener('keydown', onKey);
  canvas.addEventListener('contextmenu', onContext);
  const ro = typeof ResizeObserver !== 'undefined' ? new ResizeObserver(() => { resize(); invalidate(); }) : null;
  ro?.observe(canvas);
  const unsubEd = ed.onChange(() => { glDirty = true; invalidate(); });
  const unsubSel = ed.selection.subscribe(() => invalidate());

  canvasMaps.set(canvas, {
    toDoc: (clientX, clientY) => { const r = canvas.getBoundingClientRect(); return viewport.toWorld(clientX - r.left, clientY - r.top); },
    toPage: (x, y) => { const r = canvas.getBoundingClientRect(); const p = viewport.toScreen(x, y); return { x: r.left + p.x, y: r.top + p.y }; },
    stamp: () => `${viewport.cx},${viewport.cy},${viewport.scale},${viewport.width},${viewport.height}`,
  });
  resize();
  const fit = () => {
    viewport.fit(ed.scene.bbox());
    invalidate();
  };
  fit();

  return {
    editor: sch, symbolEditor: sym, viewport, draw, invalidate, fit,
    painter: gl ? 'webgl' : 'canvas2d',
    get composed() { return stack?.composed ?? { frames: 0, now: false }; },
    get frames() { return drawn; },
    moved,
    hold: (on) => stack?.hold(on),
    pixels(sx, sy, w, h) {
      draw();
      const out = Object.assign(document.createElement('canvas'), { width: w, height: h }).getContext('2d')!;
      if (gl && glCanvas) out.drawImage(glCanvas, -sx, -sy);
      out.drawImage(liveCanvas, -sx, -sy);
      return out.getImageData(0, 0, w, h).data;
    },
    refine: () => (gl ? gl.refine() : false),
    destroy() {
      frames.stop();
      gl?.destroy();
      stack?.destroy();
      canvas.removeEventListener('pointerdown', onDown);
      canvas.removeEventListener('pointermove', onMove);
      canvas.removeEventListener('pointerup', onUp);
      canvas.removeEventListener('pointercancel', endPan);
      canvas.removeEventListener('wheel', onWheel);
      canvas.removeEventListener('keydown', onKey);
      canvas.removeEventListener('contextmenu', onContext);
      ro?.disconnect();
      canvasMaps.delete(canvas);
      unsubEd(); unsubSel();
      ed.dispose();
    },
  };
}
