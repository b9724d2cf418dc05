/**
 * Even-odd scanline rasteriser for polygons in clip units (clip.ts: 1 unit = 0.01 mil, Y up) into a
 * bitmap of `res` clip units per pixel, pixel centres sampled; row 0 is the bottom (lowest y). Used to
 * compare fills (scripts/pour-compare.ts, tests) and for area checks. Pure.
 */
import type { Paths64 } from './clip.ts';

export interface Raster { w: number; h: number; x0: number; y0: number; res: number; bits: Uint8Array }

/** Rasterise `paths` (even-odd) over the box [x0, x0 + w*res) x [y0, y0 + h*res) in clip units; pixel centres sampled. */
export function rasterize(paths: Paths64, x0: number, y0: number, w: number, h: number, res: number): Raster {
  const bits = new Uint8Array(w * h);
  type E = { ymin: number; ymax: number; x: number; dxdy: number };
  const edges: E[] = [];
  for (const p of paths) {
    for (let i = 0; i < p.length; i++) {
      const a = p[i], b = p[(i + 1) % p.length];
      if (a.y === b.y) continue;
      const [lo, hi] = a.y < b.y ? [a, b] : [b, a];
      edges.push({ ymin: lo.y, ymax: hi.y, x: lo.x, dxdy: (hi.x - lo.x) / (hi.y - lo.y) });
    }
  }
  edges.sort((a, b) => a.ymin - b.ymin);
  let next = 0;
  let active: E[] = [];
  const xs: number[] = [];
  for (let row = 0; row < h; row++) {
    const y = y0 + (row + 0.5) * res;
    while (next < edges.length && edges[next].ymin <= y) active.push(edges[next++]);
    active = active.filter((e) => e.ymax > y);
    xs.length = 0;
    for (const e of active) if (e.ymin <= y) xs.push(e.x + (y - e.ymin) * e.dxdy);
    xs.sort((a, b) => a - b);
    const base = row * w;
    for (let k = 0; k + 1 < xs.length; k += 2) {
      const c0 = Math.max(0, Math.ceil((xs[k] - x0) / res - 0.5));
      const c1 = Math.min(w - 1, Math.floor((xs[k + 1] - x0) / res - 0.5));
      for (let c = c0; c <= c1; c++) bits[base + c] ^= 1;
    }
  }
  return { w, h, x0, y0, res, bits };
}


export interface FillDiff {
  /** Pixels (res² clip units each) covered by the reference, by ours, and by exactly one of them. */
  refPixels: number;
  ourPixels: number;
  diffPixels: number;
  /** diff in percent of the reference area (100 when the reference is empty and ours is not). */
  percent: number;
  ref: Raster;
  ours: Raster;
}

/** Rasterise two fills over their common box at `res` clip units per pixel and count the difference. */
export function compareFills(ref: Paths64, ours: Paths64, res = 100): FillDiff {
  let minX = Infinity, minY = Infinity, maxX = -Infinity, maxY = -Infinity;
  for (const ps of [ref, ours]) for (const q of ps) for (const pt of q) {
    if (pt.x < minX) minX = pt.x;
    if (pt.x > maxX) maxX = pt.x;
    if (pt.y < minY) minY = pt.y;
    if (pt.y > maxY) maxY = pt.y;
  }
  if (!Number.isFinite(minX)) { minX = minY = 0; maxX = maxY = 0; }
  const w = Math.ceil((maxX - minX) / res) + 1, h = Math.ceil((maxY - minY) / res) + 1;
  const ra = rasterize(ref, minX, minY, w, h, res), rb = rasterize(ours, minX, minY, w, h, res);
  let A = 0, B = 0, D = 0;
  for (let i = 0; i < ra.bits.length; i++) { A += ra.bits[i]; B += rb.bits[i]; D += ra.bits[i] ^ rb.bits[i]; }
  return { refPixels: A, ourPixels: B, diffPixels: D, percent: A ? (100 * D) / A : B ? 100 : 0, ref: ra, ours: rb };
}
