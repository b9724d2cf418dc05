/**
 * Pad shapes and holes (the PAD record module of @copperplate/format/records: x, y, angle, hole, shape, hole offset and
 * hole angle). Shapes are built in the pad's own frame (mil, Y up, centred on the pad, not
 * rotated) and placed with `padTransform`; ["POLY", path] shapes are given in the footprint frame.
 */
import { type Contour, type Mat, IDENTITY, apply, holeContours, holeSize, isPolyPad, mul, padShapeContours, rotate, transformContours, translate } from '@copperplate/board';
import { type Rec, num } from '../core/records.ts';
import { Pad } from '@copperplate/format/records';
import type { PrimShape } from './prims.ts';

/** Pad frame -> footprint frame: translate to (x, y), rotate by the pad rotation. */
export function padTransform(r: Rec): Mat {
  return mul(translate(Pad.get(r, 'x'), Pad.get(r, 'y')), rotate(Pad.get(r, 'angle')));
}

/** A pad's copper and hole contours in the footprint frame (mil, Y up). */
export function padGeometry(r: Rec): { copper: Contour[]; hole: Contour[]; holeSize: number } {
  const pd = Pad.parse(r);
  const shape = pd.shape;
  const m = padTransform(r);
  const copper = isPolyPad(shape) ? padShapeContours(shape) : transformContours(padShapeContours(shape), m);
  const hm = mul(m, mul(translate(pd.holeOffsetX, pd.holeOffsetY), rotate(pd.holeAngle)));
  const hole = transformContours(holeContours(pd.hole), hm);
  // hole ["ROUND" | "SLOT", w, h]: its size is the smaller side
  const { w: hw, h: hh } = holeSize(pd.hole);
  const hs = Array.isArray(pd.hole) ? Math.min(hw, hh) : 0;
  return { copper, hole, holeSize: hs };
}

/** A stadium w x h (a circle when w = h) in a frame placed by `m`, as a round segment. */
function stadium(w: number, h: number, m: Mat): PrimShape {
  const r = Math.min(w, h) / 2, a = Math.abs(w - h) / 2;
  const p1 = w >= h ? apply(m, -a, 0) : apply(m, 0, -a), p2 = w >= h ? apply(m, a, 0) : apply(m, 0, a);
  return { k: 'seg', x1: p1.x, y1: p1.y, x2: p2.x, y2: p2.y, hw: r * Math.hypot(m.a, m.b) };
}

/**
 * A pad's copper and hole as quad shapes (PrimShape), placed by `placed` (the component transform;
 * none for a board's own pads): rectangles with or without round corners and ovals as rounded boxes,
 * circles and oval holes as round segments. The same outlines as padGeometry's contours. Null when
 * the copper is another shape (polygon, ellipse, n-gon) or has no size.
 */
export function padQuads(r: Rec, placed: Mat = IDENTITY): { copper: PrimShape; hole: PrimShape | null } | null {
  const shape = Pad.get(r, 'shape');
  if (!Array.isArray(shape)) return null;
  const kind = shape[0];
  const w = num(shape[1]), h = num(shape[2], w);
  if (!(w > 0 && h > 0) || !(kind === 'RECT' || kind === 'OVAL' || (kind === 'ELLIPSE' && Math.abs(w - h) < 1e-9))) return null;
  const m = mul(placed, padTransform(r));
  const s = Math.hypot(m.a, m.b);
  let copper: PrimShape;
  if (kind === 'RECT' || (kind === 'OVAL' && Math.abs(w - h) >= 1e-9)) {
    const rr = kind === 'OVAL' ? Math.min(w, h) / 2 : (Math.max(0, Math.min(100, num(shape[3]))) / 100) * Math.min(w, h) / 2;
    copper = { k: 'box', cx: m.e, cy: m.f, hw: (w / 2) * s, hh: (h / 2) * s, ux: m.a / s, uy: m.b / s, r: rr * s };
  } else copper = stadium(w, w, m);
  let hole: PrimShape | null = null;
  const hs = Pad.get(r, 'hole');
  if (Array.isArray(hs) && typeof hs[0] === 'string') {
    const { w: hw, h: hh } = holeSize(hs);
    const ox = Pad.get(r, 'holeOffsetX'), oy = Pad.get(r, 'holeOffsetY'), ha = Pad.get(r, 'holeAngle');
    if (hw > 0 && hh > 0) hole = stadium(hw, hh, ox || oy || ha ? mul(m, mul(translate(ox, oy), rotate(ha))) : m);
  }
  return { copper, hole };
}
