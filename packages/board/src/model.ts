/**
 * The resolved board model: every copper item of a PCB with its net and outline polygon, the holes,
 * pours, keep-out regions, board outline and the stored pour fills, with components placed from their
 * footprints (an embedded FOOTPRINT block `<pcbUuid>_<componentId>`, else the project's .efoo named by
 * the component's Footprint ATTR or its device), bottom-side components mirrored, pad nets from
 * PAD_NET. Pure (no DOM, no Node built-ins): used by pours, DRC and the fabrication outputs.
 * Geometry in clip units (clip.ts: 1 unit = 0.01 mil), board frame, Y up. Records are read by name
 * through @copperplate/format/records.
 */
import { Canvas, Fill, Head, Layer, Line, Pad, PadNet, PcbArc, PcbAttr, PcbComponent, PcbPoly, Pour, Poured, Region, Teardrop, Via } from '@copperplate/format/records';
import { type Mat, apply, isMirroring, matScale, mul, rotate, translate } from './geom.ts';
import { type Contour, circleContour, parsePath, pathListContours, transformContours } from './path.ts';
import { holeContours, holeSize, isPolyPad, padShapeContours } from './shapes.ts';
import { type IBox, type Paths64, type PolyWithHoles, CLIP_SCALE, boxOfPaths, intersect, contoursToPaths, segmentPath, strokeContours, circlePath, flatToPath } from './clip.ts';
import { flattenContour } from './path.ts';
import { type RuleSet, parseRules } from './rules.ts';
import type { Core } from './edges.ts';

type Raw = readonly unknown[];

/** Copper layer ids (FORMAT.md): 1 top, 2 bottom, 15..46 inner; 12 = multi-layer (every copper layer). */
export const TOP = 1, BOTTOM = 2, OUTLINE = 11, MULTI = 12;
export const isCopperLayer = (l: number): boolean => l === TOP || l === BOTTOM || (l >= 15 && l <= 46);

export type ItemKind = 'track' | 'arc' | 'pad' | 'via' | 'fill' | 'teardrop' | 'poly';

/** One copper item on one layer (multi-layer pads and vias: `layer` = 12, on every copper layer). */
export interface CopperItem {
  /** Unique key: the record id, or `componentId/padId` for footprint items. */
  key: string;
  kind: ItemKind;
  net: string;
  layer: number;
  paths: Paths64;
  box: IBox;
  /** Component id of footprint items. */
  owner?: string;
  /** Pads and vias: centre (clip units), rotation (degrees CCW, board frame), pad number. */
  cx?: number;
  cy?: number;
  angle?: number;
  padNumber?: string;
  /** Tracks: the centre line (clip units) and width. */
  seg?: { x1: number; y1: number; x2: number; y2: number; w: number };
  /** Vias: diameter and drill (clip units). Pads: copper extents (clip units). */
  diameter?: number;
  drill?: number;
  /**
   * Exact primitive when the item is one (grown directly, without a polygon offset): a disc (vias,
   * round pads) or a stadium (tracks, oval pads); clip units.
   */
  prim?: { k: 'disc'; cx: number; cy: number; r: number } | { k: 'seg'; x1: number; y1: number; x2: number; y2: number; w: number };
  /** Pads: paths relative to (cx, cy) and a key naming shape, rotation and mirror (offset caches). */
  local?: Paths64;
  shapeKey?: string;
  /** Pads: the exact shape as a grown convex core (RECT, OVAL, round), for DRC distances. */
  core?: Core;
  /** Per-pad thermal override (PAD connectMode/spokes); null = rule. */
  thermal?: { mode: unknown; gap: number | null; width: number | null; angle: number | null };
}

export interface Hole {
  key: string;
  prim?: { k: 'disc'; cx: number; cy: number; r: number };
  net: string;
  plated: boolean;
  paths: Paths64;
  box: IBox;
  cx: number;
  cy: number;
  /** Smaller dimension (clip units). */
  size: number;
  owner?: string;
  kind: 'pad' | 'via';
}

export interface PourDef {
  id: string;
  net: string;
  layer: number;
  name: string;
  /** Fill priority: lower fills first (EasyEDA `order`). */
  order: number;
  outline: Paths64;
  box: IBox;
  /** SOLID, HATCH (?), ... and the hatch pitch/fineness as written. */
  fillType: string;
  fineness: number;
  keepIsland: boolean;
  /** Index of the POUR record in the document (stable order). */
  index: number;
}

export interface KeepOut {
  id: string;
  layer: number;
  /** Prohibit codes (V2 numbers, see Region in @copperplate/format/records) or names (V3 "COPPER", KiCad "COPPERPOUR", ...). */
  prohibit: Array<number | string>;
  paths: Paths64;
  box: IBox;
}

export interface PlacedComponent {
  id: string;
  designator: string;
  bottom: boolean;
  /** Bounding box of its copper and silkscreen (clip units). */
  box: IBox;
  m: Mat;
  /** Its courtyard: the footprint's COMPONENT_SHAPE outlines (layer 48) placed on the board (clip units), when it has them. */
  courtyard?: Paths64;
}

/** Footprint layer of the component shape (courtyard) outline. */
export const COMPONENT_SHAPE = 48;

/** Silkscreen lines and polylines (mil contours and stroke width); `silkPaths` outlines them on demand. */
export interface SilkItem { key: string; layer: number; contours: Contour[]; width: number; owner?: string }

/** Outline of a silkscreen item (clip units). */
export const silkPaths = (s: SilkItem): Paths64 => strokeContours(s.contours, Math.max(s.width, 1));

export interface BoardModel {
  copperLayers: number[];
  items: CopperItem[];
  holes: Hole[];
  pours: PourDef[];
  keepouts: KeepOut[];
  /** The board region (outline rings, cut-outs as holes), even-odd; [] when the board has no outline. */
  outline: Paths64;
  components: PlacedComponent[];
  silk: SilkItem[];
  /** Stored fills (POURED) by pour id: polygons with holes in clip units. */
  stored: Map<string, PolyWithHoles[]>;
  /** Stored thermal spokes (POURED polylines, stroked) by pour id: clip units, from the pad centres. */
  storedSpokes: Map<string, Paths64>;
  rules: RuleSet;
  nets: string[];
  /** Footprint uuids that could not be found. */
  missingFootprints: string[];
}

/** What a board needs: its own records, its embedded footprint blocks, and the project around it. */
export interface BoardSource {
  /** The PCB document's records (DOCTYPE optional). */
  records: readonly Raw[];
  /** Further blocks of the same .epcb (embedded FOOTPRINT blocks). */
  extraBlocks?: ReadonlyArray<{ docType: string; records: readonly Raw[] }>;
  pcbUuid?: string;
  /** Footprint records by footprint uuid (the project's .efoo). */
  footprint?: (uuid: string) => readonly Raw[] | undefined;
  devices?: Record<string, { attributes?: Record<string, unknown> } | undefined>;
  /** POURED records of the project's pour file (.ecop) for this board. */
  poured?: readonly Raw[];
}

/** Component transform, footprint frame -> board frame (mirror y for the bottom side, rotate, translate). */
export function componentMatrix(x: number, y: number, angle: number, bottom: boolean): Mat {
  const m = mul(translate(x, y), rotate(angle));
  return bottom ? mul(m, { a: 1, b: 0, c: 0, d: -1, e: 0, f: 0 }) : m;
}

const flip = (l: number): number => (l === 1 ? 2 : l === 2 ? 1 : l === 3 ? 4 : l === 4 ? 3 : l === 5 ? 6 : l === 6 ? 5 : l);


/** Paths made counter-clockwise (Clipper's positive orientation: offsets grow them), with their box. */
const mk = (paths: Paths64) => {
  for (let i = 0; i < paths.length; i++) if (Clipper.area(paths[i]) < 0) paths[i] = paths[i].slice().reverse();
  return { paths, box: boxOfPaths(paths) };
};
const S = CLIP_SCALE;

/** The id of a PCB record (its second field), as the record modules read it. */
const ID_OF: Record<string, (r: Raw) => string> = {
  LINE: (r) => Line.get(r, 'id'), ARC: (r) => PcbArc.get(r, 'id'), VIA: (r) => Via.get(r, 'id'), PAD: (r) => Pad.get(r, 'id'),
  FILL: (r) => Fill.get(r, 'id'), POLY: (r) => PcbPoly.get(r, 'id'), TEARDROP: (r) => Teardrop.get(r, 'id'), REGION: (r) => Region.get(r, 'id'),
  POUR: (r) => Pour.get(r, 'id'), COMPONENT: (r) => PcbComponent.get(r, 'id'),
};
export const recordId = (r: Raw): string | undefined => ID_OF[String(r[0])]?.(r);

export interface ResolveOptions {
  /**
   * Resolve only these records (top-level primitives, pours and components by id): a partial model of
   * what they add, without outline, stored fills or rules (the in-place update, update.ts, uses it).
   */
  only?: ReadonlySet<string>;
}

/** Resolve a board: see the file header. Never throws on malformed records (they are skipped). */
export function resolveBoard(src: BoardSource, opts: ResolveOptions = {}): BoardModel {
  const recs = src.records;
  const only = opts.only;
  const items: CopperItem[] = [];
  const holes: Hole[] = [];
  const pours: PourDef[] = [];
  const keepouts: KeepOut[] = [];
  const silk: SilkItem[] = [];
  const components: PlacedComponent[] = [];
  const missing = new Set<string>();
  const copper = new Set<number>();
  const nets = new Set<string>();
  const outlineContours: Contour[] = [];
  const outlineWidths: number[] = []; // stroke width (mil) of each outline contour, for chaining
  const courtyards = new Map<string, Paths64>();

  for (const r of recs) {
    if (r[0] === 'LAYER') {
      const id = Layer.get(r, 'id');
      if (isCopperLayer(id) && (Layer.get(r, 'state') & 1)) copper.add(id);
    } else if (r[0] === 'NET') nets.add(String(r[1] ?? ''));
  }
  if (!copper.size) { copper.add(TOP); copper.add(BOTTOM); }

  const embedded = new Map<string, readonly Raw[]>();
  for (const b of src.extraBlocks ?? []) {
    if (b.docType !== 'FOOTPRINT') continue;
    const head = b.records.find((r) => r[0] === 'HEAD');
    const uuid = head ? String((Head.get(head, 'props') as { uuid?: unknown } | null)?.uuid ?? '') : '';
    if (uuid) embedded.set(uuid, b.records);
  }

  // Components, their ATTRs and PAD_NETs.
  const comps = new Map<string, { id: string; x: number; y: number; angle: number; bottom: boolean; fp?: string; device?: string; designator: string; padNets: Map<string, string> }>();
  for (const r of recs) if (r[0] === 'COMPONENT') {
    if (only && !only.has(PcbComponent.get(r, 'id'))) continue;
    const c = PcbComponent.parse(r as unknown[]);
    comps.set(c.id, { id: c.id, x: c.x, y: c.y, angle: c.angle, bottom: c.layer === BOTTOM, designator: '', padNets: new Map() });
  }
  for (const r of recs) {
    if (r[0] === 'ATTR') {
      const c = comps.get(PcbAttr.get(r, 'parentId'));
      if (!c) continue;
      const k = PcbAttr.get(r, 'key'), v = PcbAttr.get(r, 'value');
      if (k === 'Footprint') c.fp = v;
      else if (k === 'Device') c.device = v;
      else if (k === 'Designator') c.designator = v;
    } else if (r[0] === 'PAD_NET') {
      const c = comps.get(PadNet.get(r, 'componentId'));
      const net = PadNet.get(r, 'net');
      if (c && net) c.padNets.set(PadNet.get(r, 'padNumber'), net);
    }
  }

  const addRecord = (r: Raw, m: Mat | undefined, bottom: boolean, owner: string | undefined, padNets: Map<string, string> | undefined, isPcbDoc: boolean) => {
    const t = r[0];
    const place = (cs: Contour[]) => (m ? transformContours(cs, m) : cs);
    const ly = (l: number) => (bottom ? flip(l) : l);
    const key = (id: string) => (owner ? `${owner}/${id}` : id);
    const sc = m ? matScale(m) : 1;
    switch (t) {
      case 'LINE': case 'ARC': {
        const isArc = t === 'ARC';
        const layer = ly(isArc ? PcbArc.get(r, 'layer') : Line.get(r, 'layer'));
        const w = (isArc ? PcbArc.get(r, 'width') : Line.get(r, 'width')) * sc;
        const id = isArc ? PcbArc.get(r, 'id') : Line.get(r, 'id');
        const net = isArc ? PcbArc.get(r, 'net') : Line.get(r, 'net');
        if (layer === OUTLINE && !owner) {
          const c: Contour = isArc
            ? { x0: PcbArc.get(r, 'x1'), y0: PcbArc.get(r, 'y1'), segs: [{ k: 'A', sweep: PcbArc.get(r, 'sweep'), x: PcbArc.get(r, 'x2'), y: PcbArc.get(r, 'y2') }], closed: false }
            : { x0: Line.get(r, 'x1'), y0: Line.get(r, 'y1'), segs: [{ k: 'L', x: Line.get(r, 'x2'), y: Line.get(r, 'y2') }], closed: false };
          outlineContours.push(c);
          outlineWidths[outlineContours.length - 1] = w;
          return;
        }
        if (layer === 3 || layer === 4) {
          const c: Contour = isArc
            ? { x0: PcbArc.get(r, 'x1'), y0: PcbArc.get(r, 'y1'), segs: [{ k: 'A', sweep: PcbArc.get(r, 'sweep'), x: PcbArc.get(r, 'x2'), y: PcbArc.get(r, 'y2') }], closed: false }
            : { x0: Line.get(r, 'x1'), y0: Line.get(r, 'y1'), segs: [{ k: 'L', x: Line.get(r, 'x2'), y: Line.get(r, 'y2') }], closed: false };
          silk.push({ key: key(id), layer, owner, contours: place([c]), width: w });
          return;
        }
        if (!isCopperLayer(layer)) return;
        if (!isArc) {
          let p1 = { x: Line.get(r, 'x1'), y: Line.get(r, 'y1') }, p2 = { x: Line.get(r, 'x2'), y: Line.get(r, 'y2') };
          if (m) { p1 = apply(m, p1.x, p1.y); p2 = apply(m, p2.x, p2.y); }
          const seg = { x1: Math.round(p1.x * S), y1: Math.round(p1.y * S), x2: Math.round(p2.x * S), y2: Math.round(p2.y * S), w: Math.round(w * S) };
          items.push({ key: key(id), kind: 'track', net: owner ? '' : net, layer, owner, seg, prim: { k: 'seg', ...seg }, ...mk([segmentPath(seg.x1, seg.y1, seg.x2, seg.y2, seg.w)]) });
        } else {
          const c: Contour = { x0: PcbArc.get(r, 'x1'), y0: PcbArc.get(r, 'y1'), segs: [{ k: 'A', sweep: PcbArc.get(r, 'sweep'), x: PcbArc.get(r, 'x2'), y: PcbArc.get(r, 'y2') }], closed: false };
          items.push({ key: key(id), kind: 'arc', net: owner ? '' : net, layer, owner, ...mk(strokeContours(place([c]), w)) });
        }
        return;
      }
      case 'VIA': {
        let p = { x: Via.get(r, 'x'), y: Via.get(r, 'y') };
        if (m) p = apply(m, p.x, p.y);
        const cx = Math.round(p.x * S), cy = Math.round(p.y * S);
        const d = Math.round(Via.get(r, 'diameter') * sc * S), drill = Math.round(Via.get(r, 'drill') * sc * S);
        const net = Via.get(r, 'net'), id = key(Via.get(r, 'id'));
        items.push({ key: id, kind: 'via', net, layer: MULTI, owner, cx, cy, diameter: d, drill, prim: { k: 'disc', cx, cy, r: d / 2 }, ...mk([circlePath(cx, cy, d / 2)]) });
        if (drill > 0) holes.push({ key: id, net, plated: true, cx, cy, size: drill, owner, kind: 'via', prim: { k: 'disc', cx, cy, r: drill / 2 }, ...mk([circlePath(cx, cy, drill / 2)]) });
        return;
      }
      case 'PAD': {
        const pd = Pad.parse(r as unknown[]);
        const layer = ly(pd.layer);
        const net = (padNets?.get(pd.number) ?? pd.net) || '';
        const pm = mul(translate(pd.x, pd.y), rotate(pd.angle));
        const shape = pd.shape;
        const isPoly = isPolyPad(shape);
        let cs = isPoly ? padShapeContours(shape) : transformContours(padShapeContours(shape), pm);
        cs = place(cs);
        let c = { x: pd.x, y: pd.y };
        if (m) c = apply(m, c.x, c.y);
        const angle = (m ? rotOf(m) : 0) + (m && isMirroring(m) ? -pd.angle : pd.angle);
        const k = key(pd.id);
        const cx = Math.round(c.x * S), cy = Math.round(c.y * S);
        const th = { mode: pd.connectMode, gap: pd.spokeSpace, width: pd.spokeWidth, angle: pd.spokeAngle };
        if (isCopperLayer(layer) || layer === MULTI) {
          const { paths, local, shapeKey } = padPaths(shape, isPoly, pm, m, cs, cx, cy);
          const core = isPoly ? undefined : padCore(shape, pm, m, cx, cy);
          if (paths.length) items.push({ key: k, kind: 'pad', net, layer, owner, cx, cy, angle, padNumber: pd.number, thermal: th, local, shapeKey, ...(core ? { core } : {}), ...mk(paths) });
        }
        if (Array.isArray(pd.hole)) {
          const hm = mul(pm, mul(translate(pd.holeOffsetX, pd.holeOffsetY), rotate(pd.holeAngle)));
          const hc = place(transformContours(holeContours(pd.hole), hm));
          const hp = contoursToPaths(hc);
          const { w: hw, h: hh } = holeSize(pd.hole);
          // a round hole is an exact disc (grown without a polygon offset)
          let prim: Hole['prim'];
          if (hw === hh && hw > 0) {
            let hc0 = apply(hm, 0, 0);
            if (m) hc0 = apply(m, hc0.x, hc0.y);
            prim = { k: 'disc', cx: Math.round(hc0.x * S), cy: Math.round(hc0.y * S), r: Math.round((hw / 2) * sc * S) };
          }
          if (hp.length) holes.push({ key: k, net, plated: pd.plated, cx, cy, size: Math.round(Math.min(hw, hh) * sc * S), owner, kind: 'pad', prim, ...mk(hp) });
        }
        return;
      }
      case 'FILL': {
        const layer = ly(Fill.get(r, 'layer'));
        const cs = place(pathListContours(Fill.get(r, 'paths'), { sweepDivisor: isPcbDoc && !owner ? 10 : 1 }));
        if (layer === OUTLINE && !owner) { for (const c of cs) outlineWidths[outlineContours.push(c) - 1] = Fill.get(r, 'width'); return; }
        if (!isCopperLayer(layer) && layer !== MULTI) return;
        items.push({ key: key(Fill.get(r, 'id')), kind: 'fill', net: owner ? '' : Fill.get(r, 'net'), layer, owner, ...mk(contoursToPaths(cs)) });
        return;
      }
      case 'POLY': {
        const layer = ly(PcbPoly.get(r, 'layer'));
        const cs = place(parsePath(PcbPoly.get(r, 'path')));
        const w = PcbPoly.get(r, 'width') * sc;
        if (layer === OUTLINE && !owner) { for (const c of cs) outlineWidths[outlineContours.push(c) - 1] = w; return; }
        if (layer === 3 || layer === 4) { silk.push({ key: key(PcbPoly.get(r, 'id')), layer, owner, contours: cs, width: w }); return; }
        if (layer === COMPONENT_SHAPE && owner) {
          const ring = contoursToPaths(cs.map((c) => ({ ...c, closed: true })));
          if (ring.length) courtyards.set(owner, [...(courtyards.get(owner) ?? []), ...ring]);
          return;
        }
        if (!isCopperLayer(layer)) return;
        items.push({ key: key(PcbPoly.get(r, 'id')), kind: 'poly', net: owner ? '' : PcbPoly.get(r, 'net'), layer, owner, ...mk(strokeContours(cs, w)) });
        return;
      }
      case 'TEARDROP': {
        const layer = ly(Teardrop.get(r, 'layer'));
        const cs = place(parsePath(Teardrop.get(r, 'path')).map((c) => ({ ...c, closed: true })));
        items.push({ key: key(Teardrop.get(r, 'id')), kind: 'teardrop', net: Teardrop.get(r, 'net'), layer, owner, ...mk(contoursToPaths(cs)) });
        return;
      }
      case 'REGION': {
        const cs = place(pathListContours(Region.get(r, 'paths')));
        const pr = Region.get(r, 'prohibit');
        keepouts.push({ id: key(Region.get(r, 'id')), layer: ly(Region.get(r, 'layer')), prohibit: Array.isArray(pr) ? pr.map((c) => (typeof c === 'string' && !/^\d+$/.test(c) ? c.toUpperCase() : Number(c))) : [], ...mk(contoursToPaths(cs)) });
        return;
      }
      case 'POUR': {
        if (owner) return;
        const cs = pathListContours(Pour.get(r, 'paths'));
        const pt = Pour.get(r, 'pourType');
        const outline = contoursToPaths(cs);
        pours.push({
          id: Pour.get(r, 'id'), net: Pour.get(r, 'net'), layer: Pour.get(r, 'layer'), name: Pour.get(r, 'name'), order: Pour.get(r, 'order'),
          fillType: Array.isArray(pt) ? String(pt[0]) : 'SOLID', fineness: Array.isArray(pt) ? Number(pt[1]) || 0 : 0,
          keepIsland: Pour.get(r, 'keepIsland'), index: pours.length, outline, box: boxOfPaths(outline),
        });
        return;
      }
      default:
    }
  };

  for (const r of recs) {
    if (only) { const id = recordId(r); if (id === undefined || !only.has(id) || r[0] === 'COMPONENT') continue; }
    addRecord(r, undefined, false, undefined, undefined, true);
  }

  for (const c of comps.values()) {
    let fp = embedded.get(`${src.pcbUuid ?? ''}_${c.id}`);
    if (!fp) {
      let uuid = c.fp;
      if (!uuid && c.device) uuid = String(src.devices?.[c.device]?.attributes?.Footprint ?? '');
      if (uuid) { fp = src.footprint?.(uuid); if (!fp) missing.add(uuid); }
    }
    // the footprint's CANVAS origin is its anchor: that point lands on the component position (0,0 in
    // V2 footprints; V3 ones keep theirs, e.g. Hexapod's B400 at 190,215 mil), as the fabrication outputs place it
    const cv = fp?.find((r) => Canvas.is(r));
    const o = cv ? Canvas.parse(cv) : undefined;
    const m0 = componentMatrix(c.x, c.y, c.angle, c.bottom);
    const m = o && (o.originX || o.originY) ? mul(m0, translate(-o.originX, -o.originY)) : m0;
    const before = items.length, holesBefore = holes.length;
    if (fp) for (const r of fp) if (r[0] !== 'ATTR' && r[0] !== 'POUR') addRecord(r, m, c.bottom, c.id, c.padNets, false);
    let box: IBox = { minX: Infinity, minY: Infinity, maxX: -Infinity, maxY: -Infinity };
    const grow = (b: IBox) => { box = { minX: Math.min(box.minX, b.minX), minY: Math.min(box.minY, b.minY), maxX: Math.max(box.maxX, b.maxX), maxY: Math.max(box.maxY, b.maxY) }; };
    for (let i = before; i < items.length; i++) grow(items[i].box);
    inheritPadNets(items, before);
    // a footprint via's hole has the net its via took (the pours' own-net holes are not knocked out)
    for (let i = holesBefore; i < holes.length; i++) {
      const h = holes[i];
      if (h.net || h.kind !== 'via') continue;
      for (let j = before; j < items.length; j++) if (items[j].key === h.key) { h.net = items[j].net; break; }
    }
    const cy = courtyards.get(c.id);
    components.push({ id: c.id, designator: c.designator, bottom: c.bottom, box, m, ...(cy ? { courtyard: Clipper.union(cy, FillRule.NonZero) } : {}) });
  }

  // Stored fills (POURED in the PCB or the pour file): 10-mil units.
  const { stored, storedSpokes } = storedFills(only ? [] : [...recs, ...(src.poured ?? [])]);

  return {
    copperLayers: [...copper].sort((a, b) => a - b),
    items, holes, pours, keepouts, outline: only ? [] : outlineRegion(outlineContours, outlineWidths), components, silk, stored, storedSpokes,
    rules: parseRules(only ? [] : recs), nets: [...nets], missingFootprints: [...missing],
  };
}

/**
 * Footprint copper without a net of its own (vias, tracks, fills drawn in the footprint) takes the net
 * of a pad of the same footprint it touches, as EasyEDA fills treat it.
 */
function inheritPadNets(items: CopperItem[], from: number): void {
  const pads = [];
  for (let i = from; i < items.length; i++) if (items[i].kind === 'pad' && items[i].net) pads.push(items[i]);
  if (!pads.length) return;
  for (let i = from; i < items.length; i++) {
    const it = items[i];
    if (it.net || it.kind === 'pad') continue;
    const hit = pads.find((p) => (p.layer === it.layer || p.layer === MULTI || it.layer === MULTI) && p.box.minX <= it.box.maxX && it.box.minX <= p.box.maxX && p.box.minY <= it.box.maxY && it.box.minY <= p.box.maxY && intersect(p.paths, it.paths).length > 0);
    if (hit) it.net = hit.net;
  }
}

/** Pad outline paths in the board frame, and (for shapes that repeat) paths relative to the centre. */
const padCache = new Map<string, Paths64>();
function padPaths(shape: unknown, isPoly: boolean, pm: Mat, m: Mat | undefined, cs: Contour[], cx: number, cy: number): { paths: Paths64; local?: Paths64; shapeKey?: string } {
  const full = m ? mul(m, pm) : pm;
  const key = `${JSON.stringify(shape)}|${full.a.toFixed(6)},${full.b.toFixed(6)},${full.c.toFixed(6)},${full.d.toFixed(6)}|${isPoly ? `${full.e.toFixed(3)},${full.f.toFixed(3)}` : ''}`;
  if (isPoly) {
    const paths = contoursToPaths(cs);
    return { paths };
  }
  let local = padCache.get(key);
  if (!local) {
    // Outline at the origin: the same linear part, no translation.
    const lin = { ...full, e: 0, f: 0 };
    local = contoursToPaths(transformContours(padShapeContours(shape), lin));
    for (let i = 0; i < local.length; i++) if (Clipper.area(local[i]) < 0) local[i] = local[i].slice().reverse();
    if (padCache.size > 5000) padCache.clear();
    padCache.set(key, local);
  }
  return { paths: local.map((p) => p.map((q) => ({ x: q.x + cx, y: q.y + cy }))), local, shapeKey: key };
}

/**
 * The exact core of a RECT (rounded or not), OVAL or round pad (edges.ts Core; clip units), for DRC
 * distances; other shapes have none. Same transform as padPaths.
 */
function padCore(shape: unknown, pm: Mat, m: Mat | undefined, cx: number, cy: number): Core | undefined {
  if (!Array.isArray(shape)) return undefined;
  const w = Number(shape[1]), h = shape[2] === undefined || shape[2] === null ? w : Number(shape[2]);
  if (!(w > 0 && h > 0)) return undefined;
  let hx: number, hy: number, r: number;
  if (shape[0] === 'RECT') {
    const pct = Number(shape[3]);
    r = ((Number.isFinite(pct) ? Math.max(0, Math.min(100, pct)) : 0) / 100) * (Math.min(w, h) / 2);
    hx = w / 2 - r; hy = h / 2 - r;
  } else if (shape[0] === 'OVAL' || (shape[0] === 'ELLIPSE' && Math.abs(w - h) < 1e-9)) {
    r = Math.min(w, h) / 2; hx = w / 2 - r; hy = h / 2 - r;
  } else return undefined;
  const full = m ? mul(m, pm) : pm;
  const sc = matScale(full) * S;
  // corner (x, y) of the pad frame, relative to the pad centre, in clip units
  const at = (x: number, y: number, out: number[]) => { out.push(cx + (full.a * x + full.c * y) * S, cy + (full.b * x + full.d * y) * S); };
  const p: number[] = [];
  const e = 1e-9;
  if (hx <= e && hy <= e) at(0, 0, p);
  else if (hx <= e) { at(0, -hy, p); at(0, hy, p); }
  else if (hy <= e) { at(-hx, 0, p); at(hx, 0, p); }
  else { at(-hx, -hy, p); at(hx, -hy, p); at(hx, hy, p); at(-hx, hy, p); }
  return { n: (p.length / 2) as 1 | 2 | 4, p, r: r * sc };
}

function rotOf(m: Mat): number {
  const a = (Math.atan2(m.b, m.a) * 180) / Math.PI;
  return isMirroring(m) ? a - 180 : a;
}

/**
 * Board region from outline contours (mil): closed contours are rings; open pieces are chained end to
 * end into rings. Two ends join when their strokes touch: within half the sum of the two pieces' stroke
 * widths (`widths[i]`, mil; at least 1 mil). Real outlines drawn as separate segments leave gaps of
 * over 1 mil between ends that EasyEDA treats as joined (ChisFlash-MBCX: 1.4 mil under 10-mil strokes).
 * Of the ends in reach the nearest wins, so a stray sliver beside a corner does not break the ring.
 * Rings combine even-odd (a ring inside another is a cut-out).
 */
export function outlineRegion(cs: Contour[], widths: readonly number[] = []): Paths64 {
  const rings: number[][] = [];
  const open: { f: number[]; w: number }[] = [];
  cs.forEach((c, i) => {
    const f = flattenContour(c, 0.05);
    const closed = c.closed || (f.length >= 6 && Math.hypot(f[0] - f[f.length - 2], f[1] - f[f.length - 1]) < 0.5);
    if (closed) rings.push(f);
    else open.push({ f, w: Number.isFinite(widths[i]) ? Math.max(0, widths[i]) : 0 });
  });
  // Chain open pieces: reach between two ends = half the sum of their widths, at least 1 mil.
  const reach = (wa: number, wb: number) => Math.max(1, (wa + wb) / 2);
  while (open.length) {
    const first = open.pop()!;
    let cur = first.f;
    let endW = first.w;
    for (;;) {
      const ex = cur[cur.length - 2], ey = cur[cur.length - 1];
      const closing = cur.length > 4 ? Math.hypot(ex - cur[0], ey - cur[1]) : Infinity;
      let best = -1, bestD = Infinity, bestRev = false;
      for (let i = 0; i < open.length; i++) {
        const { f: p, w } = open[i];
        const r = reach(endW, w);
        const d0 = Math.hypot(ex - p[0], ey - p[1]);
        if (d0 <= r && d0 < bestD) { best = i; bestD = d0; bestRev = false; }
        const d1 = Math.hypot(ex - p[p.length - 2], ey - p[p.length - 1]);
        if (d1 <= r && d1 < bestD) { best = i; bestD = d1; bestRev = true; }
      }
      // the ring closes when its own start is at least as near as any other piece
      if (closing <= reach(endW, first.w) && closing <= bestD) break;
      if (best < 0) break;
      const { f: p, w } = open.splice(best, 1)[0];
      let q = p;
      if (bestRev) {
        q = [];
        for (let k = p.length - 2; k >= 0; k -= 2) q.push(p[k], p[k + 1]);
      }
      cur = cur.concat(q.slice(2));
      endW = w;
    }
    if (cur.length >= 6) rings.push(cur);
  }
  const paths = rings.map((f) => flatToPath(f)).filter((p) => p.length >= 3);
  if (!paths.length) return [];
  // even-odd normalisation into outer rings and holes
  return evenOdd(paths);
}

import { Clipper, FillRule } from '@countertype/clipper2-ts';
const evenOdd = (ps: Paths64): Paths64 => Clipper.union(ps, FillRule.EvenOdd);

/** Circle helper for callers that need a pad-like disc (clip units). */
export const discPaths = (cx: number, cy: number, d: number): Paths64 => [circlePath(cx, cy, d / 2)];
export { circleContour };

/**
 * The stored fills of POURED records (other records ignored): polygons and thermal spokes by pour id,
 * clip units (the records are in 10-mil units). What resolveBoard puts in `stored` and `storedSpokes`;
 * a kept model takes new fills through it without being resolved again.
 */
export function storedFills(records: Iterable<readonly unknown[]>): { stored: Map<string, PolyWithHoles[]>; storedSpokes: Map<string, Paths64> } {
  const stored = new Map<string, PolyWithHoles[]>();
  const storedSpokes = new Map<string, Paths64>();
  for (const r of records) {
    if (r[0] !== 'POURED') continue;
    const pourId = Poured.get(r, 'pourId');
    if (!Poured.get(r, 'isPolygon')) {
      // Thermal spokes: polylines stroked with field 3 (10-mil units), from the pad centre outwards.
      const w = Poured.get(r, 'f3') * 10;
      const sp = strokeContours(pathListContours(Poured.get(r, 'paths'), { scale: 10 }).map((c) => ({ ...c, closed: false })), w);
      if (sp.length) storedSpokes.set(pourId, [...(storedSpokes.get(pourId) ?? []), ...sp]);
      continue;
    }
    const paths = contoursToPaths(pathListContours(Poured.get(r, 'paths'), { scale: 10 }));
    if (!paths.length) continue;
    const list = stored.get(pourId) ?? [];
    list.push({ outer: paths[0], holes: paths.slice(1) });
    stored.set(pourId, list);
  }
  return { stored, storedSpokes };
}
