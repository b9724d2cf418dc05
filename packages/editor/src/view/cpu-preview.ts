/**
 * The first frame of a big board drawn on the CPU (issue 14 part 6). On SwiftShader (WebGL on the
 * CPU, where there is no GPU) drawing every item of a 100k-pad board at fit took ~190 ms of the
 * GPU process after the geometry (~160 ms) was built and uploaded (~50 ms); at fit nearly every item
 * is a few pixels, and a plain loop over the pixels each one covers costs a few tens of ms. So
 * gl-pcb.ts shows this picture first and builds its geometry after the first frame.
 * The pixels are those of gl-pcb.ts's shaders: the same coverage of round segments and rounded
 * boxes (signed distance at the pixel's centre, a pixel wide ramp), triangles filled where they hold
 * the pixel's centre, each item blended over the frame in the layer's colour; layers in the panel's
 * order. Pure (no DOM): testable in Node, usable in a worker.
 * Frames: the primitives in board mil, Y up; the image RGBA, 8 bits, its first row at the bottom
 * (WebGL's order: texImage2D and readPixels read it as it is).
 */
import type { Prim } from '../pcb/prims.ts';
import { BOX_FLOATS, SEG_FLOATS, primGeometry, type GlItem } from './gl-geometry.ts';

/** Where the picture looks: centre (mil), pixels per mil, size (px). */
export interface PreviewView { cx: number; cy: number; scale: number; width: number; height: number }
/** A layer's primitives and their colour (0..1, the layer's alpha included). */
export interface PreviewLayer { prims: readonly Prim[]; rgba: readonly number[] }

/** The picture of `layers` (drawn in order) over `background` (0..1 RGB). `made`: the drawing of shapeless primitives, kept for the GPU geometry. */
export function previewPixels(layers: readonly PreviewLayer[], view: PreviewView, background: readonly number[], made?: Map<Prim, GlItem>): Uint8ClampedArray {
  const { width: W, height: H } = view;
  const px = new Uint8ClampedArray(W * H * 4);
  const br = Math.round(background[0] * 255), bg = Math.round(background[1] * 255), bb = Math.round(background[2] * 255);
  for (let i = 0; i < px.length; i += 4) { px[i] = br; px[i + 1] = bg; px[i + 2] = bb; px[i + 3] = 255; }
  const r = new Raster(px, view);
  for (const l of layers) {
    r.color(l.rgba);
    for (const p of l.prims) {
      const b = p.box;
      if (!r.meets(b.minX, b.minY, b.maxX, b.maxY)) continue;
      const s = p.shape;
      if (s?.k === 'seg') { r.seg(s.x1, s.y1, s.x2, s.y2, s.hw); continue; }
      if (s?.k === 'box') { r.box(s.cx, s.cy, s.hw, s.hh, s.ux, s.uy, s.r); continue; }
      let it = made?.get(p);
      if (!it) { it = primGeometry(p); made?.set(p, it); }
      for (let o = 0; o + 5 < it.tris.length; o += 6) r.tri(it.tris[o], it.tris[o + 1], it.tris[o + 2], it.tris[o + 3], it.tris[o + 4], it.tris[o + 5]);
      for (let o = 0; o < it.boxes.length; o += BOX_FLOATS) { const a = it.boxes; r.box(a[o], a[o + 1], a[o + 2], a[o + 3], a[o + 4], a[o + 5], a[o + 6]); }
      for (let o = 0; o < it.segs.length; o += SEG_FLOATS) { const a = it.segs; r.seg(a[o], a[o + 1], a[o + 2], a[o + 3], a[o + 4]); }
    }
  }
  return px;
}

/** Items drawn into an RGBA image in window pixels (x right, y up; pixel (i, j)'s centre at i + 0.5, j + 0.5). */
export class Raster {
  private cr = 0; private cg = 0; private cb = 0; private ca = 0;
  private readonly W: number;
  private readonly H: number;
  private readonly s: number;
  private readonly ox: number;
  private readonly oy: number;
  constructor(private readonly px: Uint8ClampedArray, v: PreviewView) {
    this.W = v.width; this.H = v.height; this.s = v.scale;
    // window x = mil x * s + ox (gl-pcb.ts: NDC (x - cx) * 2s / W, window (NDC + 1) * W / 2)
    this.ox = v.width / 2 - v.cx * v.scale; this.oy = v.height / 2 - v.cy * v.scale;
  }
  color(c: readonly number[]): void { this.cr = c[0] * 255; this.cg = c[1] * 255; this.cb = c[2] * 255; this.ca = c[3]; }
  /** Does a box (mil) meet the image (with a pixel to spare)? */
  meets(x0: number, y0: number, x1: number, y1: number): boolean {
    const s = this.s;
    return x1 * s + this.ox > -2 && x0 * s + this.ox < this.W + 2 && y1 * s + this.oy > -2 && y0 * s + this.oy < this.H + 2;
  }
  /** Blend the colour at coverage a (0..1] into pixel k. */
  private put(k: number, a: number): void {
    const px = this.px, t = a * this.ca;
    // a clamped array rounds to the nearest (WebGL's conversion to 8 bits)
    px[k] = px[k] + (this.cr - px[k]) * t;
    px[k + 1] = px[k + 1] + (this.cg - px[k + 1]) * t;
    px[k + 2] = px[k + 2] + (this.cb - px[k + 2]) * t;
  }
  /** A round segment (mil): coverage clamp(hw - distance + 0.5) in pixels, hw at least half a pixel (SEG_FS). */
  seg(x1: number, y1: number, x2: number, y2: number, hw0: number): void {
    const s = this.s;
    const X1 = x1 * s + this.ox, Y1 = y1 * s + this.oy, X2 = x2 * s + this.ox, Y2 = y2 * s + this.oy;
    const hw = Math.max(hw0 * s, 0.5), e = hw + 0.55;
    const dx = X2 - X1, dy = Y2 - Y1, l2 = dx * dx + dy * dy;
    const j0 = Math.max(0, Math.ceil(Math.min(Y1, Y2) - e - 0.5)), j1 = Math.min(this.H - 1, Math.floor(Math.max(Y1, Y2) + e - 0.5));
    for (let j = j0; j <= j1; j++) {
      const y = j + 0.5;
      // the columns the capsule can reach on this row: the part of the segment within e of the row, and e more
      let xa: number, xb: number;
      if (Math.abs(dy) > 1e-9) {
        let t0 = (y - e - Y1) / dy, t1 = (y + e - Y1) / dy;
        if (t0 > t1) { const t = t0; t0 = t1; t1 = t; }
        t0 = Math.max(0, t0); t1 = Math.min(1, t1);
        if (t0 > t1) continue;
        xa = X1 + dx * t0; xb = X1 + dx * t1;
        if (xa > xb) { const t = xa; xa = xb; xb = t; }
      } else { xa = Math.min(X1, X2); xb = Math.max(X1, X2); }
      const i0 = Math.max(0, Math.ceil(xa - e - 0.5)), i1 = Math.min(this.W - 1, Math.floor(xb + e - 0.5));
      let k = (j * this.W + i0) * 4;
      for (let i = i0; i <= i1; i++, k += 4) {
        const x = i + 0.5;
        let t = l2 > 0 ? ((x - X1) * dx + (y - Y1) * dy) / l2 : 0;
        t = t < 0 ? 0 : t > 1 ? 1 : t;
        const qx = x - X1 - dx * t, qy = y - Y1 - dy * t;
        let a = hw - Math.sqrt(qx * qx + qy * qy) + 0.5;
        if (a <= 0) continue;
        if (a > 1) a = 1;
        this.put(k, a);
      }
    }
  }
  /** A rounded box (mil): centre, half sizes along (ux, uy) and across, corner radius; coverage clamp(0.5 - distance) in pixels (BOX_FS). */
  box(cx: number, cy: number, hw0: number, hh0: number, ux: number, uy: number, r0: number): void {
    const s = this.s;
    const X = cx * s + this.ox, Y = cy * s + this.oy;
    const hw = Math.max(hw0 * s, 0.5), hh = Math.max(hh0 * s, 0.5), r = Math.min(r0 * s, hw, hh);
    const ax = Math.abs(ux), ay = Math.abs(uy);
    const ex = ax * hw + ay * hh + 0.55, ey = ay * hw + ax * hh + 0.55;
    const i0 = Math.max(0, Math.ceil(X - ex - 0.5)), i1 = Math.min(this.W - 1, Math.floor(X + ex - 0.5));
    const j0 = Math.max(0, Math.ceil(Y - ey - 0.5)), j1 = Math.min(this.H - 1, Math.floor(Y + ey - 0.5));
    const ix = hw - r, iy = hh - r;
    for (let j = j0; j <= j1; j++) {
      const dy = j + 0.5 - Y;
      let k = (j * this.W + i0) * 4;
      for (let i = i0; i <= i1; i++, k += 4) {
        const dx = i + 0.5 - X;
        const qx = Math.abs(dx * ux + dy * uy) - ix, qy = Math.abs(dy * ux - dx * uy) - iy;
        const mx = qx > 0 ? qx : 0, my = qy > 0 ? qy : 0;
        const inner = qx > qy ? qx : qy;
        const d = Math.sqrt(mx * mx + my * my) + (inner < 0 ? inner : 0) - r;
        let a = 0.5 - d;
        if (a <= 0) continue;
        if (a > 1) a = 1;
        this.put(k, a);
      }
    }
  }
  /** A triangle (mil), filled where it holds a pixel's centre (no ramp: TRI_FS), edges half open. */
  tri(x0: number, y0: number, x1: number, y1: number, x2: number, y2: number): void {
    const s = this.s;
    const P = [x0 * s + this.ox, y0 * s + this.oy, x1 * s + this.ox, y1 * s + this.oy, x2 * s + this.ox, y2 * s + this.oy];
    const ymin = Math.min(P[1], P[3], P[5]), ymax = Math.max(P[1], P[3], P[5]);
    const j0 = Math.max(0, Math.ceil(ymin - 0.5)), j1 = Math.min(this.H - 1, Math.ceil(ymax - 0.5) - 1);
    for (let j = j0; j <= j1; j++) {
      const y = j + 0.5;
      let xa = Infinity, xb = -Infinity;
      for (let e = 0; e < 6; e += 2) {
        const ax = P[e], ay = P[e + 1], bx = P[(e + 2) % 6], by = P[(e + 3) % 6];
        if ((ay <= y && by > y) || (by <= y && ay > y)) {
          const x = ax + ((y - ay) * (bx - ax)) / (by - ay);
          if (x < xa) xa = x;
          if (x > xb) xb = x;
        }
      }
      if (!(xa < xb)) continue;
      const i0 = Math.max(0, Math.ceil(xa - 0.5)), i1 = Math.min(this.W - 1, Math.ceil(xb - 0.5) - 1);
      let k = (j * this.W + i0) * 4;
      for (let i = i0; i <= i1; i++, k += 4) this.put(k, 1);
    }
  }
}
