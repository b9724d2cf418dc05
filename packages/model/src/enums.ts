/** The enumerations of SPEC §3 (numeric values exactly as listed there). */

/** Document types (SPEC §3). 25 is not listed in SPEC and is left out. */
export const DocType = {
  HOME: -1,
  BLANKTAB: 0,
  SCH: 1,
  PART: 2,
  PCB: 3,
  FOOTPRINT: 4,
  PRJ: 5,
  SUBPART: 6,
  SPICESYMBOL: 7,
  SUBCKT: 8,
  NETLIST: 9,
  WAVEFORM: 10,
  SCHLIB3D: 11,
  PHOTOVIEW: 12,
  SCHMODULE: 13,
  PCBMODULE: 14,
  VIEW3D: 15,
  PCBLIB3D: 16,
  BLOCK_SYMBOL: 17,
  NETFLAG: 18,
  NETPORT: 19,
  SHEET_SYMBOL: 20,
  NONEELEC_SYMBOL: 21,
  SHORT_SYMBOL: 22,
  FOOTPRINTVIEW: 23,
  CNCPRINTVIEW: 24,
  PANEL: 26,
  PANEL3D: 27,
  DEVICE: 28,
  PANEL_LIB: 29,
} as const;
export type DocTypeName = keyof typeof DocType;
export type DocType = (typeof DocType)[DocTypeName];
export const DOC_TYPE_VALUES: readonly DocType[] = Object.values(DocType);
export function isDocType(v: unknown): v is DocType {
  return typeof v === 'number' && (DOC_TYPE_VALUES as readonly number[]).includes(v);
}
export function docTypeName(v: DocType): DocTypeName {
  return (Object.keys(DocType) as DocTypeName[]).find((k) => DocType[k] === v)!;
}

/**
 * Document types a symbol (the shared symbol/block-symbol store) may carry (VAL-4 "symbol docType
 * must be valid"). The FORMAT.md symbol `type` values 2, 18, 19, 20, 22 are PART, NETFLAG, NETPORT,
 * SHEET_SYMBOL and SHORT_SYMBOL here; block symbols, non-electrical, spice symbols and sub-parts too.
 */
export const SYMBOL_DOC_TYPES: readonly DocType[] = [
  DocType.PART,
  DocType.SUBPART,
  DocType.SPICESYMBOL,
  DocType.BLOCK_SYMBOL,
  DocType.NETFLAG,
  DocType.NETPORT,
  DocType.SHEET_SYMBOL,
  DocType.NONEELEC_SYMBOL,
  DocType.SHORT_SYMBOL,
];
export function isSymbolDocType(v: unknown): v is DocType {
  return typeof v === 'number' && (SYMBOL_DOC_TYPES as readonly number[]).includes(v);
}

/** Editor modules (SPEC §3). */
export const Module = { SCH: 'SCH', PCB: 'PCB', PANEL: 'PANEL' } as const;
export type Module = (typeof Module)[keyof typeof Module];
export const MODULES: readonly Module[] = Object.values(Module);

export const RulerStyle = { RULER: 'ruler', UN_RULER: 'un_ruler' } as const;
export type RulerStyle = (typeof RulerStyle)[keyof typeof RulerStyle];

/** Component library types (SPEC §3). */
export const LibraryType = {
  blank: 0,
  cbb: 1,
  symbol: 2,
  device: 3,
  footprint: 4,
  model3d: 5,
  model3ds: 16,
  panel: 26,
} as const;
export type LibraryType = (typeof LibraryType)[keyof typeof LibraryType];

/** Ownership scopes (SPEC §3). */
export const OwnershipScope = { personal: 0, team: 1, systematic: 2, public: 3 } as const;
export type OwnershipScope = (typeof OwnershipScope)[keyof typeof OwnershipScope];

/** Owner value of a library component (SPEC §3). */
export const ComponentOwner = { currentUser: 0, teamMember: 1, system: 2, public: 3 } as const;
export type ComponentOwner = (typeof ComponentOwner)[keyof typeof ComponentOwner];
/** ENT-2: only owner value 3 counts as public. */
export function isPublicOwner(owner: unknown): boolean {
  return owner === ComponentOwner.public;
}

/** Log levels (SPEC §3). */
export const LogLevel = { TRACE: 'TRACE', DEBUG: 'DEBUG', INFO: 'INFO', WARN: 'WARN', ERROR: 'ERROR', DUMMY: 'DUMMY' } as const;
export type LogLevel = (typeof LogLevel)[keyof typeof LogLevel];
export const LOG_LEVELS: readonly LogLevel[] = Object.values(LogLevel);

/** Supplier list (SPEC §3): 'Unknow' (sic) plus five suppliers whose names SPEC leaves out. */
export const SUPPLIER_UNKNOWN = 'Unknow';

/** Project file extensions (SPEC §3). */
export const FileExtension = {
  project: '.epro',
  schematic: '.esch',
  pcb: '.epcb',
  panel: '.epan',
  symbol: '.esym',
  footprint: '.efoo',
  instance: '.eins',
  copper: '.ecop',
  blob: '.eblob',
  font: '.efon',
  archive: '.zip',
} as const;
export type FileExtension = (typeof FileExtension)[keyof typeof FileExtension];
export const FILE_EXTENSIONS: readonly FileExtension[] = Object.values(FileExtension);

/** Export archive folders (ARC-1). */
export const ARCHIVE_FOLDERS = ['SHEET', 'INSTANCE', 'SYMBOL', 'PCB', 'FOOTPRINT', 'POUR', 'PANEL', 'BLOB', 'FONT'] as const;
export type ArchiveFolder = (typeof ARCHIVE_FOLDERS)[number];
/** Json files an import archive may hold (ARC-3). */
export const IMPORT_JSON_FILES = ['project.json', 'device.json', 'symbol.json', 'footprint.json', 'panel-lib.json'] as const;

/** Per-item upload status (TKT-4); on success the status entry is removed. */
export const UploadStatus = { UPLOADING: 0, FAILED: 1 } as const;
export type UploadStatus = (typeof UploadStatus)[keyof typeof UploadStatus];

/** Result codes of the answer helper (SPEC §7). */
export const ResultCode = { SUCCESS: 200, NOT_FOUND: 404, NET_ERROR: 500 } as const;
