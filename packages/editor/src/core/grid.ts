/** Grid and snapping in document units (schematic 0.01 inch: default grid 5 = 0.05 inch; PCB mil). */
import type { Pt } from './geometry.ts';

export class Grid {
  constructor(public size = 5, public enabled = true) {}
  snap(v: number): number {
    if (!this.enabled || this.size <= 0) return v;
    return Math.round(v / this.size) * this.size;
  }
  snapPt(p: Pt): Pt { return { x: this.snap(p.x), y: this.snap(p.y) }; }
}

/** Snap an end point so that the segment from `from` is horizontal or vertical (the longer axis wins). */
export function orthogonal(from: Pt, to: Pt): Pt {
  return Math.abs(to.x - from.x) >= Math.abs(to.y - from.y) ? { x: to.x, y: from.y } : { x: from.x, y: to.y };
}
