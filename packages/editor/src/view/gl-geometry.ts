/**
 * The geometry the WebGL2 PCB painter (gl-pcb.ts) keeps on the GPU, built once per scene on the CPU
 * (pure: no DOM, testable in Node). Per layer (holes apart: they are drawn in the hole colour):
 *  - round segments, one instance each (x1, y1, x2, y2, half width): tracks, arcs, strokes of text
 *    and outlines flattened to polylines, and every filled circle (vias, round pads) as a segment of
 *    length 0 whose half width is the radius;
 *  - rounded boxes, one instance each (centre, half size, direction, corner radius): rectangular pads
 *    with or without round corners;
 *  - triangles (earcut) of the other filled shapes (pads, polygons, pours), holes by even-odd nesting;
 *  - chunks: the layer's items sorted into a grid of cells, each cell a contiguous range of both
 *    buffers with the union box of its items, so a frame draws only the cells it can see.
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
const ITEMS_PER_CELL = 2048;

export interface GlChunk { box: Box; seg0: number; seg1: number; tri0: number; tri1: number; box0: number; box1: number }
/** Floats per instance. */
export const SEG_FLOATS = 5, BOX_FLOATS = 7;

export interface GlLayerGeometry {
  layer: number;
  /** Drawn in the hole colour (drill holes), not the layer's. */
  hole: boolean;
  /** 5 floats per instance: x1, y1, x2, y2, half width. */
  segs: Float32Array;
  /** 2 floats per vertex, 3 vertices per triangle. */
  tris: Float32Array;
  /** 7 floats per instance: centre x, y, half width, half height, direction x, y (unit), corner radius. */
  boxes: Float32Array;
  chunks: GlChunk[];
  box: Box;
}

interface Item { box: Box; segs: number[]; tris: number[]; boxes: number[] }

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

/** The drawing of one primitive as round segments and triangles. */
export function primGeometry(p: Prim): Item {
  const segs: number[] = [];
  const tris: number[] = [];
  const boxes: number[] = [];
  const circle = asCircle(p);
  const rbox = circle ? null : asRoundedBox(p);
  if (circle) segs.push(circle.x, circle.y, circle.x, circle.y, circle.r);
  else if (rbox) boxes.push(...rbox);
  else {
    const flat = p.contours.map((c: Contour) => flattenContour(c, GL_TOLERANCE));
    if (p.filled) triangulateEvenOdd(flat, tris);
    // as the Canvas2D painter: outlines stroked unless a plain fill (hairline when the width is 0)
    if (!p.filled || p.width > 0 || p.strokes?.length) {
      const hw = p.width / 2;
      flat.forEach((pts, i) => (p.dashed ? pushDashed : pushPolyline)(segs, pts, p.contours[i].closed, hw));
      for (const s of p.strokes ?? []) pushPolyline(segs, s, false, hw);
    }
  }
  return { box: p.box, segs, tris, boxes };
}

/** Items sorted into a grid of cells over `box`: the order and the cell boundaries. */
function gridOrder(items: Item[], box: Box): { order: number[]; starts: number[] } {
  const g = Math.max(1, Math.min(64, Math.ceil(Math.sqrt(items.length / ITEMS_PER_CELL))));
  const w = Math.max(box.maxX - box.minX, 1e-9), h = Math.max(box.maxY - box.minY, 1e-9);
  const cellOf = items.map((it) => {
    const cx = (it.box.minX + it.box.maxX) / 2, cy = (it.box.minY + it.box.maxY) / 2;
    const i = Math.min(g - 1, Math.max(0, Math.floor(((cx - box.minX) / w) * g)));
    const j = Math.min(g - 1, Math.max(0, Math.floor(((cy - box.minY) / h) * g)));
    return j * g + i;
  });
  const counts = new Array<number>(g * g + 1).fill(0);
  for (const c of cellOf) counts[c + 1]++;
  for (let i = 1; i < counts.length; i++) counts[i] += counts[i - 1];
  const starts = counts.slice();
  const order = new Array<number>(items.length);
  const fillAt = counts.slice();
  cellOf.forEach((c, i) => (order[fillAt[c]++] = i));
  return { order, starts };
}

function layerGeometry(layer: number, hole: boolean, prims: Prim[]): GlLayerGeometry {
  const items = prims.map(primGeometry);
  let box = emptyBox();
  for (const it of items) box = unionBox(box, it.box);
  const { order, starts } = gridOrder(items, box);
  let nSeg = 0, nTri = 0, nBox = 0;
  for (const it of items) { nSeg += it.segs.length; nTri += it.tris.length; nBox += it.boxes.length; }
  const segs = new Float32Array(nSeg), tris = new Float32Array(nTri), boxes = new Float32Array(nBox);
  const chunks: GlChunk[] = [];
  let s = 0, t = 0, q = 0;
  for (let c = 0; c + 1 < starts.length; c++) {
    if (starts[c] === starts[c + 1]) continue;
    let cb = emptyBox();
    const seg0 = s / SEG_FLOATS, tri0 = t / 2, box0 = q / BOX_FLOATS;
    for (let k = starts[c]; k < starts[c + 1]; k++) {
      const it = items[order[k]];
      cb = unionBox(cb, it.box);
      segs.set(it.segs, s); s += it.segs.length;
      tris.set(it.tris, t); t += it.tris.length;
      boxes.set(it.boxes, q); q += it.boxes.length;
    }
    chunks.push({ box: cb, seg0, seg1: s / SEG_FLOATS, tri0, tri1: t / 2, box0, box1: q / BOX_FLOATS });
  }
  return { layer, hole, segs, tris, boxes, chunks, box };
}

/** The GPU geometry of a scene's primitives, per layer (holes apart). */
export function buildGlGeometry(prims: Iterable<Prim>): GlLayerGeometry[] {
  const by = new Map<string, { layer: number; hole: boolean; prims: Prim[] }>();
  for (const p of prims) {
    const hole = p.kind === 'hole';
    const key = `${p.layer}:${hole}`;
    let e = by.get(key);
    if (!e) by.set(key, (e = { layer: p.layer, hole, prims: [] }));
    e.prims.push(p);
  }
  return [...by.values()].map((e) => layerGeometry(e.layer, e.hole, e.prims));
}
