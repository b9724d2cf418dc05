/**
 * The WebGL2 painter of schematic sheets (issue 14 part 6), on the PCB painter's machinery
 * (gl-pcb.ts): every display item's lines, circles, ellipses and paths become primitives (each
 * stroked segment a round segment of known shape, filled circles one segment of length 0, other
 * fills triangles) on a "layer" per colour,
 * fills below strokes; the PCB painter keeps them on the GPU in cells, culls, draws tiny items as
 * points and a zoomed-out big sheet from its snapshot. Text and images stay Canvas2D: the view
 * draws them, the selection and the highlighted net on its 2D canvas over this one (`overlayOps`),
 * so that text looks as the Canvas2D painter draws it. Edits replace the primitives of the items
 * the scene painted again (in place, PcbGlView.update).
 * Frame: document units (0.01 inch), Y up; the view's Viewport in CSS pixels times `dpr`.
 */
import { type Box, type Contour, circleContour } from '@copperplate/board';
import type { Viewport } from '../core/viewport.ts';
import type { DisplayItem } from '../render/recording.ts';
import type { Op, PathSeg, Stroke } from '../render/surface.ts';
import { type Prim, lazyPrim, makePrim } from '../pcb/prims.ts';
import { PcbGlView } from './gl-pcb.ts';

/** Segments per full turn of a flattened circle, ellipse or arc (at most; fewer for small ones, see turnSteps), and per Bézier curve. */
const TURN_STEPS = 64, CURVE_STEPS = 16;
/** Segments per full turn for radius `r` (document units): 12 for a junction dot's 2, 64 from a radius of 64 on. */
const turnSteps = (r: number) => Math.max(12, Math.min(TURN_STEPS, Math.ceil(8 * Math.sqrt(Math.max(r, 0)))));

/** Colours as layers: fills get ids from FILL_BASE on, drawn before every stroke. */
const FILL_BASE = 1_000_000;

/** The polyline `pts` cut into its dashes (pattern `dash` in document units, from its start), each dash an open polyline. */
export function dashPolyline(pts: number[], closed: boolean, dash: number[]): number[][] {
  const p = closed && pts.length >= 4 ? [...pts, pts[0], pts[1]] : pts;
  const pattern = dash.filter((d) => d > 0);
  if (!pattern.length || pattern.length !== dash.length) return [p];
  const out: number[][] = [];
  let k = 0, left = pattern[0];
  let cur: number[] | null = [p[0], p[1]];
  for (let i = 0; i + 3 < p.length; i += 2) {
    let x = p[i], y = p[i + 1];
    const x2 = p[i + 2], y2 = p[i + 3];
    let len = Math.hypot(x2 - x, y2 - y);
    while (len > 1e-12) {
      const step = Math.min(left, len), t = step / len;
      const nx = x + (x2 - x) * t, ny = y + (y2 - y) * t;
      if (cur) cur.push(nx, ny);
      x = nx; y = ny; len -= step; left -= step;
      if (left <= 1e-9) {
        k++;
        left = pattern[k % pattern.length];
        if (k % 2 === 1) { if (cur && cur.length >= 4) out.push(cur); cur = null; } else cur = [x, y];
      }
    }
  }
  if (cur && cur.length >= 4) out.push(cur);
  return out;
}

/** Points of an arc around (cx, cy) from a0 to a1 (degrees), counter-clockwise when `ccw`, as Canvas2D's arc draws it in the Y-up frame. */
function arcPoints(out: number[], cx: number, cy: number, r: number, a0: number, a1: number, ccw: boolean): void {
  let sweep = a1 - a0;
  if (ccw) { while (sweep < 0) sweep += 360; } else { while (sweep > 0) sweep -= 360; }
  if (Math.abs(a1 - a0) >= 360) sweep = ccw ? 360 : -360;
  const n = Math.max(2, Math.ceil((Math.abs(sweep) / 360) * turnSteps(r)));
  for (let i = 0; i <= n; i++) {
    const a = ((a0 + (sweep * i) / n) * Math.PI) / 180;
    out.push(cx + r * Math.cos(a), cy + r * Math.sin(a));
  }
}

/** A path's sub-paths as point lists (curves and arcs flattened), each with whether it was closed. */
export function flattenPath(segs: PathSeg[]): Array<{ pts: number[]; closed: boolean }> {
  const out: Array<{ pts: number[]; closed: boolean }> = [];
  let cur: number[] = [];
  const end = (closed: boolean) => { if (cur.length >= 2) out.push({ pts: cur, closed }); cur = []; };
  for (const g of segs) {
    if (g.op === 'M') { end(false); cur = [g.x, g.y]; } else if (g.op === 'L') cur.push(g.x, g.y);
    else if (g.op === 'C') {
      const x0 = cur.length ? cur[cur.length - 2] : g.x1, y0 = cur.length ? cur[cur.length - 1] : g.y1;
      if (!cur.length) cur.push(x0, y0);
      for (let i = 1; i <= CURVE_STEPS; i++) {
        const t = i / CURVE_STEPS, u = 1 - t;
        cur.push(u * u * u * x0 + 3 * u * u * t * g.x1 + 3 * u * t * t * g.x2 + t * t * t * g.x, u * u * u * y0 + 3 * u * u * t * g.y1 + 3 * u * t * t * g.y2 + t * t * t * g.y);
      }
    } else if (g.op === 'A') arcPoints(cur, g.cx, g.cy, g.r, g.a0, g.a1, g.ccw);
    else {
      const first = cur.length >= 2 ? [cur[0], cur[1]] : null;
      end(true);
      if (first) cur = first; // a path goes on from the start of the closed sub-path
    }
  }
  end(false);
  return out;
}

const contourOf = (pts: number[], closed: boolean): Contour => {
  const segs = [];
  for (let i = 2; i + 1 < pts.length; i += 2) segs.push({ k: 'L' as const, x: pts[i], y: pts[i + 1] });
  return { x0: pts[0], y0: pts[1], segs, closed };
};

/** The contour of a segment primitive, made only if something reads it (the painter reads its shape). */
const segContour = (xy: number[], at: number): Contour[] => [{ x0: xy[at], y0: xy[at + 1], segs: [{ k: 'L', x: xy[at + 2], y: xy[at + 3] }], closed: false }];

/** Colours that draw nothing. */
const invisible = (c: string | null | undefined) => !c || c === 'none' || c === 'transparent';

export class SchGlPainter {
  /** Layer id of each colour (strokes) and of each fill colour (FILL_BASE + n), in first-seen order. */
  private readonly strokeIds = new Map<string, number>();
  private readonly fillIds = new Map<string, number>();
  private readonly colours = new Map<number, string>();
  /** The items drawn now and their primitives. */
  private readonly drawn = new Map<string, { it: DisplayItem; prims: Prim[] }>();
  private readonly visible = new Set<number>();

  private constructor(readonly gl: PcbGlView) {}

  /** A painter on `canvas` for the scene's items, or null where WebGL2 is missing (draw with Canvas2D). */
  static create(canvas: HTMLCanvasElement | OffscreenCanvas, items: Iterable<DisplayItem>, background: string): SchGlPainter | null {
    let self: SchGlPainter | null = null;
    const order = () => self!.order();
    const paint = (l: number) => ({ color: self!.colours.get(l) ?? '#000000', alpha: 1 });
    // built empty first (the colours are learnt from the items), then given the items
    const gl = PcbGlView.create(canvas, [], order, paint, { background });
    if (!gl) return null;
    self = new SchGlPainter(gl);
    self.sync(items);
    return self;
  }

  /** Fill layers first (in first-seen order), then strokes. */
  private order(): number[] { return [...this.fillIds.values(), ...this.strokeIds.values()]; }

  private layerOf(colour: string, fill: boolean): number {
    const m = fill ? this.fillIds : this.strokeIds;
    let id = m.get(colour);
    if (id === undefined) {
      id = (fill ? FILL_BASE : 1) + m.size;
      m.set(colour, id);
      this.colours.set(id, colour);
      this.visible.add(id);
    }
    return id;
  }

  /** The primitives of one display item (its text and images are not drawn here: see overlayOps). */
  primsOf(it: DisplayItem): Prim[] {
    const out: Prim[] = [];
    const id = it.id;
    const add = (s: Stroke, rings: Array<{ pts: number[]; closed: boolean }>, circle?: { cx: number; cy: number; r: number }) => {
      if (s.fill && !invisible(s.fill)) {
        const layer = this.layerOf(s.fill, true);
        // a filled circle: a round segment of length 0 (one quad); other fills: triangles
        if (circle) out.push(lazyPrim({ id, rec: it.kind, kind: 'poly', layer, width: 0, filled: true, shape: { k: 'seg', x1: circle.cx, y1: circle.cy, x2: circle.cx, y2: circle.cy, hw: circle.r } }, (c: typeof circle) => [circleContour(c.cx, c.cy, c.r)], circle, 0));
        else {
          const contours = rings.filter((r) => r.pts.length >= 6).map((r) => contourOf(r.pts, true));
          if (contours.length) out.push(makePrim({ id, rec: it.kind, kind: 'poly', layer, contours, width: 0, filled: true }));
        }
      }
      if (invisible(s.color)) return;
      const layer = this.layerOf(s.color, false);
      const lines = s.dash?.length ? rings.flatMap((r) => dashPolyline(r.pts, r.closed, s.dash!).map((pts) => ({ pts, closed: false }))) : rings;
      // every segment its own primitive of a known shape (a round segment: one quad, no contour walked)
      const hw = s.width / 2;
      for (const { pts, closed } of lines) {
        const n = pts.length;
        if (n < 2) continue;
        const xy = closed && n >= 6 && (pts[0] !== pts[n - 2] || pts[1] !== pts[n - 1]) ? [...pts, pts[0], pts[1]] : pts;
        if (xy.length === 2) { out.push(lazyPrim({ id, rec: it.kind, kind: 'poly', layer, width: s.width, filled: false, shape: { k: 'seg', x1: xy[0], y1: xy[1], x2: xy[0], y2: xy[1], hw } }, segContour, [xy[0], xy[1], xy[0], xy[1]], 0)); continue; }
        for (let i = 0; i + 3 < xy.length; i += 2) out.push(lazyPrim({ id, rec: it.kind, kind: 'poly', layer, width: s.width, filled: false, shape: { k: 'seg', x1: xy[i], y1: xy[i + 1], x2: xy[i + 2], y2: xy[i + 3], hw } }, segContour, xy, i));
      }
    };
    for (const op of it.ops) {
      if (op.t === 'poly') add(op.s, [{ pts: op.pts, closed: op.closed }]);
      else if (op.t === 'circle') {
        // filled and stroked in one colour (junction dots, open pin ends: tens of thousands on a big
        // sheet): one filled circle out to the stroke's outer edge, no ring of segments
        if (op.s.fill && op.s.fill === op.s.color && !op.s.dash?.length) {
          add({ color: 'none', width: 0, fill: op.s.fill }, [], { cx: op.cx, cy: op.cy, r: op.r + op.s.width / 2 });
          continue;
        }
        const pts: number[] = [];
        arcPoints(pts, op.cx, op.cy, op.r, 0, 360, true);
        add(op.s, [{ pts, closed: true }], { cx: op.cx, cy: op.cy, r: op.r });
      } else if (op.t === 'ellipse') {
        const pts: number[] = [];
        const a = (op.rot * Math.PI) / 180, ca = Math.cos(a), sa = Math.sin(a);
        for (let i = 0; i < TURN_STEPS; i++) {
          const t = (2 * Math.PI * i) / TURN_STEPS, x = op.rx * Math.cos(t), y = op.ry * Math.sin(t);
          pts.push(op.cx + x * ca - y * sa, op.cy + x * sa + y * ca);
        }
        add(op.s, [{ pts, closed: true }]);
      } else if (op.t === 'path') add(op.s, flattenPath(op.segs));
    }
    return out;
  }

  /**
   * Bring the GPU geometry to the scene's items: the primitives of items that are new or were painted
   * again (another DisplayItem object under the same key) replace those of the items they follow.
   */
  sync(items: Iterable<DisplayItem>, key: (it: DisplayItem) => string = (it) => it.id): void {
    const before: Prim[] = [], after: Prim[] = [];
    const seen = new Set<string>();
    for (const it of items) {
      const k = key(it);
      seen.add(k);
      const had = this.drawn.get(k);
      if (had?.it === it) continue;
      // (no push(...a): the junction dots of a big sheet are one item of tens of thousands of primitives)
      if (had) for (const p of had.prims) before.push(p);
      const prims = this.primsOf(it);
      this.drawn.set(k, { it, prims });
      for (const p of prims) after.push(p);
    }
    for (const [k, d] of this.drawn) if (!seen.has(k)) { for (const p of d.prims) before.push(p); this.drawn.delete(k); }
    if (!before.length && !after.length) return;
    const all = () => [...this.drawn.values()].flatMap((d) => d.prims);
    // the first items, or most of the sheet: one build; else in place
    if (this.gl.fullBuilds <= 1 && before.length === 0 && after.length === all().length) this.gl.setPrims(all());
    else this.gl.update(before, after, all);
  }

  /** Draw the sheet for `vp` (CSS pixels) on a canvas of `dpr` device pixels per CSS pixel. */
  draw(vp: Viewport, dpr: number): void {
    const s = vp.scale * dpr, w = vp.width * dpr, h = vp.height * dpr;
    const cx = vp.cx, cy = vp.cy;
    const box = (): Box => ({ minX: cx - w / 2 / s, maxX: cx + w / 2 / s, minY: cy - h / 2 / s, maxY: cy + h / 2 / s });
    this.gl.draw({ cx, cy, scale: s, width: w, height: h, visible: box } as unknown as Viewport, this.visible);
  }

  /** Work between frames (the snapshot's tiles, `budget` as PcbGlView.refine; default all of it); whether there was any. */
  refine(budget?: number): boolean { return this.gl.refine(budget); }
  /** Is the snapshot still being drawn (call `refine` again a frame later)? */
  get busy(): boolean { return this.gl.busy; }

  destroy(): void { this.gl.destroy(); }
}

/**
 * What the view's 2D canvas draws of an item over the WebGL frame: its text and images; all of it
 * when the item is highlighted (the Canvas2D surface draws it in the highlight colour).
 */
export function overlayOps(it: DisplayItem, highlighted: boolean): Op[] {
  if (highlighted) return it.ops;
  let any = false;
  for (const op of it.ops) if (op.t === 'text' || op.t === 'image') { any = true; break; }
  if (!any) return [];
  return it.ops.filter((op) => op.t === 'text' || op.t === 'image' || op.t === 'begin' || op.t === 'end');
}
