/**
 * A PCB document and its project context -> the fabrication view of the board: pads, vias, holes,
 * strokes, filled areas and texts per layer, in the board frame (mil, Y up). Components are placed
 * from their footprints (the project's .efoo, or a FOOTPRINT block embedded in the .epcb whose uuid is
 * `<pcbUuid>_<componentId>`), bottom-side components mirrored and their layers flipped; copper pours
 * come from the stored fills (POURED records of the .epcb or the project's .ecop): the board as the
 * designer saw it. Record fields are read by name through @copperplate/format/records.
 * Every problem met (no outline, unknown pad shape, missing footprint...) is listed in `problems`.
 */
import {
  Fill, Layer, Pad, PadNet, PcbArc, PcbAttr, PcbComponent, PcbPoly, PcbString, Line, Poured, Pour, Region, Rule,
  Teardrop, Via, PcbImage, Canvas, Dimension, Head, num, str, type Raw,
} from '@copperplate/format/records';
import {
  type Contour, type Mat, apply, circleContour, holeContours, holeSize, isMirroring, mul, padShapeContours, parsePath,
  rotate, transformContours, translate, componentTransform, arcCenter, flipLayer, contoursBox, emptyBox, unionBox, type Box,
  imageMatrix, pathListContours, padShapeKind,
} from '@copperplate/board';

/** Layer ids (FORMAT.md file ids). */
export const LY = {
  TOP: 1, BOTTOM: 2, TOP_SILK: 3, BOTTOM_SILK: 4, TOP_MASK: 5, BOTTOM_MASK: 6, TOP_PASTE: 7, BOTTOM_PASTE: 8,
  TOP_ASSEMBLY: 9, BOTTOM_ASSEMBLY: 10, OUTLINE: 11, MULTI: 12, DOCUMENT: 13, MECHANICAL: 14, INNER_FIRST: 15,
  HOLE: 47, DRILL_DRAWING: 56,
} as const;
export const isInnerLayer = (l: number): boolean => l >= 15 && l <= 46;
export const isCopperLayer = (l: number): boolean => l === 1 || l === 2 || isInnerLayer(l);

export interface FabPad {
  /** Designator of the owning component ('' for free pads). */
  designator: string;
  componentId: string;
  number: string;
  net: string;
  /** 1 top, 2 bottom, 12 through all copper (after the bottom-side flip). */
  layer: number;
  /** Pad centre, board frame. */
  x: number;
  y: number;
  /** Pad frame -> board frame (translation, rotation, mirror of a bottom-side component). */
  m: Mat;
  /** The raw shape array (["RECT", w, h, r%] ...). */
  shape: unknown;
  /** Copper contours in the board frame (built on first use). */
  readonly copper: Contour[];
  hole?: FabHole;
  /** Solder mask and paste expansion (mil); from the pad, else the board rule. */
  maskTop: number;
  maskBottom: number;
  pasteTop: number;
  pasteBottom: number;
}

export interface FabHole {
  x: number;
  y: number;
  /** Hole width and height (mil); w != h is a slot. */
  w: number;
  h: number;
  /** Direction of the slot's long axis, degrees CCW in the board frame. */
  angle: number;
  plated: boolean;
  kind: 'pth' | 'via' | 'npth';
  net: string;
  designator?: string;
  number?: string;
}

export interface FabVia {
  x: number;
  y: number;
  d: number;
  drill: number;
  net: string;
  /** null = tented (EasyEDA's default for vias: no mask opening unless the via sets an expansion). */
  maskTop: number | null;
  maskBottom: number | null;
  /** Inner copper layers (ids) where the via has no ring (EasyEDA's unusedInnerLayers). */
  unused?: number[];
}

/** A stroked path: tracks, arcs, graphic lines, outline, pour borders. */
export interface FabStroke {
  layer: number;
  c: Contour;
  width: number;
  net: string;
  designator?: string;
  kind: 'track' | 'graphic' | 'outline' | 'pour';
  /** Drawn in clear polarity after the layer's areas (the strokes of reverse stroke-font text). */
  clear?: boolean;
}

/** A filled area: FILL, POURED islands, teardrops, images, TrueType text. */
export interface FabArea {
  layer: number;
  cs: Contour[];
  net: string;
  designator?: string;
  kind: 'fill' | 'pour' | 'teardrop' | 'image' | 'text' | 'keepout';
  /** Contours that are filled (false: keep-out drawn as outline on a document layer). */
}

export interface FabComponent {
  id: string;
  designator: string;
  x: number;
  y: number;
  angle: number;
  bottom: boolean;
  footprintUuid: string;
  footprintName: string;
  deviceUuid: string;
  /** Component ATTRs by key (Value, Manufacturer Part, Supplier Part, Add into BOM, ...). */
  attrs: Map<string, string>;
  /** The schematic part's non-empty attributes (matched by Unique ID), when the project has the schematic. */
  schAttrs?: Map<string, string>;
  /** Bounding box of the placed footprint (pads included), board frame. */
  box: Box;
}

export interface FabBoard {
  name: string;
  pads: FabPad[];
  vias: FabVia[];
  holes: FabHole[];
  strokes: FabStroke[];
  areas: FabArea[];
  components: FabComponent[];
  /** Copper layers in stack order, top first (1, inner..., 2). */
  copperLayers: number[];
  /** Layers that hold something (besides copper). */
  usedLayers: Set<number>;
  /** Board outline box (mil), empty when the board has no outline. */
  outlineBox: Box;
  problems: string[];
  /** Inner plane layers with no stored fill: the whole board outline on the plane's net, other nets cleared by `clearance` (mil). */
  planes: Array<{ layer: number; net: string; outline: Contour; clearance: number }>;
  /** The HEAD record's editorVersion (the EasyEDA Pro that last saved the board: "2.2.39.2", "3.2.148"). */
  editorVersion?: string;
  /** project.json devices (BOM attributes, names). */
  devices?: Record<string, { title?: string; attributes?: Record<string, unknown> } | undefined>;
}

/** What a board needs from its project besides its own records. */
export interface FabProject {
  footprint?: (uuid: string) => readonly Raw[] | undefined;
  footprintName?: (uuid: string) => string | undefined;
  devices?: Record<string, { title?: string; attributes?: Record<string, unknown> } | undefined>;
  /** POURED records of the project's .ecop for this board (10-mil units, as in the .epcb). */
  poured?: readonly Raw[];
  /** FONT records of the board's .efon (glyph outlines of its TrueType text), beside those of the .epcb. */
  fonts?: readonly Raw[];
  /** The board's schematic parts by Unique ID (their non-empty attributes), for the BOM. */
  schematic?: SchematicParts;
}

export interface FabInput {
  name: string;
  pcbUuid?: string;
  /** PCB document records (HEAD/DOCTYPE may be included). */
  records: readonly Raw[];
  /** Further blocks of the .epcb (embedded FOOTPRINT blocks). */
  extraBlocks?: ReadonlyArray<{ docType: string; records: readonly Raw[] }>;
  project?: FabProject;
  /** Pours whose stored fill is stale (filled by Copperplate, changed since): fabOutputs refuses copper outputs. */
  staleFills?: Array<{ id: string; name: string }>;
  /** TrueType faces by family for text in a named font with no stored outlines (the host reads the files: fontSubstitutes). */
  fonts?: TtfLookup;
}

/**
 * Design-rule defaults the outputs need (mil). The rules are found by type (RULE type 9 solder mask,
 * 8 paste; their names vary: "solderMaskExpansion", "Common"...). Solder mask data: pad top/bottom,
 * via top/bottom, test-point pad top/bottom; paste: pad top/bottom, test-point pad top/bottom
 * (falcon-flight: its test points without their own paste expansion get no paste, -1000, as in
 * EasyEDA's Gerbers). Test points are pads of padType 1.
 */
interface Rules { maskTop: number; maskBottom: number; pasteTop: number; pasteBottom: number; tpMaskTop: number; tpMaskBottom: number; tpPasteTop: number; tpPasteBottom: number }

function readRules(records: readonly Raw[]): Rules {
  const out: Rules = { maskTop: 2, maskBottom: 2, pasteTop: 0, pasteBottom: 0, tpMaskTop: 2, tpMaskBottom: 2, tpPasteTop: 0, tpPasteBottom: 0 };
  for (const r of records) {
    if (!Rule.is(r)) continue;
    const rule = Rule.parse(r);
    if (!rule.isDefault || !Array.isArray(rule.data)) continue;
    // Values are stored in mil whatever the display unit in data[0] says.
    const d = rule.data as unknown[];
    if (rule.typeCode === '9' || rule.name === 'solderMaskExpansion') {
      out.maskTop = num(d[1], 2); out.maskBottom = num(d[2], out.maskTop);
      out.tpMaskTop = num(d[5], out.maskTop); out.tpMaskBottom = num(d[6], out.maskBottom);
    }
    if (rule.typeCode === '8' || rule.name === 'pasteMaskExpansion') {
      out.pasteTop = num(d[1], 0); out.pasteBottom = num(d[2], out.pasteTop);
      out.tpPasteTop = num(d[3], out.pasteTop); out.tpPasteBottom = num(d[4], out.pasteBottom);
    }
  }
  return out;
}

/** Build the fabrication view of a board. Never throws on malformed records; problems are listed. */
export function fabBoard(input: FabInput): FabBoard {
  const problems: string[] = [];
  const recs = input.records;
  const rules = readRules(recs);
  fonts = indexFontRecords([...(input.project?.fonts ?? []), ...recs]);
  ttf = input.fonts;
  dimLabels = dimensionLabels(recs);
  const b: FabBoard = {
    name: input.name, pads: [], vias: [], holes: [], strokes: [], areas: [], components: [], copperLayers: [LY.TOP, LY.BOTTOM],
    usedLayers: new Set(), outlineBox: emptyBox(), problems, devices: input.project?.devices, planes: [],
  };
  const head = recs.find((r) => Head.is(r));
  const ver = head ? Head.parse(head).props?.editorVersion : undefined;
  if (typeof ver === 'string' || typeof ver === 'number') b.editorVersion = String(ver);

  // Layer stack: inner copper layers that the LAYER records mark as used.
  const inner: number[] = [];
  for (const r of recs) if (Layer.is(r)) { const l = Layer.parse(r); if (isInnerLayer(l.id) && (l.state & 1)) inner.push(l.id); }
  inner.sort((a, c) => a - c);
  b.copperLayers = [LY.TOP, ...inner, LY.BOTTOM];

  // Embedded footprints and components.
  const embedded = new Map<string, readonly Raw[]>();
  for (const blk of input.extraBlocks ?? []) {
    if (blk.docType !== 'FOOTPRINT') continue;
    const head = blk.records.find((r) => r[0] === 'HEAD');
    const uuid = head && typeof head[1] === 'object' && head[1] ? str((head[1] as Record<string, unknown>).uuid) : '';
    if (uuid) embedded.set(uuid, blk.records);
  }
  const comps = new Map<string, FabComponent & { padNets: Map<string, string> }>();
  for (const r of recs) {
    if (!PcbComponent.is(r)) continue;
    const c = PcbComponent.parse(r);
    // The COMPONENT's own attribute object holds what the designer set on the part (synced from the
    // schematic: Name, Manufacturer, an emptied Supplier Part...); ATTR records override it.
    const attrs = new Map<string, string>();
    if (c.attrs && typeof c.attrs === 'object') for (const [k, v] of Object.entries(c.attrs)) if (typeof v === 'string' || typeof v === 'number') attrs.set(k, String(v));
    comps.set(c.id, { id: c.id, designator: '', x: c.x, y: c.y, angle: c.angle, bottom: c.layer === 2, footprintUuid: '', footprintName: '', deviceUuid: '', attrs, box: emptyBox(), padNets: new Map() });
  }
  const attrRecs: Raw[] = [];
  for (const r of recs) {
    if (PcbAttr.is(r)) {
      const a = PcbAttr.parse(r);
      const c = comps.get(a.parentId);
      if (c) {
        c.attrs.set(a.key, a.value);
        if (a.key === 'Footprint') c.footprintUuid = a.value;
        else if (a.key === 'Device') c.deviceUuid = a.value;
        else if (a.key === 'Designator') c.designator = a.value;
      }
      attrRecs.push(r);
    } else if (PadNet.is(r)) {
      const p = PadNet.parse(r);
      const c = comps.get(p.componentId);
      if (c && p.net) c.padNets.set(p.padNumber, p.net);
    }
  }

  const pours = new Map<string, { layer: number; net: string; width: number }>();
  for (const r of recs) if (Pour.is(r)) {
    const p = Pour.parse(r);
    const t = Array.isArray(p.pourType) ? num((p.pourType as unknown[])[1], p.width) : p.width;
    pours.set(p.id, { layer: p.layer, net: p.net, width: t });
  }

  // Board records.
  for (const r of recs) addRecord(b, r, rules, undefined, true);
  for (const r of input.project?.poured ?? []) addPoured(b, r, pours, 10);
  for (const r of recs) if (Poured.is(r)) addPoured(b, r, pours, 10);

  // Components from their footprints.
  for (const c of comps.values()) {
    if (!c.footprintUuid && c.deviceUuid) c.footprintUuid = str(input.project?.devices?.[c.deviceUuid]?.attributes?.Footprint);
    // A board-embedded footprint has no title of its own: the device's footprint names it (Hexapod's U700).
    const devFp = str(input.project?.devices?.[c.deviceUuid]?.attributes?.Footprint);
    const uid = c.attrs.get('Unique ID');
    if (uid) c.schAttrs = input.project?.schematic?.get(uid);
    c.footprintName = input.project?.footprintName?.(c.footprintUuid) || (devFp ? input.project?.footprintName?.(devFp) : undefined) || '';
    const fp = embedded.get(`${input.pcbUuid ?? ''}_${c.id}`) ?? (c.footprintUuid ? input.project?.footprint?.(c.footprintUuid) : undefined);
    const label = c.designator || c.id;
    if (!fp) {
      problems.push(c.footprintUuid ? `component ${label}: footprint ${c.footprintUuid} not found (its pads, holes and drawing are missing from the outputs)` : `component ${label}: no footprint`);
      continue;
    }
    // The footprint's CANVAS origin is its anchor: that point lands on the component position
    // (0,0 in every V2 fixture; V3 footprints keep theirs, e.g. Hexapod's B400 at 190,215 mil).
    const cv = fp.find((r) => Canvas.is(r));
    const o = cv ? Canvas.parse(cv) : undefined;
    const m = componentTransform(c.x, c.y, c.angle, c.bottom);
    const pl: Placement = { m: o && (o.originX || o.originY) ? mul(m, translate(-o.originX, -o.originY)) : m, bottom: c.bottom, designator: c.designator, componentId: c.id, padNets: c.padNets };
    const before = { pads: b.pads.length, strokes: b.strokes.length };
    for (const r of fp) if (!PcbAttr.is(r)) addRecord(b, r, rules, pl, false);
    const box = emptyBox();
    for (let i = before.pads; i < b.pads.length; i++) contoursBox(b.pads[i].copper, 0, box);
    for (let i = before.strokes; i < b.strokes.length; i++) contoursBox([b.strokes[i].c], b.strokes[i].width / 2, box);
    c.box = box;
    b.components.push(c);
  }
  // Visible component attributes (designators...) are drawn where they are on the board.
  for (const r of attrRecs) addAttrText(b, r, comps, input.project);

  for (const s of b.strokes) if (s.layer === LY.OUTLINE) b.outlineBox = unionBox(b.outlineBox, contoursBox([s.c]));
  if (b.outlineBox.minX > b.outlineBox.maxX) problems.push('the board has no outline (layer Board Outline is empty): the board house cannot know its shape');
  addPlanes(b, recs);
  moveToCanvasOrigin(b, recs);
  for (const s of b.strokes) b.usedLayers.add(s.layer);
  for (const a of b.areas) b.usedLayers.add(a.layer);
  for (const p of b.pads) b.usedLayers.add(p.layer);
  return b;
}

/**
 * Inner PLANE layers (LAYER type PLANE, named after their net) that hold no stored fill: EasyEDA
 * fills the board outline with the plane's net and clears every pad and via of another net by the
 * innerPlane rule's clearance (10 mil by default).
 */
function addPlanes(b: FabBoard, recs: readonly Raw[]): void {
  const nets = new Set<string>();
  let clearance = 10;
  for (const r of recs) {
    if (r[0] === 'NET') nets.add(str(r[1]));
    if (Rule.is(r)) { const rule = Rule.parse(r); if (rule.isDefault && rule.name === 'innerPlane' && Array.isArray(rule.data)) clearance = num((rule.data as unknown[])[1], 10); }
  }
  // The outline: the largest closed contour on the outline layer.
  let outline: Contour | undefined, best = 0;
  for (const s of b.strokes) {
    if (s.layer !== LY.OUTLINE) continue;
    const last = s.c.segs[s.c.segs.length - 1];
    const closed = s.c.closed || (last && Math.hypot(last.x - s.c.x0, last.y - s.c.y0) < 1e-3);
    if (!closed) continue;
    const bx = contoursBox([s.c]);
    const area = (bx.maxX - bx.minX) * (bx.maxY - bx.minY);
    if (area > best) { best = area; outline = { ...s.c, closed: true }; }
  }
  if (!outline) return;
  for (const r of recs) {
    if (!Layer.is(r)) continue;
    const l = Layer.parse(r);
    if (l.type !== 'PLANE' || !isInnerLayer(l.id) || !(l.state & 1) || !nets.has(l.name)) continue;
    if (b.areas.some((a) => a.layer === l.id)) continue;
    b.planes.push({ layer: l.id, net: l.name, outline, clearance });
  }
}

interface Placement { m: Mat; bottom: boolean; designator: string; componentId: string; padNets: Map<string, string> }

const placeCs = (cs: Contour[], pl?: Placement): Contour[] => (pl ? transformContours(cs, pl.m) : cs);
const layerOf = (l: number, pl?: Placement): number => (pl?.bottom ? flipLayer(l) : l);
const scaleOf = (m: Mat): number => Math.sqrt(Math.abs(m.a * m.d - m.b * m.c));

function addRecord(b: FabBoard, r: Raw, rules: Rules, pl: Placement | undefined, isPcbDoc: boolean): void {
  const des = pl?.designator;
  switch (r[0]) {
    case 'LINE': {
      const t = Line.parse(r);
      const c: Contour = { x0: t.x1, y0: t.y1, segs: [{ k: 'L', x: t.x2, y: t.y2 }], closed: false };
      pushStroke(b, layerOf(t.layer, pl), placeCs([c], pl)[0], t.width, t.net, des);
      return;
    }
    case 'ARC': {
      const t = PcbArc.parse(r);
      const c: Contour = { x0: t.x1, y0: t.y1, segs: [{ k: 'A', sweep: t.sweep, x: t.x2, y: t.y2 }], closed: false };
      pushStroke(b, layerOf(t.layer, pl), placeCs([c], pl)[0], t.width, t.net, des);
      return;
    }
    case 'POLY': {
      const t = PcbPoly.parse(r);
      for (const c of placeCs(parsePath(t.path), pl)) pushStroke(b, layerOf(t.layer, pl), c, t.width, t.net, des);
      return;
    }
    case 'FILL': {
      const t = Fill.parse(r);
      const cs = pathListContours(t.paths, { sweepDivisor: isPcbDoc ? 10 : 1 });
      if (!cs.length) return;
      const layer = layerOf(t.layer, pl);
      if (layer === LY.MULTI) { addMultiFill(b, placeCs(cs, pl), pl); return; }
      if (layer === LY.OUTLINE) { for (const c of placeCs(cs, pl)) pushStroke(b, layer, c, t.width, t.net, des); return; }
      b.areas.push({ layer, cs: placeCs(cs, pl), net: t.net, designator: des, kind: 'fill' });
      return;
    }
    case 'TEARDROP': {
      const t = Teardrop.parse(r);
      const cs = parsePath(t.path).map((c) => ({ ...c, closed: true }));
      if (cs.length) b.areas.push({ layer: layerOf(t.layer, pl), cs: placeCs(cs, pl), net: t.net, kind: 'teardrop' });
      return;
    }
    // REGION (keep-outs, constraint regions) is a design rule, not an object: EasyEDA's Gerbers leave
    // it out (falcon-flight's two keep-out circles, ESP32-MPU6050's antenna keep-out).
    case 'VIA': {
      const t = Via.parse(r);
      const p = pl ? apply(pl.m, t.x, t.y) : { x: t.x, y: t.y };
      const unused = Array.isArray(t.unusedInnerLayers) ? (t.unusedInnerLayers as unknown[]).map((l) => num(l)).filter((l) => isInnerLayer(l)) : [];
      b.vias.push({ x: p.x, y: p.y, d: t.diameter, drill: t.drill, net: t.net, maskTop: t.topMaskExpansion, maskBottom: t.bottomMaskExpansion, ...(unused.length ? { unused } : {}) });
      if (t.drill > 0) b.holes.push({ x: p.x, y: p.y, w: t.drill, h: t.drill, angle: 0, plated: true, kind: 'via', net: t.net });
      return;
    }
    case 'PAD': addPad(b, r, rules, pl); return;
    case 'DIMENSION': {
      if (pl) return; // board-level only
      const d = drawDimension(r, dimLabels?.get(Dimension.parse(r).id));
      if (d) for (const pts of d.lines) b.strokes.push({ layer: d.layer, c: polyline(pts), width: d.width, net: '', kind: 'graphic' });
      return;
    }
    case 'STRING': addString(b, r, pl); return;
    case 'IMAGE': {
      const t = PcbImage.parse(r);
      const cs = pathListContours(t.paths);
      if (!cs.length) return;
      let m = imageMatrix(t, cs);
      if (pl) m = mul(pl.m, m);
      b.areas.push({ layer: layerOf(t.layer, pl), cs: transformContours(cs, m), net: '', designator: des, kind: 'image' });
      return;
    }
    default:
  }
}

/**
 * A FILL on the multi-layer is a hole through the board (EasyEDA Pro draws mounting and locating holes
 * this way): a circle becomes a non-plated drill hit, a stadium a non-plated slot; any other shape is
 * a cut-out, drawn on the board outline layer.
 */
function addMultiFill(b: FabBoard, cs: Contour[], pl?: Placement): void {
  for (const c of cs) {
    const hole = roundOrSlot(c);
    if (hole) b.holes.push({ ...hole, plated: false, kind: 'npth', net: '', designator: pl?.designator });
    else b.strokes.push({ layer: LY.OUTLINE, c, width: 0, net: '', designator: pl?.designator, kind: 'outline' });
  }
}

/**
 * A circle (arcs about one centre) or a stadium (two half-circles joined by two lines) at any angle ->
 * the hole: centre, length along its axis (w), width (h), the axis direction. Anything else: undefined.
 */
function roundOrSlot(c: Contour): Pick<FabHole, 'x' | 'y' | 'w' | 'h' | 'angle'> | undefined {
  const arcs: Array<{ x: number; y: number; r: number }> = [];
  let lines = 0, px = c.x0, py = c.y0;
  for (const s of c.segs) {
    if (s.k === 'A') {
      if (s.sweep === 0) return undefined;
      const o = arcCenter(px, py, s.x, s.y, s.sweep);
      arcs.push({ x: o.x, y: o.y, r: Math.hypot(px - o.x, py - o.y) });
    } else if (s.k === 'L') { if (Math.hypot(s.x - px, s.y - py) > 1e-6) lines++; } else return undefined;
    px = s.x; py = s.y;
  }
  if (!arcs.length || lines > 2 || arcs.some((a) => Math.abs(a.r - arcs[0].r) > 1e-3 * Math.max(1, arcs[0].r))) return undefined;
  // Arc centres: one point (a circle) or two (the ends of a slot).
  const ends: Array<{ x: number; y: number }> = [];
  for (const a of arcs) if (!ends.some((e) => Math.hypot(e.x - a.x, e.y - a.y) < 1e-3)) ends.push(a);
  const r = arcs[0].r;
  if (ends.length === 1 && lines === 0) return { x: ends[0].x, y: ends[0].y, w: 2 * r, h: 2 * r, angle: 0 };
  if (ends.length !== 2 || lines !== 2) return undefined;
  const [e0, e1] = ends, len = Math.hypot(e1.x - e0.x, e1.y - e0.y);
  return { x: (e0.x + e1.x) / 2, y: (e0.y + e1.y) / 2, w: len + 2 * r, h: 2 * r, angle: (Math.atan2(e1.y - e0.y, e1.x - e0.x) * 180) / Math.PI };
}

function pushStroke(b: FabBoard, layer: number, c: Contour, width: number, net: string, designator?: string): void {
  const kind: FabStroke['kind'] = layer === LY.OUTLINE ? 'outline' : isCopperLayer(layer) && net ? 'track' : isCopperLayer(layer) ? 'track' : 'graphic';
  b.strokes.push({ layer, c, width: Math.max(0, width), net, designator, kind });
}

/**
 * A placed pad. Its copper contours are built on first use (the component box, a pad drawn as a
 * region, the netlist): the Gerber writer flashes most pads from `shape` and `m` alone, and a board
 * of 100k pads kept ~25 MB of contours alive through the whole export for nothing (bench fab).
 */
class PlacedPad implements FabPad {
  hole?: FabHole;
  private contours?: Contour[];
  constructor(
    readonly designator: string, readonly componentId: string, readonly number: string, readonly net: string,
    readonly layer: number, readonly x: number, readonly y: number, readonly m: Mat, readonly shape: unknown,
    readonly maskTop: number, readonly maskBottom: number, readonly pasteTop: number, readonly pasteBottom: number,
    /** false: unknown shape (no copper). A POLY pad's contours are given (stored in the footprint frame: placed by the component only). */
    private readonly known: boolean, contours?: Contour[],
  ) { this.contours = contours; }

  get copper(): Contour[] {
    return (this.contours ??= this.known ? transformContours(padShapeContours(this.shape), this.m) : []);
  }

  /** The pad moved by (dx, dy) (a new pad: the fields are read-only); its hole object is kept (moved with the board's holes). */
  moved(dx: number, dy: number): PlacedPad {
    const t = translate(dx, dy);
    const p = new PlacedPad(this.designator, this.componentId, this.number, this.net, this.layer, this.x + dx, this.y + dy, mul(t, this.m), this.shape,
      this.maskTop, this.maskBottom, this.pasteTop, this.pasteBottom, this.known, this.contours && transformContours(this.contours, t));
    p.hole = this.hole;
    return p;
  }
}

/**
 * EasyEDA writes every fabrication output in the frame of the PCB's CANVAS origin (the origin the
 * designer set in the editor): the board moved by minus that origin. ChisFlash-MBCX (moribaka) sets
 * it at (59.38, -204.05) mil, and its Gerbers, drill and positions are that far from the board frame;
 * 0,0 in every fixture board.
 */
function moveToCanvasOrigin(b: FabBoard, recs: readonly Raw[]): void {
  const cv = recs.find((r) => Canvas.is(r));
  const o = cv ? Canvas.parse(cv) : undefined;
  const dx = -(o?.originX ?? 0), dy = -(o?.originY ?? 0);
  if (!dx && !dy || !Number.isFinite(dx) || !Number.isFinite(dy)) return;
  const t = translate(dx, dy);
  const moveBox = (bx: Box): Box => (bx.minX <= bx.maxX ? { minX: bx.minX + dx, minY: bx.minY + dy, maxX: bx.maxX + dx, maxY: bx.maxY + dy } : bx);
  b.pads = b.pads.map((p) => (p instanceof PlacedPad ? p.moved(dx, dy) : p));
  for (const h of b.holes) { h.x += dx; h.y += dy; }
  for (const v of b.vias) { v.x += dx; v.y += dy; }
  for (const s of b.strokes) s.c = transformContours([s.c], t)[0];
  for (const a of b.areas) a.cs = transformContours(a.cs, t);
  for (const c of b.components) { c.x += dx; c.y += dy; c.box = moveBox(c.box); }
  for (const p of b.planes) p.outline = transformContours([p.outline], t)[0];
  b.outlineBox = moveBox(b.outlineBox);
}

function addPad(b: FabBoard, r: Raw, rules: Rules, pl?: Placement): void {
  const p = Pad.parse(r);
  const padM = mul(translate(p.x, p.y), rotate(p.angle));
  const m = pl ? mul(pl.m, padM) : padM;
  const kind = padShapeKind(p.shape);
  if (!kind) {
    const where = pl ? `${pl.designator || pl.componentId} pad ${p.number}` : `pad ${p.id}`;
    const shapeName = Array.isArray(p.shape) ? str((p.shape as unknown[])[0]) : '';
    b.problems.push(`${where}: unknown pad shape ${JSON.stringify(shapeName || p.shape)} (pad left out of copper, mask and paste)`);
  }
  const layer = layerOf(p.layer, pl);
  const net = (pl?.padNets.get(p.number) ?? p.net) || '';
  const c = apply(m, 0, 0);
  const tp = p.padType === 1; // a test point: its own rule values
  const pad = new PlacedPad(
    pl?.designator ?? '', pl?.componentId ?? '', p.number, net, layer, c.x, c.y, m, p.shape,
    (pl?.bottom ? p.bottomMaskExpansion : p.topMaskExpansion) ?? (tp ? rules.tpMaskTop : rules.maskTop),
    (pl?.bottom ? p.topMaskExpansion : p.bottomMaskExpansion) ?? (tp ? rules.tpMaskBottom : rules.maskBottom),
    // A paste expansion of -1000 or less means "no paste opening" in EasyEDA's rules.
    (pl?.bottom ? p.bottomPasteExpansion : p.topPasteExpansion) ?? (tp ? rules.tpPasteTop : rules.pasteTop),
    (pl?.bottom ? p.topPasteExpansion : p.bottomPasteExpansion) ?? (tp ? rules.tpPasteBottom : rules.pasteBottom),
    !!kind, kind === 'POLY' ? placeCs(padShapeContours(p.shape), pl) : undefined,
  );
  if (Array.isArray(p.hole) && holeContours(p.hole).length) {
    const { w: hw, h: hh } = holeSize(p.hole);
    const hm = mul(m, mul(translate(p.holeOffsetX, p.holeOffsetY), rotate(p.holeAngle)));
    const hc = apply(hm, 0, 0);
    const ax = apply(hm, 1, 0);
    const angle = (Math.atan2(ax.y - hc.y, ax.x - hc.x) * 180) / Math.PI;
    pad.hole = { x: hc.x, y: hc.y, w: hw * scaleOf(m), h: hh * scaleOf(m), angle, plated: p.plated, kind: p.plated ? 'pth' : 'npth', net, designator: pad.designator, number: p.number };
    b.holes.push(pad.hole);
  }
  b.pads.push(pad);
}

function addPoured(b: FabBoard, r: Raw, pours: Map<string, { layer: number; net: string; width: number }>, scale: number): void {
  const t = Poured.parse(r);
  const pour = pours.get(t.pourId);
  if (!pour) return;
  const cs = pathListContours(t.paths, { scale });
  if (!cs.length) return;
  if (t.isPolygon) {
    b.areas.push({ layer: pour.layer, cs, net: pour.net, kind: 'pour' });
    // EasyEDA stores the fill shrunk by half the pour line width and strokes its borders with it
    // (a pen of 0, e.g. fills imported from KiCad 6+, draws nothing: a zero-size aperture is a hairline to viewers).
    if (pour.width > 0) for (const c of cs) b.strokes.push({ layer: pour.layer, c, width: pour.width, net: pour.net, kind: 'pour' });
  } else {
    for (const c of cs) b.strokes.push({ layer: pour.layer, c: { ...c, closed: false }, width: pour.width, net: pour.net, kind: 'pour' });
  }
}

// ---- text (stroke font or stored TrueType outlines) ----
import { attrDisplayText, layoutText, indexFontRecords, pcbComponentLookup, placeText, type FontIndex, type TtfLookup } from '@copperplate/board';
import { dimensionLabels, drawDimension, polyline } from './dimension.ts';
import type { SchematicParts } from './schematic-attrs.ts';

/** FONT records (stored TrueType outlines) of the board being built; set at the start of fabBoard. */
let fonts: FontIndex | undefined;
/** TrueType faces of the board being built (FabInput.fonts). */
let ttf: TtfLookup | undefined;
/** Dimension label ATTRs of the board being built (drawn by their DIMENSION, not as attributes). */
let dimLabels: Map<string, Raw> | undefined;

function addString(b: FabBoard, r: Raw, pl?: Placement): void {
  const t = PcbString.parse(r);
  const layer = layerOf(t.layer, pl);
  // bottom-layer text is mirrored after its rotation (board placeText, the painters' rule too)
  const { x, y, angle, mirrored } = placeText(t, pl);
  const s = layoutText({ text: t.text, x, y, height: t.height, strokeWidth: t.strokeWidth, align: t.origin, angle, mirrored, font: t.font, strokeFont: 'hershey', expansion: t.reverse ? t.expansion : 0, width: t.glyphWidth ?? undefined, italic: t.italic, bold: t.bold }, fonts, ttf);
  pushText(b, layer, s, pl?.designator, t.reverse ? t.expansion : undefined);
}

function addAttrText(b: FabBoard, r: Raw, comps: Map<string, FabComponent>, project?: FabProject): void {
  const a = PcbAttr.parse(r);
  if ((!a.keyVisible && !a.valueVisible) || a.x === null || a.y === null) return;
  if (a.key === '' && a.parentId === a.id) return; // a dimension's label
  // a component's attribute: `={Key}` templates filled from the part, Device/Footprint uuids by title
  const c = comps.get(a.parentId);
  const lookup = c ? pcbComponentLookup(c.attrs, undefined, project?.devices?.[c.deviceUuid]?.attributes) : undefined;
  const text = attrDisplayText(a, lookup, (key, uuid) => (key === 'Device' ? project?.devices?.[uuid]?.title : key === 'Footprint' ? project?.footprintName?.(uuid) : undefined));
  if (!text) return;
  const { x, y, angle, mirrored } = placeText({ x: a.x, y: a.y, angle: a.angle, mirror: a.mirror, layer: a.layer });
  const s = layoutText({ text, x, y, height: a.height, strokeWidth: a.strokeWidth, align: a.origin, angle, mirrored, font: a.font, strokeFont: 'hershey', expansion: a.reverse ? a.expansion : 0 }, fonts, ttf);
  pushText(b, a.layer, s, undefined, a.reverse ? a.expansion : undefined);
}

/**
 * Text strokes and glyph outlines on a layer. Reverse stroke-font text (`reverse` = the box expansion,
 * mil) is its box grown by the expansion, filled, with the strokes cleared out of it (clear polarity).
 * Reverse TrueType text needs nothing more: its stored outlines already hold the box.
 */
function pushText(b: FabBoard, layer: number, s: ReturnType<typeof layoutText>, designator?: string, reverse?: number): void {
  // Reverse text set from a TrueType file: its box (already grown) with the glyphs as holes (one area:
  // regions nest even-odd, so the glyphs' own counters are filled again).
  if (s.ttf && s.rect) {
    const { m, x, y, w, h } = s.rect;
    const box: Contour = { x0: x, y0: y, closed: true, segs: [{ k: 'L', x: x + w, y }, { k: 'L', x: x + w, y: y + h }, { k: 'L', x, y: y + h }] };
    if (s.fill.length || reverse !== undefined) b.areas.push({ layer, cs: reverse !== undefined ? [...transformContours([box], m), ...s.fill] : s.fill, net: '', designator, kind: 'text' });
    return;
  }
  // TrueType text: the FONT record's outlines already hold the reverse box (falcon-flight's "Tested:").
  const rev = reverse !== undefined && s.rect && !s.fill.length;
  if (rev) {
    const { m, x, y, w, h } = s.rect!, e = reverse!;
    const box: Contour = { x0: x - e, y0: y - e, closed: true, segs: [{ k: 'L', x: x + w + e, y: y - e }, { k: 'L', x: x + w + e, y: y + h + e }, { k: 'L', x: x - e, y: y + h + e }] };
    b.areas.push({ layer, cs: transformContours([box], m), net: '', designator, kind: 'text' });
  }
  for (const pts of s.strokes) {
    if (pts.length < 2) continue;
    const c: Contour = { x0: pts[0], y0: pts[1], segs: [], closed: false };
    for (let i = 2; i + 1 < pts.length; i += 2) c.segs.push({ k: 'L', x: pts[i], y: pts[i + 1] });
    b.strokes.push({ layer, c, width: s.strokeWidth, net: '', designator, kind: 'graphic', ...(rev ? { clear: true } : {}) });
  }
  if (s.fill.length) b.areas.push({ layer, cs: s.fill, net: '', designator, kind: 'text' });
}

export { circleContour };
