/**
 * EasyEDA Pro V3 archives (.epro2, or V3 content under an .epro name) to the EproArchive of a V2
 * project (project.json plus document files), so that the one import pipeline takes it from there.
 *
 * A V3 archive holds project2.json (metadata), one .epru record stream with every document, and
 * IMAGE/*.webp previews. Documents map as: BOARD -> boards, SCH -> schematics, SCH_PAGE -> sheets
 * (SHEET/<sch>/<n>.esch, ordered by their META zIndex), SYMBOL, FOOTPRINT, DEVICE -> the library
 * maps and files, PCB -> PCB/<uuid>.epcb (footprints edited on the board, uuid `<pcb>_<id>`, become
 * FOOTPRINT blocks before the PCB block, as V2 writes them; POURED fills stay in the board file),
 * PANEL -> PANEL/<uuid>.epan, BLOB -> BLOB/<hash>.eblob, CONFIG -> config. Previews are kept as
 * files. Every line of the stream is accounted for in the ConversionReport. Pure: no Node built-ins.
 */
import { DocType, isSymbolDocType } from '@copperplate/model';
import { isPlainObject } from '../project-json.ts';
import * as P from '../paths.ts';
import { readEpru, type EpruDocument, type EpruRecord } from './epru.ts';
import { convertPcbDoc } from './pcb.ts';
import { convertPanelDoc } from './panel.ts';
import { Tally, type ConversionReport } from './report.ts';
import { convertSchematicDoc } from './sch.ts';
import * as S from './schemas.ts';
import * as R from '../records/index.ts';

const utf8 = new TextDecoder('utf-8');
type Obj = Record<string, unknown>;

/** Content sniffing: a zip whose files include project2.json or an .epru stream is a V3 archive. */
export function isV3Archive(names: Iterable<string>): boolean {
  for (const n of names) if (n === 'project2.json' || n.toLowerCase().endsWith('.epru')) return true;
  return false;
}

export interface V3Conversion {
  projectJson: Obj;
  entries: Map<string, Uint8Array | string>;
  report: ConversionReport;
}

const text = (v: Uint8Array | string): string => (typeof v === 'string' ? v : utf8.decode(v));
const meta = (d: EpruDocument): Obj => (d.records.get('META')?.body ?? {}) as Obj;
const str = (v: unknown): string => (typeof v === 'string' ? v : '');

/** V3 symbol types V2 does not know, and the V2 type that draws and connects the same way. */
const SYMBOL_TYPE_V2: Record<number, { type: number; name: string }> = {
  25: { type: 19, name: 'off-page connector' },
  // a marker drawn beside two wires to name them a differential pair: no pins, no connection
  31: { type: 21, name: 'differential pair flag' },
};

/**
 * The V2 symbol type of a V3 symbol (docType `type`): itself when V2 knows it, the mapped one above,
 * else (a type EasyEDA added after these tables were written) a normal part when the symbol has pins
 * and a non-electrical drawing when it has none, so the project imports whole and the report says so.
 */
function symbolTypeV2(type: number, hasPins: boolean): { type: number; name?: string } {
  if (isSymbolDocType(type)) return { type };
  const known = SYMBOL_TYPE_V2[type];
  if (known) return known;
  return hasPins ? { type: DocType.PART, name: 'unknown type, has pins' } : { type: DocType.NONEELEC_SYMBOL, name: 'unknown type, no pins' };
}

/** Document types we convert; any other is counted in the report as a whole. */
const CONVERTED = new Set(['CONFIG', 'BOARD', 'SCH', 'SCH_PAGE', 'SYMBOL', 'FOOTPRINT', 'DEVICE', 'PCB', 'PANEL', 'BLOB', 'FONT']);

function isDeleted(d: EpruDocument): boolean {
  const b = d.records.get('DELETE_DOC')?.body;
  return b?.isDelete === true || b?.isDelete === 1;
}

/** V3 library tags (a string array) to V2's `tags` and `custom_tags`. */
function libTags(tags: unknown): { tags: Obj; custom_tags: string } {
  const list = Array.isArray(tags) ? tags.filter((t): t is string => typeof t === 'string') : [];
  return { tags: { parent_tag: [], child_tag: [] }, custom_tags: JSON.stringify(list) };
}

function images(v: unknown): string[] {
  if (Array.isArray(v)) return v.filter((x): x is string => typeof x === 'string');
  if (typeof v === 'string' && v !== '') {
    try {
      const p = JSON.parse(v) as unknown;
      if (Array.isArray(p)) return p.filter((x): x is string => typeof x === 'string');
    } catch {
      /* a plain URL */
    }
    return [v];
  }
  return [];
}

export function convertV3(files: Map<string, Uint8Array | string>): V3Conversion {
  const tally = new Tally();
  let total = 0;
  const docs: EpruDocument[] = [];
  const names = [...files.keys()].filter((n) => n.toLowerCase().endsWith('.epru')).sort();
  for (const n of names) {
    const s = readEpru(text(files.get(n)!));
    total += s.lines;
    for (const d of s.dropped) {
      if (d.fate === 'superseded') tally.skip('superseded record', 'an older ticket of a record whose newest line was kept');
      else if (d.fate === 'repeated-dochead') tally.skip('repeated document head', 'merged with the first head of the same document');
      else if (d.fate === 'orphan') tally.skip('record outside any document', 'a record line before the first DOCHEAD');
      else tally.skip('unreadable line', 'not a {head}||{body} JSON line');
    }
    docs.push(...s.documents);
  }

  // project2.json
  let p2: Obj = {};
  const p2raw = files.get('project2.json');
  if (p2raw !== undefined) {
    try {
      const v = JSON.parse(text(p2raw)) as unknown;
      const r = S.Project2Schema.safeParse(v);
      if (r.success) p2 = r.data;
    } catch {
      /* unreadable metadata: the project keeps its documents, the title falls back to the file name */
    }
  }

  const live: EpruDocument[] = [];
  for (const d of docs) {
    if (isDeleted(d)) {
      tally.skip('deleted document', 'DELETE_DOC marks the document deleted', d.heads + d.records.size);
      continue;
    }
    if (!CONVERTED.has(d.docType)) {
      tally.skip(`${d.docType || '(no type)'} document`, 'document type not carried', d.heads + d.records.size);
      continue;
    }
    live.push(d);
  }
  const byType = (t: string) => live.filter((d) => d.docType === t);
  /** DOCHEAD line(s) of a converted document: carried as the document itself. */
  const carryHead = (d: EpruDocument) => {
    tally.carry(d.heads);
    tally.document(d.docType);
  };
  /** Records of a document that only carries metadata (BOARD, SCH, DEVICE, CONFIG, PANEL). */
  const metaOnly = (d: EpruDocument, reasons: Record<string, string>) => {
    for (const r of d.records.values()) {
      if (r.body === null) tally.skip('deleted record', 'empty body: the deletion was applied');
      else if (r.type === 'META' || r.type === 'DELETE_DOC') tally.carry();
      else tally.skip(`${d.docType} ${r.type}`, reasons[r.type] ?? 'no converter for this record type');
    }
  };

  const entries = new Map<string, Uint8Array | string>();
  const pj: Obj = { schematics: {}, pcbs: {}, panels: {}, symbols: {}, footprints: {}, devices: {}, boards: {}, config: {} };
  const schematics = pj.schematics as Obj;
  const pcbs = pj.pcbs as Obj;
  const symbols = pj.symbols as Obj;
  const footprints = pj.footprints as Obj;
  const devices = pj.devices as Obj;
  const editorVersion = (d: EpruDocument) => str(d.head.editVersion);

  // ---- config ----
  let defaultSheet = '';
  for (const d of byType('CONFIG')) {
    carryHead(d);
    metaOnly(d, { UNIVERSAL: 'project-wide editor settings have no project.json key' });
    defaultSheet ||= str(meta(d).defaultSheet);
  }
  pj.config = {
    title: str(p2.title),
    cbbProject: p2.cbb_project === true || p2.cbb_project === 1,
    defaultSheet,
    editorVersion: typeof p2.editorVersion === 'string' && p2.editorVersion !== '' ? p2.editorVersion : editorVersion(live.find((d) => d.head.editVersion) ?? docs[0] ?? ({ head: {} } as EpruDocument)) || '3',
  };

  // ---- symbols (before sheets: components name their part by the symbol's PART title) ----
  const partTitles = new Map<string, Map<string, string>>();
  const allParts = new Map<string, string>();
  for (const d of byType('SYMBOL')) {
    const m = new Map<string, string>();
    for (const r of d.records.values()) {
      if (r.type !== 'PART' || !r.body) continue;
      const t = typeof r.body.title === 'string' ? r.body.title : r.id;
      m.set(r.id, t);
      allParts.set(r.id, t);
    }
    partTitles.set(d.uuid, m);
  }
  const partTitle = (sym: string | undefined, partId: string) => (sym !== undefined ? partTitles.get(sym)?.get(partId) : undefined) ?? allParts.get(partId);
  for (const d of byType('SYMBOL')) {
    carryHead(d);
    const m = S.LibMetaSchema.safeParse(meta(d));
    const md = m.success ? m.data : {};
    let type = typeof md.docType === 'number' ? md.docType : 2;
    const to = symbolTypeV2(type, [...d.records.values()].some((r) => r.type === 'PIN'));
    if (to.type !== type) {
      tally.adjust(`SYMBOL type ${type} (${to.name})`, `stored as type ${to.type}: V2 has no such symbol type`);
      type = to.type;
    }
    symbols[d.uuid] = { source: str(md.source), desc: str(md.description), ...libTags(md.tags), title: str(md.title) || d.uuid, version: String(d.head.version ?? ''), type };
    entries.set(P.symbolPath(d.uuid), convertSchematicDoc(d, 'SYMBOL', { tally, partTitle }, type));
  }

  // ---- boards, schematics and their sheets ----
  const boardTitle = new Map<string, string>();
  for (const d of byType('BOARD')) {
    carryHead(d);
    metaOnly(d, { META_MODIFY: 'edit time stamp, no content' });
    boardTitle.set(d.uuid, str(meta(d).title) || d.uuid);
  }
  const boardOf = new Map<string, { schematic: string; pcb: string }>();
  const board = (uuid: string) => {
    let b = boardOf.get(uuid);
    if (!b) boardOf.set(uuid, (b = { schematic: '', pcb: '' }));
    return b;
  };
  for (const d of byType('SCH')) {
    carryHead(d);
    metaOnly(d, { RULE: 'schematic design rules have no converter yet' });
    const m = S.SchMetaSchema.safeParse(meta(d));
    schematics[d.uuid] = { name: (m.success && m.data.title) || d.uuid, sheets: [] as Obj[] };
    if (m.success && m.data.board) board(m.data.board).schematic = d.uuid;
  }
  const pages = byType('SCH_PAGE').map((d, i) => {
    const m = S.SheetMetaSchema.safeParse(meta(d));
    return { d, m: m.success ? m.data : {}, i };
  });
  pages.sort((a, b) => (a.m.zIndex ?? Infinity) - (b.m.zIndex ?? Infinity) || a.i - b.i);
  const sheetNo = new Map<string, number>();
  for (const { d, m } of pages) {
    carryHead(d);
    let sch = str(m.schematic);
    if (!schematics[sch]) {
      // A sheet whose schematic is absent keeps a schematic of its own (never lost).
      sch ||= `${d.uuid}_sch`;
      schematics[sch] ??= { name: str(m.title) || sch, sheets: [] };
    }
    const n = (sheetNo.get(sch) ?? 0) + 1;
    sheetNo.set(sch, n);
    ((schematics[sch] as Obj).sheets as Obj[]).push({ name: str(m.title) || `P${n}`, id: n, uuid: d.uuid });
    entries.set(P.sheetPath(sch, n), convertSchematicDoc(d, 'SCH', { tally, partTitle }));
  }

  // ---- devices ----
  // Devices the sheets and boards use (ATTR Device), and the default sheet's frame device.
  const usedDevices = new Set<string>([defaultSheet]);
  for (const d of live) {
    if (d.docType !== 'SCH_PAGE' && d.docType !== 'PCB') continue;
    for (const r of d.records.values()) if (r.type === 'ATTR' && r.body?.key === 'Device' && typeof r.body.value === 'string') usedDevices.add(r.body.value);
  }
  for (const d of byType('DEVICE')) {
    const m = S.DeviceMetaSchema.safeParse(meta(d));
    const md = m.success ? m.data : {};
    if (!str(md.attributes?.Symbol) && !usedDevices.has(d.uuid)) {
      // V3 allows a device without a symbol; a V2 device must name one. One that nothing uses is left out, counted here.
      tally.skip('DEVICE document', 'a device without a symbol that no sheet or board uses (a V2 device needs a symbol)', d.heads + d.records.size);
      continue;
    }
    carryHead(d);
    metaOnly(d, {});
    devices[d.uuid] = {
      source: str(md.source), description: str(md.description), title: str(md.title) || d.uuid, ...libTags(md.tags), images: images(md.images),
      attributes: md.attributes ?? {}, version: String(d.head.version ?? ''),
    };
  }

  // ---- PCBs with the footprints edited on them, then library footprints ----
  const pcbDocs = byType('PCB');
  const pcbIds = new Set(pcbDocs.map((d) => d.uuid));
  const embedded = new Map<string, EpruDocument[]>();
  for (const d of byType('FOOTPRINT')) {
    const u = d.uuid.indexOf('_');
    const host = u > 0 ? d.uuid.slice(0, u) : '';
    if (pcbIds.has(host)) {
      const l = embedded.get(host) ?? [];
      l.push(d);
      embedded.set(host, l);
      continue;
    }
    carryHead(d);
    const m = S.LibMetaSchema.safeParse(meta(d));
    const md = m.success ? m.data : {};
    footprints[d.uuid] = { source: str(md.source), desc: str(md.description), ...libTags(md.tags), title: str(md.title) || d.uuid, version: String(d.head.version ?? ''), type: typeof md.docType === 'number' ? md.docType : 4 };
    entries.set(P.footprintPath(d.uuid), lines(convertPcbDoc(d, 'FOOTPRINT', tally, { editorVersion: editorVersion(d) })));
  }
  // Fonts: V3 keeps one project-wide glyph cache (FONT documents, id = [text, family, size, ...]);
  // V2 boards carry the FONT records of their TrueType texts in their own document.
  const fontRecs: unknown[][] = [];
  for (const d of byType('FONT')) {
    carryHead(d);
    for (const r of d.records.values()) {
      if (r.body === null) {
        tally.skip('deleted record', 'empty body: the deletion was applied');
        continue;
      }
      const key = fontKey(r.id);
      const g = S.FontGlyphSchema.safeParse(r.body);
      if (!key || !g.success) tally.skip('FONT FONT', 'invalid: does not match the record definition');
      else if (!pcbDocs.length) tally.skip('FONT FONT', 'no board in the archive to hold the glyphs');
      else {
        fontRecs.push(R.Font.create({ text: key.text, family: key.family, fontSize: key.size, f4: key.f4, bold: key.bold, italic: key.italic, f7: key.f7,
          strokeWidth: key.strokeWidth, width: g.data.width ?? 0, height: g.data.height ?? 0, paths: g.data.path }));
        tally.carry();
      }
    }
  }
  for (const d of pcbDocs) {
    carryHead(d);
    const m = S.PcbMetaSchema.safeParse(meta(d));
    const md = m.success ? m.data : {};
    const title = str(md.title) || d.uuid;
    pcbs[d.uuid] = md.parent ? { name: title, parent_uuid: md.parent } : title;
    if (md.board) board(md.board).pcb = d.uuid;
    // The board's own block first, then the footprints edited on it (`<pcb>_<id>`): readers find
    // the PCB block by its DOCTYPE wherever it stands; first is also where older readers look.
    const own = convertPcbDoc(d, 'PCB', tally, { editorVersion: editorVersion(d), importFlag: 0 });
    own.push(...fontRecs);
    const blocks: string[] = [lines(own)];
    for (const f of embedded.get(d.uuid) ?? []) {
      carryHead(f);
      const fm = meta(f);
      blocks.push(lines(convertPcbDoc(f, 'FOOTPRINT', tally, { editorVersion: editorVersion(f), importFlag: 0, uuid: f.uuid, source: str(fm.source), title: str(fm.title) })));
    }
    entries.set(P.pcbPath(d.uuid), blocks.join('\n\n'));
  }
  // ---- boards ----
  const boards = pj.boards as Obj;
  for (const [uuid, b] of boardOf) {
    let name = boardTitle.get(uuid) ?? uuid;
    while (name in boards) name += '_';
    boards[name] = b;
  }

  // ---- panels ----
  const panels = pj.panels as Obj;
  for (const d of byType('PANEL')) {
    carryHead(d);
    panels[d.uuid] = str(meta(d).title) || d.uuid;
    entries.set(P.panelPath(d.uuid), lines(convertPanelDoc(d, tally, { editorVersion: editorVersion(d) })));
  }

  // ---- blobs (images referred to as blob:<hash>) ----
  for (const d of byType('BLOB')) {
    carryHead(d);
    for (const r of d.records.values()) {
      const b = blobOf(r);
      if (r.body === null) tally.skip('deleted record', 'empty body: the deletion was applied');
      else if (!b) tally.skip('BLOB BLOB', 'invalid: does not match the record definition');
      else {
        entries.set(P.blobPath(r.id), lines([['DOCTYPE', 'BLOB', '1.0'], ['BLOB', r.id, b.filename ?? '', b.content]]));
        tally.carry();
      }
    }
  }

  // ---- previews and any other file: kept as they are ----
  for (const [n, v] of files) {
    if (n === 'project2.json' || n.toLowerCase().endsWith('.epru')) continue;
    entries.set(n, v);
  }
  return { projectJson: pj, entries, report: tally.report(total) };
}

/** The key of a FONT record: `[text, family, size, 10, bold, italic, 0, strokeWidth]` as JSON. */
function fontKey(id: string): { text: string; family: string; size: number; f4: number; bold: boolean; italic: boolean; f7: boolean; strokeWidth: number } | null {
  try {
    const k = JSON.parse(id) as unknown;
    if (!Array.isArray(k) || typeof k[0] !== 'string') return null;
    const n = (v: unknown) => (typeof v === 'number' ? v : Number(v) || 0);
    const b = (v: unknown) => v === true || v === 1;
    return { text: k[0], family: String(k[1] ?? ''), size: n(k[2]), f4: n(k[3]), bold: b(k[4]), italic: b(k[5]), f7: b(k[6]), strokeWidth: n(k[7]) };
  } catch {
    return null;
  }
}

function blobOf(r: EpruRecord): { filename?: string | null; content: string } | null {
  const p = S.BlobSchema.safeParse(r.body);
  return p.success ? p.data : null;
}

function lines(recs: unknown[][]): string {
  return recs.map((r) => JSON.stringify(r)).join('\n');
}
