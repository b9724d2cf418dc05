/**
 * Where a footprint lands on the board, and the top/bottom layer pairs (moved here from the editor:
 * the painters and the fabrication outputs share them). Frame: board mil, Y up; layer ids are
 * FORMAT.md file ids.
 */
import { type Mat, mul, rotate, translate } from './geom.ts';

/** Mirror about the X axis (y -> -y). */
export const mirrorY: Mat = { a: 1, b: 0, c: 0, d: -1, e: 0, f: 0 };

/**
 * Component transform, footprint frame -> board frame: for bottom-side components first mirror
 * y -> -y (the footprint flipped top to bottom), then rotate by the component angle counter-clockwise,
 * then translate to (x, y). Of the four possible orders this is the one under which the track ends of
 * the fixture boards meet the pads of their bottom-side components (test "[PCB-DRAW] component transform").
 */
export function componentTransform(x: number, y: number, angle: number, bottom: boolean): Mat {
  const m = mul(translate(x, y), rotate(angle));
  return bottom ? mul(m, mirrorY) : m;
}

/** The layer a flip to the other side moves an item to (top <-> bottom pairs; others stay). */
export function flipLayer(id: number): number {
  const pairs: Record<number, number> = { 1: 2, 2: 1, 3: 4, 4: 3, 5: 6, 6: 5, 7: 8, 8: 7, 9: 10, 10: 9, 58: 59, 59: 58 };
  return pairs[id] ?? id;
}

/** True for layers that belong to the bottom side (drawn mirrored when the board is seen from the top). */
export const isBottomSide = (id: number): boolean => id === 2 || id === 4 || id === 6 || id === 8 || id === 10 || id === 59;
