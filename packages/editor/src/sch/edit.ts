/**
 * Editing operations on sheet records inside a commit (Tx). Coordinates 0.01 inch, Y up.
 * Every function keeps records valid FORMAT.md arrays (copy-on-write, extra fields kept).
 */
import type { EditorDocument, Tx } from '../core/document.ts';
import { type Mat, apply, transformPoints, normAngle, mul } from '../core/geometry.ts';
import { Pin, SchAttr, SchComponent, SchText } from '@copperplate/format/records';
import { num, recType, str, withField, withFields, type Rec } from '../core/records.ts';
import type { SchContext } from './context.ts';
import { componentPins, pinChildKeys, round } from './component.ts';
import { wirePolys } from './wires.ts';

/** Point fields of each record type: [index of x, index of y] pairs, or a flat point array field. */
const POINT_FIELDS: Record<string, number[][]> = {
  COMPONENT: [[3, 4]], TEXT: [[2, 3]], RECT: [[2, 3], [4, 5]], CIRCLE: [[2, 3]], ELLIPSE: [[2, 3]],
  ARC: [[2, 3], [4, 5], [6, 7]], OBJ: [[3, 4]], TABLE: [[2, 3]], ATTR: [[7, 8]], PIN: [[4, 5]],
};
const FLAT_FIELD: Record<string, number> = { POLY: 2, BEZIER: 2, BUSENTRY: 2 };
const NESTED_FIELD: Record<string, number> = { WIRE: 2, BUS: 2 };

/** Apply an affine map to every point of a record (document frame). Rotation/mirror fields are left to the caller. */
export function mapPoints(r: Rec, m: Mat): unknown[] {
  const t = recType(r);
  let out = r.slice();
  for (const [ix, iy] of POINT_FIELDS[t] ?? []) {
    if (out[ix] === null || out[ix] === undefined) continue; // an unplaced ATTR stays unplaced
    const p = apply(m, num(out[ix]), num(out[iy]));
    out = withFields(out, { [ix]: round(p.x), [iy]: round(p.y) });
  }
  if (FLAT_FIELD[t] !== undefined && Array.isArray(out[FLAT_FIELD[t]])) {
    out[FLAT_FIELD[t]] = transformPoints(m, (out[FLAT_FIELD[t]] as unknown[]).map((v) => num(v))).map(round);
  }
  if (NESTED_FIELD[t] !== undefined) out[NESTED_FIELD[t]] = wirePolys(out).map((p) => transformPoints(m, p).map(round));
  return out;
}

/**
 * The selection plus what goes with it: ATTRs of selected components and wires; with `ctx`, also the
 * ATTRs on a component's pins (NO_CONNECT marks move and go with their component).
 */
export function withChildren(doc: EditorDocument, keys: Iterable<string>, ctx?: SchContext): string[] {
  const out = new Set<string>();
  for (const k of keys) {
    if (!doc.has(k)) continue;
    out.add(k);
    for (const c of doc.childrenOf(k)) out.add(c);
    if (ctx) for (const c of pinChildKeys(doc, k, ctx)) out.add(c);
  }
  return [...out];
}

/**
 * One sheet or symbol record under `m` (points), `rotDelta` (degrees, added to rotations) and `mirror`
 * (toggles a component's mirror flag, turns a pin). Used by the shared edit engine (sch/edit-hooks.ts).
 */
export function transformRecord(r: Rec, m: Mat, rotDelta = 0, mirror = false): Rec {
  let out = mapPoints(r, m);
  const rt = recType(r);
  if (rt === 'COMPONENT') {
    // placement = translate . mirror . rotate: an outer rotation by d turns a mirrored part by -d;
    // an outer horizontal flip toggles the mirror and keeps the angle (a vertical flip adds 180).
    const c = SchComponent.parse(r);
    let mir = c.mirror;
    const rot = mirror ? c.rotation + rotDelta : mir ? c.rotation - rotDelta : c.rotation + rotDelta;
    if (mirror) mir = !mir;
    // the mirror flag is written in the style it was read (true/false or 1/0)
    out = SchComponent.with(out, { rotation: normAngle(rot), mirror: mir });
  } else if (rt === 'ATTR' && rotDelta && SchAttr.raw(r, 'x') !== null) {
    // an unplaced attribute (no position: never drawn) keeps its fields as they are
    out = SchAttr.with(out, { rotation: normAngle(SchAttr.get(r, 'rotation') + rotDelta) });
  } else if (rt === 'TEXT' && rotDelta) {
    out = SchText.with(out, { rotation: normAngle(SchText.get(r, 'rotation') + rotDelta) });
  } else if (rt === 'PIN' && (rotDelta || mirror)) {
    // a symbol's pin points the way it turns; a left-right flip turns it to 180 - angle
    const a = Pin.get(r, 'rotation');
    out = Pin.with(out, { rotation: normAngle(mirror ? 180 - a + rotDelta : a + rotDelta) });
  }
  return out;
}

/** Wires (not in `moved`) with an end on a moved pin end ("x,y" -> new point) follow it, kept orthogonal. */
export function followWires(tx: Tx, doc: EditorDocument, moved: ReadonlySet<string>, pinMoves: Map<string, { x: number; y: number }>,
  near?: (x: number, y: number) => string[]): void {
  const set = moved;
  if (!pinMoves.size) return;
  let candidates: Array<[string, Rec]>;
  if (near) {
    const ks = new Set<string>();
    for (const p of pinMoves.keys()) { const [x, y] = p.split(',').map(Number); for (const k of near(x, y)) ks.add(k); }
    candidates = [...ks].map((k) => [k, doc.get(k)] as [string, Rec | undefined]).filter((e): e is [string, Rec] => e[1]?.[0] === 'WIRE');
  } else candidates = doc.ofType('WIRE');
  for (const [wk, w] of candidates) {
    if (set.has(wk)) continue;
    const polys = wirePolys(w);
    let changed = false;
    const next = polys.map((p) => {
      const q = rubberBand(p, pinMoves);
      if (q !== p) changed = true;
      return q;
    });
    if (changed) tx.set(wk, withField(w, 2, next));
  }
}

/** A polyline with its end points moved per `moves` ("x,y" -> new point), kept orthogonal by an elbow. */
export function rubberBand(p: number[], moves: Map<string, { x: number; y: number }>): number[] {
  const n = p.length / 2;
  if (n < 2) return p;
  const s = moves.get(`${p[0]},${p[1]}`), e = moves.get(`${p[2 * n - 2]},${p[2 * n - 1]}`);
  if (!s && !e) return p;
  if (n === 2 && s && e) return [s.x, s.y, e.x, e.y];
  let pts: number[][] = [];
  for (let i = 0; i < n; i++) pts.push([p[2 * i], p[2 * i + 1]]);
  const fix = (list: number[][], to: { x: number; y: number }): number[][] => {
    const [E, N] = [list[0], list[1]];
    const horizontal = E[1] === N[1];
    const corner = horizontal ? [N[0], to.y] : [to.x, N[1]];
    return [[to.x, to.y], corner, ...list.slice(1)];
  };
  if (s) pts = fix(pts, s);
  if (e) pts = fix(pts.reverse(), e).reverse();
  // drop repeated points and collinear middles
  const out: number[][] = [];
  for (const pt of pts) {
    const [px, py] = pt;
    const last = out[out.length - 1];
    if (last && last[0] === px && last[1] === py) continue;
    if (out.length >= 2) {
      const [ax, ay] = out[out.length - 2], [bx, by] = last!;
      if ((ax === bx && bx === px) || (ay === by && by === py)) { out[out.length - 1] = pt; continue; }
    }
    out.push(pt);
  }
  return out.flat();
}

