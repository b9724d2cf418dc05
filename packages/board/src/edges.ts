/**
 * Segment distances and an edge grid over big outlines (pour fills) for distance and inside queries
 * near a box; clip units (clip.ts). Used by DRC and by the pour fill's island test.
 */
import { CLIP_SCALE, type IBox, type Paths64 } from './clip.ts';

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
      this.xs.set([a.x, a.y, b.x, b.y], e * 4);
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
  /** Distance from item outlines to this outline's edges near them (Infinity when none within `r`), 0 inside. */
  distance(ps: Paths64, b: IBox, r: number): number {
    const seen = new Set<number>();
    let best = Infinity;
    for (let ix = Math.floor((b.minX - r) / this.cell); ix <= Math.floor((b.maxX + r) / this.cell); ix++)
      for (let iy = Math.floor((b.minY - r) / this.cell); iy <= Math.floor((b.maxY + r) / this.cell); iy++) {
        const l = this.cells.get(ix * 1_000_003 + iy);
        if (!l) continue;
        for (const e of l) {
          if (seen.has(e)) continue;
          seen.add(e);
          const x = this.xs;
          for (const p of ps) for (let i = 0; i < p.length; i++) {
            const a = p[i], c = p[(i + 1) % p.length];
            const d = segSegDist2(a.x, a.y, c.x, c.y, x[e * 4], x[e * 4 + 1], x[e * 4 + 2], x[e * 4 + 3]);
            if (d < best) best = d;
          }
        }
      }
    if (best > 0 && ps.length && ps[0].length && this.inside(ps[0][0].x, ps[0][0].y)) return 0;
    return Math.sqrt(best);
  }
  /** Even-odd inside test by a ray to +x over the cells of the point's row. */
  inside(x: number, y: number): boolean {
    const iy = Math.floor(y / this.cell);
    const seen = new Set<number>();
    let inside = false;
    const maxIx = this.maxIx;
    for (let ix = Math.floor(x / this.cell); ix <= maxIx; ix++) {
      const l = this.cells.get(ix * 1_000_003 + iy);
      if (!l) continue;
      for (const e of l) {
        if (seen.has(e)) continue;
        seen.add(e);
        const ax = this.xs[e * 4], ay = this.xs[e * 4 + 1], bx = this.xs[e * 4 + 2], by = this.xs[e * 4 + 3];
        if (ay > y !== by > y && x < ((bx - ax) * (y - ay)) / (by - ay) + ax) inside = !inside;
      }
    }
    return inside;
  }
}

