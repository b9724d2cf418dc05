/**
 * Record -> primitives for PCB and footprint documents (FORMAT.md "PCB and footprint records").
 * Frame: board (or footprint) mil, Y up. Footprint records inside a component are placed with the
 * component transform (see componentTransform) and their layers flipped for bottom-side components.
 */
import { type Mat, IDENTITY, apply, dist, isMirroring, matScale, mirrorX, mul, rotate, translate } from '@copperplate/board';
import { type Contour, circleContour, contoursBox, parsePath, transformContours } from '@copperplate/board';
import { type Prim, makePrim } from './prims.ts';
import { padGeometry } from './pad.ts';
import { type FontIndex, layoutText } from './text.ts';
import { flipLayer, isBottomSide, L } from './layers.ts';
import { type Rec, num, recType } from '../core/records.ts';
import { Dimension, Fill, Line, Pad, PcbArc, PcbAttr, PcbImage, PcbObj, PcbPoly, PcbString, Pour, Region, Teardrop, Via } from '@copperplate/format/records';

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

/** Moved to @copperplate/board (shared with the fabrication outputs). */
export { componentTransform, mirrorY } from '@copperplate/board';

const place = (cs: Contour[], pl?: Placement) => (pl ? transformContours(cs, pl.m) : cs);
const layerOf = (l: number, pl?: Placement) => (pl?.bottom ? flipLayer(l) : l);

function idOf(id: string, pl?: Placement): { id: string; owner?: string; part?: string } {
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
  const s = pl ? matScale(pl.m) : 1;
  switch (recType(r)) {
    case 'LINE': {
      const t = Line.parse(r);
      const c: Contour = { x0: t.x1, y0: t.y1, segs: [{ k: 'L', x: t.x2, y: t.y2 }], closed: false };
      return [makePrim({ ...idOf(t.id, pl), rec: 'LINE', kind: 'track', layer: layerOf(t.layer, pl), contours: place([c], pl), width: t.width * s, filled: false, net: t.net || undefined })];
    }
    case 'ARC': {
      const a = PcbArc.parse(r);
      const c: Contour = { x0: a.x1, y0: a.y1, segs: [{ k: 'A', sweep: a.sweep, x: a.x2, y: a.y2 }], closed: false };
      return [makePrim({ ...idOf(a.id, pl), rec: 'ARC', kind: 'arc', layer: layerOf(a.layer, pl), contours: place([c], pl), width: a.width * s, filled: false, net: a.net || undefined })];
    }
    case 'VIA': {
      const v = Via.parse(r);
      let p = { x: v.x, y: v.y };
      if (pl) p = apply(pl.m, p.x, p.y);
      const d = v.diameter * s, drill = v.drill * s;
      const net = v.net || undefined;
      const out = [makePrim({ ...idOf(v.id, pl), rec: 'VIA', kind: 'via', layer: L.MULTI, contours: [circleContour(p.x, p.y, d / 2)], width: 0, filled: true, net })];
      if (drill > 0) out.push(makePrim({ ...idOf(v.id, pl), rec: 'VIA', kind: 'hole', layer: L.HOLE, contours: [circleContour(p.x, p.y, drill / 2)], width: 0, filled: true, net }));
      return out;
    }
    case 'PAD': {
      const pd = Pad.parse(r);
      const g = padGeometry(r);
      const layer = layerOf(pd.layer, pl);
      const number = pd.number;
      const net = (pl?.padNets?.get(number) ?? pd.net) || undefined;
      const out = [makePrim({ ...idOf(pd.id, pl), rec: 'PAD', kind: 'pad', layer, contours: place(g.copper, pl), width: 0, filled: true, net, padNumber: number })];
      if (g.hole.length) out.push(makePrim({ ...idOf(pd.id, pl), rec: 'PAD', kind: 'hole', layer: L.HOLE, contours: place(g.hole, pl), width: 0, filled: true, net, padNumber: number }));
      return out;
    }
    case 'POLY': {
      const p = PcbPoly.parse(r);
      const cs = parsePath(p.path);
      if (!cs.length) return [];
      return [makePrim({ ...idOf(p.id, pl), rec: 'POLY', kind: 'poly', layer: layerOf(p.layer, pl), contours: place(cs, pl), width: Math.max(0, p.width) * s, filled: false, net: p.net || undefined })];
    }
    case 'FILL': {
      const f = Fill.parse(r);
      const cs = pathList(f.paths, { sweepDivisor: ctx.isPcb && !pl ? 10 : 1 });
      if (!cs.length) return [];
      return [makePrim({ ...idOf(f.id, pl), rec: 'FILL', kind: 'fill', layer: layerOf(f.layer, pl), contours: place(cs, pl), width: 0, filled: true, net: f.net || undefined })];
    }
    case 'POUR': {
      const p = Pour.parse(r);
      const cs = pathList(p.paths, {});
      if (!cs.length) return [];
      return [makePrim({ ...idOf(p.id, pl), rec: 'POUR', kind: 'pour', layer: layerOf(num(Pour.raw(r, 'layer')), pl), contours: place(cs, pl).map((c) => ({ ...c, closed: true })), width: Math.max(p.width, 2) * s, filled: false, dashed: true, net: p.net || undefined })];
    }
    case 'REGION': {
      const g = Region.parse(r);
      const cs = pathList(g.paths, {});
      if (!cs.length) return [];
      return [makePrim({ ...idOf(g.id, pl), rec: 'REGION', kind: 'region', layer: layerOf(g.layer, pl), contours: place(cs, pl).map((c) => ({ ...c, closed: true })), width: Math.max(g.width, 2) * s, filled: false, dashed: true })];
    }
    case 'TEARDROP': {
      const t = Teardrop.parse(r);
      const cs = parsePath(t.path);
      if (!cs.length) return [];
      return [makePrim({ ...idOf(t.id, pl), rec: 'TEARDROP', kind: 'teardrop', layer: layerOf(t.layer, pl), contours: place(cs, pl).map((c) => ({ ...c, closed: true })), width: 0, filled: true, net: t.net || undefined })];
    }
    case 'STRING': {
      const t = PcbString.parse(r);
      const layer = layerOf(t.layer, pl);
      let x = t.x, y = t.y, angle = t.angle;
      let mirrored = isBottomSide(num(PcbString.raw(r, 'layer'))) !== t.mirror;
      if (pl) {
        const p = apply(pl.m, x, y); x = p.x; y = p.y;
        angle = pl.bottom ? -angle + rotationOf(pl.m) : angle + rotationOf(pl.m);
        if (pl.bottom) mirrored = !mirrored;
      }
      const shape = layoutText({ text: t.text, x, y, height: t.height * s, strokeWidth: t.strokeWidth * s, align: t.origin, angle, mirrored, font: t.font }, ctx.fonts);
      return [textPrim(t.id, pl, 'STRING', layer, shape)];
    }
    case 'DIMENSION': {
      const dm = Dimension.parse(r);
      const pts = Array.isArray(dm.coords) ? (dm.coords as unknown[]).map((v) => num(v)) : [];
      if (pts.length < 4) return [];
      const layer = layerOf(dm.layer, pl);
      const w = Math.max(1, dm.strokeWidth) * s;
      const [x0 = 0, y0 = 0] = pts;
      const c: Contour = { x0, y0, segs: [], closed: false };
      for (let i = 2; i + 1 < pts.length; i += 2) c.segs.push({ k: 'L', x: pts[i], y: pts[i + 1] });
      const placed = place([c], pl);
      // The measured span: the middle segment (points 1 and 2), or the only one.
      const [ax, ay, bx, by] = pts.length >= 8 ? pts.slice(2, 6) : pts.slice(0, 4);
      const len = dist(ax, ay, bx, by);
      const unit = dm.unit;
      const prec = Math.min(4, Math.max(0, Math.round(dm.precision)));
      const value = unit === 'mm' ? len * 0.0254 : unit === 'inch' ? len / 1000 : len;
      let mid = { x: (ax + bx) / 2, y: (ay + by) / 2 };
      if (pl) mid = apply(pl.m, mid.x, mid.y);
      let ang = (Math.atan2(by - ay, bx - ax) * 180) / Math.PI;
      if (ang > 90 || ang <= -90) ang += 180;
      const text = layoutText({ text: `${value.toFixed(prec)}${unit}`, x: mid.x, y: mid.y + w, height: 40 * s, strokeWidth: w, align: 6, angle: ang, mirrored: false, font: 'default' });
      return [makePrim({ ...idOf(dm.id, pl), rec: 'DIMENSION', kind: 'dimension', layer, contours: placed, strokes: text.strokes, width: w, filled: false })];
    }
    case 'IMAGE': {
      const im = PcbImage.parse(r);
      const cs = pathList(im.paths, {});
      if (!cs.length) return [];
      const b = contoursBox(cs);
      const { x, y, width: w, height: h } = im;
      const sx = b.maxX > b.minX ? w / (b.maxX - b.minX) : 1, sy = b.maxY > b.minY ? h / (b.maxY - b.minY) : 1;
      let m = mul(translate(x, y - h), mul({ a: sx, b: 0, c: 0, d: sy, e: 0, f: 0 }, translate(-b.minX, -b.minY)));
      m = mul(mul(translate(x, y), rotate(im.angle)), mul(im.mirror ? mirrorX : IDENTITY, mul(translate(-x, -y), m)));
      if (pl) m = mul(pl.m, m);
      return [makePrim({ ...idOf(im.id, pl), rec: 'IMAGE', kind: 'image', layer: layerOf(im.layer, pl), contours: transformContours(cs, m), width: 0, filled: true })];
    }
    case 'OBJ': {
      const o = PcbObj.parse(r);
      if (typeof o.layer !== 'number') return []; // a schematic-style OBJ
      const { x, y, width: w, height: h } = o;
      const c: Contour = { x0: x, y0: y, segs: [{ k: 'L', x: x + w, y }, { k: 'L', x: x + w, y: y - h }, { k: 'L', x, y: y - h }], closed: true };
      return [makePrim({ ...idOf(o.id, pl), rec: 'OBJ', kind: 'image', layer: layerOf(num(o.layer), pl), contours: place([c], pl), width: 0, filled: false, href: o.content })];
    }
    default:
      return [];
  }
}

/** A visible PCB ATTR (designator etc.) drawn as text: key, value or both as its visibility flags say. */
export function attrPrims(r: Rec, ctx: BuildCtx, pl?: Placement): Prim[] {
  const a = PcbAttr.parse(r);
  // A DIMENSION's label ATTR carries the dimension's own id as id and parent and the raw length (in
  // 10 mil) as value ("210" for 53.340mm on STM32G431-mini): the DIMENSION draws its measured label.
  if (a.parentId === a.id && a.key === '') return [];
  const kv = a.keyVisible, vv = a.valueVisible;
  if ((!kv && !vv) || typeof PcbAttr.raw(r, 'x') !== 'number' || typeof PcbAttr.raw(r, 'y') !== 'number') return [];
  const text = kv && vv ? `${a.key}:${a.value}` : kv ? a.key : a.value;
  if (!text) return [];
  const layer = a.layer;
  // Attribute positions on a board are absolute; inside a standalone footprint they are local.
  const shape = layoutText({ text, x: a.x ?? 0, y: a.y ?? 0, height: a.height, strokeWidth: a.strokeWidth, align: a.origin, angle: a.angle, mirrored: isBottomSide(layer) !== a.mirror, font: a.font }, ctx.fonts);
  void pl;
  return [{ ...textPrim(a.id, undefined, 'ATTR', layer, shape), owner: a.parentId || undefined }];
}

function textPrim(id: string, pl: Placement | undefined, rec: string, layer: number, shape: ReturnType<typeof layoutText>): Prim {
  return {
    ...idOf(id, pl), rec, kind: 'text', layer, contours: shape.fill, strokes: shape.strokes,
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
