/**
 * Wire geometry of a sheet (0.01 inch, Y up): segments of WIRE records, junction points (three or
 * more wire ends meet, or a wire end lands inside another segment).
 */
import type { EditorDocument } from './document.ts';
import { onSegment, type Pt } from '@copperplate/board/geom';
import { Wire } from '@copperplate/format/records';
import { num, type Rec } from './records.ts';

export interface Seg { wire: string; poly: number; x1: number; y1: number; x2: number; y2: number }

/** The polylines of a WIRE record: `[[x1,y1,x2,y2,...], ...]`. */
export function wirePolys(r: Rec): number[][] {
  const pts = Wire.get(r, 'points');
  return ((Array.isArray(pts) ? pts : []) as unknown[]).filter(Array.isArray).map((p) => (p as unknown[]).map((v) => num(v)));
}

export function wireSegments(doc: EditorDocument, type = 'WIRE'): Seg[] {
  const out: Seg[] = [];
  for (const [k, r] of doc.ofType(type)) {
    wirePolys(r).forEach((p, pi) => {
      for (let i = 0; i + 3 < p.length; i += 2) out.push({ wire: k, poly: pi, x1: p[i], y1: p[i + 1], x2: p[i + 2], y2: p[i + 3] });
    });
  }
  return out;
}

/**
 * Whether (x, y) is a junction given the wire segments through it: three or more segment ends meet
 * there, or a segment end lies inside another segment. (Two ends = a bend, not a junction.)
 */
export function isJunction(x: number, y: number, through: Seg[]): boolean {
  let ends = 0, inner = false;
  for (const s of through) {
    const e1 = s.x1 === x && s.y1 === y, e2 = s.x2 === x && s.y2 === y;
    if (e1 || e2) ends += (e1 ? 1 : 0) + (e2 ? 1 : 0);
    else inner = true;
  }
  return ends >= 3 || (ends >= 1 && inner);
}

/** Junction points of a sheet (0.01 inch). */
export function junctions(doc: EditorDocument): Pt[] {
  const segs = wireSegments(doc);
  const grid = new SegmentGrid(segs);
  const seen = new Set<string>();
  const out: Pt[] = [];
  for (const s of segs) for (const [x, y] of [[s.x1, s.y1], [s.x2, s.y2]]) {
    const k = `${x},${y}`;
    if (seen.has(k)) continue;
    seen.add(k);
    if (isJunction(x, y, grid.through(x, y))) out.push({ x, y });
  }
  return out;
}

/** Segments bucketed on a coarse grid (cell units), to find the segments through a point quickly. */
export class SegmentGrid {
  private grid = new Map<string, Seg[]>();
  constructor(segs: Seg[], private readonly cell = 50) {
    for (const s of segs) {
      for (let gx = Math.floor(Math.min(s.x1, s.x2) / cell); gx <= Math.floor(Math.max(s.x1, s.x2) / cell); gx++)
        for (let gy = Math.floor(Math.min(s.y1, s.y2) / cell); gy <= Math.floor(Math.max(s.y1, s.y2) / cell); gy++) {
          const k = `${gx},${gy}`;
          let l = this.grid.get(k); if (!l) this.grid.set(k, (l = [])); l.push(s);
        }
    }
  }
  /** Segments passing through (x, y) (ends included). */
  through(x: number, y: number): Seg[] {
    return (this.grid.get(`${Math.floor(x / this.cell)},${Math.floor(y / this.cell)}`) ?? []).filter((s) => onSegment(x, y, s.x1, s.y1, s.x2, s.y2, 1e-6));
  }
}
