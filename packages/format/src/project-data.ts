/**
 * ProjectData: the normalised project that the import pipeline produces and the export consumes.
 * The kinds and fields are those of docs/API.md (taken from the entity schemas of @copperplate/model,
 * without the per-store fields project_uuid and ticket), plus what is needed to write project.json
 * back unchanged (`extra` on items, `projectExtra`) and the archive files no kind holds (`files`).
 */
import type { ConversionReport } from './v3/report.ts';
import type { Board, Device, Footprint, Panel, Pcb, Schematic, Sheet, Symbol } from '@copperplate/model';

/** Keys of an item's project.json entry that the item's fields do not model, kept for write-back. */
export type Extra = Record<string, unknown>;

export type SchematicData = Pick<Schematic, 'uuid' | 'name' | 'display_name' | 'sort'> & { extra?: Extra };
/** `extra` holds unknown keys of the sheet's entry in project.json schematics[..].sheets. */
export type SheetData = Pick<Sheet, 'uuid' | 'schematic_uuid' | 'title' | 'display_title'> & {
  sheet_id: number;
  dataStr: string;
  extra?: Extra;
};
/** In project.json a pcb or panel is `uuid: name`, or an object (then `extra` holds its other keys). */
export type PcbData = Pick<Pcb, 'uuid' | 'title' | 'display_title' | 'parent_uuid'> & { dataStr: string; extra?: Extra; titleKey?: string };
export type PanelData = Pick<Panel, 'uuid' | 'title' | 'display_title'> & { dataStr: string; extra?: Extra; titleKey?: string };
export type SymbolData = Pick<Symbol, 'uuid' | 'title' | 'display_title' | 'docType' | 'source' | 'version' | 'description' | 'tags' | 'custom_tags' | 'updateTime'> & {
  dataStr: string;
  extra?: Extra;
};
export type FootprintData = Pick<Footprint, 'uuid' | 'title' | 'display_title' | 'docType' | 'source' | 'version' | 'description' | 'tags' | 'custom_tags' | 'updateTime'> & {
  dataStr: string;
  extra?: Extra;
};
export type DeviceData = Pick<Device, 'uuid' | 'title' | 'display_title' | 'source' | 'version' | 'description' | 'images' | 'tags' | 'custom_tags' | 'attributes'> & {
  extra?: Extra;
};
/** Block-symbol attribute: `attr` is the value of project.json block_symbol_attribute[path] as read. */
export interface AttributeData {
  path: string;
  hash: number;
  attr: unknown;
}
export interface BlobData {
  hash: string;
  filename: string;
  dataStr: string;
}
/** Copper pour or font: path `{pcbUuid}_{n}`; the archive file is named base64(path). */
export interface PathDocData {
  path: string;
  dataStr: string;
}

/** Where the project came from: a project archive (project.json) or a library archive (ARC-3). */
export interface LibrarySource {
  /** device.json, symbol.json, footprint.json or panel-lib.json */
  file: string;
  /** true when the file wrapped its map in a key ({"devices": {...}}), false when it was the map itself. */
  wrapped: boolean;
}

export interface ProjectData {
  title: string;
  cbbProject: boolean;
  defaultSheet: string;
  boards: Board[];
  schematics: SchematicData[];
  sheets: SheetData[];
  pcbs: PcbData[];
  panels: PanelData[];
  /** Symbols and block symbols (docType BLOCK_SYMBOL) share one store. */
  symbols: SymbolData[];
  footprints: FootprintData[];
  devices: DeviceData[];
  attributes: AttributeData[];
  blobs: BlobData[];
  coppers: PathDocData[];
  fonts: PathDocData[];
  /**
   * project.json keys not modelled above: `top` holds unknown top-level keys, `config` unknown config
   * keys (editorVersion, ...), `order` the top-level key order as read.
   * `asRead` is the JSON text of project.json as read and `asImported` the JSON text of what the
   * model held right after the import: the export writes every value that did not change since as
   * it was read (JSON types, key order, entries that failed to import; see rebaseJson). Texts, so
   * that a store that reorders object keys (PostgreSQL jsonb) keeps them exactly.
   */
  projectExtra: { top: Extra; config: Extra; order: string[]; asRead?: string; asImported?: string };
  /** Library archives: the json files to write instead of project.json. Absent for projects. */
  library?: LibrarySource[];
  /** Archive files that no kind holds (INSTANCE/*.eins, meta.json, unlisted documents), kept as they are. */
  files: Record<string, string | Uint8Array>;
}

export function emptyProjectData(title = ''): ProjectData {
  return {
    title,
    cbbProject: false,
    defaultSheet: '',
    boards: [],
    schematics: [],
    sheets: [],
    pcbs: [],
    panels: [],
    symbols: [],
    footprints: [],
    devices: [],
    attributes: [],
    blobs: [],
    coppers: [],
    fonts: [],
    projectExtra: { top: {}, config: {}, order: [] },
    files: {},
  };
}

/** Failure groups of the import report, in the order shown (UI-3). */
export const FAILURE_GROUPS = ['Schematic', 'Page', 'Symbol', 'Pcb', 'Footprint', 'Device', 'Panel', 'Pour', 'True Color Image', 'Font'] as const;
export type FailureGroup = (typeof FAILURE_GROUPS)[number];

export interface FailureItem {
  /** The item's name (title, or uuid/path when it has none). */
  name: string;
  /** Catalogue message. */
  message: string;
}

export type FailureReport = Record<FailureGroup, FailureItem[]>;

export function emptyFailureReport(): FailureReport {
  return Object.fromEntries(FAILURE_GROUPS.map((g) => [g, []])) as unknown as FailureReport;
}

export function failureCount(r: FailureReport): number {
  return FAILURE_GROUPS.reduce((n, g) => n + r[g].length, 0);
}

export interface ImportResult {
  data: ProjectData;
  failures: FailureReport;
  /**
   * What was imported or kept but is not whole, as real exports write it: a device whose symbol or
   * footprint lives in EasyEDA's system library (the device is kept), a pour or font file whose PCB
   * is not in the archive (the file is kept and written back). Warnings do not make `ok` false.
   */
  warnings: FailureReport;
  /** true when no failure was reported (IMP-2). */
  ok: boolean;
  /** Steps done and the step total of IMP-11 (done === total at the end). */
  progress: { done: number; total: number };
  /**
   * For an EasyEDA Pro V3 archive: the conversion report (records carried, and each record kind not
   * carried with its count). Warnings, not failures: `ok` depends on `failures` only.
   */
  conversion?: ConversionReport;
}

/** Result messages of the import (SPEC §2, UI-3). */
export const IMPORT_RESULT_MESSAGES = {
  SUCCESS: 'Import project successfully!',
  FAILURE_HEADER: 'Import project failure information:',
  /** Header of the warnings (kept items that are not whole); not a SPEC message, our own. */
  WARNING_HEADER: 'Import project warnings (kept):',
  OPEN_QUESTION: 'Import project success !Open the imported project?',
  SAVE_AS_QUESTION: 'Project save as success!Open the new project?',
} as const;

/** The text of a failure report as the UI shows it: header, then each non-empty group and its items. */
export function formatFailureReport(r: FailureReport): string {
  if (failureCount(r) === 0) return IMPORT_RESULT_MESSAGES.SUCCESS;
  const lines: string[] = [IMPORT_RESULT_MESSAGES.FAILURE_HEADER];
  for (const g of FAILURE_GROUPS) {
    if (r[g].length === 0) continue;
    lines.push(`${g}:`);
    for (const f of r[g]) lines.push(`  ${f.name}: ${f.message}`);
  }
  return lines.join('\n');
}

/** The warnings of an import as text: a header, then each non-empty group and its items ('' when none). */
export function formatWarningReport(r: FailureReport): string {
  if (failureCount(r) === 0) return '';
  const lines: string[] = [IMPORT_RESULT_MESSAGES.WARNING_HEADER];
  for (const g of FAILURE_GROUPS) {
    if (r[g].length === 0) continue;
    lines.push(`${g}:`);
    for (const f of r[g]) lines.push(`  ${f.name}: ${f.message}`);
  }
  return lines.join('\n');
}
