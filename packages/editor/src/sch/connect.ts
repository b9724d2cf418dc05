/**
 * Connection points of a sheet as EasyEDA marks them (0.01 inch, Y up):
 * - junction dots: where three or more connections meet (wire ends and pin ends count one, a wire
 *   passing through counts two), drawn #CC0000, radius 2.5;
 * - open ends: a pin end nothing touches (no wire, no other pin, not marked NO_CONNECT) or a wire end
 *   that touches nothing, drawn as a grey dot of radius 2.
 * Measured on EasyEDA's schematic PDFs (TriWave-2.1, ExtModule-003).
 */
import type { EditorDocument } from '../core/document.ts';
import type { Pt } from '../core/geometry.ts';
import type { Rec } from '../core/records.ts';
import type { Surface } from '../render/surface.ts';
import { componentPins } from './component.ts';
import type { SchContext } from './context.ts';
import { pinNoConnect } from './netlist.ts';
import { COLORS } from './styles.ts';
import { SegmentGrid, type Seg, wireSegments } from './wires.ts';

export const JUNCTION_R = 2.5;
export const OPEN_PIN_R = 2;
const EPS = 0.01;

/** Key of a point: coordinates rounded to 0.01 unit, so 364.99999999999994 and 365 are one point. */
export function ptKey(x: number, y: number): string {
  return `${Math.round(x * 100) / 100},${Math.round(y * 100) / 100}`;
}

/** Pin ends by "x,y": how many pins end there, and whether every one of them is marked NO_CONNECT. */
export type PinEnds = Map<string, { x: number; y: number; count: number; noConnect: number }>;

export function pinEndsOf(doc: EditorDocument, key: string, ctx: SchContext, r?: Rec): Array<{ x: number; y: number; noConnect: boolean }> {
  return componentPins(doc, key, ctx, r).map((p) => ({ x: p.x, y: p.y, noConnect: pinNoConnect(doc, key, p.pin) }));
}

export function addPinEnds(ends: PinEnds, pins: Array<{ x: number; y: number; noConnect: boolean }>, sign: 1 | -1): void {
  for (const p of pins) {
    const k = ptKey(p.x, p.y);
    const e = ends.get(k) ?? { x: p.x, y: p.y, count: 0, noConnect: 0 };
    e.count += sign;
    e.noConnect += p.noConnect ? sign : 0;
    if (e.count <= 0) ends.delete(k); else ends.set(k, e);
  }
}

export function sheetPinEnds(doc: EditorDocument, ctx: SchContext): PinEnds {
  const ends: PinEnds = new Map();
  for (const [k, r] of doc.ofType('COMPONENT')) addPinEnds(ends, pinEndsOf(doc, k, ctx, r), 1);
  return ends;
}

/** Connections at (x, y): wire ends and pin ends one each, a wire passing through two. */
export function connectionCount(x: number, y: number, through: Seg[], pins: number): number {
  let n = pins;
  for (const s of through) {
    // ends within 0.01 unit are one point (converted files carry 364.99999999999994 for 365)
    const e1 = Math.abs(s.x1 - x) < EPS && Math.abs(s.y1 - y) < EPS, e2 = Math.abs(s.x2 - x) < EPS && Math.abs(s.y2 - y) < EPS;
    n += e1 || e2 ? (e1 ? 1 : 0) + (e2 ? 1 : 0) : 2;
  }
  return n;
}

export interface PointState { junction: boolean; openPin: boolean }

export function pointState(x: number, y: number, through: Seg[], pin: { count: number; noConnect: number } | undefined): PointState {
  const pins = pin?.count ?? 0;
  // a zero-length wire (EasyEDA writes one under every net flag) is no connection of its own
  const real = through.filter((s) => Math.abs(s.x1 - s.x2) >= EPS || Math.abs(s.y1 - s.y2) >= EPS);
  const n = connectionCount(x, y, real, pins);
  return {
    junction: n >= 3,
    // a pin end nothing touches, or a wire end that touches nothing (a net label alone is no connection)
    openPin: (pins === 1 && real.length === 0 && (pin?.noConnect ?? 0) === 0) || (pins === 0 && n === 1),
  };
}

export interface ConnectionMarks { junctions: Pt[]; openPins: Pt[] }

/** Junction dots and open pin ends of a whole sheet. Without `ctx` (no symbols), wires only. */
export function connectionMarks(doc: EditorDocument, ctx?: SchContext): ConnectionMarks {
  const segs = wireSegments(doc);
  const grid = new SegmentGrid(segs);
  const ends: PinEnds = ctx ? sheetPinEnds(doc, ctx) : new Map();
  const out: ConnectionMarks = { junctions: [], openPins: [] };
  const seen = new Set<string>();
  const visit = (x: number, y: number): void => {
    const k = ptKey(x, y);
    if (seen.has(k)) return;
    seen.add(k);
    const st = pointState(x, y, grid.through(x, y), ends.get(k));
    if (st.junction) out.junctions.push({ x, y });
    if (st.openPin) out.openPins.push({ x, y });
  };
  for (const s of segs) { visit(s.x1, s.y1); visit(s.x2, s.y2); }
  for (const e of ends.values()) visit(e.x, e.y);
  return out;
}

/** Draw the marks: one element `JUNCTIONS` (id ''), dots only. */
export function paintConnectionMarks(s: Surface, marks: ConnectionMarks): void {
  if (!marks.junctions.length && !marks.openPins.length) return;
  s.begin('', 'JUNCTIONS');
  for (const p of marks.openPins) s.draw({ t: 'circle', cx: p.x, cy: p.y, r: OPEN_PIN_R, s: { color: COLORS.openPin, width: 0, fill: COLORS.openPin } });
  for (const j of marks.junctions) s.draw({ t: 'circle', cx: j.x, cy: j.y, r: JUNCTION_R, s: { color: COLORS.junction, width: 0, fill: COLORS.junction } });
  s.end();
}
