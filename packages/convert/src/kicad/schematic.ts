/**
 * KiCad schematics (.kicad_sch with hierarchical sheets) -> one Copperplate schematic per root sheet,
 * one page per sheet file (a file used by several sheet symbols is one page), symbols, devices, and
 * block symbols for the sheet symbols (hierarchy as in the editor: COMPONENT of a symbolType-17
 * symbol with ATTR `Sheet` naming the child page; hierarchical labels are net ports in the child).
 * Units: 0.01 inch, Y up.
 *
 * Carried: placed symbols (unit, body style, rotation, mirror, fields with visibility), wires (split
 * at junction dots so a T connects by its ends), buses and bus entries, net labels (NET ATTR on the
 * wire under the label), global and hierarchical labels (net ports), power symbols (net flags),
 * no-connect flags (pin ATTR NO_CONNECT), text and graphics.
 */
import { DocType } from '@copperplate/model';
import type { DeviceData, ProjectData, SheetData } from '@copperplate/format';
import {
  Bus, BusEntry, DocType as DocTypeRec, Head, Part, SchAttr, SchComponent, SchRect, SchText, Wire,
} from '@copperplate/format/records';
import { readKicadSch, type SLibSymbol, type SPlaced, type SSchematic, type SSheet } from './sch-read.ts';
import { graphicRecord, partKey, pinRecords, portSymbol, styleRecords, symbolDocument, SYMBOL_TYPE, type Rec, type SymbolDoc } from './symbols.ts';
import { IdSeq, uuidOf } from './ids.ts';
import type { Report } from './report.ts';
import { r4, rotate } from './units.ts';

const lines = (recs: Rec[]): string => recs.map((r) => JSON.stringify(r)).join('\n') + '\n';
const base = (p: string): string => p.split('/').pop() ?? p;
const stem = (p: string): string => base(p).replace(/\.[^.]+$/, '');

export interface SchematicContext {
  /** The page (sheet uuid) each .kicad_sch file became. */
  pageByFile: Map<string, string>;
  /** key for uuids */
  key: string;
  data: ProjectData;
  report: Report;
  /** Footprint uuid by KiCad footprint lib id (from the boards), for devices. */
  footprintByLib: Map<string, string>;
  /** Device uuid by reference designator (for the board's components). */
  deviceByReference: Map<string, string>;
  symbols: Map<string, SymbolDoc>;
  devices: Map<string, DeviceData>;
  ports: Map<string, string>;
}

export function newSchematicContext(key: string, data: ProjectData, report: Report): SchematicContext {
  return { pageByFile: new Map(), key, data, report, footprintByLib: new Map(), deviceByReference: new Map(), symbols: new Map(), devices: new Map(), ports: new Map() };
}

/** The symbol document of a lib symbol (made once per lib id). */
function symbolOf(ctx: SchematicContext, lib: SLibSymbol): SymbolDoc {
  let s = ctx.symbols.get(lib.name);
  if (!s) {
    s = symbolDocument(lib, ctx.key, ctx.report);
    ctx.symbols.set(lib.name, s);
    ctx.data.symbols.push(s.data);
  }
  return s;
}

function deviceOf(ctx: SchematicContext, sym: SymbolDoc, footprint: string, value: string, designator: string): DeviceData {
  const k = `${sym.data.uuid}|${footprint}`;
  let d = ctx.devices.get(k);
  if (!d) {
    const fp = ctx.footprintByLib.get(footprint) ?? '';
    if (footprint && !fp) ctx.report.add('Device', 'footprint not in the project (named in the Footprint attribute only)', footprint);
    d = {
      uuid: uuidOf(`${ctx.key}/device/${k}`), title: sym.title, display_title: sym.title, source: '', version: '1', description: sym.data.description, images: [],
      tags: { parent_tag: [], child_tag: [] }, custom_tags: '[]',
      attributes: { Symbol: sym.data.uuid, Footprint: fp, Designator: designator.replace(/[0-9?]+$/, '') + '?', Name: value, 'KiCad Footprint': footprint },
    } as DeviceData;
    ctx.devices.set(k, d);
    ctx.data.devices.push(d);
  }
  return d;
}

function portOf(ctx: SchematicContext, title: string): string {
  let u = ctx.ports.get(title);
  if (!u) {
    const s = portSymbol(ctx.key, title);
    ctx.data.symbols.push(s);
    u = s.uuid;
    ctx.ports.set(title, u);
  }
  return u;
}

/** EasyEDA transform (rotate, mirror x -> -x, translate) of a KiCad (angle, mirror) placement. */
export function placement(rot: number, mirror: '' | 'x' | 'y'): { rot: number; mirror: boolean } {
  if (mirror === 'y') return { rot, mirror: true };
  if (mirror === 'x') return { rot: (rot + 180) % 360, mirror: true };
  return { rot, mirror: false };
}
export function placePoint(x: number, y: number, p: { rot: number; mirror: boolean }, cx: number, cy: number): [number, number] {
  let [a, b] = rotate(x, y, p.rot);
  if (p.mirror) a = -a;
  return [r4(cx + a), r4(cy + b)];
}

/** Split polylines at interior points (junction dots) so that every junction is a segment end. */
export function splitAt(pts: number[], cuts: Set<string>): number[][] {
  const out: number[][] = [];
  let cur: number[] = [pts[0], pts[1]];
  for (let i = 2; i < pts.length; i += 2) {
    const x1 = pts[i - 2], y1 = pts[i - 1], x2 = pts[i], y2 = pts[i + 1];
    const inside: [number, number, number][] = [];
    for (const c of cuts) {
      const [cx, cy] = c.split(',').map(Number);
      if ((cx === x1 && cy === y1) || (cx === x2 && cy === y2)) continue;
      const cross = (x2 - x1) * (cy - y1) - (y2 - y1) * (cx - x1);
      if (Math.abs(cross) > 1e-6 * Math.max(1, Math.hypot(x2 - x1, y2 - y1))) continue;
      const t = (x2 - x1) !== 0 ? (cx - x1) / (x2 - x1) : (cy - y1) / (y2 - y1);
      if (t > 0 && t < 1) inside.push([t, cx, cy]);
    }
    inside.sort((a, b) => a[0] - b[0]);
    for (const [, cx, cy] of inside) { cur.push(cx, cy); out.push(cur); cur = [cx, cy]; }
    cur.push(x2, y2);
  }
  out.push(cur);
  return out;
}

function onSegment(px: number, py: number, pts: number[]): boolean {
  for (let i = 2; i < pts.length; i += 2) {
    const x1 = pts[i - 2], y1 = pts[i - 1], x2 = pts[i], y2 = pts[i + 1];
    const cross = (x2 - x1) * (py - y1) - (y2 - y1) * (px - x1);
    if (Math.abs(cross) > 1e-3 * Math.max(1, Math.hypot(x2 - x1, y2 - y1))) continue;
    if (px >= Math.min(x1, x2) - 1e-6 && px <= Math.max(x1, x2) + 1e-6 && py >= Math.min(y1, y2) - 1e-6 && py <= Math.max(y1, y2) + 1e-6) return true;
  }
  return false;
}

interface Page { file: string; name: string; sch: SSchematic; uuid: string; path: string }

function blockSymbol(ctx: SchematicContext, sh: SSheet, childName: string): { uuid: string; part: string } {
  const ids = new IdSeq();
  const title = `Sheet ${childName}`;
  const recs: Rec[] = [
    DocTypeRec.create({ docType: 'SYMBOL', version: '1.1' }), Head.create({ props: { symbolType: SYMBOL_TYPE.BLOCK, originX: 0, originY: 0, version: '1.1' } }), ...styleRecords(),
    Part.create({ name: `${title}.1`, props: { BBOX: [0, 0, sh.w, -sh.h] } }),
    SchAttr.create({ id: ids.next(), parentId: '', key: 'Symbol', value: title, keyVisible: false, valueVisible: false, x: null, y: null, rotation: 0, fontStyleId: 'st1', locked: false }),
    SchAttr.create({ id: ids.next(), parentId: '', key: 'Designator', value: 'Sheet?', keyVisible: false, valueVisible: true, x: null, y: null, rotation: 0, fontStyleId: 'st1', locked: false }),
    SchRect.create({ id: ids.next(), x1: 0, y1: 0, x2: sh.w, y2: -sh.h, rx: 0, ry: 0, rotation: 0, lineStyleId: 'st2', locked: false }),
  ];
  sh.pins.forEach((p, i) => recs.push(...pinRecords({ type: p.type === 'input' ? 'input' : p.type === 'output' ? 'output' : 'bidirectional', shape: 'line', x: r4(p.x - sh.x), y: r4(p.y - sh.y), rot: (p.rot + 180) % 360, length: 0, name: p.name, number: String(i + 1), hidden: false, alternates: [] }, ids, true, false, ctx.report, title)));
  const uuid = uuidOf(`${ctx.key}/block/${sh.uuid}/${childName}`);
  ctx.data.symbols.push({
    uuid, title, display_title: title, docType: DocType.BLOCK_SYMBOL, source: '', version: '1', description: '',
    tags: { parent_tag: [], child_tag: [] }, custom_tags: '[]', dataStr: lines(recs),
  } as ProjectData['symbols'][number]);
  return { uuid, part: `${title}.1` };
}

function referenceOf(s: SPlaced, page: Page, rootInstances: Map<string, { reference: string; unit: number }>): string {
  const exact = rootInstances.get(`${page.path}/${s.uuid}`);
  if (exact?.reference) return exact.reference;
  for (const [k, v] of rootInstances) if (k.endsWith('/' + s.uuid) && v.reference) return v.reference;
  return s.reference;
}

function pageRecords(ctx: SchematicContext, page: Page, libs: Map<string, SLibSymbol>, pageNameByFile: Map<string, string>, rootInstances: Map<string, { reference: string; unit: number }>): string {
  const s = page.sch;
  const ids = new IdSeq();
  const recs: Rec[] = [DocTypeRec.create({ docType: 'SCH', version: '1.1' }), Head.create({ props: { originX: 0, originY: 0, version: '2.2', importedFrom: 'kicad', paper: s.paper } }), ...styleRecords()];
  const attr = (parentId: string, key: string, value: string, visible: boolean, x: number | null = null, y: number | null = null, rotation = 0) =>
    recs.push(SchAttr.create({ id: ids.next(), parentId, key, value, keyVisible: false, valueVisible: visible, x, y, rotation, fontStyleId: 'st1', locked: false }));
  const pinEnds: { x: number; y: number; joined: string }[] = [];

  for (const p of s.symbols) {
    const lib = libs.get(p.libId);
    if (!lib) { ctx.report.add('Page', `symbol ${p.libId} without its library symbol`, page.name); continue; }
    const sym = symbolOf(ctx, lib);
    const style = sym.partNames.has(partKey(p.unit, p.style)) ? p.style : 1;
    const part = sym.partNames.get(partKey(p.unit, style)) ?? sym.partNames.get(partKey(1, 1))!;
    const pl = placement(p.rot, p.mirror);
    const id = ids.next();
    recs.push(SchComponent.create({ id, partId: part, x: p.x, y: p.y, rotation: pl.rot, mirror: pl.mirror, attrs: {}, locked: false }));
    const reference = referenceOf(p, page, rootInstances);
    const footprint = p.fields.find((f) => f.key === 'Footprint')?.value ?? '';
    attr(id, 'Symbol', sym.data.uuid, false);
    if (lib.power) {
      attr(id, 'Global Net Name', p.value, true, p.fields.find((f) => f.key === 'Value')?.x ?? null, p.fields.find((f) => f.key === 'Value')?.y ?? null);
    } else {
      const dev = deviceOf(ctx, sym, footprint, p.value, reference);
      attr(id, 'Device', dev.uuid, false);
      if (reference && !ctx.deviceByReference.has(reference)) ctx.deviceByReference.set(reference, dev.uuid);
    }
    for (const f of p.fields) {
      // Footprint: the ATTR holds a footprint id; KiCad's "Lib:Name" is kept as `KiCad Footprint`.
      if (f.key === 'Footprint') {
        const fp = ctx.footprintByLib.get(f.value);
        if (fp) attr(id, 'Footprint', fp, !f.hidden, f.x, f.y, f.rot);
        if (f.value) attr(id, 'KiCad Footprint', f.value, false);
        continue;
      }
      const key = f.key === 'Reference' ? 'Designator' : f.key === 'Value' ? 'Name' : f.key;
      attr(id, key, f.key === 'Reference' ? reference : f.value, !f.hidden, f.x, f.y, f.rot);
    }
    if (!p.inBom) attr(id, 'Add into BOM', 'no', false);
    if (!p.onBoard) attr(id, 'Convert to PCB', 'no', false);
    for (const { pin, id: pinId } of sym.pins.get(partKey(p.unit, style)) ?? []) {
      const [x, y] = placePoint(pin.x, pin.y, pl, p.x, p.y);
      pinEnds.push({ x, y, joined: id + pinId });
    }
  }

  // Wires, split at junction dots.
  const cuts = new Set(s.junctions.map(([x, y]) => `${x},${y}`));
  const wireIds: { id: string; pts: number[] }[] = [];
  const busIds: { id: string; pts: number[] }[] = [];
  for (const w of s.wires) {
    const id = ids.next();
    recs.push(Wire.create({ id, points: splitAt(w, cuts), lineStyleId: 'st2', locked: false }));
    wireIds.push({ id, pts: w });
  }
  for (const b of s.buses) {
    const id = ids.next();
    recs.push(Bus.create({ id, points: [b], lineStyleId: 'st2', locked: false }));
    busIds.push({ id, pts: b });
  }
  for (const e of s.busEntries) recs.push(BusEntry.create({ id: ids.next(), points: e, lineStyleId: 'st2', locked: false }));

  for (const l of s.labels) {
    if (l.kind === 'label') {
      const w = wireIds.find((w) => onSegment(l.x, l.y, w.pts)) ?? busIds.find((b) => onSegment(l.x, l.y, b.pts));
      if (!w) ctx.report.add('Page', 'net label not on a wire or bus (kept on the page, unattached)', page.name);
      attr(w?.id ?? '', 'NET', l.text, true, l.x, l.y, l.rot);
    } else {
      const uuid = portOf(ctx, 'Net Port');
      const id = ids.next();
      recs.push(SchComponent.create({ id, partId: 'Net Port.1', x: l.x, y: l.y, rotation: l.rot, mirror: false, attrs: {}, locked: false }));
      attr(id, 'Symbol', uuid, false);
      attr(id, 'Name', l.text, true, l.x, l.y, l.rot);
      if (l.kind === 'global_label') attr(id, 'Global Net Name', l.text, false);
      if (l.shape) attr(id, 'Port Type', l.shape, false);
    }
  }
  for (const [x, y] of s.noConnects) {
    const pin = pinEnds.find((p) => Math.abs(p.x - x) < 1e-3 && Math.abs(p.y - y) < 1e-3);
    if (pin) attr(pin.joined, 'NO_CONNECT', 'yes', false);
    else ctx.report.add('Page', 'no-connect flag not on a pin', page.name);
  }
  for (const t of s.texts) recs.push(SchText.create({ id: ids.next(), x: t.x, y: t.y, rotation: t.rot, text: t.text, fontStyleId: 'st1', locked: false }));
  for (const g of s.graphics) recs.push(graphicRecord(g, ids));
  for (const sh of s.sheets) {
    const childName = pageNameByFile.get(sh.file) ?? sh.name;
    const b = blockSymbol(ctx, sh, childName);
    const id = ids.next();
    recs.push(SchComponent.create({ id, partId: b.part, x: sh.x, y: sh.y, rotation: 0, mirror: false, attrs: {}, locked: false }));
    attr(id, 'Symbol', b.uuid, false);
    attr(id, 'Designator', sh.name, true, sh.x, sh.y + 3);
    attr(id, 'Sheet', childName, false);
    if (!pageNameByFile.has(sh.file)) ctx.report.add('Page', `sheet file ${sh.file} not given (its sheet symbol is kept)`, page.name);
  }
  for (const d of s.dropped) ctx.report.add('Page', d, page.name);
  return lines(recs);
}

/**
 * Convert every root sheet of `files` (and its hierarchy) into a schematic of `ctx.data`.
 * Returns the schematics made, by root file stem.
 */
export function convertSchematics(files: { name: string; text: string }[], ctx: SchematicContext, only?: string): { stem: string; uuid: string }[] {
  const parsed = new Map<string, SSchematic>();
  for (const f of files) parsed.set(f.name, readKicadSch(f.text, base(f.name)));
  const resolve = (from: string, ref: string): string | undefined => {
    const dir = from.includes('/') ? from.slice(0, from.lastIndexOf('/') + 1) : '';
    const want = (dir + ref).replace(/\\/g, '/');
    return [...parsed.keys()].find((k) => k === want || k.endsWith('/' + ref) || base(k) === base(ref));
  };
  const referenced = new Set<string>();
  for (const [name, s] of parsed) for (const sh of s.sheets) { const r = resolve(name, sh.file); if (r && r !== name) referenced.add(r); }
  const roots = [...parsed.keys()].filter((k) => !referenced.has(k) && (!only || stem(k) === only));
  const out: { stem: string; uuid: string }[] = [];
  const libs = new Map<string, SLibSymbol>();
  for (const s of parsed.values()) for (const l of s.libSymbols) if (!libs.has(l.name)) libs.set(l.name, l);

  for (const root of roots) {
    const schUuid = uuidOf(`${ctx.key}/schematic/${root}`);
    const pages: Page[] = [];
    const seen = new Map<string, Page>();
    const queue: { file: string; name: string; path: string }[] = [{ file: root, name: stem(root), path: '' }];
    while (queue.length) {
      const q = queue.shift()!;
      if (seen.has(q.file)) continue;
      const sch = parsed.get(q.file)!;
      let name = q.name || stem(q.file);
      while (pages.some((p) => p.name === name)) name += '_';
      const page: Page = { file: q.file, name, sch, uuid: uuidOf(`${ctx.key}/sheet/${q.file}`), path: q.path };
      pages.push(page);
      seen.set(q.file, page);
      for (const sh of sch.sheets) {
        const r = resolve(q.file, sh.file);
        if (r && !seen.has(r)) queue.push({ file: r, name: sh.name, path: `${q.path}/${sh.uuid}` });
      }
    }
    const rootSch = parsed.get(root)!;
    const pageNameByFile = new Map<string, string>();
    for (const p of pages) pageNameByFile.set(p.file, p.name);
    // Sheet symbols name files relative to their parent: index by the name they use too.
    for (const p of pages) for (const sh of p.sch.sheets) { const r = resolve(p.file, sh.file); if (r) pageNameByFile.set(sh.file, seen.get(r)?.name ?? sh.name); }
    const labelFiles = new Map<string, Set<string>>();
    pages.forEach((page, i) => {
      const sheet: SheetData = {
        uuid: page.uuid, schematic_uuid: schUuid, title: page.name, display_title: page.name, sheet_id: i + 1,
        dataStr: pageRecords(ctx, page, libs, pageNameByFile, rootSch.instances),
      };
      ctx.data.sheets.push(sheet);
      ctx.pageByFile.set(page.file, page.uuid);
      for (const l of page.sch.labels) if (l.kind === 'label') (labelFiles.get(l.text) ?? labelFiles.set(l.text, new Set()).get(l.text)!).add(page.file);
    });
    for (const [name, fs] of labelFiles) if (fs.size > 1) ctx.report.add('Schematic', 'local labels of the same name on several sheets join one net (net names are global in Copperplate)', name);
    const title = stem(root);
    ctx.data.schematics.push({ uuid: schUuid, name: title, display_name: title, sort: pages.map((p) => p.uuid) });
    if (!ctx.data.defaultSheet) ctx.data.defaultSheet = pages[0]?.uuid ?? '';
    out.push({ stem: title, uuid: schUuid });
  }
  return out;
}

/** A .kicad_sym library -> symbols and a device per symbol (power symbols: symbols only). */
export function convertSymbolLibrary(libs: SLibSymbol[], ctx: SchematicContext): void {
  for (const l of libs) {
    const sym = symbolOf(ctx, l);
    if (l.power) continue;
    const fp = l.fields.find((f) => f.key === 'Footprint')?.value ?? '';
    deviceOf(ctx, sym, fp, l.fields.find((f) => f.key === 'Value')?.value ?? sym.title, l.fields.find((f) => f.key === 'Reference')?.value ?? 'U');
  }
}
