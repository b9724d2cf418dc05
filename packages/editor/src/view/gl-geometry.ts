/**
 * The geometry the WebGL2 PCB painter (gl-pcb.ts) keeps on the GPU, built once per scene on the CPU
 * (pure: no DOM, testable in Node). Per layer (holes apart: they are drawn in the hole colour):
 *  - round segments, one item each (x1, y1, x2, y2, half width): tracks, arcs, strokes of text
 *    and outlines flattened to polylines, and every filled circle (vias, round pads) as a segment of
 *    length 0 whose half width is the radius;
 *  - rounded boxes, one item each (centre, half size, direction, corner radius): rectangular pads
 *    with or without round corners;
 *  - triangles (earcut) of the other filled shapes (pads, polygons, pours), holes by even-odd nesting;
 *  - chunks: the layer's items sorted into a grid of cells, each cell a contiguous range of the
 *    buffers with the union box of its items, so a frame draws only the cells it can see; a
 *    primitive is kept whole in the cell of its centre, except a big one (a pour's fill, more than
 *    SPLIT_ITEMS items), cut up into its items, each in its own cell.
 * Frame: board mil, Y up (the scene's frame).
 */
import earcut from 'earcut';
import { type Box, type Contour, arcCenter, emptyBox, flattenContour, pointInRing, unionBox } from '@copperplate/board';
import type { Prim } from '../pcb/prims.ts';

/** Flattening tolerance of arcs and curves (mil). */
export const GL_TOLERANCE = 0.1;
/** Dash pattern of dashed outlines (mil), as the Canvas2D painter draws them. */
const DASH = [20, 12];
/** About this many items per cell. */
const ITEMS_PER_CELL = 256;

/**
 * A cell: its ranges of the buffers, the union box of its items, and the largest half extent (mil) of
 * a round segment (half its box's longer side plus its half width) and of a rounded box (half its
 * diagonal) in it: how big a point sprite must be to hold any of its items (gl-pcb.ts draws a cell
 * of tiny items as points). `area`: the sum of its items' areas (mil^2; overlaps counted twice),
 * what a frame's fragments cost (gl-pcb.ts chooses the snapshot over much fill).
 */
export interface GlChunk { box: Box; seg0: number; seg1: number; tri0: number; tri1: number; box0: number; box1: number; segExt: number; boxExt: number; area: number }
/** Floats per item. */
export const SEG_FLOATS = 5, BOX_FLOATS = 7;

export interface GlLayerGeometry {
  layer: number;
  /** Drawn in the hole colour (drill holes), not the layer's. */
  hole: boolean;
  /** 5 floats per item: x1, y1, x2, y2, half width. */
  segs: Float32Array;
  /** 2 floats per vertex, 3 vertices per triangle. */
  tris: Float32Array;
  /** 7 floats per item: centre x, y, half width, half height, direction x, y (unit), corner radius. */
  boxes: Float32Array;
  chunks: GlChunk[];
  box: Box;
  /** The whole primitives in buffer order, and where each one's items are (prims[i]: segs segAt[i]..segEnd[i], ...). */
  prims: Prim[];
  segAt: Int32Array;
  boxAt: Int32Array;
  triAt: Int32Array;
  segEnd: Int32Array;
  boxEnd: Int32Array;
  triEnd: Int32Array;
  /** Primitives of more than SPLIT_ITEMS items, cut up: each item sorted into its own cell (not in `prims`). */
  split: Prim[];
}

/** One primitive's drawing (mil): round segments, rounded boxes and triangles (see GlLayerGeometry). */
export interface GlItem { box: Box; segs: number[]; tris: number[]; boxes: number[] }
type Item = GlItem;

const near = (a: number, b: number, eps: number) => Math.abs(a - b) <= eps;

/**
 * A filled rectangle, square-cornered or with round corners (rectContour's shapes), as a rounded box
 * instance; null for any other shape.
 */
export function asRoundedBox(p: Prim): number[] | null {
  if (!p.filled || p.contours.length !== 1 || p.strokes?.length || p.width > 0) return null;
  const c = p.contours[0];
  const sg = c.segs;
  const pts: Array<[number, number]> = [[c.x0, c.y0], ...sg.map((s): [number, number] => [s.x, s.y])];
  const eps = 1e-6 * Math.max(1, Math.abs(c.x0), Math.abs(c.y0));
  if (!near(pts[sg.length][0], c.x0, eps) || !near(pts[sg.length][1], c.y0, eps)) return null;
  if (sg.length === 4 && sg.every((s) => s.k === 'L')) {
    const [a, b, cc, d] = pts;
    const ux = b[0] - a[0], uy = b[1] - a[1], vx = cc[0] - b[0], vy = cc[1] - b[1];
    const w = Math.hypot(ux, uy), h = Math.hypot(vx, vy);
    if (!(w > 0 && h > 0) || Math.abs(ux * vx + uy * vy) > 1e-6 * w * h) return null;
    if (!near(d[0], a[0] + vx, 1e-4 + eps) || !near(d[1], a[1] + vy, 1e-4 + eps)) return null;
    return [(a[0] + cc[0]) / 2, (a[1] + cc[1]) / 2, w / 2, h / 2, ux / w, uy / w, 0];
  }
  if (sg.length !== 8 || !sg.every((s, i) => s.k === (i % 2 ? 'A' : 'L') && (s.k !== 'A' || near(s.sweep, sg[1].k === 'A' ? sg[1].sweep : 0, 1e-9)))) return null;
  const s1 = sg[1];
  if (s1.k !== 'A' || !near(Math.abs(s1.sweep), 90, 1e-6)) return null;
  // the corner arcs' centres are the corners of the inner rectangle
  const ctr = [1, 3, 5, 7].map((i) => arcCenter(pts[i][0], pts[i][1], pts[i + 1][0], pts[i + 1][1], s1.sweep));
  const r = Math.hypot(pts[1][0] - ctr[0].x, pts[1][1] - ctr[0].y);
  if (!(r > 0) || ctr.some((q, k) => !near(Math.hypot(pts[2 * k + 1][0] - q.x, pts[2 * k + 1][1] - q.y), r, 1e-4 + eps))) return null;
  const ax = ctr[1].x - ctr[0].x, ay = ctr[1].y - ctr[0].y, bx = ctr[2].x - ctr[1].x, by = ctr[2].y - ctr[1].y;
  if (!near(ctr[3].x, ctr[0].x + bx, 1e-4 + eps) || !near(ctr[3].y, ctr[0].y + by, 1e-4 + eps)) return null;
  const la = Math.hypot(ax, ay), lb = Math.hypot(bx, by);
  if (la > 0 && lb > 0 && Math.abs(ax * bx + ay * by) > 1e-6 * la * lb) return null;
  const cx = (ctr[0].x + ctr[2].x) / 2, cy = (ctr[0].y + ctr[2].y) / 2;
  if (lb > 0) return [cx, cy, lb / 2 + r, la / 2 + r, bx / lb, by / lb, r];
  if (la > 0) return [cx, cy, la / 2 + r, r, ax / la, ay / la, r];
  return [cx, cy, r, r, 1, 0, r];
}

/** A filled circle (circleContour's shape: two half arcs): centre and radius, else null. */
export function asCircle(p: Prim): { x: number; y: number; r: number } | null {
  if (!p.filled || p.contours.length !== 1 || p.strokes?.length) return null;
  const c = p.contours[0];
  if (c.segs.length !== 2 || c.segs.some((s) => s.k !== 'A' || Math.abs(Math.abs(s.sweep) - 180) > 1e-6)) return null;
  const b = c.segs[0];
  if (b.k !== 'A' || Math.abs(c.segs[1].x - c.x0) > 1e-6 || Math.abs(c.segs[1].y - c.y0) > 1e-6) return null;
  const x = (c.x0 + b.x) / 2, y = (c.y0 + b.y) / 2, r = Math.hypot(c.x0 - b.x, c.y0 - b.y) / 2;
  return { x, y, r: r + p.width / 2 };
}

function pushPolyline(out: number[], pts: number[], closed: boolean, hw: number): void {
  const n = pts.length / 2;
  if (n === 1) { out.push(pts[0], pts[1], pts[0], pts[1], hw); return; }
  for (let i = 0; i + 1 < n; i++) out.push(pts[2 * i], pts[2 * i + 1], pts[2 * i + 2], pts[2 * i + 3], hw);
  if (closed && n > 2 && (pts[0] !== pts[2 * n - 2] || pts[1] !== pts[2 * n - 1])) out.push(pts[2 * n - 2], pts[2 * n - 1], pts[0], pts[1], hw);
}

/** The dashes of a polyline (pattern DASH from its start), as segments. */
function pushDashed(out: number[], pts: number[], closed: boolean, hw: number): void {
  const p = closed ? [...pts, pts[0], pts[1]] : pts;
  let k = 0, left = DASH[0];
  for (let i = 0; i + 3 < p.length; i += 2) {
    let x = p[i], y = p[i + 1];
    const x2 = p[i + 2], y2 = p[i + 3];
    let len = Math.hypot(x2 - x, y2 - y);
    while (len > 0) {
      const step = Math.min(left, len);
      const t = step / len;
      const nx = x + (x2 - x) * t, ny = y + (y2 - y) * t;
      if (k % 2 === 0) out.push(x, y, nx, ny, hw);
      x = nx; y = ny; len -= step; left -= step;
      if (left <= 1e-9) { k++; left = DASH[k % 2]; }
    }
  }
}

function ringArea(r: number[]): number {
  let a = 0;
  for (let i = 0, n = r.length; i < n; i += 2) {
    const j = (i + 2) % n;
    a += r[i] * r[j + 1] - r[j] * r[i + 1];
  }
  return a / 2;
}

function ringBox(r: number[]): Box {
  let minX = Infinity, minY = Infinity, maxX = -Infinity, maxY = -Infinity;
  for (let i = 0; i < r.length; i += 2) {
    if (r[i] < minX) minX = r[i];
    if (r[i] > maxX) maxX = r[i];
    if (r[i + 1] < minY) minY = r[i + 1];
    if (r[i + 1] > maxY) maxY = r[i + 1];
  }
  return { minX, minY, maxX, maxY };
}

/** Triangles of closed rings filled even-odd: each ring's nesting depth decides outer or hole. */
export function triangulateEvenOdd(rings: number[][], out: number[]): void {
  const rs = rings.filter((r) => r.length >= 6);
  if (rs.length === 1) {
    const idx = earcut(rs[0]);
    for (const i of idx) out.push(rs[0][2 * i], rs[0][2 * i + 1]);
    return;
  }
  const info = rs.map((ring) => ({ ring, area: Math.abs(ringArea(ring)), box: ringBox(ring), parent: -1, depth: 0 }));
  const order = info.map((_, i) => i).sort((a, b) => info[b].area - info[a].area);
  for (let oi = 0; oi < order.length; oi++) {
    const me = info[order[oi]];
    const [x, y] = me.ring;
    // rings larger than me that contain my first point; the smallest of them is my parent
    for (let oj = oi - 1; oj >= 0; oj--) {
      const o = info[order[oj]];
      if (x < o.box.minX || x > o.box.maxX || y < o.box.minY || y > o.box.maxY) continue;
      if (pointInRing(x, y, o.ring)) { me.parent = order[oj]; me.depth = o.depth + 1; break; }
    }
  }
  const holes = new Map<number, number[][]>();
  for (const it of info) if (it.depth % 2 === 1) { let h = holes.get(it.parent); if (!h) holes.set(it.parent, (h = [])); h.push(it.ring); }
  info.forEach((it, i) => {
    if (it.depth % 2 === 1) return;
    const data = [...it.ring];
    const hi: number[] = [];
    for (const h of holes.get(i) ?? []) { hi.push(data.length / 2); data.push(...h); }
    const idx = earcut(data, hi.length ? hi : undefined);
    for (const k of idx) out.push(data[2 * k], data[2 * k + 1]);
  });
}

/** A growable float buffer. */
class Floats {
  a: Float32Array | Float64Array;
  n = 0;
  /** Float64 for a lone primitive's drawing read back by tests and tools; Float32 for the GPU. */
  constructor(private readonly wide = false) { this.a = wide ? new Float64Array(64) : new Float32Array(256); }
  room(k: number): Float32Array | Float64Array {
    if (this.n + k > this.a.length) {
      const b = this.wide ? new Float64Array(Math.max(this.a.length * 2, this.n + k)) : new Float32Array(Math.max(this.a.length * 2, this.n + k));
      b.set(this.a.subarray(0, this.n));
      this.a = b;
    }
    return this.a;
  }
  push(v: ArrayLike<number>): void { const a = this.room(v.length); for (let i = 0; i < v.length; i++) a[this.n++] = v[i]; }
}

/** Append one primitive's drawing to the buffers: its known shape, else its contours (round segments and triangles). */
function pushPrim(p: Prim, segs: Floats, tris: Floats, boxes: Floats): void {
  const sh = p.shape;
  if (sh?.k === 'seg') {
    const a = segs.room(5);
    a[segs.n] = sh.x1; a[segs.n + 1] = sh.y1; a[segs.n + 2] = sh.x2; a[segs.n + 3] = sh.y2; a[segs.n + 4] = sh.hw; segs.n += 5;
    return;
  }
  if (sh?.k === 'box') {
    const a = boxes.room(7);
    a[boxes.n] = sh.cx; a[boxes.n + 1] = sh.cy; a[boxes.n + 2] = sh.hw; a[boxes.n + 3] = sh.hh; a[boxes.n + 4] = sh.ux; a[boxes.n + 5] = sh.uy; a[boxes.n + 6] = sh.r; boxes.n += 7;
    return;
  }
  const circle = asCircle(p);
  const rbox = circle ? null : asRoundedBox(p);
  if (circle) segs.push([circle.x, circle.y, circle.x, circle.y, circle.r]);
  else if (rbox) boxes.push(rbox);
  else {
    const flat = p.contours.map((c: Contour) => flattenContour(c, GL_TOLERANCE));
    const t: number[] = [], sg: number[] = [];
    if (p.filled) triangulateEvenOdd(flat, t);
    // as the Canvas2D painter: outlines stroked unless a plain fill (hairline when the width is 0)
    if (!p.filled || p.width > 0 || p.strokes?.length) {
      const hw = p.width / 2;
      flat.forEach((pts, i) => (p.dashed ? pushDashed : pushPolyline)(sg, pts, p.contours[i].closed, hw));
      for (const s of p.strokes ?? []) pushPolyline(sg, s, false, hw);
    }
    tris.push(t);
    segs.push(sg);
  }
}

/** The drawing of one primitive as round segments, rounded boxes and triangles. */
export function primGeometry(p: Prim): Item {
  const segs = new Floats(true), tris = new Floats(true), boxes = new Floats(true);
  pushPrim(p, segs, tris, boxes);
  const arr = (f: Floats) => Array.from(f.a.subarray(0, f.n));
  return { box: p.box, segs: arr(segs), tris: arr(tris), boxes: arr(boxes) };
}

/** A primitive of more items than this (a pour's fill, a long outline) is cut up: each item goes to its own cell. */
export const SPLIT_ITEMS = 128;

/** The cell (column, row of a g x g grid over `box`) of a point. */
function cellAt(x: number, y: number, box: Box, g: number): number {
  const w = Math.max(box.maxX - box.minX, 1e-9), h = Math.max(box.maxY - box.minY, 1e-9);
  const i = Math.min(g - 1, Math.max(0, Math.floor(((x - box.minX) / w) * g)));
  const j = Math.min(g - 1, Math.max(0, Math.floor(((y - box.minY) / h) * g)));
  return j * g + i;
}

/** The items of the big primitives of a layer, one by one: kind, floats, cell. */
interface Loose { segs: number[]; boxes: number[]; tris: number[]; segCell: number[]; boxCell: number[]; triCell: number[] }

function grow(cb: Box, x: number, y: number, r: number): void {
  if (x - r < cb.minX) cb.minX = x - r;
  if (y - r < cb.minY) cb.minY = y - r;
  if (x + r > cb.maxX) cb.maxX = x + r;
  if (y + r > cb.maxY) cb.maxY = y + r;
}

function layerGeometry(layer: number, hole: boolean, prims: Prim[], cache?: Map<Prim, Item>): GlLayerGeometry {
  let box = emptyBox();
  for (const p of prims) box = unionBox(box, p.box);
  // the drawing of primitives without a known shape, made once; the big ones are cut up
  const made = new Map<Prim, Item>();
  const whole: Prim[] = [], split: Prim[] = [];
  let units = 0;
  for (const p of prims) {
    if (p.shape) { whole.push(p); units++; continue; }
    const it = cache?.get(p) ?? primGeometry(p);
    const n = it.segs.length / SEG_FLOATS + it.boxes.length / BOX_FLOATS + it.tris.length / 6;
    if (n > SPLIT_ITEMS) { split.push(p); units += n; } else { whole.push(p); units++; }
    made.set(p, it);
  }
  const g = Math.max(1, Math.min(128, Math.ceil(Math.sqrt(units / ITEMS_PER_CELL))));
  const cells = g * g;
  const loose: Loose = { segs: [], boxes: [], tris: [], segCell: [], boxCell: [], triCell: [] };
  for (const p of split) {
    const it = made.get(p)!;
    for (let i = 0; i < it.segs.length; i += SEG_FLOATS) { loose.segs.push(...it.segs.slice(i, i + SEG_FLOATS)); loose.segCell.push(cellAt((it.segs[i] + it.segs[i + 2]) / 2, (it.segs[i + 1] + it.segs[i + 3]) / 2, box, g)); }
    for (let i = 0; i < it.boxes.length; i += BOX_FLOATS) { loose.boxes.push(...it.boxes.slice(i, i + BOX_FLOATS)); loose.boxCell.push(cellAt(it.boxes[i], it.boxes[i + 1], box, g)); }
    for (let i = 0; i < it.tris.length; i += 6) { loose.tris.push(...it.tris.slice(i, i + 6)); loose.triCell.push(cellAt((it.tris[i] + it.tris[i + 2] + it.tris[i + 4]) / 3, (it.tris[i + 1] + it.tris[i + 3] + it.tris[i + 5]) / 3, box, g)); }
  }
  const bucket = (cellOfItem: number[]) => {
    const by: number[][] = Array.from({ length: cells }, () => []);
    cellOfItem.forEach((c, i) => by[c].push(i));
    return by;
  };
  const looseSegs = bucket(loose.segCell), looseBoxes = bucket(loose.boxCell), looseTris = bucket(loose.triCell);
  // whole primitives in cell order (a counting sort by their box centre)
  const cellOf = new Int32Array(whole.length);
  for (let k = 0; k < whole.length; k++) { const b = whole[k].box; cellOf[k] = cellAt((b.minX + b.maxX) / 2, (b.minY + b.maxY) / 2, box, g); }
  const counts = new Int32Array(cells + 1);
  for (let k = 0; k < whole.length; k++) counts[cellOf[k] + 1]++;
  for (let i = 1; i <= cells; i++) counts[i] += counts[i - 1];
  const order = new Int32Array(whole.length);
  const fillAt = counts.slice();
  for (let k = 0; k < whole.length; k++) order[fillAt[cellOf[k]]++] = k;
  const segs = new Floats(), tris = new Floats(), boxes = new Floats();
  const chunks: GlChunk[] = [];
  const inOrder: Prim[] = new Array(whole.length);
  const n = whole.length;
  const segAt = new Int32Array(n), boxAt = new Int32Array(n), triAt = new Int32Array(n), segEnd = new Int32Array(n), boxEnd = new Int32Array(n), triEnd = new Int32Array(n);
  let at = 0;
  /** The largest half extents of the items from `s0` / `b0` on (see GlChunk). */
  const segExt = (s0: number) => { let e = 0; const a = segs.a; for (let o = s0 * SEG_FLOATS; o < segs.n; o += SEG_FLOATS) { const x = Math.max(Math.abs(a[o + 2] - a[o]), Math.abs(a[o + 3] - a[o + 1])) / 2 + a[o + 4]; if (x > e) e = x; } return e; };
  const boxExt = (b0: number) => { let e = 0; const a = boxes.a; for (let o = b0 * BOX_FLOATS; o < boxes.n; o += BOX_FLOATS) { const x = Math.hypot(a[o + 2], a[o + 3]); if (x > e) e = x; } return e; };
  /** The items' areas from `s0` / `t0` (vertex) / `b0` on (see GlChunk). */
  const area = (s0: number, t0: number, b0: number) => {
    let A = 0;
    const sa = segs.a, ta = tris.a, ba = boxes.a;
    for (let o = s0 * SEG_FLOATS; o < segs.n; o += SEG_FLOATS) { const hw = sa[o + 4]; A += 2 * hw * Math.hypot(sa[o + 2] - sa[o], sa[o + 3] - sa[o + 1]) + Math.PI * hw * hw; }
    for (let o = b0 * BOX_FLOATS; o < boxes.n; o += BOX_FLOATS) A += 4 * ba[o + 2] * ba[o + 3];
    for (let o = t0 * 2; o + 5 < tris.n; o += 6) A += Math.abs((ta[o + 2] - ta[o]) * (ta[o + 5] - ta[o + 1]) - (ta[o + 4] - ta[o]) * (ta[o + 3] - ta[o + 1])) / 2;
    return A;
  };
  for (let c = 0; c < cells; c++) {
    if (counts[c] === counts[c + 1] && !looseSegs[c].length && !looseBoxes[c].length && !looseTris[c].length) continue;
    const cb = emptyBox();
    const seg0 = segs.n / SEG_FLOATS, tri0 = tris.n / 2, box0 = boxes.n / BOX_FLOATS;
    for (let k = counts[c]; k < counts[c + 1]; k++) {
      const p = whole[order[k]];
      const b = p.box;
      if (b.minX < cb.minX) cb.minX = b.minX;
      if (b.minY < cb.minY) cb.minY = b.minY;
      if (b.maxX > cb.maxX) cb.maxX = b.maxX;
      if (b.maxY > cb.maxY) cb.maxY = b.maxY;
      inOrder[at] = p;
      segAt[at] = segs.n / SEG_FLOATS; boxAt[at] = boxes.n / BOX_FLOATS; triAt[at] = tris.n / 2;
      const it = made.get(p);
      if (it) { segs.push(it.segs); tris.push(it.tris); boxes.push(it.boxes); } else pushPrim(p, segs, tris, boxes);
      segEnd[at] = segs.n / SEG_FLOATS; boxEnd[at] = boxes.n / BOX_FLOATS; triEnd[at] = tris.n / 2;
      at++;
    }
    // the cut-up items of big primitives that fall in this cell
    for (const i of looseSegs[c]) { const o = i * SEG_FLOATS, L = loose.segs; segs.push(L.slice(o, o + SEG_FLOATS)); grow(cb, L[o], L[o + 1], L[o + 4]); grow(cb, L[o + 2], L[o + 3], L[o + 4]); }
    for (const i of looseBoxes[c]) { const o = i * BOX_FLOATS, L = loose.boxes; boxes.push(L.slice(o, o + BOX_FLOATS)); grow(cb, L[o], L[o + 1], Math.hypot(L[o + 2], L[o + 3])); }
    for (const i of looseTris[c]) { const o = i * 6, L = loose.tris; tris.push(L.slice(o, o + 6)); for (let v = 0; v < 6; v += 2) grow(cb, L[o + v], L[o + v + 1], 0); }
    chunks.push({ box: cb, seg0, seg1: segs.n / SEG_FLOATS, tri0, tri1: tris.n / 2, box0, box1: boxes.n / BOX_FLOATS, segExt: segExt(seg0), boxExt: boxExt(box0), area: area(seg0, tri0, box0) });
  }
  const f32 = (f: Floats) => Float32Array.from(f.a.subarray(0, f.n));
  return { layer, hole, segs: f32(segs), tris: f32(tris), boxes: f32(boxes), chunks, box, prims: inOrder, segAt, boxAt, triAt, segEnd, boxEnd, triEnd, split };
}

/** The GPU geometry of a scene's primitives, per layer (holes apart). `cache`: drawings of shapeless primitives made already (cpu-preview.ts). */
export function buildGlGeometry(prims: Iterable<Prim>, cache?: Map<Prim, GlItem>): GlLayerGeometry[] {
  return layerGroups(prims).map((e) => layerGeometry(e.layer, e.hole, e.prims, cache));
}

/** Primitives by layer, holes apart (drawn in the hole colour), in the order each group first appears. */
export function layerGroups(prims: Iterable<Prim>): Array<{ layer: number; hole: boolean; prims: Prim[] }> {
  const by = new Map<number, { layer: number; hole: boolean; prims: Prim[] }>();
  for (const p of prims) {
    const hole = p.kind === 'hole';
    const key = hole ? -1 - p.layer : p.layer; // a number: no string made per primitive
    let e = by.get(key);
    if (!e) by.set(key, (e = { layer: p.layer, hole, prims: [] }));
    e.prims.push(p);
  }
  return [...by.values()];
}
