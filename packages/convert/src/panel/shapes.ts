/**
 * Shapes the panel editor draws, as contours in the panel frame (mil): the plate outline (rectangle,
 * rounded rectangle, polygon) and cut-outs and holes (round, rectangular, D-shaped, custom). Written
 * into POLY records as EasyEDA does (`ploys` of "M"/"L"/"A"/"Z" paths), read back by path.ts. Pure.
 */
import { type Contour, type Vertex, contourToPath } from './path.ts';

export type CutoutShape = 'round' | 'rect' | 'd' | 'custom';
export type OutlineShape = 'rect' | 'rounded' | 'polygon';

const v = (x: number, y: number, b = 0): Vertex => ({ x, y, b });
/** bulge of a quarter circle, positive (angle increasing) */
const Q = Math.tan(Math.PI / 8);

/** A circle of diameter d about (cx, cy): two half arcs. */
export function circle(cx: number, cy: number, d: number): Contour {
  const r = d / 2;
  return { closed: true, pts: [v(cx - r, cy, 1), v(cx + r, cy, 1)] };
}

/** A w x h rectangle centred on (cx, cy) with corner radius r (0 = sharp). */
export function roundedRect(cx: number, cy: number, w: number, h: number, r = 0): Contour {
  const x0 = cx - w / 2, y0 = cy - h / 2, x1 = cx + w / 2, y1 = cy + h / 2;
  const rr = Math.max(0, Math.min(r, w / 2, h / 2));
  if (rr === 0) return { closed: true, pts: [v(x0, y0), v(x1, y0), v(x1, y1), v(x0, y1)] };
  return {
    closed: true,
    pts: [
      v(x0 + rr, y0), v(x1 - rr, y0, Q), v(x1, y0 + rr), v(x1, y1 - rr, Q), v(x1 - rr, y1), v(x0 + rr, y1, Q),
      v(x0, y1 - rr), v(x0, y0 + rr, Q),
    ].filter((p, i, a) => i === 0 || p.x !== a[i - 1].x || p.y !== a[i - 1].y),
  };
}

/**
 * A D-shaped hole (a round hole with one flat, as for D-shaft potentiometers and panel-mount
 * connectors): diameter d, the flat at distance `flat` from the centre on the +x side, rotated by
 * `angle` degrees.
 */
export function dShape(cx: number, cy: number, d: number, flat: number, angle = 0): Contour {
  const r = d / 2;
  const f = Math.max(-r * 0.99, Math.min(flat, r * 0.99));
  const h = Math.sqrt(r * r - f * f);
  // from the lower end of the flat, the long way round to the upper end, then the flat back
  const sweep = 2 * Math.PI - 2 * Math.acos(f / r);
  const pts = [v(f, -h, -Math.tan(sweep / 4)), v(f, h)];
  const c = Math.cos((angle * Math.PI) / 180), s = Math.sin((angle * Math.PI) / 180);
  return { closed: true, pts: pts.map((p) => ({ x: cx + p.x * c - p.y * s, y: cy + p.x * s + p.y * c, b: p.b })) };
}

/** A closed polygon through the given points. */
export function polygon(points: readonly { x: number; y: number }[]): Contour {
  return { closed: true, pts: points.map((p) => v(p.x, p.y)) };
}

/** The POLY `ploys` value of contours. */
export const toPloys = (cs: readonly Contour[]): unknown[][] => cs.map(contourToPath);
