/**
 * Segment distances and an edge grid over big outlines (pour fills) for distance and inside queries
 * near a box; clip units (clip.ts). Used by DRC and by the pour fill's island test.
 */
import { CLIP_SCALE, type IBox, type Paths64 } from './clip.ts';
import { CellGrid } from './cells.ts';

/** An exact disc or stadium (clip units), as CopperItem.prim. */
export type Prim = { k: 'disc'; cx: number; cy: number; r: number } | { k: 'seg'; x1: number; y1: number; x2: number; y2: number; w: number };

export function segSegDist2(ax: number, ay: number, bx: number, by: number, cx: number, cy: number, dx: number, dy: number): number {
  // segments intersect -> 0
  const d1 = (dx - cx) * (ay - cy) - (dy - cy) * (ax - cx);
  const d2 = (dx - cx) * (by - cy) - (dy - cy) * (bx - cx);
  const d3 = (bx - ax) * (cy - ay) - (by - ay) * (cx - ax);
  const d4 = (bx - ax) * (dy - ay) - (by - ay) * (dx - ax);
  if (((d1 > 0 && d2 < 0) || (d1 < 0 && d2 > 0)) && ((d3 > 0 && d4 < 0) || (d3 < 0 && d4 > 0))) return 0;
  return Math.min(ptSeg2(ax, ay, cx, cy, dx, dy), ptSeg2(bx, by, cx, cy, dx, dy), ptSeg2(cx, cy, ax, ay, bx, by), ptSeg2(dx, dy, ax, ay, bx, by));
}
export function ptSeg2(px: number, py: number, ax: number, ay: number, bx: number, by: number): number {
  const vx = bx - ax, vy = by - ay;
  const l = vx * vx + vy * vy;
  let t = l ? ((px - ax) * vx + (py - ay) * vy) / l : 0;
  t = t < 0 ? 0 : t > 1 ? 1 : t;
  const ex = ax + t * vx - px, ey = ay + t * vy - py;
  return ex * ex + ey * ey;
}

/**
 * A convex core grown by a radius (clip units): a disc (1 point), a stadium (2 points) or a rounded
 * rectangle (4 corners of the inner rectangle, in order). The exact outline of vias, round pads,
 * tracks and rectangular pads, for distances without their flattened polygons.
 */
export interface Core { n: 1 | 2 | 4; p: number[]; r: number }

/** Whether (x, y) lies in the convex quad p (either orientation; the border counts). */
function inQuad(p: number[], x: number, y: number): boolean {
  let pos = false, neg = false;
  for (let i = 0; i < 8; i += 2) {
    const j = (i + 2) & 7;
    const c = (p[j] - p[i]) * (y - p[i + 1]) - (p[j + 1] - p[i + 1]) * (x - p[i]);
    if (c > 0) pos = true; else if (c < 0) neg = true;
    if (pos && neg) return false;
  }
  return true;
}

/** Squared distance from the segment (ax, ay)-(bx, by) to a core's inner shape (0 when they meet). */
export function coreSegDist2(c: Core, ax: number, ay: number, bx: number, by: number): number {
  const p = c.p;
  if (c.n === 1) return ptSeg2(p[0], p[1], ax, ay, bx, by);
  if (c.n === 2) return segSegDist2(p[0], p[1], p[2], p[3], ax, ay, bx, by);
  if (inQuad(p, ax, ay) || inQuad(p, bx, by)) return 0;
  let best = Infinity;
  for (let i = 0; i < 8; i += 2) {
    const j = (i + 2) & 7;
    const d = segSegDist2(p[i], p[i + 1], p[j], p[j + 1], ax, ay, bx, by);
    if (d < best) { best = d; if (d === 0) return 0; }
  }
  return best;
}

/** Distance between two grown cores (0 when they overlap). */
export function coreDistance(a: Core, b: Core): number {
  if (a.n === 4 && b.n !== 4) return coreDistance(b, a);
  const p = a.p;
  let d2: number;
  if (a.n === 1) d2 = coreSegDist2(b, p[0], p[1], p[0], p[1]);
  else if (a.n === 2) d2 = coreSegDist2(b, p[0], p[1], p[2], p[3]);
  else {
    // two quads: an edge of one meeting the other, or one inside the other
    d2 = inQuad(p, b.p[0], b.p[1]) ? 0 : Infinity;
    for (let i = 0; i < 8 && d2 > 0; i += 2) {
      const j = (i + 2) & 7;
      const d = coreSegDist2(b, p[i], p[i + 1], p[j], p[j + 1]);
      if (d < d2) d2 = d;
    }
  }
  return Math.max(0, Math.sqrt(d2) - a.r - b.r);
}

/** The core of a disc or stadium primitive. */
export const primCore = (pr: Prim): Core => (pr.k === 'disc' ? { n: 1, p: [pr.cx, pr.cy], r: pr.r } : { n: 2, p: [pr.x1, pr.y1, pr.x2, pr.y2], r: pr.w / 2 });

/**
 * Grid of the edges of a big outline (pour fills), for distance and inside queries near a box: a dense
 * grid over the outline's box (cells of 40 mil, fewer when the outline has few edges for its size),
 * edges packed by cell (CellGrid, cells.ts).
 */
export class EdgeIndex {
  /** Edge end points (x1, y1, x2, y2 per edge), integer clip units. */
  xs: Int32Array;
  readonly g: CellGrid;
  constructor(readonly paths: Paths64) {
    let n = 0, minX = Infinity, minY = Infinity, maxX = -Infinity, maxY = -Infinity;
    for (const p of paths) {
      n += p.length;
      for (const q of p) { if (q.x < minX) minX = q.x; if (q.x > maxX) maxX = q.x; if (q.y < minY) minY = q.y; if (q.y > maxY) maxY = q.y; }
    }
    const xs = (this.xs = new Int32Array(n * 4));
    let e = 0;
    for (const p of paths) for (let i = 0; i < p.length; i++) {
      const a = p[i], b = p[(i + 1) % p.length], o = e++ * 4;
      xs[o] = a.x; xs[o + 1] = a.y; xs[o + 2] = b.x; xs[o + 3] = b.y;
    }
    const w = n ? maxX - minX : 0, h = n ? maxY - minY : 0;
    this.g = new CellGrid(xs, n, Math.max(40 * CLIP_SCALE, Math.sqrt((w * h) / (4 * n + 64)), 1));
  }
  /**
   * Distance from item outlines to this outline's edges near them (Infinity when none within `r`), 0
   * inside. With `prim` (the item is exactly a disc or a stadium), measured from its centre line.
   */
  distance(ps: Paths64, b: IBox, r: number, prim?: Prim): number {
    const g = this.g, t = g.nextTick(), st = g.marks(), x = this.xs, start = g.start, list = g.list, nx = g.nx;
    let best = Infinity;
    const pr = prim ? (prim.k === 'disc' ? prim.r : prim.w / 2) : 0;
    const miss = g.misses(b.minX - r, b.minY - r, b.maxX + r, b.maxY + r);
    const x0 = g.col(b.minX - r), x1 = miss ? -1 : g.col(b.maxX + r), y0 = g.row(b.minY - r), y1 = g.row(b.maxY + r);
    for (let iy = y0; iy <= y1; iy++)
      for (let ix = x0; ix <= x1; ix++) {
        const c: number = iy * nx + ix;
        for (let k = start[c], end = start[c + 1]; k < end; k++) {
          const e = list[k];
          if (st[e] === t) continue;
          st[e] = t;
          const ex1 = x[e * 4], ey1 = x[e * 4 + 1], ex2 = x[e * 4 + 2], ey2 = x[e * 4 + 3];
          // the item lies in its box: an edge whose box is farther from it than `r` (or than the best
          // so far) cannot come closer
          const gx = Math.max(0, b.minX - Math.max(ex1, ex2), Math.min(ex1, ex2) - b.maxX), gy = Math.max(0, b.minY - Math.max(ey1, ey2), Math.min(ey1, ey2) - b.maxY);
          const g2 = gx * gx + gy * gy;
          if (g2 > r * r || g2 >= best) continue;
          if (prim) {
            const d = prim.k === 'disc' ? ptSeg2(prim.cx, prim.cy, ex1, ey1, ex2, ey2) : segSegDist2(prim.x1, prim.y1, prim.x2, prim.y2, ex1, ey1, ex2, ey2);
            if (d < best) best = d;
            continue;
          }
          for (const p of ps) for (let i = 0; i < p.length; i++) {
            const a = p[i], q = p[(i + 1) % p.length];
            const d = segSegDist2(a.x, a.y, q.x, q.y, ex1, ey1, ex2, ey2);
            if (d < best) best = d;
          }
        }
      }
    if (prim) {
      const cx = prim.k === 'disc' ? prim.cx : prim.x1, cy = prim.k === 'disc' ? prim.cy : prim.y1;
      if (this.inside(cx, cy)) return 0;
      return best === Infinity ? Infinity : Math.max(0, Math.sqrt(best) - pr);
    }
    if (best > 0 && ps.length && ps[0].length && this.inside(ps[0][0].x, ps[0][0].y)) return 0;
    return Math.sqrt(best);
  }
  /** Whether an edge's box meets `b` (a conservative "may cross" test). */
  touches(b: IBox): boolean {
    const x = this.xs, g = this.g;
    if (g.misses(b.minX, b.minY, b.maxX, b.maxY)) return false;
    for (let iy = g.row(b.minY), y1 = g.row(b.maxY); iy <= y1; iy++)
      for (let ix = g.col(b.minX), x1 = g.col(b.maxX); ix <= x1; ix++) {
        const c = iy * g.nx + ix;
        for (let k = g.start[c], end = g.start[c + 1]; k < end; k++) {
          const o = g.list[k] * 4;
          if (Math.min(x[o], x[o + 2]) <= b.maxX && Math.max(x[o], x[o + 2]) >= b.minX && Math.min(x[o + 1], x[o + 3]) <= b.maxY && Math.max(x[o + 1], x[o + 3]) >= b.minY) return true;
        }
      }
    return false;
  }
  /** Even-odd inside test by a ray to +x over the cells of the point's row. */
  inside(x: number, y: number): boolean {
    const g = this.g, iy = Math.floor((y - g.oy) / g.cell);
    if (iy < 0 || iy >= g.ny) return false;
    const t = g.nextTick(), st = g.marks(), xs = this.xs;
    let inside = false;
    for (let ix = Math.max(0, Math.floor((x - g.ox) / g.cell)); ix < g.nx; ix++) {
      const c = iy * g.nx + ix;
      for (let k = g.start[c], end = g.start[c + 1]; k < end; k++) {
        const e = g.list[k];
        if (st[e] === t) continue;
        st[e] = t;
        const ax = xs[e * 4], ay = xs[e * 4 + 1], bx = xs[e * 4 + 2], by = xs[e * 4 + 3];
        if (ay > y !== by > y && x < ((bx - ax) * (y - ay)) / (by - ay) + ax) inside = !inside;
      }
    }
    return inside;
  }
}
