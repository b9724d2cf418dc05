/**
 * The import pipeline (SPEC §4 import order, §5 import rules): EproArchive -> ProjectData.
 *
 * A pure function. It either throws a CatalogueError (a refusal: the archive as a whole is not a
 * project; no ProjectData exists) or returns a whole ProjectData with a failure report grouped as
 * UI-3; an item that fails is left out of the data and listed in the report (IMP-2).
 */
import {
  CatalogueError,
  DocType,
  isInstanceId,
  normaliseTitle,
  validateDevice,
  validateFootprint,
  validatePanel,
  validatePcb,
  validateSchematic,
  validateSheet,
  validateSymbol,
  checkDocumentSize,
  stripControlChars,
} from '@copperplate/model';
import { parseDocuments, type DocumentBlock } from './codec.ts';
import { summarizeBlocks, type Precheck, type RefSets } from './precheck.ts';
import { KNOWN_JSON_FILES, type EproArchive } from './epro.ts';
import {
  emptyFailureReport,
  emptyProjectData,
  failureCount,
  type FailureGroup,
  type ImportResult,
  type ProjectData,
} from './project-data.ts';
import * as P from './paths.ts';
import { modelProjectJson } from './export.ts';
import {
  BoardEntrySchema,
  CONFIG_KEYS,
  DEVICE_ENTRY_KEYS,
  LIBRARY_ENTRY_KEYS,
  LIBRARY_FILES,
  libraryEntry,
  PROJECT_JSON_KEYS,
  ProjectJsonSchema,
  SchematicEntrySchema,
  SheetEntrySchema,
  extraKeys,
  hashString,
  setKey,
} from './project-json.ts';

export type DocumentKind = 'sheet' | 'symbol' | 'footprint' | 'pcb' | 'panel' | 'pour' | 'font' | 'blob';

export interface ImportOptions {
  /** Called after each step with the steps done and the total of IMP-11. */
  onProgress?: (done: number, total: number) => void;
  /** Called with the parsed blocks of each imported document (spares the caller a second parse). Not called for prechecked documents. */
  onDocument?: (kind: DocumentKind, id: string, blocks: DocumentBlock[]) => void;
  /** Results of precheckDocument by archive path, computed elsewhere (e.g. on worker threads); those documents are not parsed again. */
  prechecked?: Map<string, Precheck>;
}

/** A document that passed the checks: its blocks (unless prechecked) and the ids it refers to. */
interface Checked {
  blocks?: DocumentBlock[];
  refs: RefSets;
}

/** The type marker each document must begin with (IMP-3). */
const MARKERS: Partial<Record<DocumentKind, string>> = { sheet: 'SCH', symbol: 'SYMBOL', footprint: 'FOOTPRINT', pcb: 'PCB', panel: 'PANEL' };

const utf8 = new TextDecoder('utf-8');
const base = { project_uuid: '', ticket: 0 };

type Obj = Record<string, unknown>;

/** project.json content of a project or library archive; refuses what is not one. */
function projectJsonOf(a: EproArchive): { pj: Obj; library?: ProjectData['library'] } {
  const isLibrary = !a.entries.has('project.json') && Object.keys(a.projectJson).length === 0 && LIBRARY_FILES.some((l) => a.entries.has(l.file));
  if (!isLibrary) return { pj: a.projectJson };
  const pj: Obj = {};
  const library: NonNullable<ProjectData['library']> = [];
  for (const l of LIBRARY_FILES) {
    const raw = a.entries.get(l.file);
    if (raw === undefined) continue;
    let v: unknown;
    try {
      v = JSON.parse(typeof raw === 'string' ? raw : utf8.decode(raw));
    } catch {
      throw CatalogueError.named('ZIP_NOT_CONFORMING');
    }
    if (v === null || typeof v !== 'object' || Array.isArray(v)) throw CatalogueError.named('ZIP_NOT_CONFORMING');
    const inner = (v as Obj)[l.key];
    const wrapped = inner !== null && typeof inner === 'object' && !Array.isArray(inner);
    pj[l.key] = wrapped ? inner : v;
    library.push({ file: l.file, wrapped });
  }
  return { pj, library };
}

export function eproToProjectData(a: EproArchive, opts: ImportOptions = {}): ImportResult {
  const { pj: rawPj, library } = projectJsonOf(a);
  const parsed = ProjectJsonSchema.safeParse(rawPj);
  if (!parsed.success) throw CatalogueError.named('ZIP_NOT_CONFORMING');
  const pj = parsed.data;
  if (!library && pj.boards === undefined) throw CatalogueError.named('BOARDS_MISSING'); // IMP-7

  const data = emptyProjectData();
  data.library = library;
  const failures = emptyFailureReport();
  const fail = (g: FailureGroup, name: string, message: string) => failures[g].push({ name, message });
  const warnings = emptyFailureReport();
  const warn = (g: FailureGroup, name: string, message: string) => warnings[g].push({ name, message });
  /** Files an imported item holds; every other file is kept as it is in `files` (an import never loses a document). */
  const consumed = new Set<string>(library ? library.map((l) => l.file) : []);
  /** Files the pipeline read (held by an item, or reported). */
  const seen = new Set<string>();
  const take = (path: string) => consumed.add(path);
  const entryText = (path: string): string | undefined => {
    const v = a.entries.get(path);
    if (v === undefined) return undefined;
    seen.add(path);
    return typeof v === 'string' ? v : utf8.decode(v);
  };
  const entriesIn = (folder: string, ext: string) => [...a.entries.keys()].filter((k) => k.startsWith(folder + '/') && k.endsWith(ext));

  // ---- step count (IMP-11) ----
  const maps = {
    schematics: pj.schematics ?? {},
    pcbs: pj.pcbs ?? {},
    panels: pj.panels ?? {},
    symbols: pj.symbols ?? {},
    footprints: pj.footprints ?? {},
    devices: pj.devices ?? {},
    attrs: pj.block_symbol_attribute ?? {},
  };
  const sheetEntries = Object.entries(maps.schematics).flatMap(([schUuid, s]) => {
    const r = SchematicEntrySchema.safeParse(s);
    return r.success ? (r.data.sheets ?? []).map((sh) => ({ schUuid, sh })) : [];
  });
  const isBlock = (s: unknown) => (s as Obj | null)?.type === DocType.BLOCK_SYMBOL;
  const symbolIds = Object.keys(maps.symbols);
  const blockIds = symbolIds.filter((id) => isBlock(maps.symbols[id]));
  const pours = entriesIn('POUR', '.ecop');
  const fonts = entriesIn('FONT', '.efon');
  const blobs = entriesIn('BLOB', '.eblob');
  const total =
    2 +
    Object.keys(maps.schematics).length +
    Object.keys(maps.devices).length +
    (symbolIds.length - blockIds.length) +
    Object.keys(maps.footprints).length +
    blobs.length +
    pours.length +
    Object.keys(maps.attrs).length +
    fonts.length +
    blockIds.length +
    Object.keys(maps.panels).length +
    2 * Object.keys(maps.pcbs).length +
    2 * sheetEntries.length;
  let done = 0;
  const step = () => {
    done++;
    opts.onProgress?.(done, total);
  };

  /** Checks of a document's text: present, not too big, JSON lines, type marker. Returns blocks or a message. */
  const readDoc = (kind: DocumentKind, name: string, text: string | undefined, path: string): Checked | string => {
    if (text === undefined || text.trim() === '') {
      return kind === 'sheet' ? CatalogueError.named('SHEET_CONTENT_MISSING', { name }).message : CatalogueError.named('FILE_MISSING').message;
    }
    let check: Precheck;
    let blocks: DocumentBlock[] | undefined;
    try {
      checkDocumentSize(text, name);
    } catch (e) {
      if (e instanceof CatalogueError) return e.message;
      throw e;
    }
    const pre = opts.prechecked?.get(path);
    if (pre) check = pre;
    else {
      try {
        blocks = parseDocuments(text);
      } catch (e) {
        if (e instanceof CatalogueError) return e.message;
        throw e;
      }
      check = summarizeBlocks(path, blocks);
    }
    if (!check.ok) return check.message;
    const marker = MARKERS[kind];
    if (marker !== undefined && (!check.hasDoctype || check.docType !== marker)) {
      return CatalogueError.named('FILE_MISSING').message; // IMP-3
    }
    return { blocks, refs: check.refs };
  };
  /** Device/Symbol/Footprint ids each imported sheet and PCB refers to (kept instead of the records). */
  const docRefs: { kind: 'sheet' | 'pcb'; name: string; refs: RefSets }[] = [];
  const emit = (kind: DocumentKind, id: string, c: Checked) => c.blocks && opts.onDocument?.(kind, id, c.blocks);
  const message = (e: unknown): string => {
    if (e instanceof CatalogueError) return e.message;
    throw e;
  };
  const str = (v: unknown, d = ''): string => (typeof v === 'string' ? v : v === undefined || v === null ? d : String(v));

  // ---- schematics ----
  const schematicOk = new Map<string, ProjectData['schematics'][number]>();
  for (const [uuid, raw] of Object.entries(maps.schematics)) {
    const r = SchematicEntrySchema.safeParse(raw);
    const display = r.success ? str(r.data.name) : '';
    try {
      if (!r.success) throw CatalogueError.named('FILE_MISSING');
      const v = validateSchematic({ ...base, uuid, name: normaliseTitle(display), display_name: display }).value;
      const item = { uuid, name: v.name, display_name: v.display_name, sort: [] as string[], extra: extraKeys(r.data, ['name', 'sheets']) };
      data.schematics.push(item);
      schematicOk.set(uuid, item);
    } catch (e) {
      fail('Schematic', display || uuid, message(e));
    }
    step();
  }

  // ---- sheets ----
  const sheetIds = new Set<string>();
  for (const { schUuid, sh } of sheetEntries) {
    const r = SheetEntrySchema.safeParse(sh);
    const display = r.success ? str(r.data.name) : '';
    const name = display || (r.success ? r.data.uuid : schUuid);
    step();
    if (!r.success) {
      fail('Page', name, CatalogueError.named('FILE_MISSING').message);
      continue;
    }
    const owner = schematicOk.get(schUuid);
    const text = entryText(P.sheetPath(schUuid, r.data.id));
    if (!owner) {
      fail('Page', name, CatalogueError.named('OWNING_SHEET_MISSING').message); // IMP-6
      continue;
    }
    const docs = readDoc('sheet', name, text, P.sheetPath(schUuid, r.data.id));
    if (typeof docs === 'string') {
      fail('Page', name, docs);
      continue;
    }
    try {
      const v = validateSheet({ ...base, uuid: r.data.uuid, schematic_uuid: schUuid, title: normaliseTitle(display), display_title: display, sheet_id: r.data.id, dataStr: text }).value;
      if (sheetIds.has(v.uuid)) throw CatalogueError.named('FILE_MISSING');
      sheetIds.add(v.uuid);
      data.sheets.push({ uuid: v.uuid, schematic_uuid: schUuid, title: v.title, display_title: v.display_title, sheet_id: r.data.id, dataStr: text!, extra: extraKeys(r.data, ['name', 'id', 'uuid']) });
      owner.sort.push(v.uuid);
      take(P.sheetPath(schUuid, r.data.id));
      docRefs.push({ kind: 'sheet', name: v.title, refs: docs.refs });
      emit('sheet', v.uuid, docs);
    } catch (e) {
      fail('Page', name, message(e));
    }
  }
  // Sheet files in the folder of a schematic that was not imported (not listed, or failed) (IMP-6).
  for (const k of entriesIn('SHEET', '.esch')) {
    const folder = k.split('/')[1];
    if (!seen.has(k) && !schematicOk.has(folder)) {
      seen.add(k);
      fail('Page', k, CatalogueError.named('OWNING_SHEET_MISSING').message);
    }
  }

  // ---- symbols, then block symbols ----
  const symbolOk = new Set<string>();
  const importSymbol = (uuid: string) => {
    const raw = maps.symbols[uuid];
    const e = libraryEntry(raw);
    const display = e ? str(e.title) : '';
    step();
    if (!e) return fail('Symbol', uuid, CatalogueError.named('CREATE_SYMBOL_FAILED').message);
    const r = { data: e };
    const text = entryText(P.symbolPath(uuid));
    const docs = readDoc('symbol', display || uuid, text, P.symbolPath(uuid));
    if (typeof docs === 'string') return fail('Symbol', display || uuid, docs);
    try {
      const v = validateSymbol({
        ...base, uuid, title: normaliseTitle(display), display_title: display, docType: r.data.type ?? DocType.PART, source: str(r.data.source),
        version: str(r.data.version), description: str(r.data.desc), tags: r.data.tags, custom_tags: r.data.custom_tags, dataStr: text,
      }).value;
      data.symbols.push({
        uuid, title: v.title, display_title: v.display_title, docType: v.docType, source: v.source, version: v.version, description: v.description,
        tags: v.tags, custom_tags: v.custom_tags, updateTime: v.updateTime, dataStr: text!, extra: extraKeys(r.data, LIBRARY_ENTRY_KEYS),
      });
      symbolOk.add(uuid);
      take(P.symbolPath(uuid));
      emit('symbol', uuid, docs);
    } catch (e) {
      fail('Symbol', display || uuid, message(e));
    }
  };
  for (const id of symbolIds) if (!isBlock(maps.symbols[id])) importSymbol(id);
  for (const id of blockIds) importSymbol(id);

  // ---- PCBs, parents first ----
  const pcbOk = new Set<string>();
  const pcbInfo = Object.entries(maps.pcbs).map(([uuid, raw]) => {
    if (typeof raw === 'string') return { uuid, display: raw, parent: undefined as string | undefined, extra: undefined as Obj | undefined, titleKey: undefined as string | undefined };
    const o = raw !== null && typeof raw === 'object' && !Array.isArray(raw) ? (raw as Obj) : {};
    const titleKey = 'name' in o ? 'name' : 'title';
    const parent = typeof o.parent_uuid === 'string' && o.parent_uuid !== '' ? o.parent_uuid : undefined;
    return { uuid, display: str(o[titleKey]), parent, extra: extraKeys(o, [titleKey]) ?? {}, titleKey };
  });
  pcbInfo.sort((x, y) => Number(x.parent !== undefined) - Number(y.parent !== undefined));
  for (const p of pcbInfo) {
    step();
    const text = entryText(P.pcbPath(p.uuid));
    const name = p.display || p.uuid;
    if (p.parent !== undefined && !pcbOk.has(p.parent)) {
      fail('Pcb', name, CatalogueError.named('OWNING_PCB_MISSING').message);
      continue;
    }
    const docs = readDoc('pcb', name, text, P.pcbPath(p.uuid));
    if (typeof docs === 'string') {
      fail('Pcb', name, docs);
      continue;
    }
    try {
      const v = validatePcb({ ...base, uuid: p.uuid, title: normaliseTitle(p.display), display_title: p.display, parent_uuid: p.parent, dataStr: text }).value;
      data.pcbs.push({ uuid: p.uuid, title: v.title, display_title: v.display_title, parent_uuid: p.parent, dataStr: text!, extra: p.extra, titleKey: p.titleKey });
      pcbOk.add(p.uuid);
      take(P.pcbPath(p.uuid));
      docRefs.push({ kind: 'pcb', name: v.title, refs: docs.refs });
      emit('pcb', p.uuid, docs);
    } catch (e) {
      fail('Pcb', name, message(e));
    }
  }

  // ---- footprints ----
  const footprintOk = new Set<string>();
  for (const [uuid, raw] of Object.entries(maps.footprints)) {
    step();
    const e = libraryEntry(raw);
    const display = e ? str(e.title) : '';
    if (!e) {
      fail('Footprint', uuid, CatalogueError.named('CREATE_FOOTPRINT_FAILED').message);
      continue;
    }
    const r = { data: e };
    const text = entryText(P.footprintPath(uuid));
    const docs = readDoc('footprint', display || uuid, text, P.footprintPath(uuid));
    if (typeof docs === 'string') {
      fail('Footprint', display || uuid, docs);
      continue;
    }
    try {
      const v = validateFootprint({
        ...base, uuid, title: normaliseTitle(display), display_title: display, docType: r.data.type ?? DocType.FOOTPRINT, source: str(r.data.source),
        version: str(r.data.version), description: str(r.data.desc), tags: r.data.tags, custom_tags: r.data.custom_tags, dataStr: text,
      }).value;
      data.footprints.push({
        uuid, title: v.title, display_title: v.display_title, docType: v.docType, source: v.source, version: v.version, description: v.description,
        tags: v.tags, custom_tags: v.custom_tags, updateTime: v.updateTime, dataStr: text!, extra: extraKeys(r.data, LIBRARY_ENTRY_KEYS),
      });
      footprintOk.add(uuid);
      take(P.footprintPath(uuid));
      emit('footprint', uuid, docs);
    } catch (e) {
      fail('Footprint', display || uuid, message(e));
    }
  }

  // ---- devices ----
  const deviceOk = new Set<string>();
  /**
   * Symbols and footprints a kept device names that the archive does not hold at all (neither listed
   * in project.json nor a file): they live in EasyEDA's system library. One the archive lists but
   * could not import is a failure (the device depends on it); one it never had is a warning.
   */
  const systemIds = { Symbol: new Set<string>(), Footprint: new Set<string>() };
  const inSystemLibrary = (kind: 'Symbol' | 'Footprint', id: unknown): id is string => {
    if (typeof id !== 'string' || id === '') return false;
    const listed = Object.prototype.hasOwnProperty.call(kind === 'Symbol' ? maps.symbols : maps.footprints, id);
    const file = a.entries.has(kind === 'Symbol' ? P.symbolPath(id) : P.footprintPath(id));
    return !listed && !file;
  };
  for (const [uuid, raw] of Object.entries(maps.devices)) {
    step();
    const e = libraryEntry(raw);
    const display = e ? str(e.title) : '';
    try {
      if (!e) throw CatalogueError.named('CREATE_DEVICE_FAILED');
      const r = { data: e };
      const attributes = r.data.attributes ?? {};
      // A device whose Symbol is empty names no symbol (real exports hold such devices, editor 2.2.40: a footprint
      // and a 3D model only): kept and warned, as devices with an empty Footprint are kept. A non-string Symbol fails.
      const noSymbol = attributes.Symbol === '';
      if (typeof attributes.Symbol !== 'string') throw CatalogueError.named('DEVICE_SYMBOL_MISSING');
      const sysSymbol = inSystemLibrary('Symbol', attributes.Symbol) ? attributes.Symbol : undefined;
      const sysFootprint = inSystemLibrary('Footprint', attributes.Footprint) ? attributes.Footprint : undefined;
      const v = validateDevice(
        {
          ...base, uuid, title: normaliseTitle(display), display_title: display, source: str(r.data.source), version: str(r.data.version),
          description: str(r.data.description), images: r.data.images ?? [], tags: r.data.tags, custom_tags: r.data.custom_tags, attributes,
        },
        { symbolExists: (id) => symbolOk.has(id) || id === sysSymbol, footprintExists: (id) => footprintOk.has(id) || id === sysFootprint },
      ).value;
      data.devices.push({
        uuid, title: v.title, display_title: v.display_title, source: v.source, version: v.version, description: v.description, images: v.images,
        tags: v.tags, custom_tags: v.custom_tags, attributes: v.attributes, extra: extraKeys(r.data, DEVICE_ENTRY_KEYS),
      });
      deviceOk.add(uuid);
      if (noSymbol) warn('Device', display || uuid, CatalogueError.named('DEVICE_WITHOUT_SYMBOL').message);
      if (sysSymbol !== undefined) {
        systemIds.Symbol.add(sysSymbol);
        warn('Device', display || uuid, CatalogueError.named('SYSTEM_LIBRARY_SYMBOL', { id: sysSymbol }).message);
      }
      if (sysFootprint !== undefined) {
        systemIds.Footprint.add(sysFootprint);
        warn('Device', display || uuid, CatalogueError.named('SYSTEM_LIBRARY_FOOTPRINT', { id: sysFootprint }).message);
      }
    } catch (e) {
      fail('Device', display || uuid, message(e));
    }
  }

  // ---- project config and default sheet ----
  const config = (pj.config ?? {}) as Obj;
  data.title = stripControlChars(str(config.title)); // VAL-8
  data.cbbProject = config.cbbProject === true;
  const defaultSheet = str(config.defaultSheet);
  // The default sheet names the device of the default drawing frame (real exports: a device uuid).
  // One that was not imported is dropped (SPEC §8: a failed default-sheet update only logs).
  data.defaultSheet = defaultSheet === '' || deviceOk.has(defaultSheet) || sheetIds.has(defaultSheet) ? defaultSheet : '';
  step();

  // ---- panels ----
  for (const [uuid, raw] of Object.entries(maps.panels)) {
    step();
    const o = raw !== null && typeof raw === 'object' && !Array.isArray(raw) ? (raw as Obj) : undefined;
    const titleKey = o ? ('name' in o ? 'name' : 'title') : undefined;
    const display = o ? str(o[titleKey!]) : str(raw);
    const text = entryText(P.panelPath(uuid));
    const docs = readDoc('panel', display || uuid, text, P.panelPath(uuid));
    if (typeof docs === 'string') {
      fail('Panel', display || uuid, docs);
      continue;
    }
    try {
      const v = validatePanel({ ...base, uuid, title: normaliseTitle(display), display_title: display, dataStr: text }).value;
      data.panels.push({ uuid, title: v.title, display_title: v.display_title, dataStr: text!, extra: o ? extraKeys(o, [titleKey!]) ?? {} : undefined, titleKey });
      take(P.panelPath(uuid));
      emit('panel', uuid, docs);
    } catch (e) {
      fail('Panel', display || uuid, message(e));
    }
  }

  // ---- sheet and PCB update with the id maps (IMP-5) ----
  const idMaps = { Device: deviceOk, Symbol: symbolOk, Footprint: footprintOk } as const;
  const illegal = { Device: 'ILLEGAL_DEVICE_ID', Symbol: 'ILLEGAL_SYMBOL_ID', Footprint: 'ILLEGAL_FOOTPRINT_ID' } as const;
  for (const d of docRefs) {
    step();
    for (const k of ['Device', 'Symbol', 'Footprint'] as const) {
      for (const id of d.refs[k]) {
        if (idMaps[k].has(id) || isInstanceId(id)) continue;
        if (k !== 'Device' && systemIds[k].has(id)) continue; // a kept device's system-library part (warned there)
        fail(d.kind === 'sheet' ? 'Page' : 'Pcb', d.name, CatalogueError.named(illegal[k]).message);
        break;
      }
    }
  }
  for (let i = docRefs.length; i < sheetEntries.length + pcbInfo.length; i++) step(); // items that failed earlier

  // ---- block-symbol attributes ----
  for (const [path, attr] of Object.entries(maps.attrs)) {
    step();
    data.attributes.push({ path, hash: hashString(JSON.stringify(attr) ?? ''), attr });
  }

  // ---- coppers and fonts: file name base64(pcbUuid + "_n"), owner must be an imported PCB (IMP-6) ----
  const pcbResource = (files: string[], kind: 'pour' | 'font', group: FailureGroup, out: ProjectData['coppers']) => {
    for (const k of files) {
      step();
      const path = P.fromBase64Name(P.splitEntry(k).base);
      const text = entryText(k);
      if (path === null || path.indexOf('_') <= 0) {
        fail(group, k, CatalogueError.named('FILE_MISSING').message);
        continue;
      }
      const owner = path.slice(0, path.indexOf('_'));
      if (!pcbOk.has(owner)) {
        // A PCB of the archive that failed: IMP-6. A PCB the archive does not hold at all (real
        // exports leave such files behind): kept as it is and reported as a warning.
        const inArchive = Object.prototype.hasOwnProperty.call(maps.pcbs, owner) || a.entries.has(P.pcbPath(owner));
        if (inArchive) fail(group, path, CatalogueError.named('OWNING_PCB_MISSING').message);
        else warn(group, path, CatalogueError.named('OWNER_PCB_ABSENT_KEPT').message);
        continue;
      }
      const docs = readDoc(kind, path, text, k);
      if (typeof docs === 'string') {
        fail(group, path, docs);
        continue;
      }
      out.push({ path, dataStr: text! });
      take(k);
      emit(kind, path, docs);
    }
  };
  pcbResource(pours, 'pour', 'Pour', data.coppers);
  pcbResource(fonts, 'font', 'Font', data.fonts);

  // ---- blobs (true colour images) ----
  for (const k of blobs) {
    step();
    const hash = P.splitEntry(k).base;
    const text = entryText(k);
    const docs = readDoc('blob', hash, text, k);
    if (typeof docs === 'string') {
      fail('True Color Image', hash, docs);
      continue;
    }
    data.blobs.push({ hash, filename: hash, dataStr: text! });
    take(k);
    emit('blob', hash, docs);
  }

  // ---- boards: references to items that were not imported become '' ----
  const schOk = new Set(data.schematics.map((s) => s.uuid));
  for (const [name, raw] of Object.entries(pj.boards ?? {})) {
    const r = BoardEntrySchema.safeParse(raw);
    if (!r.success) continue;
    const sch = str(r.data.schematic);
    const pcb = str(r.data.pcb);
    data.boards.push({ name, sch: schOk.has(sch) ? sch : '', pcb: pcbOk.has(pcb) ? pcb : '' });
  }
  step();

  // ---- what project.json and the archive hold beyond the model ----
  data.projectExtra.order = Object.keys(rawPj);
  for (const k of Object.keys(rawPj)) if (!(PROJECT_JSON_KEYS as readonly string[]).includes(k)) setKey(data.projectExtra.top, k, rawPj[k]);
  for (const k of Object.keys(config)) if (!(CONFIG_KEYS as readonly string[]).includes(k)) setKey(data.projectExtra.config, k, config[k]);
  for (const [k, v] of a.entries) {
    if (consumed.has(k) || (KNOWN_JSON_FILES as readonly string[]).includes(k)) continue;
    setKey(data.files, k, v);
  }

  // project.json as read and as the model holds it now: the export writes unchanged values as read
  data.projectExtra.asRead = JSON.stringify(rawPj);
  data.projectExtra.asImported = JSON.stringify(modelProjectJson(data));

  const n = failureCount(failures);
  return { data, failures, warnings, ok: n === 0, progress: { done, total }, ...(a.conversion ? { conversion: a.conversion } : {}) };
}
