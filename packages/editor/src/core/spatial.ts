/**
 * A dynamic spatial index over bounding boxes (document units): a uniform hash grid. Items larger than
 * `bigCells` cells go to a short list scanned on every query. Insert, remove and query are O(cells).
 */
import { type Box, boxesOverlap } from './geometry.ts';

export class SpatialIndex {
  private cells = new Map<number, Set<string>>();
  private boxes = new Map<string, Box>();
  private big = new Set<string>();

  constructor(readonly cellSize = 100, readonly bigCells = 256) {}

  get size(): number { return this.boxes.size; }
  bbox(id: string): Box | undefined { return this.boxes.get(id); }

  insert(id: string, b: Box): void {
    if (this.boxes.has(id)) this.remove(id);
    if (!(b.minX <= b.maxX && b.minY <= b.maxY)) return;
    this.boxes.set(id, b);
    const r = this.range(b);
    if ((r.x1 - r.x0 + 1) * (r.y1 - r.y0 + 1) > this.bigCells) { this.big.add(id); return; }
    for (let i = r.x0; i <= r.x1; i++) for (let j = r.y0; j <= r.y1; j++) {
      const k = key(i, j);
      let s = this.cells.get(k);
      if (!s) this.cells.set(k, (s = new Set()));
      s.add(id);
    }
  }

  remove(id: string): void {
    const b = this.boxes.get(id);
    if (!b) return;
    this.boxes.delete(id);
    if (this.big.delete(id)) return;
    const r = this.range(b);
    for (let i = r.x0; i <= r.x1; i++) for (let j = r.y0; j <= r.y1; j++) this.cells.get(key(i, j))?.delete(id);
  }

  clear(): void { this.cells.clear(); this.boxes.clear(); this.big.clear(); }

  /** Ids whose box boxesOverlap `b`. */
  query(b: Box): string[] {
    const out = new Set<string>();
    const r = this.range(b);
    const n = (r.x1 - r.x0 + 1) * (r.y1 - r.y0 + 1);
    if (n > this.cells.size) {
      for (const [id, bb] of this.boxes) if (boxesOverlap(bb, b)) out.add(id);
      return [...out];
    }
    for (let i = r.x0; i <= r.x1; i++) for (let j = r.y0; j <= r.y1; j++) {
      const s = this.cells.get(key(i, j));
      if (s) for (const id of s) if (!out.has(id) && boxesOverlap(this.boxes.get(id)!, b)) out.add(id);
    }
    for (const id of this.big) if (boxesOverlap(this.boxes.get(id)!, b)) out.add(id);
    return [...out];
  }

  /** Ids whose box contains the point (within tol units). */
  at(x: number, y: number, tol = 0): string[] {
    return this.query({ minX: x - tol, minY: y - tol, maxX: x + tol, maxY: y + tol });
  }

  private range(b: Box) {
    const c = this.cellSize;
    return { x0: Math.floor(b.minX / c), y0: Math.floor(b.minY / c), x1: Math.floor(b.maxX / c), y1: Math.floor(b.maxY / c) };
  }
}

function key(i: number, j: number): number {
  // cells within +-2^20 per axis; documents are far smaller
  return (i + 1048576) * 2097152 + (j + 1048576);
}
