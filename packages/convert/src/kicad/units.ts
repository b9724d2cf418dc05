/**
 * Units and frames between KiCad and Copperplate.
 * KiCad: millimetres, Y down, angles in degrees counter-clockwise as seen on screen.
 * Copperplate PCB/footprint: mil (0.001 inch), Y up. Schematic/symbol: 0.01 inch, Y up.
 * A counter-clockwise angle on screen stays the same number in both frames.
 */

const MIL_PER_MM = 1 / 0.0254;
/** Round to 4 decimals (0.1 µm at mil scale): keeps files short, loses nothing KiCad stores (1 nm = 0.00004 mil). */
export function r4(v: number): number {
  return Math.round(v * 10000) / 10000;
}

/** KiCad mm (x) -> mil. */
export function mil(mm: number): number {
  return r4(mm * MIL_PER_MM);
}
/** KiCad mm (y, down) -> mil (y, up). */
export function milY(mm: number): number {
  return r4(-mm * MIL_PER_MM);
}
/** KiCad schematic mm (x) -> 0.01 inch. */
export function sch(mm: number): number {
  return r4(mm / 0.254);
}
/** KiCad schematic mm (y, down) -> 0.01 inch (y, up). */
export function schY(mm: number): number {
  return r4(-mm / 0.254);
}

/** Angle normalised to [0, 360). */
export function normAngle(deg: number): number {
  const a = deg % 360;
  return r4(a < 0 ? a + 360 : a);
}

/**
 * Sweep (degrees, counter-clockwise positive, in a Y-up frame) of the arc from `s` through `m` to `e`
 * (all in the same Y-up frame). 0 for degenerate (collinear) points.
 */
export function arcSweep(sx: number, sy: number, mx: number, my: number, ex: number, ey: number): number {
  const d = 2 * (sx * (my - ey) + mx * (ey - sy) + ex * (sy - my));
  if (Math.abs(d) < 1e-12) return 0;
  const s2 = sx * sx + sy * sy, m2 = mx * mx + my * my, e2 = ex * ex + ey * ey;
  const cx = (s2 * (my - ey) + m2 * (ey - sy) + e2 * (sy - my)) / d;
  const cy = (s2 * (ex - mx) + m2 * (sx - ex) + e2 * (mx - sx)) / d;
  const a0 = Math.atan2(sy - cy, sx - cx);
  const am = Math.atan2(my - cy, mx - cx);
  const a1 = Math.atan2(ey - cy, ex - cx);
  const ccw = (a: number, b: number) => { let x = b - a; while (x < 0) x += 2 * Math.PI; return x; };
  const toEnd = ccw(a0, a1);
  const toMid = ccw(a0, am);
  const sweep = toMid <= toEnd ? toEnd : toEnd - 2 * Math.PI;
  return r4((sweep * 180) / Math.PI);
}

/** Rotate (x, y) by `deg` counter-clockwise (Y-up frame). */
export function rotate(x: number, y: number, deg: number): [number, number] {
  if (deg === 0) return [x, y];
  const a = (deg * Math.PI) / 180;
  const c = Math.cos(a), s = Math.sin(a);
  return [x * c - y * s, x * s + y * c];
}
