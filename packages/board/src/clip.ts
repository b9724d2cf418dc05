/**
 * The polygon layer of pours and DRC, on Clipper2 (@countertype/clipper2-ts, integer coordinates).
 * Fixed scale: 1 clip unit = 0.01 mil (CLIP_SCALE = 100 units per mil), board frame, Y up. A 100 inch
 * board spans 1e7 units, so products of coordinates stay far inside 2^53.
 * Functions taking `mil` say so; everything else is in clip units (Paths64).
 */
import { Clipper, ClipType, PointInPolygonResult, EndType, FillRule, JoinType, PolyTree64, Clipper64, InternalClipper, type Path64, type Paths64, type PolyPath64 } from '@countertype/clipper2-ts';
import { type Contour, flattenContour } from './path.ts';

/*
 * Clipper2-ts tests collinearity (in every boolean result's clean-up) by comparing a*b with c*d through
 * BigInt 128-bit products: a fifth of a pour fill's time. Below 2^26 per factor the products are exact
 * in doubles (< 2^52), which covers every board (a 100 inch board spans 1e7 units); larger values keep
 * the library's own test. Same answers, without the BigInts.
 */
const EXACT = 2 ** 26;
const bigCollinear = InternalClipper.isCollinear;
InternalClipper.isCollinear = (p1, s, p2) => {
  const a = s.x - p1.x, b = p2.y - s.y, c = s.y - p1.y, d = p2.x - s.x;
  if (a < EXACT && a > -EXACT && b < EXACT && b > -EXACT && c < EXACT && c > -EXACT && d < EXACT && d > -EXACT) return a * b === c * d;
  return bigCollinear(p1, s, p2);
};

export type { Path64, Paths64 };
export { FillRule };

/** Clip units per mil. */
export const CLIP_SCALE = 100;
/** Chord tolerance for arcs and circles: 0.2 mil (20 units). */
export const ARC_TOL = 20;

export const toClip = (mil: number): number => Math.round(mil * CLIP_SCALE);
export const fromClip = (u: number): number => u / CLIP_SCALE;

/** Integer bounding box in clip units. */
export interface IBox { minX: number; minY: number; maxX: number; maxY: number }

export function boxOfPaths(ps: Paths64): IBox {
  let minX = Infinity, minY = Infinity, maxX = -Infinity, maxY = -Infinity;
  for (const p of ps) for (const q of p) {
    if (q.x < minX) minX = q.x;
    if (q.x > maxX) maxX = q.x;
    if (q.y < minY) minY = q.y;
    if (q.y > maxY) maxY = q.y;
  }
  return { minX, minY, maxX, maxY };
}

export const iboxOverlap = (a: IBox, b: IBox): boolean => a.minX <= b.maxX && b.minX <= a.maxX && a.minY <= b.maxY && b.minY <= a.maxY;
export const growIBox = (b: IBox, d: number): IBox => ({ minX: b.minX - d, minY: b.minY - d, maxX: b.maxX + d, maxY: b.maxY + d });

/** Number of segments for a full circle of radius r (clip units) within ARC_TOL. */
export function circleSteps(r: number): number {
  if (r <= ARC_TOL) return 8;
  const step = 2 * Math.acos(1 - ARC_TOL / r);
  return Math.max(8, Math.min(512, Math.ceil((2 * Math.PI) / step)));
}

/** Circle polygon, counter-clockwise; centre and radius in clip units. */
export function circlePath(cx: number, cy: number, r: number): Path64 {
  const u = unitCircle(circleSteps(r));
  const n = u.length / 2;
  const out: Path64 = new Array(n);
  for (let i = 0; i < n; i++) out[i] = { x: Math.round(cx + r * u[2 * i]), y: Math.round(cy + r * u[2 * i + 1]) };
  return out;
}
const unitCircles = new Map<number, Float64Array>();
/** cos, sin of n equal steps round the circle (cached per n). */
function unitCircle(n: number): Float64Array {
  let u = unitCircles.get(n);
  if (!u) {
    u = new Float64Array(2 * n);
    for (let i = 0; i < n; i++) { const a = (2 * Math.PI * i) / n; u[2 * i] = Math.cos(a); u[2 * i + 1] = Math.sin(a); }
    unitCircles.set(n, u);
  }
  return u;
}

/**
 * Stadium (a segment of width w with round ends) from (x1,y1) to (x2,y2); all in clip units.
 * A zero-length segment gives a circle. Counter-clockwise.
 */
export function segmentPath(x1: number, y1: number, x2: number, y2: number, w: number): Path64 {
  const r = w / 2;
  const dx = x2 - x1, dy = y2 - y1;
  const len = Math.hypot(dx, dy);
  if (len < 1) return circlePath(x1, y1, r);
  const a0 = Math.atan2(dy, dx);
  const half = Math.max(2, Math.ceil(circleSteps(r) / 2));
  const out: Path64 = [];
  // cap around the end (x2,y2) from -90 to +90 degrees of the direction, then around the start
  for (let i = 0; i <= half; i++) {
    const a = a0 - Math.PI / 2 + (Math.PI * i) / half;
    out.push({ x: Math.round(x2 + r * Math.cos(a)), y: Math.round(y2 + r * Math.sin(a)) });
  }
  for (let i = 0; i <= half; i++) {
    const a = a0 + Math.PI / 2 + (Math.PI * i) / half;
    out.push({ x: Math.round(x1 + r * Math.cos(a)), y: Math.round(y1 + r * Math.sin(a)) });
  }
  return out;
}

/** Flat [x,y,...] mil polyline -> Path64. */
export function flatToPath(flat: ArrayLike<number>): Path64 {
  const out: Path64 = [];
  let px = NaN, py = NaN;
  for (let i = 0; i + 1 < flat.length; i += 2) {
    const x = Math.round(flat[i] * CLIP_SCALE), y = Math.round(flat[i + 1] * CLIP_SCALE);
    if (x === px && y === py) continue;
    out.push({ x, y });
    px = x; py = y;
  }
  return out;
}

/** Closed contours (mil) -> Paths64, arcs flattened within ARC_TOL. */
export function contoursToPaths(cs: Contour[]): Paths64 {
  const out: Paths64 = [];
  for (const c of cs) {
    const p = flatToPath(flattenContour(c, ARC_TOL / CLIP_SCALE));
    if (p.length >= 3) out.push(p);
  }
  return out;
}

/**
 * Open contours (mil) stroked with `widthMil` and round ends/joins (a POLY outline or a track path).
 */
export function strokeContours(cs: Contour[], widthMil: number): Paths64 {
  const open: Paths64 = [];
  for (const c of cs) {
    const p = flatToPath(flattenContour(c, ARC_TOL / CLIP_SCALE));
    if (c.closed && p.length > 2) p.push({ ...p[0] });
    if (p.length >= 2) open.push(p);
  }
  if (!open.length || widthMil <= 0) return [];
  return Clipper.inflatePaths(open, (widthMil * CLIP_SCALE) / 2, JoinType.Round, EndType.Round, 2, ARC_TOL);
}

/** Union of paths (non-zero). */
export const union = (a: Paths64, b?: Paths64): Paths64 => (b ? Clipper.union(a, b, FillRule.NonZero) : Clipper.union(a, FillRule.NonZero));
export const difference = (a: Paths64, b: Paths64): Paths64 => Clipper.difference(a, b, FillRule.NonZero);
export const intersect = (a: Paths64, b: Paths64): Paths64 => Clipper.intersect(a, b, FillRule.NonZero);
export const xor = (a: Paths64, b: Paths64): Paths64 => Clipper.xor(a, b, FillRule.NonZero);

/** Grow (delta > 0) or shrink closed polygons by `delta` clip units, round joins. */
export function offset(ps: Paths64, delta: number): Paths64 {
  if (delta === 0 || !ps.length) return ps;
  return Clipper.inflatePaths(ps, delta, JoinType.Round, EndType.Polygon, 2, ARC_TOL);
}

/** Signed area sum (clip units squared; holes negative when oriented as Clipper outputs them). */
export const area = (ps: Paths64): number => Clipper.areaPaths(ps);

/** One polygon with its holes, as Clipper's PolyTree gives them (outer counter-clockwise). */
export interface PolyWithHoles { outer: Path64; holes: Path64[] }

/** Boolean operation whose result is split into polygons with holes (islands). */
export function booleanToPolys(ct: ClipType, subject: Paths64, clip: Paths64): PolyWithHoles[] {
  const c = new Clipper64();
  c.addSubject(subject);
  if (clip.length) c.addClip(clip);
  const tree = new PolyTree64();
  c.execute(ct, FillRule.NonZero, tree);
  const out: PolyWithHoles[] = [];
  const walk = (node: PolyPath64) => {
    for (let i = 0; i < node.count; i++) {
      const ch = node.child(i) as PolyPath64;
      if (!ch.isHole && ch.poly) {
        const holes: Path64[] = [];
        for (let j = 0; j < ch.count; j++) {
          const h = ch.child(j) as PolyPath64;
          if (h.poly) holes.push(h.poly);
          walk(h); // islands inside holes
        }
        out.push({ outer: ch.poly, holes });
      }
    }
  };
  walk(tree);
  return out;
}

export { ClipType };

/** Area of a polygon with holes (clip units squared, positive). */
export function polyArea(p: PolyWithHoles): number {
  let a = Math.abs(Clipper.area(p.outer));
  for (const h of p.holes) a -= Math.abs(Clipper.area(h));
  return a;
}

/** Even-odd point in polygon with holes (clip units). */
export function pointInPoly(x: number, y: number, p: PolyWithHoles): boolean {
  const pt = { x, y };
  if (Clipper.pointInPolygon(pt, p.outer) === PointInPolygonResult.IsOutside) return false;
  for (const h of p.holes) if (Clipper.pointInPolygon(pt, h) === PointInPolygonResult.IsInside) return false;
  return true;
}

/** Axis-aligned rectangle (clip units), counter-clockwise. */
export const rectPath = (minX: number, minY: number, maxX: number, maxY: number): Path64 => [
  { x: minX, y: minY }, { x: maxX, y: minY }, { x: maxX, y: maxY }, { x: minX, y: maxY },
];

/** Rotated rectangle centred on (cx, cy), length `len` along angle `a` (radians), width `w`; clip units. */
export function barPath(cx: number, cy: number, a: number, len: number, w: number): Path64 {
  const ux = Math.cos(a), uy = Math.sin(a), vx = -uy, vy = ux;
  const hl = len / 2, hw = w / 2;
  return [
    { x: Math.round(cx - ux * hl - vx * hw), y: Math.round(cy - uy * hl - vy * hw) },
    { x: Math.round(cx + ux * hl - vx * hw), y: Math.round(cy + uy * hl - vy * hw) },
    { x: Math.round(cx + ux * hl + vx * hw), y: Math.round(cy + uy * hl + vy * hw) },
    { x: Math.round(cx - ux * hl + vx * hw), y: Math.round(cy - uy * hl + vy * hw) },
  ];
}
