/**
 * Pad shapes and holes (the PAD record module of @copperplate/format/records: x, y, angle, hole, shape, hole offset and
 * hole angle). Shapes are built in the pad's own frame (mil, Y up, centred on the pad, not
 * rotated) and placed with `padTransform`; ["POLY", path] shapes are given in the footprint frame.
 */
import { type Contour, type Mat, holeContours, mul, padShapeContours, rotate, transformContours, translate } from '@copperplate/board';
import { type Rec, num } from '../core/records.ts';
import { Pad } from '@copperplate/format/records';

/** Pad frame -> footprint frame: translate to (x, y), rotate by the pad rotation. */
export function padTransform(r: Rec): Mat {
  return mul(translate(Pad.get(r, 'x'), Pad.get(r, 'y')), rotate(Pad.get(r, 'angle')));
}

/** A pad's copper and hole contours in the footprint frame (mil, Y up). */
export function padGeometry(r: Rec): { copper: Contour[]; hole: Contour[]; holeSize: number } {
  const pd = Pad.parse(r);
  const shape = pd.shape;
  const isPoly = Array.isArray(shape) && shape[0] === 'POLY';
  const m = padTransform(r);
  const copper = isPoly ? padShapeContours(shape) : transformContours(padShapeContours(shape), m);
  const hm = mul(m, mul(translate(pd.holeOffsetX, pd.holeOffsetY), rotate(pd.holeAngle)));
  const hole = transformContours(holeContours(pd.hole), hm);
  // hole ["ROUND" | "SLOT", w, h]: its size is the smaller side
  const [, hw, hh] = Array.isArray(pd.hole) ? pd.hole : [];
  const hs = Array.isArray(pd.hole) ? Math.min(num(hw), num(hh, num(hw))) : 0;
  return { copper, hole, holeSize: hs };
}
