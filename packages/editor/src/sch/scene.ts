/**
 * The sheet as the view and tools see it: one display list (ops + bbox) per drawn record, a spatial
 * index over their boxes, and the junction dots. `update(changeSet)` re-paints only the records a
 * change touched (and the ATTRs of a changed component, whose templates may depend on it).
 * Units 0.01 inch, Y up.
 */
import type { ChangeSet, EditorDocument } from '../core/document.ts';
import { type BBox, EMPTY_BBOX, distToSegment, unionBBox } from '../core/geometry.ts';
import { SpatialIndex } from '../core/spatial.ts';
import { str } from '../core/records.ts';
import { type DisplayItem, RecordingSurface } from '../render/recording.ts';
import type { SchContext } from './context.ts';
import { drawnKeys, paintJunctions, paintSheetRecord } from './paint.ts';

export class SheetScene {
  readonly index = new SpatialIndex(100);
  private items = new Map<string, DisplayItem>();
  junctionItem: DisplayItem | null = null;
  /** Number of records painted since creation (tests and benches read it). */
  painted = 0;

  constructor(readonly doc: EditorDocument, readonly ctx: SchContext) {
    for (const k of drawnKeys(doc)) this.paint(k);
    this.paintJunctions();
  }

  get size(): number { return this.items.size; }
  item(key: string): DisplayItem | undefined { return this.items.get(key); }
  /** Items in file order. */
  all(): DisplayItem[] { return [...this.items.values()]; }

  bbox(): BBox {
    let b = EMPTY_BBOX;
    for (const it of this.items.values()) b = unionBBox(b, it.bbox);
    return b;
  }

  /** Items whose box meets `b`. */
  visible(b: BBox): DisplayItem[] {
    return this.index.query(b).map((k) => this.items.get(k)!).filter(Boolean);
  }

  /** Re-paint what a change set touched; returns the keys re-painted. */
  update(cs: ChangeSet): string[] {
    const keys = new Set<string>();
    for (const c of cs.changes) {
      keys.add(c.key);
      for (const r of [c.before, c.after]) {
        if (!r) continue;
        // an ATTR change redraws its siblings (templates) and its parent; a component change its ATTRs
        const parent = r[0] === 'ATTR' ? str(r[2]) : '';
        if (parent) { keys.add(parent); for (const k of this.doc.childrenOf(parent)) keys.add(k); }
        if (r[0] === 'COMPONENT' || r[0] === 'WIRE') for (const k of this.doc.childrenOf(c.key)) keys.add(k);
      }
    }
    for (const k of keys) this.paint(k);
    if (cs.changes.some((c) => c.before?.[0] === 'WIRE' || c.after?.[0] === 'WIRE')) this.paintJunctions();
    return [...keys];
  }

  private paint(key: string): void {
    const rec = new RecordingSurface();
    paintSheetRecord(rec, this.doc, key, this.ctx);
    const it = rec.items[0];
    if (!it) { this.items.delete(key); this.index.remove(key); return; }
    this.painted++;
    this.items.set(key, it);
    this.index.insert(key, it.bbox);
  }

  private paintJunctions(): void {
    const rec = new RecordingSurface();
    paintJunctions(rec, this.doc);
    this.junctionItem = rec.items[0] ?? null;
  }

  /**
   * The record under a point (document units), within `tol` units: wires by distance to their
   * segments, other records by their box; the smallest box wins (a pin-sized thing over a frame).
   */
  hit(x: number, y: number, tol = 2, exclude?: (key: string) => boolean): string | undefined {
    let best: string | undefined;
    let bestArea = Infinity;
    for (const k of this.index.at(x, y, tol)) {
      if (exclude?.(k)) continue;
      const it = this.items.get(k)!;
      const outline = it.kind === 'WIRE' || it.kind === 'BUS' || it.kind === 'BUSENTRY' || (it.kind === 'POLY' && it.ops.every((o) => o.t === 'poly' && !o.s.fill));
      if (outline) {
        let near = false;
        for (const op of it.ops) if (op.t === 'poly') for (let i = 0; i + 3 < op.pts.length; i += 2) {
          if (distToSegment(x, y, op.pts[i], op.pts[i + 1], op.pts[i + 2], op.pts[i + 3]) <= tol) { near = true; break; }
        }
        if (!near) continue;
        if (it.kind !== 'POLY') return k; // a wire under the cursor wins over the component body it touches
        bestArea = 0; best = k; continue;
      }
      const b = it.bbox;
      const area = (b.maxX - b.minX) * (b.maxY - b.minY);
      if (area < bestArea) { bestArea = area; best = k; }
    }
    return best;
  }

  /** Records whose box lies entirely inside `b` (box selection). */
  inside(b: BBox): string[] {
    return this.index.query(b).filter((k) => {
      const bb = this.items.get(k)!.bbox;
      return bb.minX >= b.minX && bb.maxX <= b.maxX && bb.minY >= b.minY && bb.maxY <= b.maxY;
    });
  }
}
