/**
 * In-page half of e2e/pcb-webgl.test.ts (bundled with esbuild): draws one board with the Canvas2D
 * painter (no tile cache) and with the WebGL2 painter at the same view, and compares the frames.
 */
import { EditorDocument } from '@copperplate/editor/core/document';
import { Viewport } from '@copperplate/editor/core/viewport';
import { mainBlockOr, parseDocuments } from '@copperplate/format';
import { PcbEditor } from '@copperplate/editor/pcb/editor';
import { PcbCanvasView } from '@copperplate/editor/pcb/canvas';
import { primsBox } from '@copperplate/editor/pcb/prims';
import { PcbGlView, STEP_BUDGET } from '@copperplate/editor/view/gl-pcb';
import { Line, recType } from '@copperplate/format/records';
import type { BoardInput } from '../../bench/lib/pcb-render-page.ts';

export interface PixelDiff {
  renderer: string;
  /** Share of pixels whose largest channel differs by more than 64. */
  differ: number;
  /** Share of pixels that are not background, in each frame. */
  drawn2d: number;
  drawnGl: number;
  /** PNG data URLs of both frames (for a failing test's report). */
  png2d: string;
  pngGl: string;
}

const W = 800, H = 600, BG = '#000000';

/** Pixels of a WebGL canvas (copied into a 2D canvas), and the share of pixels whose largest channel differs by more than 64. */
function glPixels(c: HTMLCanvasElement): Uint8ClampedArray {
  const cg = Object.assign(document.createElement('canvas'), { width: W, height: H });
  const gg = cg.getContext('2d')!;
  gg.drawImage(c, 0, 0);
  return gg.getImageData(0, 0, W, H).data;
}
function differ(a: Uint8ClampedArray, b: Uint8ClampedArray): number {
  let n = 0;
  for (let i = 0; i < a.length; i += 4) if (Math.max(Math.abs(a[i] - b[i]), Math.abs(a[i + 1] - b[i + 1]), Math.abs(a[i + 2] - b[i + 2])) > 64) n++;
  return n / (W * H);
}
const canvasGl = () => Object.assign(document.createElement('canvas'), { width: W, height: H });
const openBoard = (input: BoardInput) => {
  const fps = new Map(Object.entries(input.footprints).map(([k, v]) => [k, mainBlockOr(parseDocuments(v), 'FOOTPRINT')!.records]));
  return new PcbEditor(new EditorDocument(parseDocuments(input.text)), { project: { footprint: (u: string) => fps.get(u), poured: input.poured as never }, pcbUuid: input.pcbUuid });
};

export interface EditDiff { differFresh: number; differBefore: number; fullBuilds: number; edits: number; kind: string; fixedTiles: number }

/**
 * Edits (tracks moved, a via deleted, a track added) applied to the WebGL painter in place
 * (PcbEditor.onPrims -> PcbGlView.update), against a painter built from scratch on the edited scene.
 */
function compareEdit(input: BoardInput, snapshotFirst = false): EditDiff {
  const ed = openBoard(input);
  const vp = new Viewport({ width: W, height: H, pxPerUnit: 0.1 });
  vp.fit(primsBox(ed.scene.all()));
  const visible = new Set(ed.panel.visibleIds());
  const c1 = canvasGl();
  const gl = PcbGlView.create(c1, [...ed.scene.all()], () => ed.panel.drawOrder(), (l) => ed.panel.paint(l), { background: BG })!;
  ed.onPrims((c) => (c.rebuilt ? gl.setPrims([...ed.scene.all()]) : gl.update(c.before, c.after, () => ed.scene.all())));
  gl.draw(vp, visible);
  // with the snapshot drawn between frames first: the edit's frame draws the tiles under the edit again
  if (snapshotFirst) { while (gl.refine(STEP_BUDGET)); gl.draw(vp, visible); }
  const before = glPixels(c1);
  const of = (t: string) => ed.doc.keys().filter((k) => recType(ed.doc.get(k)!) === t);
  const lines = of('LINE'), vias = of('VIA');
  // over the snapshot a local edit (a track moved, one deleted: the frame draws their tiles again), else edits all over the board
  if (snapshotFirst) ed.move(lines.slice(0, 1), 60, -40);
  else ed.move(lines.slice(0, 20), 120, -80);
  ed.delete(snapshotFirst ? lines.slice(1, 2) : vias.slice(0, 5));
  const src = ed.doc.get(lines[20])!;
  if (!snapshotFirst) ed.commit('add', (tx) => tx.add(Line.with(src, { id: tx.newId(), x2: Line.get(src, 'x2') + 200, y2: Line.get(src, 'y2') + 150 })));
  gl.draw(vp, visible);
  const { kind, fixedTiles } = gl.frame;
  const edited = glPixels(c1);
  const c2 = canvasGl();
  const fresh = PcbGlView.create(c2, [...ed.scene.all()], () => ed.panel.drawOrder(), (l) => ed.panel.paint(l), { background: BG })!;
  fresh.draw(vp, visible);
  return { differFresh: differ(edited, glPixels(c2)), differBefore: differ(edited, before), fullBuilds: gl.fullBuilds, edits: 3, kind, fixedTiles };
}

export interface LodDiff { first: string; points: number; boxQuads: number; lod: boolean; direct: boolean; differ: number; zoomed: string; differZoomed: number; differRefined: number; refined: boolean; refinedKind: string; steps: number; drawn: number; pngLod: string; pngDirect: string }

const png = (px: Uint8ClampedArray) => { const c = canvasGl(); c.getContext('2d')!.putImageData(new ImageData(new Uint8ClampedArray(px), W, H), 0, 0); return c.toDataURL(); };

/**
 * A big board fitted (times `zoom`): the first frame draws every item (no snapshot yet); after the
 * snapshot is drawn between frames (`refine` in steps), the frame from the snapshot texture (level of
 * detail) against drawing every item; then zoomed in 1.2x: the snapshot shown scaled, and after
 * `refine` drawn again at the new scale.
 */
function compareLod(input: BoardInput, zoom = 1): LodDiff {
  const ed = openBoard(input);
  const vp = new Viewport({ width: W, height: H, pxPerUnit: 0.1 });
  vp.fit(primsBox(ed.scene.all()));
  vp.zoomTo(vp.zoom * zoom);
  const visible = new Set(ed.panel.visibleIds());
  const painter = (lodItems: number, points: boolean) => {
    const c = canvasGl();
    return { c, gl: PcbGlView.create(c, [...ed.scene.all()], () => ed.panel.drawOrder(), (l) => ed.panel.paint(l), { background: BG, lodItems, points })! };
  };
  // a: the snapshot (tiny items as points); b: every item drawn as quads
  const a = painter(20_000, true), b = painter(Infinity, false);
  a.gl.draw(vp, visible);
  const first = a.gl.frame.kind;
  let steps = 0;
  while (a.gl.refine(STEP_BUDGET)) steps++;
  a.gl.draw(vp, visible);
  b.gl.draw(vp, visible);
  const lodPx = glPixels(a.c), directPx = glPixels(b.c);
  const lod = a.gl.stats.lod, direct = !b.gl.stats.lod;
  const points = a.gl.snapshotStats.points, boxQuads = a.gl.snapshotStats.boxQuads; // tiny items drawn into the snapshot as points (the direct frame: quads)
  let drawn = 0;
  for (let i = 0; i < directPx.length; i += 4) if (directPx[i] + directPx[i + 1] + directPx[i + 2] > 24) drawn++;
  vp.zoomBy(1.2, W / 2 + 40, H / 2 - 30);
  a.gl.draw(vp, visible);
  const zoomed = a.gl.frame.kind;
  b.gl.draw(vp, visible);
  const zoomedDirect = glPixels(b.c);
  const differZoomed = differ(glPixels(a.c), zoomedDirect);
  const refined = a.gl.refine();
  return { first, steps, zoomed, refinedKind: a.gl.frame.kind, points, boxQuads, lod, direct, differ: differ(lodPx, directPx), differZoomed, differRefined: differ(glPixels(a.c), zoomedDirect), refined, drawn: drawn / (W * H), pngLod: png(lodPx), pngDirect: png(directPx) };
}

function compare(input: BoardInput, zoom: number, hideOnGl?: number): PixelDiff {
  const ed = openBoard(input);
  const prims = [...ed.scene.all()];
  const box = primsBox(prims);
  const vp = new Viewport({ width: W, height: H, pxPerUnit: 0.1 });
  vp.fit(box);
  vp.zoomTo(vp.zoom * zoom);
  const visible = new Set(ed.panel.visibleIds());
  const c2 = Object.assign(document.createElement('canvas'), { width: W, height: H });
  const g2 = c2.getContext('2d')!;
  new PcbCanvasView(prims, () => ed.panel.drawOrder(), (l) => ed.panel.paint(l), { background: BG, makeCanvas: (w, h) => Object.assign(document.createElement('canvas'), { width: w, height: h }) }).drawDirect(g2, vp, visible);
  const glCanvas = Object.assign(document.createElement('canvas'), { width: W, height: H });
  const gl = PcbGlView.create(glCanvas, prims, () => ed.panel.drawOrder(), (l) => ed.panel.paint(l), { background: BG });
  if (!gl) throw new Error('WebGL2 is not available');
  const glVisible = new Set(visible);
  if (hideOnGl !== undefined) glVisible.delete(hideOnGl);
  gl.draw(vp, glVisible);
  const cg = Object.assign(document.createElement('canvas'), { width: W, height: H });
  const gg = cg.getContext('2d')!;
  gg.drawImage(glCanvas, 0, 0);
  const a = g2.getImageData(0, 0, W, H).data, b = gg.getImageData(0, 0, W, H).data;
  let differ = 0, d2 = 0, dg = 0;
  for (let i = 0; i < a.length; i += 4) {
    const m = Math.max(Math.abs(a[i] - b[i]), Math.abs(a[i + 1] - b[i + 1]), Math.abs(a[i + 2] - b[i + 2]));
    if (m > 64) differ++;
    if (a[i] + a[i + 1] + a[i + 2] > 24) d2++;
    if (b[i] + b[i + 1] + b[i + 2] > 24) dg++;
  }
  const n = W * H;
  return { renderer: gl.renderer, differ: differ / n, drawn2d: d2 / n, drawnGl: dg / n, png2d: c2.toDataURL(), pngGl: cg.toDataURL() };
}

export interface PanLodDiff { kinds: string[]; tiles: number[]; differ: number[]; /** Mean brightness of both frames. */ drawn: Array<[number, number]> }

/**
 * A big board at 4x its fit, drawn twice: `a` with the snapshot taken from 500 items in view, `b` with
 * every item drawn as quads (the reference), each on its own WebGL canvas.
 */
function zoomedPair(input: BoardInput) {
  const ed = openBoard(input);
  const vp = new Viewport({ width: W, height: H, pxPerUnit: 0.1 });
  vp.fit(primsBox(ed.scene.all()));
  vp.zoomTo(vp.zoom * 4);
  const visible = new Set(ed.panel.visibleIds());
  const ca = canvasGl(), cb = canvasGl();
  const a = PcbGlView.create(ca, [...ed.scene.all()], () => ed.panel.drawOrder(), (l) => ed.panel.paint(l), { background: BG, lodItems: 500 })!;
  const b = PcbGlView.create(cb, [...ed.scene.all()], () => ed.panel.drawOrder(), (l) => ed.panel.paint(l), { background: BG, lodItems: Infinity, points: false })!;
  return { ed, vp, visible, ca, cb, a, b };
}

/**
 * Zoomed in 4x on a big board with the snapshot taken from 500 items in view: the snapshot holds the
 * board around the view only; the first frame draws every item, the snapshot (and the whole board's
 * overview) is drawn between frames; a pan within it shows the texture, a pan past it shows the
 * overview scaled while the snapshot around the new view is drawn between frames. Each frame against
 * every item drawn as quads.
 */
function comparePanLod(input: BoardInput): PanLodDiff {
  const { vp, visible, ca, cb, a, b } = zoomedPair(input);
  const out: PanLodDiff = { kinds: [], tiles: [], differ: [], drawn: [] };
  /** The mean brightness (r + g + b, 0..765): a coarse overview shown scaled keeps it, a blank or wrong frame does not. */
  const share = (px: Uint8ClampedArray) => { let n = 0; for (let i = 0; i < px.length; i += 4) n += px[i] + px[i + 1] + px[i + 2]; return n / (W * H); };
  const frame = () => {
    a.draw(vp, visible);
    b.draw(vp, visible);
    out.kinds.push(a.frame.kind);
    out.tiles.push(a.snapshotTiles);
    const pa = glPixels(ca), pb = glPixels(cb);
    out.differ.push(differ(pa, pb));
    out.drawn.push([share(pa), share(pb)]);
  };
  // the first frame, the same after the steps between frames, a pan of a tenth of a view (inside the
  // texture), a pan of a whole view (past it), the same after the steps
  frame();
  while (a.refine(STEP_BUDGET));
  frame();
  vp.panBy(W / 10, 0);
  frame();
  vp.panBy(W, 0);
  frame();
  while (a.refine(STEP_BUDGET));
  frame();
  return out;
}

export interface ResizeDiff { kinds: string[]; differ: number }

/**
 * A big board at 4x fit with the snapshot drawn, then the canvas made larger (1.5 x 1.5): the rings made
 * for the smaller view are made again; after the steps the frame shows the snapshot, as every item drawn.
 */
function compareResize(input: BoardInput): ResizeDiff {
  const { vp, visible, ca, cb, a, b } = zoomedPair(input);
  const kinds: string[] = [];
  a.draw(vp, visible);
  while (a.refine(STEP_BUDGET));
  a.draw(vp, visible);
  kinds.push(a.frame.kind);
  const W2 = W * 1.5, H2 = H * 1.5;
  for (const c of [ca, cb]) { c.width = W2; c.height = H2; }
  vp.resize(W2, H2);
  a.draw(vp, visible);
  kinds.push(a.frame.kind);
  while (a.refine(STEP_BUDGET));
  a.draw(vp, visible);
  kinds.push(a.frame.kind);
  b.draw(vp, visible);
  const px = (c: HTMLCanvasElement) => { const g = Object.assign(document.createElement('canvas'), { width: W2, height: H2 }).getContext('2d')!; g.drawImage(c, 0, 0); return g.getImageData(0, 0, W2, H2).data; };
  const pa = px(ca), pb = px(cb);
  let n = 0;
  for (let i = 0; i < pa.length; i += 4) if (Math.max(Math.abs(pa[i] - pb[i]), Math.abs(pa[i + 1] - pb[i + 1]), Math.abs(pa[i + 2] - pb[i + 2])) > 64) n++;
  return { kinds, differ: n / (W2 * H2) };
}

export interface PreviewDiff { kinds: string[]; deferred: boolean[]; differ: number[]; near: number[]; drawn: number; ms: number; pngPreview: string; pngDirect: string }

/**
 * A deferred start (PcbGlView previewItems): the first frame is the board drawn on the CPU
 * (cpu-preview.ts); after `buildGeometry` the picture stands in while the snapshot is drawn between
 * frames; then the snapshot. Each frame against every item drawn as quads by WebGL: `differ` (a channel
 * off by more than 64) and `near` (off by more than 16). `zoomed`: the view zoomed in 4x after the
 * build (the picture cannot stand in there).
 */
function comparePreview(input: BoardInput, zoomed = false): PreviewDiff {
  const ed = openBoard(input);
  const vp = new Viewport({ width: W, height: H, pxPerUnit: 0.1 });
  vp.fit(primsBox(ed.scene.all()));
  const visible = new Set(ed.panel.visibleIds());
  const ca = canvasGl(), cb = canvasGl();
  const t0 = performance.now();
  const a = PcbGlView.create(ca, [...ed.scene.all()], () => ed.panel.drawOrder(), (l) => ed.panel.paint(l), { background: BG, previewItems: 0, lodItems: 500 })!;
  a.draw(vp, visible);
  const ms = performance.now() - t0;
  const b = PcbGlView.create(cb, [...ed.scene.all()], () => ed.panel.drawOrder(), (l) => ed.panel.paint(l), { background: BG, lodItems: Infinity, points: false })!;
  const out: PreviewDiff = { kinds: [], deferred: [], differ: [], near: [], drawn: 0, ms, pngPreview: '', pngDirect: '' };
  const frame = (draw: boolean) => {
    if (draw) a.draw(vp, visible);
    b.draw(vp, visible);
    out.kinds.push(a.frame.kind);
    out.deferred.push(a.deferred);
    const pa = glPixels(ca), pb = glPixels(cb);
    out.differ.push(differ(pa, pb));
    let n = 0;
    for (let i = 0; i < pa.length; i += 4) if (Math.max(Math.abs(pa[i] - pb[i]), Math.abs(pa[i + 1] - pb[i + 1]), Math.abs(pa[i + 2] - pb[i + 2])) > 16) n++;
    out.near.push(n / (W * H));
    if (out.kinds.length === 1) {
      let d = 0;
      for (let i = 0; i < pb.length; i += 4) if (pb[i] + pb[i + 1] + pb[i + 2] > 24) d++;
      out.drawn = d / (W * H);
      out.pngPreview = png(pa);
      out.pngDirect = png(pb);
    }
  };
  // the first frame (the picture), the geometry built (the picture stands in), the snapshot drawn between frames
  frame(false);
  a.buildGeometry();
  if (zoomed) vp.zoomBy(4, W / 2, H / 2);
  frame(!!zoomed);
  while (a.refine(STEP_BUDGET));
  frame(true);
  return out;
}

if (typeof window !== 'undefined') Object.assign(window, { comparePainters: compare, compareEdit, compareLod, comparePanLod, compareResize, comparePreview });
