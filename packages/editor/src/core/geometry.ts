/**
 * Plane geometry shared by every painter and tool. Coordinates are document units in the document
 * frame (schematic/symbol 0.01 inch, PCB/footprint mil), Y up, angles in degrees counter-clockwise.
 */
export interface Pt { x: number; y: number }
export interface BBox { minX: number; minY: number; maxX: number; maxY: number }

export const EMPTY_BBOX: BBox = { minX: Infinity, minY: Infinity, maxX: -Infinity, maxY: -Infinity };

export function bboxOfPoints(pts: readonly number[]): BBox {
  let minX = Infinity, minY = Infinity, maxX = -Infinity, maxY = -Infinity;
  for (let i = 0; i + 1 < pts.length; i += 2) {
    const x = pts[i], y = pts[i + 1];
    if (x < minX) minX = x; if (x > maxX) maxX = x;
    if (y < minY) minY = y; if (y > maxY) maxY = y;
  }
  return { minX, minY, maxX, maxY };
}

export function unionBBox(a: BBox, b: BBox): BBox {
  return { minX: Math.min(a.minX, b.minX), minY: Math.min(a.minY, b.minY), maxX: Math.max(a.maxX, b.maxX), maxY: Math.max(a.maxY, b.maxY) };
}

export function isEmptyBBox(b: BBox): boolean {
  return !(b.minX <= b.maxX && b.minY <= b.maxY);
}

export function inflate(b: BBox, d: number): BBox {
  return { minX: b.minX - d, minY: b.minY - d, maxX: b.maxX + d, maxY: b.maxY + d };
}

export function intersects(a: BBox, b: BBox): boolean {
  return a.minX <= b.maxX && a.maxX >= b.minX && a.minY <= b.maxY && a.maxY >= b.minY;
}

export function containsBBox(outer: BBox, inner: BBox): boolean {
  return inner.minX >= outer.minX && inner.maxX <= outer.maxX && inner.minY >= outer.minY && inner.maxY <= outer.maxY;
}

export function containsPt(b: BBox, x: number, y: number): boolean {
  return x >= b.minX && x <= b.maxX && y >= b.minY && y <= b.maxY;
}

/** Distance (document units) from point p to segment a-b. */
export function distToSegment(px: number, py: number, ax: number, ay: number, bx: number, by: number): number {
  const dx = bx - ax, dy = by - ay;
  const len2 = dx * dx + dy * dy;
  let t = len2 === 0 ? 0 : ((px - ax) * dx + (py - ay) * dy) / len2;
  t = t < 0 ? 0 : t > 1 ? 1 : t;
  const cx = ax + t * dx - px, cy = ay + t * dy - py;
  return Math.sqrt(cx * cx + cy * cy);
}

/** Whether point p lies on segment a-b (within tol units). */
export function onSegment(px: number, py: number, ax: number, ay: number, bx: number, by: number, tol = 1e-6): boolean {
  return distToSegment(px, py, ax, ay, bx, by) <= tol;
}

/**
 * Affine transform [a b c d e f]: x' = a*x + c*y + e, y' = b*x + d*y + f (document frame, Y up).
 * A component transform is rotate, then mirror, then translate (FORMAT.md).
 */
export type Mat = readonly [number, number, number, number, number, number];
export const IDENTITY: Mat = [1, 0, 0, 1, 0, 0];

export function matMul(m: Mat, n: Mat): Mat {
  // m after n
  return [
    m[0] * n[0] + m[2] * n[1], m[1] * n[0] + m[3] * n[1],
    m[0] * n[2] + m[2] * n[3], m[1] * n[2] + m[3] * n[3],
    m[0] * n[4] + m[2] * n[5] + m[4], m[1] * n[4] + m[3] * n[5] + m[5],
  ];
}

export function rotation(deg: number): Mat {
  const r = (deg * Math.PI) / 180;
  let c = Math.cos(r), s = Math.sin(r);
  if (Math.abs(c) < 1e-12) c = 0; if (Math.abs(s) < 1e-12) s = 0;
  return [c, s, -s, c, 0, 0];
}

/** Placement of a component: rotate by `rot` degrees CCW, mirror about the local Y axis (x -> -x) if `mirror`, translate. */
export function placement(x: number, y: number, rot: number, mirror: boolean): Mat {
  let m = rotation(rot);
  if (mirror) m = matMul([-1, 0, 0, 1, 0, 0], m);
  return matMul([1, 0, 0, 1, x, y], m);
}

export function apply(m: Mat, x: number, y: number): Pt {
  return { x: m[0] * x + m[2] * y + m[4], y: m[1] * x + m[3] * y + m[5] };
}

export function applyFlat(m: Mat, pts: readonly number[]): number[] {
  const out = new Array<number>(pts.length);
  for (let i = 0; i + 1 < pts.length; i += 2) {
    out[i] = m[0] * pts[i] + m[2] * pts[i + 1] + m[4];
    out[i + 1] = m[1] * pts[i] + m[3] * pts[i + 1] + m[5];
  }
  return out;
}

export function isMirrored(m: Mat): boolean {
  return m[0] * m[3] - m[1] * m[2] < 0;
}

/** The rotation angle (degrees CCW, 0..360) a transform gives to the local X axis. */
export function matAngle(m: Mat): number {
  const a = (Math.atan2(m[1], m[0]) * 180) / Math.PI;
  return normAngle(a);
}

export function normAngle(a: number): number {
  const r = ((a % 360) + 360) % 360;
  return Math.abs(r - 360) < 1e-9 ? 0 : Math.round(r * 1e6) / 1e6;
}

export function transformBBox(m: Mat, b: BBox): BBox {
  return bboxOfPoints(applyFlat(m, [b.minX, b.minY, b.maxX, b.minY, b.maxX, b.maxY, b.minX, b.maxY]));
}
