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

/** Grid of the edges of a big outline (pour fills), for distance and inside queries near a box. */
export class EdgeIndex {
  cells = new Map<number, number[]>();
  xs: Float64Array;
  cell = 40 * CLIP_SCALE;
  maxIx = -Infinity;
  constructor(readonly paths: Paths64) {
    const n = paths.reduce((k, p) => k + p.length, 0);
    this.xs = new Float64Array(n * 4);
    let e = 0;
    for (const p of paths) for (let i = 0; i < p.length; i++) {
      const a = p[i], b = p[(i + 1) % p.length];
      const xs = this.xs, o = e * 4;
      xs[o] = a.x; xs[o + 1] = a.y; xs[o + 2] = b.x; xs[o + 3] = b.y;
      this.maxIx = Math.max(this.maxIx, Math.floor(Math.max(a.x, b.x) / this.cell));
      for (let ix = Math.floor(Math.min(a.x, b.x) / this.cell); ix <= Math.floor(Math.max(a.x, b.x) / this.cell); ix++)
        for (let iy = Math.floor(Math.min(a.y, b.y) / this.cell); iy <= Math.floor(Math.max(a.y, b.y) / this.cell); iy++) {
          const k = ix * 1_000_003 + iy;
          let l = this.cells.get(k);
          if (!l) { l = []; this.cells.set(k, l); }
          l.push(e);
        }
      e++;
    }
  }
  private stamp = new Uint32Array(0);
  private tick = 0;
  private nextTick(): number {
    if (this.stamp.length !== this.xs.length / 4) this.stamp = new Uint32Array(this.xs.length / 4);
    if (++this.tick === 0xffffffff) { this.stamp.fill(0); this.tick = 1; }
    return this.tick;
  }
  /**
   * Distance from item outlines to this outline's edges near them (Infinity when none within `r`), 0
   * inside. With `prim` (the item is exactly a disc or a stadium), measured from its centre line.
   */
  distance(ps: Paths64, b: IBox, r: number, prim?: Prim): number {
    const t = this.nextTick(), st = this.stamp, x = this.xs;
    let best = Infinity;
    const pr = prim ? (prim.k === 'disc' ? prim.r : prim.w / 2) : 0;
    for (let ix = Math.floor((b.minX - r) / this.cell); ix <= Math.floor((b.maxX + r) / this.cell); ix++)
      for (let iy = Math.floor((b.minY - r) / this.cell); iy <= Math.floor((b.maxY + r) / this.cell); iy++) {
        const l = this.cells.get(ix * 1_000_003 + iy);
        if (!l) continue;
        for (let k = 0; k < l.length; k++) {
          const e = l[k];
          if (st[e] === t) continue;
          st[e] = t;
          const ex1 = x[e * 4], ey1 = x[e * 4 + 1], ex2 = x[e * 4 + 2], ey2 = x[e * 4 + 3];
          if (prim) {
            const d = prim.k === 'disc' ? ptSeg2(prim.cx, prim.cy, ex1, ey1, ex2, ey2) : segSegDist2(prim.x1, prim.y1, prim.x2, prim.y2, ex1, ey1, ex2, ey2);
            if (d < best) best = d;
            continue;
          }
          // the item lies in its box: an edge whose box is farther from it than `r` (or than the best
          // so far) cannot come closer
          const gx = Math.max(0, b.minX - Math.max(ex1, ex2), Math.min(ex1, ex2) - b.maxX), gy = Math.max(0, b.minY - Math.max(ey1, ey2), Math.min(ey1, ey2) - b.maxY);
          const g2 = gx * gx + gy * gy;
          if (g2 > r * r || g2 >= best) continue;
          for (const p of ps) for (let i = 0; i < p.length; i++) {
            const a = p[i], c = p[(i + 1) % p.length];
            const d = segSegDist2(a.x, a.y, c.x, c.y, ex1, ey1, ex2, ey2);
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
  /** Even-odd inside test by a ray to +x over the cells of the point's row. */
  inside(x: number, y: number): boolean {
    const iy = Math.floor(y / this.cell);
    const t = this.nextTick(), st = this.stamp;
    let inside = false;
    const maxIx = this.maxIx;
    for (let ix = Math.floor(x / this.cell); ix <= maxIx; ix++) {
      const l = this.cells.get(ix * 1_000_003 + iy);
      if (!l) continue;
      for (const e of l) {
        if (st[e] === t) continue;
        st[e] = t;
        const ax = this.xs[e * 4], ay = this.xs[e * 4 + 1], bx = this.xs[e * 4 + 2], by = this.xs[e * 4 + 3];
        if (ay > y !== by > y && x < ((bx - ax) * (y - ay)) / (by - ay) + ax) inside = !inside;
      }
    }
    return inside;
  }
}

