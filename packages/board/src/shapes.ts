/**
 * Pad and hole shapes of FORMAT.md's PAD record, as contours in the pad's own frame (mil, Y up,
 * centred on the pad, not rotated); ["POLY", path] shapes are given in the footprint frame.
 * Shape arrays: ["RECT", w, h, radius%] | ["ELLIPSE", w, h] | ["OVAL", w, h] | ["NGON", d, n] |
 * ["POLY", path]; holes ["ROUND", w, h] | ["SLOT", w, h].
 */
import { type Contour, type Seg, circleContour, parsePath } from './path.ts';

/** A number field of a record array; null, undefined and non-numeric strings give `dflt`. */
function num(v: unknown, dflt = 0): number {
  if (typeof v === 'number' && Number.isFinite(v)) return v;
  if (typeof v === 'string' && v.trim() !== '' && Number.isFinite(Number(v))) return Number(v);
  return dflt;
}

/** Regular n-gon of circumscribed diameter d, a flat edge at the bottom (Y up). */
function ngon(d: number, n: number): Contour {
  const k = Math.max(3, Math.round(n) || 3);
  const r = d / 2;
  const pts: Seg[] = [];
  const a0 = -Math.PI / 2 + Math.PI / k;
  const p = (i: number) => ({ x: r * Math.cos(a0 + (2 * Math.PI * i) / k), y: r * Math.sin(a0 + (2 * Math.PI * i) / k) });
  const s = p(0);
  for (let i = 1; i <= k; i++) { const q = p(i % k); pts.push({ k: 'L', x: q.x, y: q.y }); }
  return { x0: s.x, y0: s.y, segs: pts, closed: true };
}

/** Ellipse of width w and height h centred on the origin (four cubic Beziers; exact circle when w == h). */
export function ellipseContour(w: number, h: number): Contour {
  if (Math.abs(w - h) < 1e-9) return circleContour(0, 0, w / 2);
  const rx = w / 2, ry = h / 2, k = 0.5522847498;
  return {
    x0: rx, y0: 0, closed: true,
    segs: [
      { k: 'C', x1: rx, y1: ry * k, x2: rx * k, y2: ry, x: 0, y: ry },
      { k: 'C', x1: -rx * k, y1: ry, x2: -rx, y2: ry * k, x: -rx, y: 0 },
      { k: 'C', x1: -rx, y1: -ry * k, x2: -rx * k, y2: -ry, x: 0, y: -ry },
      { k: 'C', x1: rx * k, y1: -ry, x2: rx, y2: -ry * k, x: rx, y: 0 },
    ],
  };
}

/** Stadium (slot) of overall width w and height h centred on the origin. */
export function ovalContour(w: number, h: number): Contour {
  if (Math.abs(w - h) < 1e-9) return circleContour(0, 0, w / 2);
  if (w > h) {
    const r = h / 2, a = w / 2 - r;
    return { x0: -a, y0: -r, closed: true, segs: [{ k: 'L', x: a, y: -r }, { k: 'A', sweep: 180, x: a, y: r }, { k: 'L', x: -a, y: r }, { k: 'A', sweep: 180, x: -a, y: -r }] };
  }
  const r = w / 2, a = h / 2 - r;
  return { x0: r, y0: -a, closed: true, segs: [{ k: 'L', x: r, y: a }, { k: 'A', sweep: 180, x: -r, y: a }, { k: 'L', x: -r, y: -a }, { k: 'A', sweep: 180, x: r, y: -a }] };
}

/**
 * Rectangle w x h centred on the origin with corner radius `radiusPct` percent of half the shorter
 * side (EasyEDA's corner ratio: 100% rounds the short ends fully; its Gerbers of Hexapod draw the
 * 10% pads of 9 x 10 mm and 3 x 4 mm with radii 0.45 and 0.15 mm).
 */
export function roundRectContour(w: number, h: number, radiusPct: number): Contour {
  const r = Math.max(0, Math.min(100, radiusPct)) / 100 * Math.min(w, h) / 2;
  if (r <= 0) return { x0: -w / 2, y0: h / 2, closed: true, segs: [{ k: 'L', x: w / 2, y: h / 2 }, { k: 'L', x: w / 2, y: -h / 2 }, { k: 'L', x: -w / 2, y: -h / 2 }, { k: 'L', x: -w / 2, y: h / 2 }] };
  const x = w / 2, y = h / 2;
  return {
    x0: -x + r, y0: y, closed: true,
    segs: [
      { k: 'L', x: x - r, y }, { k: 'A', sweep: -90, x, y: y - r }, { k: 'L', x, y: -y + r }, { k: 'A', sweep: -90, x: x - r, y: -y },
      { k: 'L', x: -x + r, y: -y }, { k: 'A', sweep: -90, x: -x, y: -y + r }, { k: 'L', x: -x, y: y - r }, { k: 'A', sweep: -90, x: -x + r, y },
    ],
  };
}

export type PadShapeKind = 'RECT' | 'ELLIPSE' | 'OVAL' | 'NGON' | 'POLY';

const SHAPE_KINDS: Record<string, PadShapeKind> = { RECT: 'RECT', ELLIPSE: 'ELLIPSE', OVAL: 'OVAL', NGON: 'NGON', POLY: 'POLY', POLYGON: 'POLY' };

/**
 * A pad shape's kind, or undefined for an unknown shape. V2 files spell the polygon pad "POLY" and
 * sometimes "POLYGON" (FLIP_C3's free module ground pad; the V3 reader maps both to POLY).
 */
export function padShapeKind(shape: unknown): PadShapeKind | undefined {
  return Array.isArray(shape) && typeof shape[0] === 'string' ? SHAPE_KINDS[shape[0]] : undefined;
}

/** True for a polygon pad: its path is given in the footprint frame, not the pad frame. */
export const isPolyPad = (shape: unknown): boolean => padShapeKind(shape) === 'POLY';

/** Contours of a pad shape in the pad frame (POLY: in the footprint frame, see file header). Unknown shapes give []. */
export function padShapeContours(shape: unknown): Contour[] {
  const kind = padShapeKind(shape);
  if (!kind) return [];
  const sh = shape as unknown[];
  const w = num(sh[1]), h = num(sh[2], w);
  switch (kind) {
    case 'RECT': return w > 0 && h > 0 ? [roundRectContour(w, h, num(sh[3]))] : [];
    case 'ELLIPSE': return w > 0 && h > 0 ? [ellipseContour(w, h)] : [];
    case 'OVAL': return w > 0 && h > 0 ? [ovalContour(w, h)] : [];
    case 'NGON': return w > 0 ? [ngon(w, num(sh[2], 6))] : [];
    // one path, or a list of paths (a pad of several rings: islands and holes, nested by the reader)
    case 'POLY': return (Array.isArray(sh[1]) && Array.isArray(sh[1][0]) ? (sh[1] as unknown[]).flatMap((p) => parsePath(p)) : parsePath(sh[1])).map((c) => ({ ...c, closed: true }));
  }
}

/**
 * A pad hole's width and height (mil): ["SLOT", w, h] as stored (a slot when w != h); ["ROUND", w, h]
 * is a round hole of the smaller of the two, as EasyEDA drills it (a "ROUND" hole may keep a stale
 * width after a shape change: ChisFlash-MBC5-MAX's ["ROUND",275.59,260] is drilled 6.604 mm round).
 */
export function holeSize(hole: unknown): { w: number; h: number } {
  if (!Array.isArray(hole) || typeof hole[0] !== 'string') return { w: 0, h: 0 };
  const w = num(hole[1]), h = num(hole[2], w);
  if (String(hole[0]).toUpperCase() === 'ROUND') { const d = Math.min(w, h); return { w: d, h: d }; }
  return { w, h };
}

/** Hole contours in the hole frame: ["ROUND", w, h] (a circle, holeSize), ["SLOT", w, h] (an oval when w != h). */
export function holeContours(hole: unknown): Contour[] {
  const { w, h } = holeSize(hole);
  if (w <= 0 || h <= 0) return [];
  return [ovalContour(w, h)];
}
