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
import { generatedSymbol } from './symbols.ts';
import type { KBoard, KFootprint, KNetClass, KZone } from './pcb-model.ts';
import { IdSeq, uuidOf } from './ids.ts';
import { LayerMap } from './layers.ts';
import { graphicRecords, layerRecords, padRecord, textRecord, type Rec } from './v2-pcb.ts';
import { Report } from './report.ts';
import { r4 } from './units.ts';

export interface BoardConversion {
  pcb: PcbData;
  footprints: FootprintData[];
  devices: DeviceData[];
  /** Generated symbols of devices that no schematic gave. */
  symbols: SymbolData[];
  coppers: PathDocData[];
}

const lines = (recs: Rec[]): string => recs.map((r) => JSON.stringify(r)).join('\n') + '\n';

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
  }
  body.push(PcbAttr.create({ id: ids.next(), group: 0, parentId: '', layer: 3, x: null, y: null, key: 'Footprint', value: fp.lib.split(':').pop() ?? fp.lib, keyVisible: false, valueVisible: false }));
  for (const n of notes) report.add('Footprint', n, fp.lib);
  for (const d of fp.dropped) report.add('Footprint', d, fp.lib);
  const inner = Math.max(0, ...[...fp.pads.flatMap((p) => p.layers), ...fp.graphics.map((g) => g.layer)].map((l) => /^In(\d+)\.Cu$/.exec(l)).filter(Boolean).map((m) => Number(m![1])));
  const recs: Rec[] = [
    DocTypeRec.create({ docType: 'FOOTPRINT', version: '1.8' }), ...layerRecords(inner, layers.custom), ['ACTIVE_LAYER', 1], [], ...body,
    Canvas.create({ originX: 0, originY: 0, unit: 'mm', gridX: 10, gridY: 10, snapX: 1, snapY: 1 }),
  ];
  return { dataStr: lines(recs), layers };
}

function netClassRules(classes: KNetClass[]): Rec[] {
  const out: Rec[] = [];
  classes.forEach((c, i) => {
    const isDefault = i === 0 || c.name === 'Default';
    // Type codes of real files: 1 clearance, 3 track width [min, default, max], 5 via size, 10 differential pair.
    out.push(Rule.create({ typeCode: '1', name: c.name, isDefault, data: ['mil', r4(c.clearance)] }));
    out.push(Rule.create({ typeCode: '3', name: c.name, isDefault, data: ['mil', r4(c.trackWidth), r4(c.trackWidth), r4(Math.max(c.trackWidth, 100))] }));
    out.push(Rule.create({ typeCode: '5', name: c.name, isDefault, data: ['mil', r4(c.viaDrill), r4(c.viaDiameter), r4(c.uviaDrill), r4(c.uviaDiameter)] }));
    if (c.diffPairWidth) out.push(Rule.create({ typeCode: '10', name: c.name, isDefault, data: ['mil', r4(c.diffPairWidth), r4(c.diffPairGap ?? 0)] }));
    for (const net of c.nets) out.push(RuleSelector.create({ selector: ['NET', net], priority: 4, rules: { '1': c.name, '3': c.name, '5': c.name } }));
  });
  return out;
}

function zoneRecords(z: KZone, layers: LayerMap, ids: IdSeq, pourRecs: Rec[], report: Report, name: string): Rec[] {
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
      pourRecs.push(Poured.create({ id: ids.next(), pourId: id, f3: 0, isPolygon: true, paths: [f.path] }));
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

export function boardFootprints(board: KBoard, key: string, report: Report): BoardFootprints {
  const byText = new Map<string, string>();
  const out: BoardFootprints = { uuidOf: [], docs: [], pads: new Map(), byLib: new Map() };
  for (const fp of board.footprints) {
    const doc = footprintDocument(fp, report);
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
  const body: Rec[] = [];
  const pourRecs: Rec[] = [];

  for (const n of board.nets) body.push(Net.create({ name: n, ratline: true }));
  const classes = board.netClasses.length ? board.netClasses : opts.netClasses ?? [];
  body.push(...netClassRules(classes));
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
    for (const [k, v] of Object.entries(fp.properties)) if (k !== 'Reference' && k !== 'Value') attr(k, v, false);
    fp.pads.forEach((p, i) => body.push(PadNet.create({ componentId: cid, padNumber: p.number, net: p.net, padId: `e${i + 1}` })));
  });
  for (const t of board.tracks) body.push(Line.create({ id: ids.next(), group: 0, net: t.net, layer: layers.id(t.layer), x1: t.x1, y1: t.y1, x2: t.x2, y2: t.y2, width: t.width, locked: t.locked }));
  for (const a of board.arcs) body.push(PcbArc.create({ id: ids.next(), group: 0, net: a.net, layer: layers.id(a.layer), x1: a.x1, y1: a.y1, x2: a.x2, y2: a.y2, sweep: a.sweep, width: a.width, locked: a.locked }));
  for (const v of board.vias) {
    // viaType: 0 through, 1 blind/buried, 2 micro (?). The V2 VIA has no layer span field: a blind or
    // micro via's span is reported.
    const viaType = v.kind === 'micro' ? 2 : v.kind === 'blind' ? 1 : 0;
    if (viaType) report.add('Pcb', `${v.kind} via layer span ${v.layers.join('-')} (type kept, span not carried)`, opts.name);
    body.push(Via.create({ id: ids.next(), group: 0, net: v.net, rule: '', x: v.x, y: v.y, drill: v.drill, diameter: v.size, viaType, topMaskExpansion: null, bottomMaskExpansion: null, locked: v.locked, unusedInnerLayers: [] }));
  }
  for (const z of board.zones) body.push(...zoneRecords(z, layers, ids, pourRecs, report, opts.name));
  for (const g of board.graphics) body.push(...graphicRecords(g, layers, ids));
  for (const t of board.texts) body.push(textRecord(t, layers, ids));
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
  const recs: Rec[] = [...head, ...layerRecords(inner, layers.custom), ...phys, ['ACTIVE_LAYER', 1], ...body];
  const pcb: PcbData = { uuid: pcbUuid, title: opts.name, display_title: opts.name, dataStr: lines(recs) };
  const coppers: PathDocData[] = pourRecs.length ? [{ path: `${pcbUuid}_0`, dataStr: lines([DocTypeRec.create({ docType: 'POURED', version: '1.1' }), ...pourRecs]) }] : [];
  return { pcb, footprints: fps.docs, devices, symbols, coppers };
}

function flip(layer: string): string {
  return layer.startsWith('F.') ? 'B.' + layer.slice(2) : layer.startsWith('B.') ? 'F.' + layer.slice(2) : layer;
}
