/**
 * Validation before local storage (SPEC §5, VAL-1..VAL-9). Each validator takes untrusted input and
 * returns `{ value, warnings }` with the typed entity, or throws a CatalogueError whose message comes
 * from the catalogue (errors.ts). Order of checks, the same for every kind:
 *   object? -> VAL-8 strip control characters -> VAL-2 field types -> VAL-1 project -> NAME-1 defaults
 *   -> schema (zod) -> VAL-3 title -> VAL-4 docType/tags -> VAL-5 source -> VAL-6 device refs
 *   -> VAL-9 name bytes and document size.
 */
import type { z } from 'zod';
import { DOCUMENT_MAX_BYTES, TITLE_MAX_BYTES, TITLE_MIN_BYTES } from './constants.ts';
import { CatalogueError, type NamedErrorKey } from './errors.ts';
import { DocType, isSymbolDocType } from './enums.ts';
import { isValidSource } from './ids.ts';
import { normaliseTitle, stripControlCharsDeep, utf8ByteLength, utf8ByteLengthExceeds } from './text.ts';
import { defaultTitle, normaliseVersion, type NamedLibraryKind } from './names.ts';
import { TagsSchema } from './entities/common.ts';
import { ProjectSchema, type Project } from './entities/project.ts';
import { PanelSchema, PcbSchema, SchematicSchema, SheetSchema, type Panel, type Pcb, type Schematic, type Sheet } from './entities/documents.ts';
import { DeviceSchema, FootprintSchema, SymbolSchema, type Device, type Footprint, type Symbol } from './entities/library.ts';
import {
  BlobSchema,
  BlockSymbolAttributeSchema,
  CopperPourSchema,
  FontSchema,
  type Blob,
  type BlockSymbolAttribute,
  type CopperPour,
  type Font,
} from './entities/resources.ts';

export interface ValidationContext {
  /** VAL-1: the project of the store; when given, project_uuid must equal it. */
  projectUuid?: string;
}
export interface DeviceLookups {
  /** VAL-6: does a symbol with this uuid exist? Omitted: not checked. */
  symbolExists?: (uuid: string) => boolean;
  footprintExists?: (uuid: string) => boolean;
}
export interface Validated<T> {
  value: T;
  /** Non-fatal findings, catalogue messages (e.g. "Device's source is illegal" when a source was replaced). */
  warnings: string[];
}

type Obj = Record<string, unknown>;

function fail(key: NamedErrorKey, params: Record<string, string | number> = {}): never {
  throw CatalogueError.named(key, params);
}

/** VAL-9: a document name is 1 to 128 UTF-8 bytes (code 2003). `documentName` fills the message. */
export function checkName(name: string, documentName = 'name'): void {
  const n = utf8ByteLength(name);
  if (n < TITLE_MIN_BYTES || n > TITLE_MAX_BYTES) throw CatalogueError.fromCode(2003, { documentName });
}
/** Control characters (C0, DEL, C1): stripped from every name before it is stored. */
// eslint-disable-next-line no-control-regex
const CONTROL_CHARS = /[\u0000-\u001f\u007f-\u009f]/g;
/** A name as stored: control characters removed (its length is then checked in UTF-8 bytes, 1..128). */
export function cleanName(name: string): string {
  return name.replace(CONTROL_CHARS, '');
}
/** A password is at least 8 characters and not only spaces (server sign-up and password changes). */
export function isPasswordAcceptable(password: string): boolean {
  return [...password].length >= 8 && password.trim().length > 0;
}
export function isNameLengthValid(name: string): boolean {
  const n = utf8ByteLength(name);
  return n >= TITLE_MIN_BYTES && n <= TITLE_MAX_BYTES;
}

/** VAL-9: a document text over 15 MB (UTF-8 bytes) is too big (code 10034). */
export function checkDocumentSize(dataStr: string | undefined, documentName: string): void {
  if (typeof dataStr === 'string' && utf8ByteLengthExceeds(dataStr, DOCUMENT_MAX_BYTES)) {
    throw CatalogueError.fromCode(10034, { documentName });
  }
}

/** VAL-3: title must equal the normalised display title. */
export function checkTitleConsistent(title: string, displayTitle: string): void {
  if (title !== normaliseTitle(displayTitle)) fail('TITLE_INCONSISTENT', { title, displayTitle });
}

/** VAL-4: tags are `{parent_tag: [{uuid, name}], child_tag: [...]}`; custom_tags, when a string, is a JSON array of strings. */
export function areTagsWellFormed(tags: unknown, customTags?: unknown): boolean {
  if (tags !== undefined && tags !== null && !TagsSchema.safeParse(tags).success) return false;
  if (typeof customTags === 'string' && customTags !== '') {
    try {
      const v: unknown = JSON.parse(customTags);
      if (!Array.isArray(v) || !v.every((x) => typeof x === 'string')) return false;
    } catch {
      return false;
    }
  } else if (customTags !== undefined && customTags !== null && typeof customTags !== 'string') {
    if (!Array.isArray(customTags) || !customTags.every((x) => typeof x === 'string')) return false;
  }
  return true;
}

function requireObject(input: unknown, kind: string): Obj {
  if (input === null || typeof input !== 'object' || Array.isArray(input)) fail('FIELD_TYPE', { field: kind, type: 'an object' });
  return stripControlCharsDeep({ ...(input as Obj) }); // VAL-8 (always a fresh object: the input is never changed)
}

function requireString(o: Obj, field: string): void {
  if (typeof o[field] !== 'string') fail('FIELD_TYPE', { field, type: 'a string' });
}
function requireNumber(o: Obj, field: string): void {
  if (typeof o[field] !== 'number' || !Number.isFinite(o[field])) fail('FIELD_TYPE', { field, type: 'a number' });
}

/** VAL-2 and VAL-1 for keyed items. */
function commonChecks(o: Obj, ctx: ValidationContext, key: string, fields: { title?: boolean; project?: boolean } = {}): void {
  requireString(o, key);
  if (fields.project !== false) requireString(o, 'project_uuid');
  if (fields.title) requireString(o, 'title');
  requireNumber(o, 'ticket');
  if (ctx.projectUuid !== undefined && fields.project !== false && o.project_uuid !== ctx.projectUuid) {
    fail('PROJECT_MISMATCH', { actual: String(o.project_uuid), expected: ctx.projectUuid });
  }
}

function parse<S extends z.ZodType>(schema: S, o: Obj, kind: string): z.infer<S> {
  const r = schema.safeParse(o);
  if (!r.success) {
    const issue = r.error.issues[0];
    fail('ILLEGAL_FIELD', { field: issue.path.join('.') || kind, kind, issue: issue.message });
  }
  return r.data;
}

/** A missing display title takes the title. */
function fillDisplayTitle(o: Obj, titleKey = 'title', displayKey = 'display_title'): void {
  if (typeof o[displayKey] !== 'string') o[displayKey] = o[titleKey];
}

/** NAME-1 for library items: empty title -> default (display title too); empty version -> '1'. */
function libraryDefaults(o: Obj, kind: NamedLibraryKind): void {
  const title = typeof o.title === 'string' ? o.title : '';
  const display = typeof o.display_title === 'string' ? o.display_title : '';
  if (title.trim() === '') {
    if (display.trim() !== '') o.title = normaliseTitle(display);
    else o.title = o.display_title = defaultTitle(kind);
  }
  fillDisplayTitle(o);
  o.version = normaliseVersion(o.version as string | number | undefined);
}

function checkDocType(o: Obj, expected: number, kind: string): void {
  if (o.docType === undefined || o.docType === null) o.docType = expected;
  else if (o.docType !== expected) fail('ILLEGAL_DOC_TYPE', { docType: String(o.docType), kind });
}

/** VAL-7: a project object needs a uuid. */
export function createProject(input: unknown): Project {
  const o = requireObject(input, 'project');
  if (typeof o.uuid !== 'string' || o.uuid === '') fail('PROJECT_UUID_REQUIRED');
  if (typeof o.title !== 'string') fail('FIELD_TYPE', { field: 'title', type: 'a string' });
  return parse(ProjectSchema, o, 'project');
}

export function validateSchematic(input: unknown, ctx: ValidationContext = {}): Validated<Schematic> {
  const o = requireObject(input, 'schematic');
  commonChecks(o, ctx, 'uuid');
  requireString(o, 'name');
  fillDisplayTitle(o, 'name', 'display_name');
  const v = parse(SchematicSchema, o, 'schematic');
  checkTitleConsistent(v.name, v.display_name);
  checkName(v.name, 'Schematic name');
  return { value: v, warnings: [] };
}

export function validateSheet(input: unknown, ctx: ValidationContext = {}): Validated<Sheet> {
  const o = requireObject(input, 'sheet');
  commonChecks(o, ctx, 'uuid', { title: true });
  fillDisplayTitle(o);
  checkDocType(o, DocType.SCH, 'Sheet');
  const v = parse(SheetSchema, o, 'sheet');
  checkTitleConsistent(v.title, v.display_title);
  checkName(v.title, 'Sheet name');
  checkDocumentSize(v.dataStr, v.title);
  return { value: v, warnings: [] };
}

function validatePcbLike<T extends Pcb | Panel>(input: unknown, ctx: ValidationContext, kind: 'PCB' | 'Panel'): Validated<T> {
  const o = requireObject(input, kind);
  commonChecks(o, ctx, 'uuid', { title: true });
  fillDisplayTitle(o);
  checkDocType(o, kind === 'PCB' ? DocType.PCB : DocType.PANEL, kind);
  const v = parse(kind === 'PCB' ? PcbSchema : PanelSchema, o, kind) as T;
  checkTitleConsistent(v.title, v.display_title);
  checkName(v.title, `${kind} name`);
  checkDocumentSize(v.dataStr, v.title);
  return { value: v, warnings: [] };
}
export function validatePcb(input: unknown, ctx: ValidationContext = {}): Validated<Pcb> {
  return validatePcbLike<Pcb>(input, ctx, 'PCB');
}
export function validatePanel(input: unknown, ctx: ValidationContext = {}): Validated<Panel> {
  return validatePcbLike<Panel>(input, ctx, 'Panel');
}

/** Symbol and block symbol: docType one of SYMBOL_DOC_TYPES; an illegal source is replaced by the uuid. */
export function validateSymbol(input: unknown, ctx: ValidationContext = {}): Validated<Symbol> {
  const o = requireObject(input, 'symbol');
  commonChecks(o, ctx, 'uuid');
  libraryDefaults(o, 'symbol');
  if (!isSymbolDocType(o.docType)) fail('ILLEGAL_DOC_TYPE', { docType: String(o.docType), kind: 'Symbol' });
  const warnings: string[] = [];
  if (o.source !== undefined && !isValidSource(o.source)) {
    // VAL-5: SPEC words the symbol case as "Device's source is illegal" (sic); kept as a warning.
    o.source = o.uuid;
    warnings.push(CatalogueError.named('DEVICE_SOURCE_ILLEGAL').message);
  }
  if (!areTagsWellFormed(o.tags, o.custom_tags)) fail('ILLEGAL_TAGS', { title: String(o.title) });
  const v = parse(SymbolSchema, o, 'symbol');
  checkTitleConsistent(v.title, v.display_title);
  checkName(v.title, 'Symbol name');
  checkDocumentSize(v.dataStr, v.title);
  return { value: v, warnings };
}

/** Footprint: docType FOOTPRINT; an illegal source throws "Footprint's source is illegal". */
export function validateFootprint(input: unknown, ctx: ValidationContext = {}): Validated<Footprint> {
  const o = requireObject(input, 'footprint');
  commonChecks(o, ctx, 'uuid');
  libraryDefaults(o, 'footprint');
  checkDocType(o, DocType.FOOTPRINT, 'Footprint');
  if (o.source !== undefined && !isValidSource(o.source)) fail('FOOTPRINT_SOURCE_ILLEGAL');
  if (!areTagsWellFormed(o.tags, o.custom_tags)) fail('ILLEGAL_TAGS', { title: String(o.title) });
  const v = parse(FootprintSchema, o, 'footprint');
  checkTitleConsistent(v.title, v.display_title);
  checkName(v.title, 'Footprint name');
  checkDocumentSize(v.dataStr, v.title);
  return { value: v, warnings: [] };
}

/** VAL-6: symbol and footprint ids of a device differ and exist (empty ids are "none" and not looked up). */
export function checkDeviceReferences(attributes: Record<string, unknown> | undefined, lookups: DeviceLookups = {}): void {
  const sym = typeof attributes?.Symbol === 'string' ? attributes.Symbol : '';
  const fp = typeof attributes?.Footprint === 'string' ? attributes.Footprint : '';
  if (sym !== '' && sym === fp) fail('SAME_SYMBOL_FOOTPRINT');
  if (sym !== '' && lookups.symbolExists && !lookups.symbolExists(sym)) fail('DEVICE_SYMBOL_MISSING');
  if (fp !== '' && lookups.footprintExists && !lookups.footprintExists(fp)) fail('DEVICE_FOOTPRINT_MISSING');
}

export function validateDevice(input: unknown, ctx: ValidationContext & DeviceLookups = {}): Validated<Device> {
  const o = requireObject(input, 'device');
  commonChecks(o, ctx, 'uuid');
  libraryDefaults(o, 'device');
  const warnings: string[] = [];
  if (o.source !== undefined && !isValidSource(o.source)) {
    o.source = o.uuid;
    warnings.push(CatalogueError.named('DEVICE_SOURCE_ILLEGAL').message);
  }
  if (!areTagsWellFormed(o.tags, o.custom_tags)) fail('ILLEGAL_TAGS', { title: String(o.title) });
  const v = parse(DeviceSchema, o, 'device');
  checkTitleConsistent(v.title, v.display_title);
  checkName(v.title, 'Device name');
  checkDeviceReferences(v.attributes as Record<string, unknown>, ctx);
  return { value: v, warnings };
}

/** VAL-7: blob filename must be a string. Blobs are resources, not documents: no 15 MB check here. */
export function validateBlob(input: unknown, ctx: ValidationContext = {}): Validated<Blob> {
  const o = requireObject(input, 'blob');
  commonChecks(o, ctx, 'hash', { project: o.project_uuid !== undefined });
  requireString(o, 'filename');
  return { value: parse(BlobSchema, o, 'blob'), warnings: [] };
}

export function validateCopperPour(input: unknown, ctx: ValidationContext = {}): Validated<CopperPour> {
  const o = requireObject(input, 'copper');
  commonChecks(o, ctx, 'path');
  const v = parse(CopperPourSchema, o, 'copper');
  checkDocumentSize(v.dataStr, v.path);
  return { value: v, warnings: [] };
}

export function validateFont(input: unknown, ctx: ValidationContext = {}): Validated<Font> {
  const o = requireObject(input, 'font');
  commonChecks(o, ctx, 'path');
  const v = parse(FontSchema, o, 'font');
  checkDocumentSize(v.dataStr, v.path);
  return { value: v, warnings: [] };
}

export function validateBlockSymbolAttribute(input: unknown, ctx: ValidationContext = {}): Validated<BlockSymbolAttribute> {
  const o = requireObject(input, 'attribute');
  commonChecks(o, ctx, 'path');
  requireNumber(o, 'hash');
  return { value: parse(BlockSymbolAttributeSchema, o, 'attribute'), warnings: [] };
}

/** The validator of each stored kind (keys as UPLOAD_ORDER). */
export const VALIDATORS = {
  symbols: validateSymbol,
  footprints: validateFootprint,
  devices: validateDevice,
  sheets: validateSheet,
  pcbs: validatePcb,
  panels: validatePanel,
  attributes: validateBlockSymbolAttribute,
  blobs: validateBlob,
  copper: validateCopperPour,
  fonts: validateFont,
  schematics: validateSchematic,
} as const;
