/**
 * The viewport: which part of the document frame (units, Y up) shows on the screen (pixels, Y down).
 * zoom is a percentage (ZOOM.MIN 20 .. ZOOM.MAX 100000, default 100); at 100% one document unit is
 * `pxPerUnit` pixels (schematic: 1 px per 0.01 inch; PCB: 0.1 px per mil by default).
 */
import { ZOOM } from '@copperplate/model/constants';
import type { Box, Pt } from './geometry.ts';

export interface ViewportOptions { width?: number; height?: number; pxPerUnit?: number; zoom?: number; cx?: number; cy?: number }

export class Viewport {
  /** Screen size in CSS pixels. */
  width: number;
  height: number;
  /** Document point at the screen centre (units). */
  cx: number;
  cy: number;
  /** Percent. */
  zoom: number;
  readonly pxPerUnit: number;
  private listeners = new Set<() => void>();

  constructor(o: ViewportOptions = {}) {
    this.width = o.width ?? 800;
    this.height = o.height ?? 600;
    this.pxPerUnit = o.pxPerUnit ?? 1;
    this.zoom = clampZoom(o.zoom ?? ZOOM.DEFAULT);
    this.cx = o.cx ?? 0;
    this.cy = o.cy ?? 0;
  }

  /** Pixels per document unit at the current zoom. */
  get scale(): number { return (this.zoom / 100) * this.pxPerUnit; }

  toScreen(x: number, y: number): Pt {
    const s = this.scale;
    return { x: (x - this.cx) * s + this.width / 2, y: this.height / 2 - (y - this.cy) * s };
  }

  toWorld(sx: number, sy: number): Pt {
    const s = this.scale;
    return { x: (sx - this.width / 2) / s + this.cx, y: (this.height / 2 - sy) / s + this.cy };
  }

  /** The document rectangle on screen (units). */
  visible(): Box {
    const a = this.toWorld(0, this.height), b = this.toWorld(this.width, 0);
    return { minX: a.x, minY: a.y, maxX: b.x, maxY: b.y };
  }

  resize(w: number, h: number): void { this.width = w; this.height = h; this.emit(); }

  /** Pan by a screen distance in pixels (drag right moves the drawing right). */
  panBy(dxPx: number, dyPx: number): void {
    const s = this.scale;
    this.cx -= dxPx / s;
    this.cy += dyPx / s;
    this.emit();
  }

  /** Set the zoom percent (clamped), keeping the document point under screen point (sx, sy) fixed. */
  zoomTo(zoom: number, sx = this.width / 2, sy = this.height / 2): void {
    const before = this.toWorld(sx, sy);
    this.zoom = clampZoom(zoom);
    const after = this.toWorld(sx, sy);
    this.cx += before.x - after.x;
    this.cy += before.y - after.y;
    this.emit();
  }

  zoomBy(factor: number, sx?: number, sy?: number): void { this.zoomTo(this.zoom * factor, sx, sy); }

  /** Show the whole box with a margin (fraction of the screen). */
  fit(b: Box, margin = 0.05): void {
    if (!(b.maxX >= b.minX && b.maxY >= b.minY)) return;
    const w = Math.max(b.maxX - b.minX, 1e-6), h = Math.max(b.maxY - b.minY, 1e-6);
    const s = Math.min((this.width * (1 - 2 * margin)) / w, (this.height * (1 - 2 * margin)) / h);
    this.zoom = clampZoom((s / this.pxPerUnit) * 100);
    this.cx = (b.minX + b.maxX) / 2;
    this.cy = (b.minY + b.maxY) / 2;
    this.emit();
  }

  subscribe(fn: () => void): () => void { this.listeners.add(fn); return () => this.listeners.delete(fn); }
  private emit(): void { for (const l of this.listeners) l(); }
}

export function clampZoom(z: number): number {
  if (!Number.isFinite(z)) return ZOOM.DEFAULT;
  return Math.min(ZOOM.MAX, Math.max(ZOOM.MIN, z));
}
