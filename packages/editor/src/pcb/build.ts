/**
 * Record -> primitives for PCB and footprint documents (FORMAT.md "PCB and footprint records").
 * Frame: board (or footprint) mil, Y up. Footprint records inside a component are placed with the
 * component transform (see componentTransform) and their layers flipped for bottom-side components.
 */
import { type AttrLookup, type Mat, apply, attrDisplayText, dist, matScale, mul, placeText } from '@copperplate/board';
import { type Contour, circleContour, imageMatrix, parsePath, pathListContours, transformContours } from '@copperplate/board';
import { type Prim, type PrimShape, lazyPrim, makePrim } from './prims.ts';
import { padGeometry, padQuads } from './pad.ts';
import { type FontIndex, layoutText } from './text.ts';
import { flipLayer, L } from './layers.ts';
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

/**
 * A primitive's ids set in place (no object spread: V8 copies a spread-then-extended literal slowly,
 * ~10 us each, which was most of a board's load): inside a footprint the id is the component's and
 * the record's own id is `part`.
 */
function own<T extends { id: string; owner?: string; part?: string }>(p: T, pl?: Placement): T {
  if (pl) { p.part = p.id; p.id = pl.owner; p.owner = pl.owner; }
  return p;
}

/** A pad's copper and hole contours, placed (made when a lazy pad primitive's contours are first read). */
const padCopper = (r: Rec, pl?: Placement) => place(padGeometry(r).copper, pl);
const padHole = (r: Rec, pl?: Placement) => place(padGeometry(r).hole, pl);
/** A track's contour (a lazy track primitive's, made on first read). */
const lineContours = (r: Rec, pl?: Placement) => place([{ x0: Line.get(r, 'x1'), y0: Line.get(r, 'y1'), segs: [{ k: 'L', x: Line.get(r, 'x2'), y: Line.get(r, 'y2') }], closed: false }], pl);
/** A via's or its hole's circle. */
const dotContours = (p: { x: number; y: number }, r: number) => [circleContour(p.x, p.y, r)];

/** Primitives of one record; [] for records that draw nothing. Never throws on malformed records. */
export function primsOf(r: Rec, ctx: BuildCtx, pl?: Placement): Prim[] {
  try {
    return build(r, ctx, pl);
  } catch {
    return [];
  }
}

/**
 * The one-quad shapes build() gives a board-level track, via or pad of one simple shape (not one in
 * a footprint), to `emit` with the layer each is drawn on and whether it is a hole, without making
 * their primitives: what a board's picture draws (view/board-picture.ts; its test checks the pixels
 * equal those of the primitives). False (nothing emitted) for every other record.
 */
export function boardQuads(r: Rec, emit: (layer: number, hole: boolean, shape: PrimShape) => void): boolean {
  const t = recType(r);
  if (t === 'LINE') {
    const width = Line.get(r, 'width');
    emit(Line.get(r, 'layer'), false, { k: 'seg', x1: Line.get(r, 'x1'), y1: Line.get(r, 'y1'), x2: Line.get(r, 'x2'), y2: Line.get(r, 'y2'), hw: width / 2 });
    return true;
  }
  if (t === 'PAD') {
    const q = padQuads(r);
    if (!q) return false;
    emit(Pad.get(r, 'layer'), false, q.copper);
    if (q.hole) emit(L.HOLE, true, q.hole);
    return true;
  }
  if (t === 'VIA') {
    const v = Via.parse(r);
    emit(L.MULTI, false, { k: 'seg', x1: v.x, y1: v.y, x2: v.x, y2: v.y, hw: v.diameter / 2 });
    if (v.drill > 0) emit(L.HOLE, true, { k: 'seg', x1: v.x, y1: v.y, x2: v.x, y2: v.y, hw: v.drill / 2 });
    return true;
  }
  return false;
}

function build(r: Rec, ctx: BuildCtx, pl?: Placement): Prim[] {
  const s = pl ? matScale(pl.m) : 1;
  switch (recType(r)) {
    case 'LINE': {
      // fields one by one (no parsed object): a board has tens of thousands of tracks; the contours
      // are made when first read (lineContours), the track is one object (its shape and box)
      const width = Line.get(r, 'width') * s, net = Line.get(r, 'net') || undefined;
      let x1 = Line.get(r, 'x1'), y1 = Line.get(r, 'y1'), x2 = Line.get(r, 'x2'), y2 = Line.get(r, 'y2');
      if (pl) { const m = pl.m; [x1, y1, x2, y2] = [m.a * x1 + m.c * y1 + m.e, m.b * x1 + m.d * y1 + m.f, m.a * x2 + m.c * y2 + m.e, m.b * x2 + m.d * y2 + m.f]; }
      return [lazyPrim(own({ id: Line.get(r, 'id'), rec: 'LINE', kind: 'track', layer: layerOf(Line.get(r, 'layer'), pl), width, filled: false, net, shape: { k: 'seg', x1, y1, x2, y2, hw: width / 2 } }, pl), lineContours, r, pl)];
    }
    case 'ARC': {
      const a = PcbArc.parse(r);
      const c: Contour = { x0: a.x1, y0: a.y1, segs: [{ k: 'A', sweep: a.sweep, x: a.x2, y: a.y2 }], closed: false };
      return [makePrim(own({ id: a.id, rec: 'ARC', kind: 'arc', layer: layerOf(a.layer, pl), contours: place([c], pl), width: a.width * s, filled: false, net: a.net || undefined }, pl))];
    }
    case 'VIA': {
      const v = Via.parse(r);
      let p = { x: v.x, y: v.y };
      if (pl) p = apply(pl.m, p.x, p.y);
      const d = v.diameter * s, drill = v.drill * s;
      const net = v.net || undefined;
      const dot = (id: string, kind: 'via' | 'hole', layer: number, r: number): Prim => lazyPrim(own({ id, rec: 'VIA', kind, layer, width: 0, filled: true, net, shape: { k: 'seg', x1: p.x, y1: p.y, x2: p.x, y2: p.y, hw: r } }, pl), dotContours, p, r);
      const out: Prim[] = [dot(v.id, 'via', L.MULTI, d / 2)];
      if (drill > 0) out.push(dot(v.id, 'hole', L.HOLE, drill / 2));
      return out;
    }
    case 'PAD': {
      const layer = layerOf(Pad.get(r, 'layer'), pl);
      const number = Pad.get(r, 'number');
      const net = (pl?.padNets?.get(number) ?? Pad.get(r, 'net')) || undefined;
      const id = Pad.get(r, 'id');
      // a pad of one simple shape: its quad is known now, its contours are made when read
      const q = padQuads(r, pl?.m);
      if (q) {
        const out = [lazyPrim(own({ id: id, rec: 'PAD', kind: 'pad', layer, width: 0, filled: true, net, padNumber: number, shape: q.copper }, pl), padCopper, r, pl)];
        if (q.hole) out.push(lazyPrim(own({ id: id, rec: 'PAD', kind: 'hole', layer: L.HOLE, width: 0, filled: true, net, padNumber: number, shape: q.hole }, pl), padHole, r, pl));
        return out;
      }
      const g = padGeometry(r);
      const out = [makePrim(own({ id: id, rec: 'PAD', kind: 'pad', layer, contours: place(g.copper, pl), width: 0, filled: true, net, padNumber: number }, pl))];
      if (g.hole.length) out.push(makePrim(own({ id: id, rec: 'PAD', kind: 'hole', layer: L.HOLE, contours: place(g.hole, pl), width: 0, filled: true, net, padNumber: number }, pl)));
      return out;
    }
    case 'POLY': {
      const p = PcbPoly.parse(r);
      const cs = parsePath(p.path);
      if (!cs.length) return [];
      return [makePrim(own({ id: p.id, rec: 'POLY', kind: 'poly', layer: layerOf(p.layer, pl), contours: place(cs, pl), width: Math.max(0, p.width) * s, filled: false, net: p.net || undefined }, pl))];
    }
    case 'FILL': {
      const f = Fill.parse(r);
      const cs = pathList(f.paths, { sweepDivisor: ctx.isPcb && !pl ? 10 : 1 });
      if (!cs.length) return [];
      return [makePrim(own({ id: f.id, rec: 'FILL', kind: 'fill', layer: layerOf(f.layer, pl), contours: place(cs, pl), width: 0, filled: true, net: f.net || undefined }, pl))];
    }
    case 'POUR': {
      const p = Pour.parse(r);
      const cs = pathList(p.paths, {});
      if (!cs.length) return [];
      return [makePrim(own({ id: p.id, rec: 'POUR', kind: 'pour', layer: layerOf(num(Pour.raw(r, 'layer')), pl), contours: place(cs, pl).map((c) => ({ ...c, closed: true })), width: Math.max(p.width, 2) * s, filled: false, dashed: true, net: p.net || undefined }, pl))];
    }
    case 'REGION': {
      const g = Region.parse(r);
      const cs = pathList(g.paths, {});
      if (!cs.length) return [];
      return [makePrim(own({ id: g.id, rec: 'REGION', kind: 'region', layer: layerOf(g.layer, pl), contours: place(cs, pl).map((c) => ({ ...c, closed: true })), width: Math.max(g.width, 2) * s, filled: false, dashed: true }, pl))];
    }
    case 'TEARDROP': {
      const t = Teardrop.parse(r);
      const cs = parsePath(t.path);
      if (!cs.length) return [];
      return [makePrim(own({ id: t.id, rec: 'TEARDROP', kind: 'teardrop', layer: layerOf(t.layer, pl), contours: place(cs, pl).map((c) => ({ ...c, closed: true })), width: 0, filled: true, net: t.net || undefined }, pl))];
    }
    case 'STRING': {
      const t = PcbString.parse(r);
      const layer = layerOf(t.layer, pl);
      // bottom-layer text is mirrored after its rotation: the fabrication outputs' rule (board placeText)
      const { x, y, angle, mirrored } = placeText({ ...t, layer: num(PcbString.raw(r, 'layer')) }, pl);
      const shape = layoutText({ text: t.text, x, y, height: t.height * s, strokeWidth: t.strokeWidth * s, align: t.origin, angle, mirrored, font: t.font, width: t.glyphWidth === null ? undefined : t.glyphWidth * s, italic: t.italic, bold: t.bold }, ctx.fonts);
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
      return [makePrim(own({ id: dm.id, rec: 'DIMENSION', kind: 'dimension', layer, contours: placed, strokes: text.strokes, width: w, filled: false }, pl))];
    }
    case 'IMAGE': {
      const im = PcbImage.parse(r);
      const cs = pathList(im.paths, {});
      if (!cs.length) return [];
      let m = imageMatrix(im, cs);
      if (pl) m = mul(pl.m, m);
      return [makePrim(own({ id: im.id, rec: 'IMAGE', kind: 'image', layer: layerOf(im.layer, pl), contours: transformContours(cs, m), width: 0, filled: true }, pl))];
    }
    case 'OBJ': {
      const o = PcbObj.parse(r);
      if (typeof o.layer !== 'number') return []; // a schematic-style OBJ
      const { x, y, width: w, height: h } = o;
      const c: Contour = { x0: x, y0: y, segs: [{ k: 'L', x: x + w, y }, { k: 'L', x: x + w, y: y - h }, { k: 'L', x, y: y - h }], closed: true };
      return [makePrim(own({ id: o.id, rec: 'OBJ', kind: 'image', layer: layerOf(num(o.layer), pl), contours: place([c], pl), width: 0, filled: false, href: o.content }, pl))];
    }
    default:
      return [];
  }
}

/** A visible PCB ATTR (designator etc.) drawn as text: key, value or both as its visibility flags say. */
export function attrPrims(r: Rec, ctx: BuildCtx, pl?: Placement, shown?: { lookup?: AttrLookup; titleOf?: (key: string, uuid: string) => string | undefined }): Prim[] {
  const a = PcbAttr.parse(r);
  // A DIMENSION's label ATTR carries the dimension's own id as id and parent and the raw length (in
  // 10 mil) as value ("210" for 53.340mm on STM32G431-mini): the DIMENSION draws its measured label.
  if (a.parentId === a.id && a.key === '') return [];
  const kv = a.keyVisible, vv = a.valueVisible;
  if ((!kv && !vv) || typeof PcbAttr.raw(r, 'x') !== 'number' || typeof PcbAttr.raw(r, 'y') !== 'number') return [];
  // `={Manufacturer Part}` filled from the component, Device/Footprint uuids shown by title (as the fab silkscreen)
  const text = attrDisplayText(a, shown?.lookup, shown?.titleOf);
  if (!text) return [];
  const layer = a.layer;
  // Attribute positions on a board are absolute; inside a standalone footprint they are local.
  const { x, y, angle, mirrored } = placeText({ x: a.x ?? 0, y: a.y ?? 0, angle: a.angle, mirror: a.mirror, layer });
  const shape = layoutText({ text, x, y, height: a.height, strokeWidth: a.strokeWidth, align: a.origin, angle, mirrored, font: a.font }, ctx.fonts);
  void pl;
  return [{ ...textPrim(a.id, undefined, 'ATTR', layer, shape), owner: a.parentId || undefined }];
}

function textPrim(id: string, pl: Placement | undefined, rec: string, layer: number, shape: ReturnType<typeof layoutText>): Prim {
  return own({ id, rec, kind: 'text', layer, contours: shape.fill, strokes: shape.strokes, width: shape.strokeWidth, filled: shape.fill.length > 0, box: shape.box }, pl);
}

/** A list of paths or a single path as closed contours (the board package's pathListContours). */
export const pathList = pathListContours;
