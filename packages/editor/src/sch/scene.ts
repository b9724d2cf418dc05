/**
 * The sheet as the view and tools see it: one display list (ops + bbox) per drawn record, a spatial
 * index over their boxes, and the junction dots. `update(changeSet)` re-paints only the records a
 * change touched (and the ATTRs of a changed component, whose templates may depend on it).
 * Units 0.01 inch, Y up.
 */
import type { ChangeSet, EditorDocument } from '../core/document.ts';
import { type Box, emptyBox, distToSegment, unionBox } from '../core/geometry.ts';
import { SpatialIndex } from '../core/spatial.ts';
import { SchAttr, TableCell } from '@copperplate/format/records';
import { recType } from '../core/records.ts';
import { type DisplayItem, RecordingSurface } from '../render/recording.ts';
import type { SchContext } from './context.ts';
import { drawnKeys, paintSheetRecord } from './paint.ts';
import { pinChildKeys } from './component.ts';
import { type PinEnds, addPinEnds, ptKey, connectionMarks, paintConnectionMarks, pinEndsOf, pointState, sheetPinEnds } from './connect.ts';
import { onSegment } from '../core/geometry.ts';
import { wirePolys, type Seg } from './wires.ts';

export class SheetScene {
  readonly index = new SpatialIndex(100);
  private items = new Map<string, DisplayItem>();
  junctionItem: DisplayItem | null = null;
  /** Number of records painted since creation (tests and benches read it). */
  painted = 0;

  constructor(readonly doc: EditorDocument, readonly ctx: SchContext) {
    for (const k of drawnKeys(doc, ctx)) this.paint(k);
    this.recomputeMarks();
  }

  /** Junction dots by "x,y". */
  readonly junctions = new Map<string, { x: number; y: number }>();
  /** Open pin ends (grey dots) by "x,y". */
  readonly openPins = new Map<string, { x: number; y: number }>();
  private pinEnds: PinEnds = new Map();

  private recomputeMarks(): void {
    this.pinEnds = sheetPinEnds(this.doc, this.ctx);
    const m = connectionMarks(this.doc, this.ctx);
    this.junctions.clear(); this.openPins.clear();
    for (const p of m.junctions) this.junctions.set(ptKey(p.x, p.y), p);
    for (const p of m.openPins) this.openPins.set(ptKey(p.x, p.y), p);
    this.paintJunctions();
  }

  get size(): number { return this.items.size; }
  item(key: string): DisplayItem | undefined { return this.items.get(key); }
  /** Items in file order. */
  all(): DisplayItem[] { return [...this.items.values()]; }

  bbox(): Box {
    let b = emptyBox();
    for (const it of this.items.values()) b = unionBox(b, it.bbox);
    return b;
  }

  /** Items whose box meets `b`. */
  visible(b: Box): DisplayItem[] {
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
        const t = recType(r);
        const parent = t === 'ATTR' ? SchAttr.get(r, 'parentId') : '';
        if (parent) { keys.add(parent); for (const k of this.doc.childrenOf(parent)) keys.add(k); }
        // a cell is drawn with its table
        if (t === 'TABEL_CELL') { const tid = TableCell.get(r, 'tableId'); if (tid) keys.add(tid); }
        if (t === 'COMPONENT' || t === 'WIRE') for (const k of this.doc.childrenOf(c.key)) keys.add(k);
        // pin ATTRs (no-connect crosses) are drawn on the pin ends
        if (t === 'COMPONENT') for (const k of pinChildKeys(this.doc, c.key, this.ctx, r)) keys.add(k);
      }
    }
    for (const k of keys) this.paint(k);
    this.updateMarks(cs);
    return [...keys];
  }

  /** Wire segments through a point, found through the spatial index. */
  segmentsThrough(x: number, y: number): Seg[] {
    const out: Seg[] = [];
    for (const k of this.index.at(x, y, 0.5)) {
      const r = this.doc.get(k);
      if (!r || recType(r) !== 'WIRE') continue;
      wirePolys(r).forEach((p, pi) => {
        for (let i = 0; i + 3 < p.length; i += 2) {
          const s = { wire: k, poly: pi, x1: p[i], y1: p[i + 1], x2: p[i + 2], y2: p[i + 3] };
          if (distToSegment(x, y, s.x1, s.y1, s.x2, s.y2) <= 1e-6) out.push(s);
        }
      });
    }
    return out;
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

  /**
   * Junction dots and open pin ends change only at the vertices of changed wires, the pin ends on
   * their segments, and the pin ends of changed components (before and after).
   */
  private updateMarks(cs: ChangeSet): void {
    const pts = new Map<string, { x: number; y: number }>();
    const add = (x: number, y: number): void => { pts.set(ptKey(x, y), { x, y }); };
    let any = false;
    for (const c of cs.changes) {
      for (const r of [c.before, c.after]) {
        if (!r) continue;
        if (recType(r) === 'ATTR' && SchAttr.get(r, 'key') === 'NO_CONNECT') { this.recomputeMarks(); return; }
        if (recType(r) !== 'WIRE') continue;
        any = true;
        for (const p of wirePolys(r)) {
          for (let i = 0; i + 1 < p.length; i += 2) add(p[i], p[i + 1]);
          for (let i = 0; i + 3 < p.length; i += 2) for (const e of this.pinEnds.values()) if (onSegment(e.x, e.y, p[i], p[i + 1], p[i + 2], p[i + 3], 1e-6)) add(e.x, e.y);
        }
      }
      if (c.before && recType(c.before) === 'COMPONENT') { any = true; const ps = pinEndsOf(this.doc, c.key, this.ctx, c.before); addPinEnds(this.pinEnds, ps, -1); for (const p of ps) add(p.x, p.y); }
      if (c.after && recType(c.after) === 'COMPONENT') { any = true; const ps = pinEndsOf(this.doc, c.key, this.ctx, c.after); addPinEnds(this.pinEnds, ps, 1); for (const p of ps) add(p.x, p.y); }
    }
    if (!any) return;
    for (const [k, p] of pts) {
      const st = pointState(p.x, p.y, this.segmentsThrough(p.x, p.y), this.pinEnds.get(k));
      if (st.junction) this.junctions.set(k, p); else this.junctions.delete(k);
      if (st.openPin) this.openPins.set(k, p); else this.openPins.delete(k);
    }
    this.paintJunctions();
  }

  private paintJunctions(): void {
    if (!this.junctions.size && !this.openPins.size) { this.junctionItem = null; return; }
    const rec = new RecordingSurface();
    paintConnectionMarks(rec, { junctions: [...this.junctions.values()], openPins: [...this.openPins.values()] });
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
  inside(b: Box): string[] {
    return this.index.query(b).filter((k) => {
      const bb = this.items.get(k)!.bbox;
      return bb.minX >= b.minX && bb.maxX <= b.maxX && bb.minY >= b.minY && bb.maxY <= b.maxY;
    });
  }
}
