/**
 * The one plane geometry of Copperplate: boards and footprints (mil), sheets and symbols (0.01 inch),
 * panels (mm), the board algorithms and every editor (packages/editor imports it through
 * `core/geometry.ts`). Frame: the document's own, Y pointing up, angles in degrees counter-clockwise.
 * Every function works in whatever unit its inputs carry (boxes, points and transforms in one unit),
 * unless it says otherwise.
 */

export interface Pt {
  x: number;
  y: number;
}

/** Axis-aligned box, same unit and frame as the points it bounds. Empty when minX > maxX. */
export interface Box {
  minX: number;
  minY: number;
  maxX: number;
  maxY: number;
}

export const emptyBox = (): Box => ({ minX: Infinity, minY: Infinity, maxX: -Infinity, maxY: -Infinity });
export const isEmptyBox = (b: Box): boolean => b.minX > b.maxX || b.minY > b.maxY;

export function growBox(b: Box, x: number, y: number, r = 0): void {
  if (x - r < b.minX) b.minX = x - r;
  if (y - r < b.minY) b.minY = y - r;
  if (x + r > b.maxX) b.maxX = x + r;
  if (y + r > b.maxY) b.maxY = y + r;
}

export function unionBox(a: Box, b: Box): Box {
  return { minX: Math.min(a.minX, b.minX), minY: Math.min(a.minY, b.minY), maxX: Math.max(a.maxX, b.maxX), maxY: Math.max(a.maxY, b.maxY) };
}

export function boxesOverlap(a: Box, b: Box): boolean {
  return a.minX <= b.maxX && b.minX <= a.maxX && a.minY <= b.maxY && b.minY <= a.maxY;
}

export function boxContainsBox(outer: Box, inner: Box): boolean {
  return inner.minX >= outer.minX && inner.maxX <= outer.maxX && inner.minY >= outer.minY && inner.maxY <= outer.maxY;
}

export function boxContainsPt(b: Box, x: number, y: number): boolean {
  return x >= b.minX && x <= b.maxX && y >= b.minY && y <= b.maxY;
}

/** The box grown by `d` on every side (a new box). */
export function inflateBox(b: Box, d: number): Box {
  return { minX: b.minX - d, minY: b.minY - d, maxX: b.maxX + d, maxY: b.maxY + d };
}

export const rad = (deg: number): number => (deg * Math.PI) / 180;
export const deg = (r: number): number => (r * 180) / Math.PI;

/** Angle normalised to [0, 360) degrees. */
export function normDeg(a: number): number {
  const r = a % 360;
  return r < 0 ? r + 360 : r;
}

/** An angle as stored in a record: normalised to [0, 360) and rounded to 1e-6 degree (359.9999999... is 0). */
export function normAngle(a: number): number {
  const r = normDeg(a);
  return Math.abs(r - 360) < 1e-9 ? 0 : Math.round(r * 1e6) / 1e6;
}

/**
 * Affine transform x' = a*x + c*y + e, y' = b*x + d*y + f (same layout as SVG/Canvas matrices).
 * Applied to points in the frame of its source (mil, Y up) and giving points in its target frame.
 */
export interface Mat {
  a: number;
  b: number;
  c: number;
  d: number;
  e: number;
  f: number;
}

export const IDENTITY: Mat = { a: 1, b: 0, c: 0, d: 1, e: 0, f: 0 };

/** m1 after m2: (m1 * m2)(p) = m1(m2(p)). */
export function mul(m1: Mat, m2: Mat): Mat {
  return {
    a: m1.a * m2.a + m1.c * m2.b,
    b: m1.b * m2.a + m1.d * m2.b,
    c: m1.a * m2.c + m1.c * m2.d,
    d: m1.b * m2.c + m1.d * m2.d,
    e: m1.a * m2.e + m1.c * m2.f + m1.e,
    f: m1.b * m2.e + m1.d * m2.f + m1.f,
  };
}

export const translate = (x: number, y: number): Mat => ({ a: 1, b: 0, c: 0, d: 1, e: x, f: y });
/** Rotation by `angleDeg` counter-clockwise about the origin (Y up). */
export function rotate(angleDeg: number): Mat {
  const r = rad(angleDeg);
  // Snap exact quarter turns so that 90-degree rotations keep integer coordinates.
  const q = normDeg(angleDeg);
  const c = q === 90 || q === 270 ? 0 : Math.cos(r);
  const s = q === 0 || q === 180 ? 0 : Math.sin(r);
  return { a: c, b: s, c: -s, d: c, e: 0, f: 0 };
}
/** Mirror about the Y axis (x -> -x). */
export const mirrorX: Mat = { a: -1, b: 0, c: 0, d: 1, e: 0, f: 0 };
/** Rotation by `angleDeg` counter-clockwise about (cx, cy). */
export const rotateAbout = (angleDeg: number, cx: number, cy: number): Mat => mul(translate(cx, cy), mul(rotate(angleDeg), translate(-cx, -cy)));
/** Mirror about the vertical line x = c (axis 'x': left-right) or the horizontal line y = c (axis 'y'). */
export const mirrorAbout = (axis: 'x' | 'y', c: number): Mat => (axis === 'x' ? { a: -1, b: 0, c: 0, d: 1, e: 2 * c, f: 0 } : { a: 1, b: 0, c: 0, d: -1, e: 0, f: 2 * c });
export const scale = (sx: number, sy = sx): Mat => ({ a: sx, b: 0, c: 0, d: sy, e: 0, f: 0 });

export function apply(m: Mat, x: number, y: number): Pt {
  return { x: m.a * x + m.c * y + m.e, y: m.b * x + m.d * y + m.f };
}

export function invert(m: Mat): Mat {
  const det = m.a * m.d - m.b * m.c;
  if (det === 0) return IDENTITY;
  const a = m.d / det, b = -m.b / det, c = -m.c / det, d = m.a / det;
  return { a, b, c, d, e: -(a * m.e + c * m.f), f: -(b * m.e + d * m.f) };
}

/** True when the transform reverses orientation (a mirror): arc sweeps change sign under it. */
export const isMirroring = (m: Mat): boolean => m.a * m.d - m.b * m.c < 0;

/**
 * Placement of a schematic part (FORMAT.md COMPONENT): rotate by `rot` degrees counter-clockwise,
 * then mirror x -> -x when `mirror`, then translate to (x, y). (A board footprint: `componentTransform`.)
 */
export function placement(x: number, y: number, rot: number, mirror: boolean): Mat {
  const m = rotate(rot);
  return mul(translate(x, y), mirror ? mul(mirrorX, m) : m);
}

/** The angle (degrees counter-clockwise, [0, 360)) a transform turns the local X axis to. */
export const matAngle = (m: Mat): number => normAngle(deg(Math.atan2(m.b, m.a)));

/** Uniform scale factor of a similarity transform (widths and radii scale by it). */
export const matScale = (m: Mat): number => Math.sqrt(Math.abs(m.a * m.d - m.b * m.c));

export const dist = (ax: number, ay: number, bx: number, by: number): number => Math.hypot(bx - ax, by - ay);

/** Whether point p lies on segment a-b (within `tol`). */
export function onSegment(px: number, py: number, ax: number, ay: number, bx: number, by: number, tol = 1e-6): boolean {
  return distToSegment(px, py, ax, ay, bx, by) <= tol;
}

/** Distance from point p to segment a-b. */
export function distToSegment(px: number, py: number, ax: number, ay: number, bx: number, by: number): number {
  const dx = bx - ax, dy = by - ay;
  const l2 = dx * dx + dy * dy;
  let t = l2 === 0 ? 0 : ((px - ax) * dx + (py - ay) * dy) / l2;
  t = t < 0 ? 0 : t > 1 ? 1 : t;
  return Math.hypot(px - (ax + t * dx), py - (ay + t * dy));
}

/** Even-odd point-in-polygon; `poly` is a flat [x0,y0,x1,y1,...] ring (closing edge implied). */
export function pointInRing(px: number, py: number, poly: ArrayLike<number>): boolean {
  let inside = false;
  const n = poly.length;
  for (let i = 0, j = n - 2; i < n; j = i, i += 2) {
    const xi = poly[i], yi = poly[i + 1], xj = poly[j], yj = poly[j + 1];
    if (yi > py !== yj > py && px < ((xj - xi) * (py - yi)) / (yj - yi) + xi) inside = !inside;
  }
  return inside;
}

/** Distance from a point to a polyline (flat array); `closed` adds the last-to-first edge. */
export function distToPolyline(px: number, py: number, pts: ArrayLike<number>, closed: boolean): number {
  let best = Infinity;
  const n = pts.length;
  if (n === 2) return dist(px, py, pts[0], pts[1]);
  for (let i = 0; i + 3 < n; i += 2) best = Math.min(best, distToSegment(px, py, pts[i], pts[i + 1], pts[i + 2], pts[i + 3]));
  if (closed && n >= 4) best = Math.min(best, distToSegment(px, py, pts[n - 2], pts[n - 1], pts[0], pts[1]));
  return best;
}

/**
 * Centre of the arc from s to e sweeping `sweepDeg` degrees (positive = counter-clockwise, Y up),
 * as FORMAT.md's "ARC" path command and ARC record define it.
 */
export function arcCenter(sx: number, sy: number, ex: number, ey: number, sweepDeg: number): Pt {
  const dx = ex - sx, dy = ey - sy;
  const len = Math.hypot(dx, dy);
  const mx = (sx + ex) / 2, my = (sy + ey) / 2;
  if (len === 0 || sweepDeg === 0) return { x: mx, y: my };
  const t = Math.tan(rad(sweepDeg) / 2);
  const k = t === 0 ? 0 : len / 2 / t / len;
  return { x: mx - dy * k, y: my + dx * k };
}

/** Points along an arc (excluding the start, including the end), as a flat array appended to `out`. */
export function flattenArc(out: number[], sx: number, sy: number, ex: number, ey: number, sweepDeg: number, tol: number): void {
  if (sweepDeg === 0 || (sx === ex && sy === ey && Math.abs(sweepDeg) < 360)) {
    out.push(ex, ey);
    return;
  }
  const c = arcCenter(sx, sy, ex, ey, sweepDeg);
  const r = Math.hypot(sx - c.x, sy - c.y);
  const a0 = Math.atan2(sy - c.y, sx - c.x);
  const sw = rad(sweepDeg);
  const step = r > tol ? 2 * Math.acos(Math.max(-1, 1 - tol / r)) : Math.PI / 2;
  const n = Math.max(2, Math.min(256, Math.ceil(Math.abs(sw) / Math.max(step, 1e-3))));
  for (let i = 1; i < n; i++) {
    const a = a0 + (sw * i) / n;
    out.push(c.x + r * Math.cos(a), c.y + r * Math.sin(a));
  }
  out.push(ex, ey);
}

/** Cubic Bezier from p0 through control points to p3, flattened into `out` (excluding p0). */
export function flattenCubic(out: number[], x0: number, y0: number, x1: number, y1: number, x2: number, y2: number, x3: number, y3: number, tol: number): void {
  const len = dist(x0, y0, x1, y1) + dist(x1, y1, x2, y2) + dist(x2, y2, x3, y3);
  const n = Math.max(2, Math.min(64, Math.ceil(Math.sqrt(len / Math.max(tol, 1e-6)))));
  for (let i = 1; i <= n; i++) {
    const t = i / n, u = 1 - t;
    const a = u * u * u, b = 3 * u * u * t, c = 3 * u * t * t, d = t * t * t;
    out.push(a * x0 + b * x1 + c * x2 + d * x3, a * y0 + b * y1 + c * y2 + d * y3);
  }
}

/** Bounding box of a flat point array. */
export function boxOfPoints(pts: ArrayLike<number>, pad = 0, into: Box = emptyBox()): Box {
  for (let i = 0; i + 1 < pts.length; i += 2) growBox(into, pts[i], pts[i + 1], pad);
  return into;
}

/** Apply a transform to a flat point array, returning a new array. */
export function transformPoints(m: Mat, pts: ArrayLike<number>): number[] {
  const out = new Array<number>(pts.length);
  for (let i = 0; i + 1 < pts.length; i += 2) {
    const x = pts[i], y = pts[i + 1];
    out[i] = m.a * x + m.c * y + m.e;
    out[i + 1] = m.b * x + m.d * y + m.f;
  }
  return out;
}

/** The box of a box transformed (its four corners). */
export function transformBox(m: Mat, b: Box): Box {
  return boxOfPoints(transformPoints(m, [b.minX, b.minY, b.maxX, b.minY, b.maxX, b.maxY, b.minX, b.maxY]));
}

/** Signed area of a ring (positive when counter-clockwise, Y up). */
export function ringArea(pts: ArrayLike<number>): number {
  let s = 0;
  const n = pts.length;
  for (let i = 0, j = n - 2; i < n; j = i, i += 2) s += pts[j] * pts[i + 1] - pts[i] * pts[j + 1];
  return s / 2;
}
