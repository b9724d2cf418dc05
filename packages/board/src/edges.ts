/**
 * Segment distances and an edge grid over big outlines (pour fills) for distance and inside queries
 * near a box; clip units (clip.ts). Used by DRC and by the pour fill's island test.
 */
import { CLIP_SCALE, type IBox, type Paths64 } from './clip.ts';

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

/** Scratch cell ranges for EdgeIndex construction (one buffer, grown as needed; single-threaded). */
let scratch = new Int32Array(4096);

/**
 * Grid of the edges of a big outline (pour fills), for distance and inside queries near a box: a dense
 * grid over the outline's box (cells of 40 mil, fewer when the outline has few edges for its size),
 * edge lists packed in one array (no per-cell allocation).
 */
export class EdgeIndex {
  /** Edge end points (x1, y1, x2, y2 per edge), integer clip units. */
  xs: Int32Array;
  cell: number;
  private ox: number;
  private oy: number;
  private nx: number;
  private ny: number;
  private start: Int32Array;
  private list: Int32Array;
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
    if (!n) { minX = minY = 0; maxX = maxY = 0; }
    const w = maxX - minX, h = maxY - minY;
    this.cell = Math.max(40 * CLIP_SCALE, Math.sqrt((w * h) / (4 * n + 64)), 1);
    this.ox = minX; this.oy = minY;
    const nx = (this.nx = Math.floor(w / this.cell) + 1), ny = (this.ny = Math.floor(h / this.cell) + 1);
    const start = (this.start = new Int32Array(nx * ny + 1));
    // cell range of every edge, then a counting sort of the edges into the cells (two passes, no closures)
    const c = this.cell;
    // cell range of every edge (kept in a shared scratch buffer), then a counting sort into the cells
    if (scratch.length < n * 4) scratch = new Int32Array(Math.max(n * 4, 2 * scratch.length));
    const rg = scratch;
    for (let o = 0; o < n * 4; o += 4) {
      const ax = xs[o], ay = xs[o + 1], bx = xs[o + 2], by = xs[o + 3];
      const x0 = Math.floor(((ax < bx ? ax : bx) - minX) / c), x1 = Math.floor(((ax < bx ? bx : ax) - minX) / c);
      const y0 = Math.floor(((ay < by ? ay : by) - minY) / c), y1 = Math.floor(((ay < by ? by : ay) - minY) / c);
      rg[o] = x0; rg[o + 1] = y0; rg[o + 2] = x1; rg[o + 3] = y1;
      if (x0 === x1 && y0 === y1) start[y0 * nx + x0 + 1]++;
      else for (let iy = y0; iy <= y1; iy++) for (let ix = x0; ix <= x1; ix++) start[iy * nx + ix + 1]++;
    }
    for (let k = 0; k < nx * ny; k++) start[k + 1] += start[k];
    const fill = start.slice(0, nx * ny);
    const list = (this.list = new Int32Array(start[nx * ny]));
    for (let o = 0; o < n * 4; o += 4) {
      const x0 = rg[o], y0 = rg[o + 1], x1 = rg[o + 2], y1 = rg[o + 3];
      if (x0 === x1 && y0 === y1) list[fill[y0 * nx + x0]++] = o >> 2;
      else for (let iy = y0; iy <= y1; iy++) for (let ix = x0; ix <= x1; ix++) list[fill[iy * nx + ix]++] = o >> 2;
    }
  }
  private stamp = new Uint32Array(0);
  private tick = 0;
  private nextTick(): number {
    if (this.stamp.length !== this.xs.length / 4) this.stamp = new Uint32Array(this.xs.length / 4);
    if (++this.tick === 0xffffffff) { this.stamp.fill(0); this.tick = 1; }
    return this.tick;
  }
  /** Cell range (clamped to the grid) of a box; empty when the box misses the grid. */
  private range(minX: number, minY: number, maxX: number, maxY: number): [number, number, number, number] | undefined {
    const c = this.cell;
    const x0 = Math.max(0, Math.floor((minX - this.ox) / c)), x1 = Math.min(this.nx - 1, Math.floor((maxX - this.ox) / c));
    const y0 = Math.max(0, Math.floor((minY - this.oy) / c)), y1 = Math.min(this.ny - 1, Math.floor((maxY - this.oy) / c));
    return x0 > x1 || y0 > y1 ? undefined : [x0, y0, x1, y1];
  }
  /**
   * Distance from item outlines to this outline's edges near them (Infinity when none within `r`), 0
   * inside. With `prim` (the item is exactly a disc or a stadium), measured from its centre line.
   */
  distance(ps: Paths64, b: IBox, r: number, prim?: Prim): number {
    const t = this.nextTick(), st = this.stamp, x = this.xs, start = this.start, list = this.list, nx = this.nx;
    let best = Infinity;
    const pr = prim ? (prim.k === 'disc' ? prim.r : prim.w / 2) : 0;
    const c0 = this.cell;
    const x0 = Math.max(0, Math.floor((b.minX - r - this.ox) / c0)), x1 = Math.min(this.nx - 1, Math.floor((b.maxX + r - this.ox) / c0));
    const y0 = Math.max(0, Math.floor((b.minY - r - this.oy) / c0)), y1 = Math.min(this.ny - 1, Math.floor((b.maxY + r - this.oy) / c0));
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
    const x = this.xs, rg = this.range(b.minX, b.minY, b.maxX, b.maxY);
    if (!rg) return false;
    for (let iy = rg[1]; iy <= rg[3]; iy++)
      for (let ix = rg[0]; ix <= rg[2]; ix++) {
        const c = iy * this.nx + ix;
        for (let k = this.start[c], end = this.start[c + 1]; k < end; k++) {
          const o = this.list[k] * 4;
          if (Math.min(x[o], x[o + 2]) <= b.maxX && Math.max(x[o], x[o + 2]) >= b.minX && Math.min(x[o + 1], x[o + 3]) <= b.maxY && Math.max(x[o + 1], x[o + 3]) >= b.minY) return true;
        }
      }
    return false;
  }
  /** Even-odd inside test by a ray to +x over the cells of the point's row. */
  inside(x: number, y: number): boolean {
    const iy = Math.floor((y - this.oy) / this.cell);
    if (iy < 0 || iy >= this.ny) return false;
    const t = this.nextTick(), st = this.stamp, xs = this.xs;
    let inside = false;
    for (let ix = Math.max(0, Math.floor((x - this.ox) / this.cell)); ix < this.nx; ix++) {
      const c = iy * this.nx + ix;
      for (let k = this.start[c], end = this.start[c + 1]; k < end; k++) {
        const e = this.list[k];
        if (st[e] === t) continue;
        st[e] = t;
        const ax = xs[e * 4], ay = xs[e * 4 + 1], bx = xs[e * 4 + 2], by = xs[e * 4 + 3];
        if (ay > y !== by > y && x < ((bx - ax) * (y - ay)) / (by - ay) + ax) inside = !inside;
      }
    }
    return inside;
  }
}
