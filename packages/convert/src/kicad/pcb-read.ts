/**
 * .kicad_pcb (KiCad 6 to 9, and the older `module` spelling) and .kicad_mod -> the KiCad board model
 * of pcb-model.ts, in mil, Y up. Pure: text in, model out.
 */
import { child, children, flag, isAtom, isList, lists, num, numOf, points, readSexpr, str, val, type SList, type Words } from './sexpr.ts';
import { directSegment, directVia } from './pcb-direct.ts';
import type { KArcTrack, KBoard, KDimension, KFootprint, KGraphic, KNetClass, KPad, KStackupLayer, KText, KTrack, KVia, KZone } from './pcb-model.ts';
import { BOARD_FRAME, fillRing, flipLayer, layerOf, pangle, ptsToPath, px, py, readGraphic, readText, textValue, type Frame } from './pcb-geom.ts';
import { arcSweep, mil, normAngle } from './units.ts';

const GRAPHIC_KW = new Set(['gr_line', 'gr_arc', 'gr_circle', 'gr_rect', 'gr_poly', 'gr_curve']);
const FP_GRAPHIC_KW = new Set(['fp_line', 'fp_arc', 'fp_circle', 'fp_rect', 'fp_poly', 'fp_curve']);
/**
 * Items read elsewhere or settings that carry nothing drawn: anything else at a board's or footprint's
 * top level is reported by its keyword (so a kind of item we do not know is never lost silently).
 */
const BOARD_KNOWN = new Set(['version', 'generator', 'host', 'generator_version', 'general', 'paper', 'page', 'title_block', 'layers', 'setup', 'net', 'net_class', 'property', 'embedded_fonts', 'embedded_files']);
const FP_KNOWN = new Set(['layer', 'tedit', 'tstamp', 'uuid', 'at', 'descr', 'tags', 'attr', 'path', 'sheetname', 'sheetfile', 'version', 'generator', 'generator_version', 'locked', 'placed',
  'solder_mask_margin', 'solder_paste_margin', 'solder_paste_ratio', 'solder_paste_margin_ratio', 'clearance', 'zone_connect', 'thermal_width', 'thermal_gap', 'autoplace_cost90', 'autoplace_cost180',
  'private_layers', 'net_tie_pad_groups', 'embedded_fonts', 'embedded_files', 'component_classes', 'duplicate_pad_numbers_are_jumpers', 'jumper_pad_groups']);

/** Net reference `(net 3 "GND")`, `(net 3)` or `(net "GND")` to its name. */
function netName(l: SList | undefined, nets: string[]): string {
  return netNameOf(child(l, 'net'), nets);
}

/** The name of a `(net ...)` list (netName of its parent). */
function netNameOf(n: SList | undefined, nets: string[]): string {
  if (!n) return '';
  if (n.length >= 3) return str(n, 2);
  const v = n[1];
  return typeof v === 'number' ? nets[v] ?? '' : str(n, 1);
}

/** Strings among a list's atoms after its keyword. */
function words(l: SList): string[] {
  const out: string[] = [];
  for (let i = 1; i < l.length; i++) { const x = l[i]; if (typeof x === 'string') out.push(x); }
  return out;
}

function readPad(l: SList, f: Frame, nets: string[]): KPad {
  // the first child list of each keyword (as child() finds it), in one pass over the pad's children
  let at: SList | undefined, size: SList | undefined, drillL: SList | undefined, layersL: SList | undefined, delta: SList | undefined, opts: SList | undefined;
  let prims: SList | undefined, chamferL: SList | undefined, rr: SList | undefined, cr: SList | undefined, netL: SList | undefined, pinfunction: SList | undefined, pintype: SList | undefined;
  let maskL: SList | undefined, pasteL: SList | undefined, pasteRatioL: SList | undefined, clearanceL: SList | undefined, zoneL: SList | undefined;
  let bridgeL: SList | undefined, thermalWidthL: SList | undefined, gapL: SList | undefined;
  for (let i = 1; i < l.length; i++) {
    const c = l[i];
    if (!isList(c)) continue;
    switch (c[0]) {
      case 'at': at ??= c; break;
      case 'size': size ??= c; break;
      case 'drill': drillL ??= c; break;
      case 'layers': layersL ??= c; break;
      case 'rect_delta': delta ??= c; break;
      case 'options': opts ??= c; break;
      case 'primitives': prims ??= c; break;
      case 'chamfer': chamferL ??= c; break;
      case 'roundrect_rratio': rr ??= c; break;
      case 'chamfer_ratio': cr ??= c; break;
      case 'net': netL ??= c; break;
      case 'pinfunction': pinfunction ??= c; break;
      case 'pintype': pintype ??= c; break;
      case 'solder_mask_margin': maskL ??= c; break;
      case 'solder_paste_margin': pasteL ??= c; break;
      case 'solder_paste_margin_ratio': pasteRatioL ??= c; break;
      case 'clearance': clearanceL ??= c; break;
      case 'zone_connect': zoneL ??= c; break;
      case 'thermal_bridge_width': bridgeL ??= c; break;
      case 'thermal_width': thermalWidthL ??= c; break;
      case 'thermal_gap': gapL ??= c; break;
    }
  }
  let drill: KPad['drill'] = null;
  if (drillL) {
    const oval = str(drillL, 1) === 'oval';
    const a = oval ? 2 : 1;
    const w = num(drillL, a);
    const h = drillL.length > a + 1 && isAtom(drillL[a + 1]) ? num(drillL, a + 1, w) : w;
    const off = child(drillL, 'offset');
    if (w > 0 || off) drill = { oval, w: mil(w), h: mil(h), offX: px(f, num(off, 1)), offY: py(f, num(off, 2)) };
  }
  const layers = layersL ? words(layersL) : [];
  if (f.flip) for (let i = 0; i < layers.length; i++) layers[i] = flipLayer(layers[i]);
  const primitives: KGraphic[] = [];
  if (prims) {
    // Primitives are in the pad's own frame (mm, Y down), not rotated with the footprint.
    const pf: Frame = { flip: f.flip, parentRot: 0 };
    for (const p of lists(prims)) {
      const g = readGraphic(pf, p, '');
      if (g) primitives.push(g);
    }
  }
  const atomOf = (c: SList | undefined, dflt: string) => (c && isAtom(c[1]) ? String(c[1]) : dflt);
  const pad: KPad = {
    number: str(l, 1),
    type: str(l, 2),
    shape: str(l, 3),
    x: px(f, num(at, 1)),
    y: py(f, num(at, 2)),
    rot: pangle(f, num(at, 3)),
    w: mil(num(size, 1)),
    h: mil(num(size, 2, num(size, 1))),
    roundrectRatio: num(rr, 1),
    chamferRatio: num(cr, 1),
    chamfer: chamferL ? words(chamferL) : [],
    delta: [mil(num(delta, 1)), mil(num(delta, 2))],
    flipped: f.flip,
    drill,
    layers,
    net: netNameOf(netL, nets),
    primitives,
    anchor: val(opts, 'anchor', 'rect'),
    pinFunction: atomOf(pinfunction, ''),
    pinType: atomOf(pintype, ''),
    locked: flag(l, 'locked'),
  };
  if (maskL) pad.maskMargin = mil(num(maskL, 1));
  if (pasteL) pad.pasteMargin = mil(num(pasteL, 1));
  if (pasteRatioL) pad.pasteRatio = num(pasteRatioL, 1);
  if (clearanceL) pad.clearance = mil(num(clearanceL, 1));
  if (zoneL) pad.zoneConnect = num(zoneL, 1);
  const tw = bridgeL ?? thermalWidthL; if (tw) pad.thermalWidth = mil(num(tw, 1));
  if (gapL) pad.thermalGap = mil(num(gapL, 1));
  return pad;
}

/** A footprint (`footprint` or `module`), on a board (`nets` given) or alone (.kicad_mod). */
export function readFootprint(l: SList, nets: string[] = []): KFootprint {
  const at = child(l, 'at');
  const layer = val(l, 'layer', 'F.Cu');
  const back = layer === 'B.Cu';
  const rot = num(at, 3);
  const f: Frame = { flip: back, parentRot: rot };
  const fp: KFootprint = {
    lib: str(l, 1),
    uuid: val(l, 'uuid') || val(l, 'tstamp'),
    x: mil(num(at, 1)),
    y: -mil(num(at, 2)),
    rot: normAngle(rot),
    back,
    locked: flag(l, 'locked'),
    reference: '',
    value: '',
    descr: val(l, 'descr'),
    tags: val(l, 'tags'),
    attrs: (child(l, 'attr')?.slice(1).filter((x) => typeof x === 'string') as string[]) ?? [],
    properties: {},
    pads: [],
    graphics: [],
    texts: [],
    models: [],
    dropped: [],
  };
  for (let i = 1; i < l.length; i++) {
    const c = l[i];
    if (!isList(c)) continue;
    const kw = c[0] as string;
    if (kw === 'pad') fp.pads.push(readPad(c, f, nets));
    else if (FP_GRAPHIC_KW.has(kw)) { const g = readGraphic(f, c); if (g) fp.graphics.push(g); }
    else if (kw === 'fp_text') {
      const role = str(c, 1);
      const t = readText(f, c, role, textValue(c));
      if (role === 'reference') fp.reference = t.text;
      else if (role === 'value') fp.value = t.text;
      fp.texts.push(t);
    } else if (kw === 'property') {
      const key = str(c, 1), value = str(c, 2);
      fp.properties[key] = value;
      if (key === 'Reference') fp.reference = value;
      else if (key === 'Value') fp.value = value;
      if (child(c, 'at') && child(c, 'layer')) fp.texts.push(readText(f, c, key === 'Reference' ? 'reference' : key === 'Value' ? 'value' : key, value));
    } else if (kw === 'model') fp.models.push(str(c, 1));
    else if (kw === 'zone') fp.dropped.push('footprint zone');
    else if (kw === 'fp_text_box' || kw === 'fp_textbox') fp.dropped.push('footprint text box');
    else if (kw === 'dimension') fp.dropped.push('footprint dimension');
    else if (kw === 'group') fp.dropped.push('footprint group');
    else if (!FP_KNOWN.has(kw)) fp.dropped.push(`footprint item ${kw}`);
  }
  return fp;
}

function readZone(l: SList, nets: string[]): KZone {
  const layersL = child(l, 'layers');
  const layers = layersL ? (layersL.slice(1).filter((x) => typeof x === 'string') as string[]) : [val(l, 'layer')];
  const connect = child(l, 'connect_pads');
  const fill = child(l, 'fill');
  const keep = child(l, 'keepout');
  const keepoutRules: Record<string, string> = {};
  for (const k of lists(keep)) keepoutRules[String(k[0])] = str(k, 1);
  const zone: KZone = {
    net: val(l, 'net_name') || netName(l, nets),
    name: val(l, 'name'),
    layers,
    priority: numOf(l, 'priority'),
    outline: children(l, 'polygon').map((p) => ptsToPath(BOARD_FRAME, child(p, 'pts'), true)),
    fillsStroked: val(l, 'filled_areas_thickness') === 'yes',
    fills: children(l, 'filled_polygon').map((p) => ({ layer: val(p, 'layer', layers[0] ?? ''), path: fillRing(child(p, 'pts')) ?? ptsToPath(BOARD_FRAME, child(p, 'pts'), true, 10) })),
    keepout: !!keep,
    keepoutRules,
    connectPads: connect ? (isAtom(connect[1]) ? String(connect[1]) : 'thermal') : 'thermal',
    clearance: mil(numOf(connect, 'clearance')),
    minThickness: mil(numOf(l, 'min_thickness')),
    thermalGap: mil(numOf(fill, 'thermal_gap')),
    thermalBridge: mil(numOf(fill, 'thermal_bridge_width')),
    hatched: val(fill, 'mode') === 'hatch',
    locked: flag(l, 'locked'),
  };
  return zone;
}

function readDimension(l: SList): KDimension {
  const raw = points(child(l, 'pts'));
  if (raw.length === 0) {
    // KiCad 5: (feature1 (pts (xy) (xy))) (feature2 ...)
    for (const k of ['feature1', 'feature2']) raw.push(...points(child(child(l, k), 'pts')).slice(0, 2));
  }
  const out: number[] = [];
  for (let i = 0; i < raw.length; i += 2) out.push(mil(raw[i]), -mil(raw[i + 1]));
  const gt = child(l, 'gr_text');
  const fmt = child(l, 'format');
  return {
    kind: val(l, 'type', 'aligned'),
    layer: val(l, 'layer'),
    pts: out,
    height: mil(numOf(l, 'height')),
    text: gt ? str(gt, 1) : '',
    units: val(fmt, 'units', 'mm'),
  };
}

function readStackup(setup: SList | undefined): KStackupLayer[] {
  return children(child(setup, 'stackup'), 'layer').map((s) => {
    const layer: KStackupLayer = { name: str(s, 1), type: val(s, 'type'), thickness: mil(numOf(s, 'thickness')), material: val(s, 'material') };
    if (child(s, 'epsilon_r')) layer.epsilonR = numOf(s, 'epsilon_r');
    if (child(s, 'loss_tangent')) layer.lossTangent = numOf(s, 'loss_tangent');
    return layer;
  });
}

/** Net classes of a KiCad 5 board file (KiCad 6+ keeps them in the .kicad_pro). */
function readNetClasses(root: SList): KNetClass[] {
  return children(root, 'net_class').map((c) => ({
    name: str(c, 1),
    clearance: mil(numOf(c, 'clearance')),
    trackWidth: mil(numOf(c, 'trace_width')),
    viaDiameter: mil(numOf(c, 'via_dia')),
    viaDrill: mil(numOf(c, 'via_drill')),
    uviaDiameter: mil(numOf(c, 'uvia_dia')),
    uviaDrill: mil(numOf(c, 'uvia_drill')),
    nets: children(c, 'add_net').map((n) => str(n, 1)),
  }));
}

/** Items read while the file was parsed (readKicadPcb), in file order; they precede the tree's own. */
interface EarlyItems { tracks: KTrack[]; arcs: KArcTrack[]; vias: KVia[]; footprints: KFootprint[]; zones: KZone[] }

export function readBoardTree(root: SList, early?: EarlyItems): KBoard {
  const nets: string[] = [];
  for (const n of children(root, 'net')) nets[num(n, 1)] = str(n, 2);
  for (let i = 0; i < nets.length; i++) if (nets[i] === undefined) nets[i] = '';
  const setup = child(root, 'setup');
  const setupVals: Record<string, number> = {};
  for (const s of lists(setup)) {
    if (s.length === 2 && typeof s[1] === 'number') setupVals[String(s[0])] = mil(s[1]);
  }
  const board: KBoard = {
    version: numOf(root, 'version'),
    generator: val(root, 'generator'),
    thickness: mil(numOf(child(root, 'general'), 'thickness', 1.6)),
    layers: lists(child(root, 'layers')).map((d) => ({ ordinal: num(d, 0), name: str(d, 1), type: str(d, 2), userName: str(d, 3) })),
    nets,
    netClasses: readNetClasses(root),
    setup: setupVals,
    stackup: readStackup(setup),
    footprints: early?.footprints ?? [],
    tracks: early?.tracks ?? [],
    arcs: early?.arcs ?? [],
    vias: early?.vias ?? [],
    zones: early?.zones ?? [],
    graphics: [],
    texts: [],
    dimensions: [],
    dropped: [],
  };
  for (let i = 1; i < root.length; i++) {
    const c = root[i];
    if (!isList(c)) continue;
    const kw = c[0] as string;
    if (readItem(kw, c, nets, board)) continue;
    if (GRAPHIC_KW.has(kw)) {
      const g = readGraphic(BOARD_FRAME, c);
      if (g) board.graphics.push(g);
    } else if (kw === 'gr_text') {
      board.texts.push(readText(BOARD_FRAME, c, '', textValue(c)));
    } else if (kw === 'dimension') {
      board.dimensions.push(readDimension(c));
    } else if (kw === 'gr_text_box' || kw === 'gr_textbox' || kw === 'image' || kw === 'target' || kw === 'group' || kw === 'generated' || kw === 'table') {
      board.dropped.push(kw);
    } else if (!BOARD_KNOWN.has(kw)) {
      board.dropped.push(`board item ${kw}`);
    }
  }
  return board;
}

const P = (l: SList, k: string): [number, number] => {
  const p = child(l, k);
  return [mil(num(p, 1)), -mil(num(p, 2))];
};

/** A track, arc, via, footprint or zone of the board into `into`; false for any other keyword. */
function readItem(kw: string, c: SList, nets: string[], into: EarlyItems): boolean {
  if (kw === 'segment') {
    const [x1, y1] = P(c, 'start'), [x2, y2] = P(c, 'end');
    into.tracks.push({ layer: val(c, 'layer'), net: netName(c, nets), width: mil(numOf(c, 'width')), x1, y1, x2, y2, locked: flag(c, 'locked') });
  } else if (kw === 'arc') {
    const [x1, y1] = P(c, 'start'), [mx, my] = P(c, 'mid'), [x2, y2] = P(c, 'end');
    into.arcs.push({ layer: val(c, 'layer'), net: netName(c, nets), width: mil(numOf(c, 'width')), x1, y1, x2, y2, sweep: arcSweep(x1, y1, mx, my, x2, y2), locked: flag(c, 'locked') });
  } else if (kw === 'via') {
    const [x, y] = P(c, 'at');
    const ls = child(c, 'layers');
    const kind = flag(c, 'micro') ? 'micro' : flag(c, 'blind') ? 'blind' : 'through';
    into.vias.push({ x, y, size: mil(numOf(c, 'size')), drill: mil(numOf(c, 'drill')), kind, layers: [str(ls, 1) || 'F.Cu', str(ls, 2) || 'B.Cu'], net: netName(c, nets), locked: flag(c, 'locked'), removeUnused: flag(c, 'remove_unused_layers') });
  } else if (kw === 'footprint' || kw === 'module') {
    into.footprints.push(readFootprint(c, nets));
  } else if (kw === 'zone') {
    into.zones.push(readZone(c, nets));
  } else return false;
  return true;
}

/** True when every net `l` names by number alone (directly, or in its pads) is declared in `nets`. */
function netsKnown(l: SList, nets: string[]): boolean {
  const known = (x: SList | undefined) => !x || x.length >= 3 || typeof x[1] !== 'number' || nets[x[1]] !== undefined;
  if (l[0] === 'zone' && val(l, 'net_name')) return true;
  if (!known(child(l, 'net'))) return false;
  if (l[0] === 'footprint' || l[0] === 'module') for (const p of children(l, 'pad')) if (!known(child(p, 'net'))) return false;
  return true;
}

/**
 * Read a .kicad_pcb text. Throws CatalogueError on hostile or non-KiCad input. Tracks, arcs, vias,
 * footprints and zones are read as the parser closes them (their nets are declared before them in
 * KiCad's files); from the first whose net is not declared yet on, the rest wait for the whole tree.
 * `bytes`: the UTF-8 bytes `text` was decoded from, if at hand (the reader's `bytes` option).
 */
export function readKicadPcb(text: string, file = 'board.kicad_pcb', opts: { direct?: boolean; bytes?: Uint8Array } = {}): KBoard {
  const nets: string[] = [];
  const early: EarlyItems = { tracks: [], arcs: [], vias: [], footprints: [], zones: [] };
  let streaming = true;
  const onItem = (c: SList): boolean => {
    const kw = c[0];
    if (kw === 'net') { if (typeof c[1] === 'number') nets[c[1]] = str(c, 2); return false; }
    if (!streaming || (kw !== 'segment' && kw !== 'arc' && kw !== 'via' && kw !== 'footprint' && kw !== 'module' && kw !== 'zone')) return false;
    if (!netsKnown(c, nets)) { streaming = false; return false; }
    return readItem(kw, c, nets, early);
  };
  // Segments and vias straight from the text (pcb-direct.ts) while streaming; `direct: false` reads them from the tree (tests compare both).
  const direct = opts.direct === false ? undefined : (t: string, i: number, words: Words): number => {
    if (!streaming) return -1;
    const c = t.charCodeAt(i + 1);
    return c === 115 ? directSegment(t, i, words, nets, early.tracks) : c === 118 ? directVia(t, i, words, nets, early.vias) : -1;
  };
  return readBoardTree(readSexpr(text, ['kicad_pcb'], 'board', { file, onItem, direct, bytes: opts.bytes }), early);
}

/** Read a .kicad_mod text (one footprint). */
export function readKicadMod(text: string, file = 'footprint.kicad_mod'): KFootprint {
  return readFootprint(readSexpr(text, ['footprint', 'module'], 'footprint', { file }));
}

export type { KText };
export { layerOf };
