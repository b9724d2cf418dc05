/**
 * Record -> primitives for PCB and footprint documents (FORMAT.md "PCB and footprint records").
 * Frame: board (or footprint) mil, Y up. Footprint records inside a component are placed with the
 * component transform (see componentTransform) and their layers flipped for bottom-side components.
 */
import { type Mat, IDENTITY, apply, dist, isMirroring, matScale, mirrorX, mul, rotate, translate } from './geom.ts';
import { type Contour, circleContour, contoursBox, parsePath, transformContours } from './path.ts';
import { type Prim, makePrim } from './prims.ts';
import { padGeometry } from './pad.ts';
import { type FontIndex, layoutText } from './text.ts';
import { flipLayer, isBottomSide, L } from './layers.ts';
import { type Rec, num, str, bool } from '../core/records.ts';

export interface BuildCtx {
  /** true for documents of type PCB: FILL sweeps are stored x10 there (KiCad's importer). */
  isPcb: boolean;
  fonts?: FontIndex;
}

/** Where a footprint's local frame lands on the board. */
export interface Placement {
  m: Mat;
  /** Bottom-side component: layers are flipped. */
  bottom: boolean;
  owner: string;
  /** pad number -> net (PAD_NET). */
  padNets?: Map<string, string>;
}

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

const place = (cs: Contour[], pl?: Placement) => (pl ? transformContours(cs, pl.m) : cs);
const layerOf = (l: number, pl?: Placement) => (pl?.bottom ? flipLayer(l) : l);

function idOf(r: Rec, pl?: Placement): { id: string; owner?: string; part?: string } {
  const id = str(r[1]);
  return pl ? { id: pl.owner, owner: pl.owner, part: id } : { id };
}

/** Primitives of one record; [] for records that draw nothing. Never throws on malformed records. */
export function primsOf(r: Rec, ctx: BuildCtx, pl?: Placement): Prim[] {
  try {
    return build(r, ctx, pl);
  } catch {
    return [];
  }
}

function build(r: Rec, ctx: BuildCtx, pl?: Placement): Prim[] {
  const t = r[0];
  const s = pl ? matScale(pl.m) : 1;
  switch (t) {
    case 'LINE': {
      const c: Contour = { x0: num(r[5]), y0: num(r[6]), segs: [{ k: 'L', x: num(r[7]), y: num(r[8]) }], closed: false };
      return [makePrim({ ...idOf(r, pl), rec: 'LINE', kind: 'track', layer: layerOf(num(r[4]), pl), contours: place([c], pl), width: num(r[9]) * s, filled: false, net: str(r[3]) || undefined })];
    }
    case 'ARC': {
      const c: Contour = { x0: num(r[5]), y0: num(r[6]), segs: [{ k: 'A', sweep: num(r[9]), x: num(r[7]), y: num(r[8]) }], closed: false };
      return [makePrim({ ...idOf(r, pl), rec: 'ARC', kind: 'arc', layer: layerOf(num(r[4]), pl), contours: place([c], pl), width: num(r[10]) * s, filled: false, net: str(r[3]) || undefined })];
    }
    case 'VIA': {
      let p = { x: num(r[5]), y: num(r[6]) };
      if (pl) p = apply(pl.m, p.x, p.y);
      const d = num(r[8]) * s, drill = num(r[7]) * s;
      const net = str(r[3]) || undefined;
      const out = [makePrim({ ...idOf(r, pl), rec: 'VIA', kind: 'via', layer: L.MULTI, contours: [circleContour(p.x, p.y, d / 2)], width: 0, filled: true, net })];
      if (drill > 0) out.push(makePrim({ ...idOf(r, pl), rec: 'VIA', kind: 'hole', layer: L.HOLE, contours: [circleContour(p.x, p.y, drill / 2)], width: 0, filled: true, net }));
      return out;
    }
    case 'PAD': {
      const g = padGeometry(r);
      const layer = layerOf(num(r[4], 1), pl);
      const number = str(r[5]);
      const net = (pl?.padNets?.get(number) ?? str(r[3])) || undefined;
      const out = [makePrim({ ...idOf(r, pl), rec: 'PAD', kind: 'pad', layer, contours: place(g.copper, pl), width: 0, filled: true, net, padNumber: number })];
      if (g.hole.length) out.push(makePrim({ ...idOf(r, pl), rec: 'PAD', kind: 'hole', layer: L.HOLE, contours: place(g.hole, pl), width: 0, filled: true, net, padNumber: number }));
      return out;
    }
    case 'POLY': {
      const cs = parsePath(r[6]);
      if (!cs.length) return [];
      return [makePrim({ ...idOf(r, pl), rec: 'POLY', kind: 'poly', layer: layerOf(num(r[4]), pl), contours: place(cs, pl), width: Math.max(0, num(r[5])) * s, filled: false, net: str(r[3]) || undefined })];
    }
    case 'FILL': {
      const cs = pathList(r[7], { sweepDivisor: ctx.isPcb && !pl ? 10 : 1 });
      if (!cs.length) return [];
      return [makePrim({ ...idOf(r, pl), rec: 'FILL', kind: 'fill', layer: layerOf(num(r[4]), pl), contours: place(cs, pl), width: 0, filled: true, net: str(r[3]) || undefined })];
    }
    case 'POUR': {
      const cs = pathList(r[8], {});
      if (!cs.length) return [];
      return [makePrim({ ...idOf(r, pl), rec: 'POUR', kind: 'pour', layer: layerOf(num(r[4]), pl), contours: place(cs, pl).map((c) => ({ ...c, closed: true })), width: Math.max(num(r[5]), 2) * s, filled: false, dashed: true, net: str(r[3]) || undefined })];
    }
    case 'REGION': {
      const cs = pathList(r[6], {});
      if (!cs.length) return [];
      return [makePrim({ ...idOf(r, pl), rec: 'REGION', kind: 'region', layer: layerOf(num(r[3]), pl), contours: place(cs, pl).map((c) => ({ ...c, closed: true })), width: Math.max(num(r[4]), 2) * s, filled: false, dashed: true })];
    }
    case 'TEARDROP': {
      const cs = parsePath(r[4]);
      if (!cs.length) return [];
      return [makePrim({ ...idOf(r, pl), rec: 'TEARDROP', kind: 'teardrop', layer: layerOf(num(r[3]), pl), contours: place(cs, pl).map((c) => ({ ...c, closed: true })), width: 0, filled: true, net: str(r[2]) || undefined })];
    }
    case 'STRING': {
      const layer = layerOf(num(r[3], L.TOP_SILK), pl);
      let x = num(r[4]), y = num(r[5]), angle = num(r[13]);
      let mirrored = isBottomSide(num(r[3])) !== bool(r[16]);
      if (pl) {
        const p = apply(pl.m, x, y); x = p.x; y = p.y;
        angle = pl.bottom ? -angle + rotationOf(pl.m) : angle + rotationOf(pl.m);
        if (pl.bottom) mirrored = !mirrored;
      }
      const shape = layoutText({ text: str(r[6]), x, y, height: num(r[8], 40) * s, strokeWidth: num(r[9], 6) * s, align: num(r[12], 3), angle, mirrored, font: str(r[7], 'default') }, ctx.fonts);
      return [textPrim(r, pl, 'STRING', layer, shape)];
    }
    case 'DIMENSION': {
      const pts = Array.isArray(r[8]) ? (r[8] as unknown[]).map((v) => num(v)) : [];
      if (pts.length < 4) return [];
      const layer = layerOf(num(r[3], L.DOCUMENT), pl);
      const w = Math.max(1, num(r[5], 6)) * s;
      const c: Contour = { x0: pts[0], y0: pts[1], segs: [], closed: false };
      for (let i = 2; i + 1 < pts.length; i += 2) c.segs.push({ k: 'L', x: pts[i], y: pts[i + 1] });
      const placed = place([c], pl);
      // The measured span: the middle segment (points 1 and 2), or the only one.
      const [ax, ay, bx, by] = pts.length >= 8 ? [pts[2], pts[3], pts[4], pts[5]] : [pts[0], pts[1], pts[2], pts[3]];
      const len = dist(ax, ay, bx, by);
      const unit = str(r[4], 'mil');
      const prec = Math.min(4, Math.max(0, Math.round(num(r[6], 2))));
      const value = unit === 'mm' ? len * 0.0254 : unit === 'inch' ? len / 1000 : len;
      let mid = { x: (ax + bx) / 2, y: (ay + by) / 2 };
      if (pl) mid = apply(pl.m, mid.x, mid.y);
      let ang = (Math.atan2(by - ay, bx - ax) * 180) / Math.PI;
      if (ang > 90 || ang <= -90) ang += 180;
      const text = layoutText({ text: `${value.toFixed(prec)}${unit}`, x: mid.x, y: mid.y + w, height: 40 * s, strokeWidth: w, align: 6, angle: ang, mirrored: false, font: 'default' });
      return [makePrim({ ...idOf(r, pl), rec: 'DIMENSION', kind: 'dimension', layer, contours: placed, strokes: text.strokes, width: w, filled: false })];
    }
    case 'IMAGE': {
      const cs = pathList(r[10], {});
      if (!cs.length) return [];
      const b = contoursBox(cs);
      const x = num(r[4]), y = num(r[5]), w = num(r[6]), h = num(r[7]);
      const sx = b.maxX > b.minX ? w / (b.maxX - b.minX) : 1, sy = b.maxY > b.minY ? h / (b.maxY - b.minY) : 1;
      let m = mul(translate(x, y - h), mul({ a: sx, b: 0, c: 0, d: sy, e: 0, f: 0 }, translate(-b.minX, -b.minY)));
      m = mul(mul(translate(x, y), rotate(num(r[8]))), mul(bool(r[9]) ? mirrorX : IDENTITY, mul(translate(-x, -y), m)));
      if (pl) m = mul(pl.m, m);
      return [makePrim({ ...idOf(r, pl), rec: 'IMAGE', kind: 'image', layer: layerOf(num(r[3]), pl), contours: transformContours(cs, m), width: 0, filled: true })];
    }
    case 'OBJ': {
      if (typeof r[3] !== 'number') return [];
      const x = num(r[5]), y = num(r[6]), w = num(r[7]), h = num(r[8]);
      const c: Contour = { x0: x, y0: y, segs: [{ k: 'L', x: x + w, y }, { k: 'L', x: x + w, y: y - h }, { k: 'L', x, y: y - h }], closed: true };
      return [makePrim({ ...idOf(r, pl), rec: 'OBJ', kind: 'image', layer: layerOf(num(r[3]), pl), contours: place([c], pl), width: 0, filled: false, href: str(r[11]) })];
    }
    default:
      return [];
  }
}

/** A visible PCB ATTR (designator etc.): `4 layer, 5 x, 6 y, 7 key, 8 value, 9 keyVisible, 10 valueVisible, 11 font, 12 height, 13 stroke, 16 align, 17 angle, 20 mirror`. */
export function attrPrims(r: Rec, ctx: BuildCtx, pl?: Placement): Prim[] {
  const kv = bool(r[9]), vv = bool(r[10]);
  if ((!kv && !vv) || typeof r[5] !== 'number' || typeof r[6] !== 'number') return [];
  const key = str(r[7]), value = str(r[8]);
  const text = kv && vv ? `${key}:${value}` : kv ? key : value;
  if (!text) return [];
  const layer = num(r[4], L.TOP_SILK);
  // Attribute positions on a board are absolute; inside a standalone footprint they are local.
  const shape = layoutText({ text, x: num(r[5]), y: num(r[6]), height: num(r[12], 40), strokeWidth: num(r[13], 6), align: num(r[16], 3), angle: num(r[17]), mirrored: isBottomSide(layer) !== bool(r[20]), font: str(r[11], 'default') }, ctx.fonts);
  void pl;
  return [{ ...textPrim(r, undefined, 'ATTR', layer, shape), owner: str(r[3]) || undefined }];
}

function textPrim(r: Rec, pl: Placement | undefined, rec: string, layer: number, shape: ReturnType<typeof layoutText>): Prim {
  return {
    ...idOf(r, pl), rec, kind: 'text', layer, contours: shape.fill, strokes: shape.strokes,
    width: shape.strokeWidth, filled: shape.fill.length > 0, box: shape.box,
  };
}

/** Rotation angle (degrees CCW) of the linear part of a transform, ignoring a mirror. */
function rotationOf(m: Mat): number {
  const a = (Math.atan2(m.b, m.a) * 180) / Math.PI;
  return isMirroring(m) ? a - 180 : a;
}

/** A list of paths ([[...], [...]]) or a single path; each becomes one or more closed contours. */
export function pathList(v: unknown, opts: { scale?: number; sweepDivisor?: number }): Contour[] {
  if (!Array.isArray(v) || v.length === 0) return [];
  const list = Array.isArray(v[0]) ? (v as unknown[]) : [v];
  const out: Contour[] = [];
  for (const p of list) for (const c of parsePath(p, opts)) out.push({ ...c, closed: true });
  return out;
}
