/**
 * KiCad board model -> Copperplate PCB document, footprint documents, devices and pour fills
 * (V2 records, mil, Y up). One footprint document per distinct footprint geometry (KiCad keeps a copy
 * per placement; identical copies share one document).
 */
import { DocType } from '@copperplate/model';
import {
  Canvas, Dimension, DocType as DocTypeRec, Head, LayerPhys, Line, Net, PadNet, PcbArc, PcbAttr, PcbComponent, Pour, Poured, Region, Rule, RuleSelector, Via,
} from '@copperplate/format/records';
import type { DeviceData, FootprintData, PathDocData, PcbData, SymbolData } from '@copperplate/format';
import { kicadStrokeFont } from '@copperplate/board';
import { generatedSymbol } from './symbols.ts';
import type { KBoard, KFootprint, KNetClass, KZone } from './pcb-model.ts';
import { IdSeq, uuidOf } from './ids.ts';
import { LayerMap } from './layers.ts';
import { unusedViaLayers } from './via-layers.ts';
import { TextBytes } from './path-text.ts';
import { extraLayerRecords, fixedLayerLines, graphicRecords, padRecord, textRecord, type Rec } from './v2-pcb.ts';
import { Report, type ReportGroup } from './report.ts';
import { r4 } from './units.ts';

/** KiCad footprint properties not copied as ATTRs: drawn from the footprint's own fields, or naming a uuid in Copperplate. */
const FOOTPRINT_PROPERTIES_KEPT_OUT = new Set(['Reference', 'Value', 'Footprint', 'Device', 'Symbol']);

/** The least track width, via diameter and via drill a board accepts (KiCad's design rules: min_track_width, min_via_diameter, min_through_hole_diameter), mil. */
export interface BoardMinimums {
  trackWidth?: number;
  viaDiameter?: number;
  viaDrill?: number;
  /** min_copper_edge_clearance, min_hole_clearance, min_hole_to_hole (mil). */
  copperEdgeClearance?: number;
  holeClearance?: number;
  holeToHole?: number;
}

export interface BoardConversion {
  pcb: PcbData;
  footprints: FootprintData[];
  devices: DeviceData[];
  /** Generated symbols of devices that no schematic gave. */
  symbols: SymbolData[];
  coppers: PathDocData[];
}

/**
 * The report entry of each text in KiCad's font when the app has not handed over KiCad's glyphs (GPL
 * data, read from an installed KiCad by `node scripts/ensure.mjs --kicad`; @copperplate/board
 * text-kicad.ts): the text is kept in "KiCad Font" but drawn in our stroke font until then.
 */
export const KICAD_FONT_MISSING = "text in KiCad's stroke font: KiCad's glyphs are not installed here (`node scripts/ensure.mjs --kicad` reads them from an installed KiCad), so it is drawn in Copperplate's stroke font";

/**
 * Records written to JSON text as they come: a PCB's thousands of records do not all live as arrays
 * (and boxed numbers) until the end, which the collector copied at each young-generation pass.
 */
class RecordLines {
  private readonly out: string[] = [];
  push(...recs: Rec[]): void {
    for (let i = 0; i < recs.length; i++) this.out.push(JSON.stringify(recs[i]));
  }
  /** The lines, each ending in a newline (as lines() writes them). */
  text(): string {
    return this.out.length ? this.out.join('\n') + '\n' : '';
  }
}

/** Records as JSON lines, each ending in a newline. */
function lines(recs: readonly Rec[]): string {
  let out = '';
  for (let i = 0; i < recs.length; i++) out += JSON.stringify(recs[i]) + '\n';
  return out;
}

/** The footprint document (top-side geometry) of a KiCad footprint. */
export function footprintDocument(fp: KFootprint, report: Report): { dataStr: string; layers: LayerMap } {
  const layers = new LayerMap();
  const ids = new IdSeq();
  const body: Rec[] = [];
  const notes: string[] = [];
  for (const p of fp.pads) body.push(padRecord(p, layers, ids, notes));
  // KiCad keeps a placement's graphics in any order: a canonical order lets equal footprints share a document.
  const graphics = fp.graphics.map((g) => ({ g, k: JSON.stringify(g) })).sort((a, b) => (a.k < b.k ? -1 : a.k > b.k ? 1 : 0));
  for (const { g } of graphics) body.push(...graphicRecords(g, layers, ids));
  for (const t of fp.texts) {
    if (t.role === 'reference' || t.role === 'value') continue;
    body.push(textRecord(t, layers, ids));
    if (!kicadStrokeFont()) notes.push(KICAD_FONT_MISSING);
  }
  body.push(PcbAttr.create({ id: ids.next(), group: 0, parentId: '', layer: 3, x: null, y: null, key: 'Footprint', value: fp.lib.split(':').pop() ?? fp.lib, keyVisible: false, valueVisible: false }));
  for (const n of notes) report.add('Footprint', n, fp.lib);
  for (const d of fp.dropped) report.add('Footprint', d, fp.lib);
  const inner = Math.max(0, ...[...fp.pads.flatMap((p) => p.layers), ...fp.graphics.map((g) => g.layer)].map((l) => /^In(\d+)\.Cu$/.exec(l)).filter(Boolean).map((m) => Number(m![1])));
  const recs: Rec[] = [
    ...extraLayerRecords(inner, layers.custom), ['ACTIVE_LAYER', 1], [], ...body,
    Canvas.create({ originX: 0, originY: 0, unit: 'mm', gridX: 10, gridY: 10, snapX: 1, snapY: 1 }),
  ];
  return { dataStr: lines([DocTypeRec.create({ docType: 'FOOTPRINT', version: '1.8' })]) + fixedLayerLines() + lines(recs), layers };
}

/**
 * EasyEDA's rules from KiCad's net classes. A class's track width and via size are what KiCad routes
 * with (EasyEDA's default); the least KiCad accepts is the board's constraint (`minimums`, the
 * .kicad_pro's design rules; 0 when unknown, as KiCad's own default). Layouts as real EasyEDA files
 * write them: track width [min, default, max], via size [min, default, max diameter, min, default,
 * max drill]. (Before, the class width was also the minimum, so a 0.25 mm track read back as
 * 9.84 mil failed a 9.8425 mil minimum, and the via data was in KiCad's order: every via failed.)
 */
/**
 * EasyEDA's safe-spacing matrix (rule type 1): lower triangle over track, SMD pad, TH pad, via, hole,
 * pour, fill, text, outline, other (board rules.ts CLEAR_KINDS). Copper to copper is the class's
 * clearance; to a hole the board's min_hole_clearance, to the outline its min_copper_edge_clearance,
 * when the .kicad_pro gives them (else the class's clearance, and EasyEDA's 0.3 mm to the outline).
 * Before, the class's clearance was written alone, which no reader takes for a matrix: the DRC used
 * EasyEDA's defaults (6 mil, 0.3 mm to the outline) whatever KiCad said.
 */
function safeSpacing(clearance: number, m: BoardMinimums): number[][] {
  const HOLE = 4, OUTLINE = 8;
  const rows: number[][] = [];
  for (let i = 0; i < 10; i++) {
    const row: number[] = [];
    for (let j = 0; j <= i; j++) {
      const v = i === OUTLINE || j === OUTLINE ? m.copperEdgeClearance ?? 11.811 : i === HOLE || j === HOLE ? m.holeClearance ?? clearance : clearance;
      row.push(r4(v));
    }
    rows.push(row);
  }
  return rows;
}

function netClassRules(classes: KNetClass[], minimums: BoardMinimums = {}): Rec[] {
  const out: Rec[] = [];
  const minTrack = minimums.trackWidth ?? 0, minVia = minimums.viaDiameter ?? 0, minDrill = minimums.viaDrill ?? 0;
  classes.forEach((c, i) => {
    const isDefault = i === 0 || c.name === 'Default';
    // Type codes of real files: 1 clearance, 3 track width [min, default, max], 5 via size, 10 differential pair.
    out.push(Rule.create({ typeCode: '1', name: c.name, isDefault, data: ['mil', safeSpacing(c.clearance, minimums)] }));
    if (isDefault && minimums.holeToHole !== undefined) out.push(Rule.create({ typeCode: '2', name: c.name, isDefault, data: ['mil', 0, 0, r4(minimums.holeToHole)] }));
    out.push(Rule.create({ typeCode: '3', name: c.name, isDefault, data: ['mil', r4(Math.min(minTrack, c.trackWidth)), r4(c.trackWidth), r4(Math.max(c.trackWidth, 100))] }));
    out.push(Rule.create({ typeCode: '5', name: c.name, isDefault, data: ['mil', r4(Math.min(minVia, c.viaDiameter)), r4(c.viaDiameter), r4(Math.max(c.viaDiameter, 196.8504)), r4(Math.min(minDrill, c.viaDrill)), r4(c.viaDrill), r4(Math.max(c.viaDrill, 118.1102))] }));
    if (c.diffPairWidth) out.push(Rule.create({ typeCode: '10', name: c.name, isDefault, data: ['mil', r4(c.diffPairWidth), r4(c.diffPairGap ?? 0)] }));
    for (const net of c.nets) out.push(RuleSelector.create({ selector: ['NET', net], priority: 4, rules: { '1': c.name, '3': c.name, '5': c.name } }));
  });
  return out;
}

/**
 * The POURED document of a board's fills, as one text: a ring of points is written straight to JSON
 * bytes (path-text.ts), inside its line (POURED record with the ring's place marked).
 */
class PouredLines {
  private readonly text = new TextBytes();
  count = 0;

  add(id: string, pourId: string, path: KZone['fills'][number]['path']): void {
    if (this.count++ === 0) this.text.write(JSON.stringify(DocTypeRec.create({ docType: 'POURED', version: '1.1' })));
    this.text.write('\n');
    if (!(path instanceof Float64Array)) { this.text.write(JSON.stringify(Poured.create({ id, pourId, f3: 0, isPolygon: true, paths: [path] }))); return; }
    const line = JSON.stringify(Poured.create({ id, pourId, f3: 0, isPolygon: true, paths: ['\u0001'] }));
    const at = line.indexOf('"\\u0001"');
    this.text.write(line.slice(0, at));
    this.text.ring(path);
    this.text.write(line.slice(at + 8));
  }

  /** The document's text (its lines, each ending in a newline). */
  document(): string {
    this.text.write('\n');
    return this.text.text();
  }
}

function zoneRecords(z: KZone, layers: LayerMap, ids: IdSeq, pourLines: PouredLines, report: Report, name: string): Rec[] {
  const out: Rec[] = [];
  for (const layer of z.layers) {
    const lid = layers.id(layer);
    const id = ids.next();
    if (z.keepout) {
      const prohibit = Object.entries(z.keepoutRules).filter(([, v]) => v === 'not_allowed').map(([k]) => k.toUpperCase());
      out.push(Region.create({ id, group: 0, layer: lid, width: 0, prohibit, paths: z.outline, locked: z.locked, name: z.name || null }));
      continue;
    }
    // A POURED polygon is drawn with a pen of the pour's line width (pourType[1]) around it, as EasyEDA
    // stores fills. KiCad 6+ fill polygons are the copper itself (`(filled_areas_thickness no)`, or no
    // such token from KiCad 7 on): their pen is 0, so they are drawn as KiCad made them. KiCad 5's
    // stroked fills keep the minimum thickness as their pen. (Shrinking the fills instead costs seconds
    // of Clipper on a large board and rounds their corners.)
    const exact = !z.fillsStroked && !z.hatched;
    if (exact && z.minThickness > 0 && z.fills.length) report.add('Pcb', 'zone minimum thickness (the fills are carried exactly; a refill in Copperplate does not apply it)', name);
    out.push(Pour.create({
      id, group: 0, net: z.net, layer: lid, width: 0.2, name: z.name || id, order: z.priority, paths: z.outline,
      pourType: [z.hatched ? 'HATCH' : 'SOLID', exact ? 0 : z.minThickness, z.clearance, z.connectPads, z.thermalGap, z.thermalBridge], keepIsland: false, locked: z.locked,
    }));
    for (const f of z.fills) {
      if (f.layer !== layer) continue;
      // POURED coordinates are in 10 mil (FORMAT.md); the reader gives fills in that unit.
      pourLines.add(ids.next(), id, f.path);
    }
  }
  return out;
}

export interface ConvertBoardOptions {
  /** The name the PCB gets (the KiCad file's base name). */
  name: string;
  /** Key the uuids derive from (the project's name and file). */
  key: string;
  /** Net classes from the .kicad_pro (KiCad 6+), used when the board file has none. */
  netClasses?: KNetClass[];
  /** The board's constraints from the .kicad_pro's design rules (mil). */
  minimums?: BoardMinimums;
  /** The device of a placed footprint by its reference (from the schematic); else one is generated. */
  deviceFor?: (reference: string) => string | undefined;
}

/** Footprint documents of a board's placements: one per distinct geometry, in placement order. */
export interface BoardFootprints {
  /** Footprint uuid per placement (index as in board.footprints). */
  uuidOf: string[];
  docs: FootprintData[];
  /** Pad numbers per footprint uuid (for generated symbols). */
  pads: Map<string, string[]>;
  /** First footprint uuid per KiCad lib id. */
  byLib: Map<string, string>;
}

/**
 * What footprintDocument reads of a placement, as text: placements with equal signatures share one
 * document. Pad nets are not part of it: they are blanked while the pads are written (no copies of
 * the pads: they were most of the import's footprint time), then put back.
 */
function footprintSignature(fp: KFootprint): string {
  const pads = fp.pads, nets: string[] = new Array(pads.length);
  for (let i = 0; i < pads.length; i++) { nets[i] = pads[i].net; pads[i].net = ''; }
  try {
    let texts = '';
    for (const t of fp.texts) if (t.role !== 'reference' && t.role !== 'value') texts += JSON.stringify(t) + ',';
    // graphics in footprintDocument's canonical order: placements listing them in another order (KiCad
    // keeps no order) share a document, which is then built once, not once per placement
    const gs = fp.graphics.map((g) => JSON.stringify(g)).sort();
    return fp.lib + '\u0000' + JSON.stringify(pads) + '[' + gs.join(',') + ']' + texts + '\u0000' + fp.dropped.join('\u0000');
  } finally {
    for (let i = 0; i < pads.length; i++) pads[i].net = nets[i];
  }
}

export function boardFootprints(board: KBoard, key: string, report: Report): BoardFootprints {
  const byText = new Map<string, string>();
  const out: BoardFootprints = { uuidOf: [], docs: [], pads: new Map(), byLib: new Map() };
  // Placements of one footprint give the same document: it is built once per distinct content (what
  // footprintDocument reads; pad nets are not in it), and the report entries it made are counted again.
  const built = new Map<string, { dataStr: string; adds: [ReportGroup, string, string][] }>();
  for (const fp of board.footprints) {
    const sig = footprintSignature(fp);
    let doc = built.get(sig);
    if (!doc) {
      const adds: [ReportGroup, string, string][] = [];
      const rec = { add: (g: ReportGroup, what: string, where = '') => { adds.push([g, what, where]); report.add(g, what, where); } } as unknown as Report;
      doc = { dataStr: footprintDocument(fp, rec).dataStr, adds };
      built.set(sig, doc);
    } else for (const [g, what, where] of doc.adds) report.add(g, what, where);
    let uuid = byText.get(doc.dataStr);
    if (!uuid) {
      uuid = uuidOf(`${key}/footprint/${fp.lib}/${byText.size}`);
      const title = fp.lib.split(':').pop() || fp.lib || 'Footprint';
      out.docs.push({
        uuid, title, display_title: title, docType: DocType.FOOTPRINT, source: '', version: '1', description: fp.descr,
        tags: { parent_tag: [], child_tag: [] }, custom_tags: '[]', dataStr: doc.dataStr,
      } as FootprintData);
      out.pads.set(uuid, [...new Set(fp.pads.map((p) => p.number).filter((n) => n !== ''))]);
      byText.set(doc.dataStr, uuid);
    }
    if (!out.byLib.has(fp.lib)) out.byLib.set(fp.lib, uuid);
    out.uuidOf.push(uuid);
  }
  return out;
}

export function convertBoard(board: KBoard, opts: ConvertBoardOptions, report: Report, fps = boardFootprints(board, opts.key, report)): BoardConversion {
  const layers = new LayerMap();
  const ids = new IdSeq();
  const pcbUuid = uuidOf(`${opts.key}/pcb`);
  const devices: DeviceData[] = [];
  const symbols: SymbolData[] = [];
  const generated = new Map<string, string>();
  const body = new RecordLines();
  const pourLines = new PouredLines();

  for (const n of board.nets) body.push(Net.create({ name: n, ratline: true }));
  const classes = board.netClasses.length ? board.netClasses : opts.netClasses ?? [];
  // KiCad 5 boards keep their constraints in (setup): trace_min, via_min_size, via_min_drill
  const st = board.setup;
  const minimums: BoardMinimums = { ...opts.minimums, trackWidth: opts.minimums?.trackWidth ?? st.trace_min, viaDiameter: opts.minimums?.viaDiameter ?? st.via_min_size, viaDrill: opts.minimums?.viaDrill ?? st.via_min_drill };
  body.push(...netClassRules(classes, minimums));
  // Board setup values KiCad keeps beside the rules (pad_to_mask_clearance, ...), kept under their KiCad names.
  for (const [k, v] of Object.entries(board.setup)) body.push(Rule.create({ typeCode: 'kicad', name: k, isDefault: false, data: ['mil', v] }));

  board.footprints.forEach((fp, index) => {
    const fpUuid = fps.uuidOf[index];
    let device = opts.deviceFor?.(fp.reference);
    if (!device) {
      // No schematic symbol: a device with a generated symbol (a box with one pin per pad number).
      device = generated.get(fpUuid);
      if (!device) {
        const title = fp.lib.split(':').pop() || fp.lib || 'Footprint';
        const sym = generatedSymbol(`${opts.key}/${fpUuid}`, title, fps.pads.get(fpUuid) ?? [], fp.reference);
        symbols.push(sym);
        device = uuidOf(`${opts.key}/device/${fpUuid}`);
        devices.push({
          uuid: device, title, display_title: title, source: '', version: '1', description: fp.descr, images: [],
          tags: { parent_tag: [], child_tag: [] }, custom_tags: '[]',
          attributes: { Symbol: sym.uuid, Footprint: fpUuid, Designator: (fp.reference.match(/^[A-Za-z_#]+/)?.[0] ?? 'U') + '?', Name: fp.value || title },
        } as DeviceData);
        generated.set(fpUuid, device);
      }
    }
    const ref = { uuid: fpUuid, device };
    const cid = ids.next();
    body.push(PcbComponent.create({ id: cid, group: 0, layer: fp.back ? 2 : 1, x: fp.x, y: fp.y, angle: fp.rot, attrs: { 'Unique ID': fp.uuid, 'KiCad Footprint': fp.lib }, locked: fp.locked }));
    const attr = (key: string, value: string, visible: boolean, x: number | null = null, y: number | null = null, layer = fp.back ? 4 : 3, angle = 0, height = 40) =>
      body.push(PcbAttr.create({ id: ids.next(), group: 0, parentId: cid, layer, x, y, key, value, keyVisible: false, valueVisible: visible, font: 'default', height, strokeWidth: 6, origin: 3, angle }));
    attr('Footprint', ref.uuid, false);
    attr('Device', ref.device, false);
    const refText = fp.texts.find((t) => t.role === 'reference');
    const valText = fp.texts.find((t) => t.role === 'value');
    attr('Designator', fp.reference, !!refText && !refText.hidden, refText ? fp.x : null, refText ? fp.y : null, refText ? layers.id(fp.back ? flip(refText.layer) : refText.layer) : undefined, refText?.rot, refText?.size);
    attr('Name', fp.value, !!valText && !valText.hidden);
    // KiCad 8+ footprints carry a "Footprint" property (the library id, or ""): the Footprint, Device and
    // Symbol ATTRs name uuids in Copperplate, so such properties are not written over them (the library id
    // is the COMPONENT's 'KiCad Footprint').
    for (const [k, v] of Object.entries(fp.properties)) if (!FOOTPRINT_PROPERTIES_KEPT_OUT.has(k)) attr(k, v, false);
    fp.pads.forEach((p, i) => body.push(PadNet.create({ componentId: cid, padNumber: p.number, net: p.net, padId: `e${i + 1}` })));
  });
  for (const t of board.tracks) body.push(Line.create({ id: ids.next(), group: 0, net: t.net, layer: layers.id(t.layer), x1: t.x1, y1: t.y1, x2: t.x2, y2: t.y2, width: t.width, locked: t.locked }));
  for (const a of board.arcs) body.push(PcbArc.create({ id: ids.next(), group: 0, net: a.net, layer: layers.id(a.layer), x1: a.x1, y1: a.y1, x2: a.x2, y2: a.y2, sweep: a.sweep, width: a.width, locked: a.locked }));
  const unused = unusedViaLayers(board);
  board.vias.forEach((v, i) => {
    // viaType: 0 through, 1 blind/buried, 2 micro (?). The V2 VIA has no layer span field: a blind or
    // micro via's span is reported.
    const viaType = v.kind === 'micro' ? 2 : v.kind === 'blind' ? 1 : 0;
    if (viaType) report.add('Pcb', `${v.kind} via layer span ${v.layers.join('-')} (type kept, span not carried)`, opts.name);
    const unusedInnerLayers = (unused.get(i) ?? []).map((l) => layers.id(l));
    body.push(Via.create({ id: ids.next(), group: 0, net: v.net, rule: '', x: v.x, y: v.y, drill: v.drill, diameter: v.size, viaType, topMaskExpansion: null, bottomMaskExpansion: null, locked: v.locked, unusedInnerLayers }));
  });
  for (const z of board.zones) body.push(...zoneRecords(z, layers, ids, pourLines, report, opts.name));
  for (const g of board.graphics) body.push(...graphicRecords(g, layers, ids));
  for (const t of board.texts) {
    body.push(textRecord(t, layers, ids));
    if (!kicadStrokeFont()) report.add('Pcb', KICAD_FONT_MISSING, opts.name);
  }
  for (const d of board.dimensions) {
    body.push(Dimension.create({ id: ids.next(), dimType: d.kind === 'radial' ? 'RADIUS' : 'LENGTH', layer: layers.id(d.layer), unit: d.units === 'inches' || d.units === 'mils' ? 'mil' : 'mm', strokeWidth: 6, precision: 3, textFollow: true, coords: d.pts, locked: false }));
    if (d.kind !== 'aligned' && d.kind !== 'orthogonal') report.add('Pcb', `dimension of type ${d.kind} (drawn as a length dimension)`, opts.name);
  }
  for (const d of board.dropped) report.add('Pcb', d, opts.name);
  for (const l of layers.unmapped) report.add('Pcb', `layer ${l} (no free custom layer; put on Document)`, opts.name);

  const inner = Math.max(0, ...board.layers.map((l) => /^In(\d+)\.Cu$/.exec(l.name)).filter(Boolean).map((m) => Number(m![1])));
  const phys: Rec[] = [];
  let dielectric = 101;
  for (const s of board.stackup) {
    const P = (id: number, material: string | null, er: number | null = null, loss: number | null = null) =>
      phys.push(LayerPhys.create({ id, material, thickness: s.thickness, permittivity: er, lossTangent: loss, keepIsland: true }));
    if (s.type === 'copper') P(layers.id(s.name), 'copper');
    else if (/core|prepreg|dielectric/i.test(s.type) || s.name.startsWith('dielectric')) P(dielectric++, s.material || s.type, s.epsilonR ?? null, s.lossTangent ?? null);
    else if (s.thickness > 0) P(layers.id(s.name), s.type);
  }
  const head: Rec[] = [
    DocTypeRec.create({ docType: 'PCB', version: '1.8' }),
    Head.create({ props: { editorVersion: '2.2', importFlag: 1, importedFrom: 'kicad', kicadVersion: board.version, boardThickness: board.thickness } }),
    Canvas.create({ originX: 0, originY: 0, unit: 'mil', gridX: 5, gridY: 5, snapX: 5, snapY: 5, altSnapX: 5, altSnapY: 5, gridType: 2, multiGridType: 0, multiGridRatio: 5 }),
  ];
  const recs: Rec[] = [...extraLayerRecords(inner, layers.custom), ...phys, ['ACTIVE_LAYER', 1]];
  const pcb: PcbData = { uuid: pcbUuid, title: opts.name, display_title: opts.name, dataStr: lines(head) + fixedLayerLines() + lines(recs) + body.text() };
  const coppers: PathDocData[] = pourLines.count ? [{ path: `${pcbUuid}_0`, dataStr: pourLines.document() }] : [];
  return { pcb, footprints: fps.docs, devices, symbols, coppers };
}

function flip(layer: string): string {
  return layer.startsWith('F.') ? 'B.' + layer.slice(2) : layer.startsWith('B.') ? 'F.' + layer.slice(2) : layer;
}
