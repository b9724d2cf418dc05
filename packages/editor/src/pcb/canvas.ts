/**
 * Canvas2D painter for PCB and footprint scenes, built for large boards: per-layer static spatial
 * indexes (flatbush), one cached Path2D per primitive, and a tile cache per zoom level so that a pan
 * frame only blits cached tiles (tiles are rendered on demand or ahead of time by `prefetch`).
 * Frames: board mil, Y up -> screen CSS pixels through the core Viewport (Y down).
 */
import Flatbush from 'flatbush';
import type { Viewport } from '../core/viewport.ts';
import { type Box } from '@copperplate/board';
import type { Prim } from './prims.ts';
import type { Contour } from '@copperplate/board';
import { arcCenter } from '@copperplate/board';
import { L } from './layers.ts';

export interface LayerPaint { color: string; alpha: number }
export interface CanvasLike { width: number; height: number; getContext(id: '2d'): CanvasRenderingContext2D | OffscreenCanvasRenderingContext2D | null }
export interface PcbCanvasOptions {
  tileSize?: number;
  maxTiles?: number;
  makeCanvas: (w: number, h: number) => CanvasLike;
  background?: string;
}

type Ctx = CanvasRenderingContext2D | OffscreenCanvasRenderingContext2D;

interface LayerIndex { id: number; prims: Prim[]; fb: Flatbush | null }

/** Trace contours into a Path2D (board frame). */
export function contoursPath(cs: Contour[], p = new Path2D()): Path2D {
  for (const c of cs) {
    p.moveTo(c.x0, c.y0);
    let px = c.x0, py = c.y0;
    for (const s of c.segs) {
      if (s.k === 'L') p.lineTo(s.x, s.y);
      else if (s.k === 'C') p.bezierCurveTo(s.x1, s.y1, s.x2, s.y2, s.x, s.y);
      else if (s.sweep === 0) p.lineTo(s.x, s.y);
      else {
        const ctr = arcCenter(px, py, s.x, s.y, s.sweep);
        const r = Math.hypot(px - ctr.x, py - ctr.y);
        const a0 = Math.atan2(py - ctr.y, px - ctr.x);
        p.arc(ctr.x, ctr.y, r, a0, a0 + (s.sweep * Math.PI) / 180, s.sweep < 0);
      }
      px = s.x; py = s.y;
    }
    if (c.closed) p.closePath();
  }
  return p;
}

export class PcbCanvasView {
  private layers = new Map<number, LayerIndex>();
  private paths = new WeakMap<Prim, Path2D>();
  private tiles = new Map<string, CanvasLike>();
  private readonly T: number;
  private readonly maxTiles: number;
  /** Bumped when the scene changes: cached tiles of older versions are dropped. */
  private version = 0;
  stats = { tilesRendered: 0, primsDrawn: 0 };

  constructor(prims: Iterable<Prim>, private order: () => number[], private paint: (layer: number) => LayerPaint, private readonly opts: PcbCanvasOptions) {
    this.T = opts.tileSize ?? 512;
    this.maxTiles = opts.maxTiles ?? 96;
    this.setPrims(prims);
  }

  /** Replace the primitives (after edits); drops the tile cache. */
  setPrims(prims: Iterable<Prim>): void {
    const by = new Map<number, Prim[]>();
    for (const p of prims) { let a = by.get(p.layer); if (!a) by.set(p.layer, (a = [])); a.push(p); }
    this.layers.clear();
    for (const [id, ps] of by) {
      let fb: Flatbush | null = null;
      if (ps.length) {
        fb = new Flatbush(ps.length);
        for (const p of ps) fb.add(p.box.minX, p.box.minY, p.box.maxX, p.box.maxY);
        fb.finish();
      }
      this.layers.set(id, { id, prims: ps, fb });
    }
    this.invalidate();
  }

  invalidate(): void { this.version++; this.tiles.clear(); }

  private pathOf(p: Prim): Path2D {
    let path = this.paths.get(p);
    if (!path) {
      path = contoursPath(p.contours);
      if (p.strokes) for (const s of p.strokes) { path.moveTo(s[0], s[1]); if (s.length === 2) path.lineTo(s[0], s[1]); for (let i = 2; i + 1 < s.length; i += 2) path.lineTo(s[i], s[i + 1]); }
      this.paths.set(p, path);
    }
    return path;
  }

  /** Draw the primitives of visible layers inside `box` (board mil) with transform already set; `s` = px per mil. */
  renderBox(g: Ctx, box: Box, s: number, visible: Set<number>): void {
    const tiny = 1.2 / s;
    for (const id of this.order()) {
      if (!visible.has(id)) continue;
      const li = this.layers.get(id);
      if (!li?.fb) continue;
      const { color, alpha } = this.paint(id);
      g.globalAlpha = alpha;
      g.fillStyle = color;
      g.strokeStyle = color;
      const hits = li.fb.search(box.minX, box.minY, box.maxX, box.maxY);
      for (const i of hits) {
        const p = li.prims[i];
        const b = p.box;
        this.stats.primsDrawn++;
        if (b.maxX - b.minX < tiny && b.maxY - b.minY < tiny) { g.fillRect(b.minX, b.minY, tiny, tiny); continue; }
        const path = this.pathOf(p);
        if (p.kind === 'hole') { g.fillStyle = '#222222'; g.fill(path, 'evenodd'); g.fillStyle = color; continue; }
        if (p.filled) g.fill(path, 'evenodd');
        if (!p.filled || p.width > 0 || p.strokes?.length) {
          g.lineWidth = Math.max(p.width, 1 / s);
          if (p.dashed) g.setLineDash([20, 12]);
          g.stroke(path);
          if (p.dashed) g.setLineDash([]);
        }
      }
    }
    g.globalAlpha = 1;
  }

  /** Full redraw of the viewport without the tile cache (the baseline and the fallback). */
  drawDirect(g: Ctx, vp: Viewport, visible: Set<number>): void {
    const s = vp.scale;
    g.setTransform(1, 0, 0, 1, 0, 0);
    g.fillStyle = this.opts.background ?? '#000000';
    g.fillRect(0, 0, vp.width, vp.height);
    g.lineCap = 'round'; g.lineJoin = 'round';
    const o = vp.toScreen(0, 0);
    g.setTransform(s, 0, 0, -s, o.x, o.y);
    this.renderBox(g, vp.visible(), s, visible);
    g.setTransform(1, 0, 0, 1, 0, 0);
  }

  private tileKey(z: number, i: number, j: number): string { return `${this.version}:${z}:${i}:${j}`; }

  private renderTile(z: number, s: number, i: number, j: number, visible: Set<number>): CanvasLike {
    const T = this.T;
    const c = this.opts.makeCanvas(T, T);
    const g = c.getContext('2d')!;
    g.lineCap = 'round'; g.lineJoin = 'round';
    g.setTransform(s, 0, 0, -s, -i * T, -j * T);
    const box = { minX: (i * T) / s, maxX: ((i + 1) * T) / s, minY: -((j + 1) * T) / s, maxY: -(j * T) / s };
    const pad = 2 / s;
    this.renderBox(g, { minX: box.minX - pad, minY: box.minY - pad, maxX: box.maxX + pad, maxY: box.maxY + pad }, s, visible);
    this.stats.tilesRendered++;
    this.tiles.set(this.tileKey(z, i, j), c);
    if (this.tiles.size > this.maxTiles) this.tiles.delete(this.tiles.keys().next().value!);
    return c;
  }

  private tileRange(vp: Viewport, ring = 0) {
    const s = vp.scale, T = this.T;
    const X0 = vp.cx * s - vp.width / 2, Y0 = -vp.cy * s - vp.height / 2;
    return { s, X0, Y0, i0: Math.floor(X0 / T) - ring, i1: Math.floor((X0 + vp.width) / T) + ring, j0: Math.floor(Y0 / T) - ring, j1: Math.floor((Y0 + vp.height) / T) + ring };
  }

  /** Draw through the tile cache: cached tiles are blitted, missing ones rendered. Returns tiles rendered. */
  draw(g: Ctx, vp: Viewport, visible: Set<number>): number {
    const { s, X0, Y0, i0, i1, j0, j1 } = this.tileRange(vp);
    const z = Math.round(vp.zoom * 1000);
    g.setTransform(1, 0, 0, 1, 0, 0);
    g.fillStyle = this.opts.background ?? '#000000';
    g.fillRect(0, 0, vp.width, vp.height);
    let rendered = 0;
    for (let i = i0; i <= i1; i++) for (let j = j0; j <= j1; j++) {
      let t = this.tiles.get(this.tileKey(z, i, j));
      if (!t) { t = this.renderTile(z, s, i, j, visible); rendered++; }
      g.drawImage(t as CanvasImageSource, Math.round(i * this.T - X0), Math.round(j * this.T - Y0));
    }
    return rendered;
  }

  /** Render the tiles in a ring around the viewport ahead of panning (idle work). Returns tiles rendered. */
  prefetch(vp: Viewport, visible: Set<number>, ring = 1, budget = Infinity): number {
    const { s, i0, i1, j0, j1 } = this.tileRange(vp, ring);
    const z = Math.round(vp.zoom * 1000);
    let n = 0;
    for (let i = i0; i <= i1 && n < budget; i++) for (let j = j0; j <= j1 && n < budget; j++) {
      if (!this.tiles.has(this.tileKey(z, i, j))) { this.renderTile(z, s, i, j, visible); n++; }
    }
    return n;
  }

  get cachedTiles(): number { return this.tiles.size; }
}

export { L };
