/**
 * Wire geometry of a sheet (0.01 inch, Y up): segments of WIRE records, junction points (three or
 * more wire ends meet, or a wire end lands inside another segment).
 */
import type { EditorDocument } from '../core/document.ts';
import { onSegment, type Pt } from '../core/geometry.ts';
import { num, type Rec } from '../core/records.ts';

export interface Seg { wire: string; poly: number; x1: number; y1: number; x2: number; y2: number }

/** The polylines of a WIRE record: `[[x1,y1,x2,y2,...], ...]`. */
export function wirePolys(r: Rec): number[][] {
  return ((Array.isArray(r[2]) ? r[2] : []) as unknown[]).filter(Array.isArray).map((p) => (p as unknown[]).map((v) => num(v)));
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

const pk = (x: number, y: number) => `${Math.round(x * 1000) / 1000},${Math.round(y * 1000) / 1000}`;

export function junctions(doc: EditorDocument): Pt[] {
  const segs = wireSegments(doc);
  const ends = new Map<string, { x: number; y: number; n: number }>();
  for (const s of segs) {
    for (const [x, y] of [[s.x1, s.y1], [s.x2, s.y2]]) {
      const k = pk(x, y);
      const e = ends.get(k);
      if (e) e.n++; else ends.set(k, { x, y, n: 1 });
    }
  }
  const out: Pt[] = [];
  // bucket segments by x and y ranges through a coarse grid to keep the T-check near-linear
  const cell = 50;
  const grid = new Map<string, Seg[]>();
  for (const s of segs) {
    for (let gx = Math.floor(Math.min(s.x1, s.x2) / cell); gx <= Math.floor(Math.max(s.x1, s.x2) / cell); gx++)
      for (let gy = Math.floor(Math.min(s.y1, s.y2) / cell); gy <= Math.floor(Math.max(s.y1, s.y2) / cell); gy++) {
        const k = `${gx},${gy}`;
        let l = grid.get(k); if (!l) grid.set(k, (l = [])); l.push(s);
      }
  }
  for (const e of ends.values()) {
    if (e.n >= 3) { out.push({ x: e.x, y: e.y }); continue; }
    const near = grid.get(`${Math.floor(e.x / cell)},${Math.floor(e.y / cell)}`) ?? [];
    const inner = near.some((s) => onSegment(e.x, e.y, s.x1, s.y1, s.x2, s.y2, 1e-6) && pk(s.x1, s.y1) !== pk(e.x, e.y) && pk(s.x2, s.y2) !== pk(e.x, e.y));
    if (inner) out.push({ x: e.x, y: e.y });
  }
  return out;
}
