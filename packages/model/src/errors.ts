/**
 * The error catalogue of SPEC §8: every code and named error with its message template, in one place.
 * Templates use {name} placeholders; `formatMessage` fills them.
 */

/** Numeric result codes of SPEC §8 and their message templates. */
export const CODE_MESSAGES = {
  2001: 'Illegal name',
  2002: 'Project name exists',
  2003: 'The {documentName} length must be 1~128 bytes!',
  3002: 'Backup Name already exists',
  1000001: 'Library duplicate name',
  11000: 'Library duplicate name',
  401: 'Not logged in yet, please log in and try again',
  10034: 'Document {documentName} size over 15MB, it is too big to save in the server, please modify and then try again',
  422: 'No permission or project does not exist',
  2000001: 'No permission or project does not exist',
  4000002: 'No permission or project does not exist',
  1000002: 'the project file (eprj) or library file (elib) property was set as read only, enable it in the File Manager',
  1000008: 'the project file (eprj) or library file (elib) property was set as read only, enable it in the File Manager',
  1000010: 'document {documentName} not exists',
} as const;

export type CatalogueCode = keyof typeof CODE_MESSAGES;

/** Codes named in SPEC §8 grouped by what the client does with them. */
export const CODES = {
  ILLEGAL_NAME: 2001,
  PROJECT_NAME_EXISTS: 2002,
  NAME_LENGTH: 2003,
  BACKUP_NAME_EXISTS: 3002,
  LIBRARY_DUPLICATE_NAME: 1000001,
  LIBRARY_DUPLICATE_NAME_ALT: 11000,
  NOT_LOGGED_IN: 401,
  DOCUMENT_TOO_BIG: 10034,
  NO_PERMISSION: 4000002,
  NO_PERMISSION_422: 422,
  NO_PERMISSION_ALT: 2000001,
  READ_ONLY_FILE: 1000002,
  READ_ONLY_FILE_ALT: 1000008,
  DOCUMENT_NOT_EXISTS: 1000010,
  /**
   * Not in SPEC §8 (which leaves other codes unshown): a write based on a ticket that is no longer
   * the server's current one. The item is refused so that the client can merge (DESIGN §5).
   * Its message is the DIFF_TICKET message.
   */
  STALE_TICKET: 4090001,
  /** Not in SPEC §8: a request body that fails its schema. */
  BAD_REQUEST: 4000001,
  /** Not in SPEC §8 (server, docs/API.md): wrong user name or password. */
  LOGIN_FAILED: 4010001,
  /** Not in SPEC §8 (server): missing or wrong X-CSRF-Token header. */
  CSRF_INVALID: 4030001,
  /**
   * Not in SPEC §8 (server; SPEC has no code for it, and none of its codes fits: it is not a
   * permission on a project, nor a log-in): a service-worker download token that was not issued to
   * the caller, or was used or expired.
   */
  DOWNLOAD_TOKEN_INVALID: 4030002,
  /** Not in SPEC §8 (server): no such route or resource (not a project). */
  NOT_FOUND: 4040001,
  /** Not in SPEC §8 (server): the user name is taken at sign-up. */
  USERNAME_TAKEN: 4090002,
  /** Not in SPEC §8 (server): request body over the cap. */
  BODY_TOO_LARGE: 4130001,
  /** Not in SPEC §8 (server): too many login attempts for the account or the address. */
  TOO_MANY_ATTEMPTS: 4290001,
  /** Not in SPEC §8 (server): a body type the route does not take (binary bodies only on imports). */
  UNSUPPORTED_MEDIA: 4150001,
  /** Not in SPEC §8 (server): a password under 8 characters or of spaces only. */
  WEAK_PASSWORD: 4000003,
  /** Not in SPEC §8 (server): text the server cannot store (NUL, lone surrogates) or JSON nested too deep. */
  BAD_INPUT: 4000004,
  /** Not in SPEC §8 (server): too many sign-ups from one address, or imports running for one user. */
  TOO_MANY_REQUESTS: 4290002,
  /** Not in SPEC §8 (server): a per-user quota (projects, imports per hour, cache keys) is used up. */
  QUOTA_EXCEEDED: 4290003,
  /** Not in SPEC §8 (server, issue 18): a SPICE netlist or simulation that cannot run; the message (a SPICE_* named error) names the part or net. */
  SPICE_ERROR: 4000005,
} as const;

/** Messages of the server's codes that SPEC §8 does not show (docs/API.md). */
export const SERVER_CODE_MESSAGES: Record<number, string> = {
  4000001: 'Bad request: {reason}',
  4010001: 'Wrong user name or password',
  4030001: 'Invalid or missing CSRF token',
  4030002: 'Invalid, used or expired download token',
  4040001: 'Not found',
  4090002: 'User name already exists',
  4130001: 'Request body too large',
  4290001: 'Too many login attempts, please try again later',
  4150001: 'Unsupported content type: {reason}',
  4000003: 'The password must have at least 8 characters and not only spaces',
  4000004: 'Invalid input: {reason}',
  4290002: 'Too many requests, please try again later',
  4290003: 'Quota exceeded: {reason}',
  4000005: '{reason}',
};

/** Codes that mean "no permission or project does not exist" (SPEC §6, PERM-1): offer save-as-cloud. */
export const NO_PERMISSION_CODES: readonly number[] = [422, 2000001, 4000002];
/** Codes after which a bulk import retries a schematic with a new name (ERR-2). */
export const DUPLICATE_NAME_CODES: readonly number[] = [1000001, 11000];
/** Codes that stop the upload retry loop (ERR-3). */
export const STOP_UPLOAD_CODES: readonly number[] = [1000002, 1000008];

/** Named errors of SPEC §8. */
export const NAMED_ERRORS = {
  DIFF_TICKET: 'The document version is inconsistent with the cloud version!',
  NET_ERROR: 'Network error!',
  IS_OPENING: 'project is opening!',
  PRJ_NOT_EXIST: 'Project does not exist',
  DB_INIT_ERROR: 'The CacheStorage connection failed',
  LOCAL_DATA_FAILED: 'Failed to obtain engineering data from local!',
  CLOSE_ILLEGAL_PROJECT: 'Close an illegal project!',
  GET_ILLEGAL_PROJECT: 'Get an illegal project!',
  CLOSE_NON_CURRENT: 'Close non-current projects!',
  ILLEGAL_EXPORT_CLIENT: 'Call illegal interface: exportFileClient!',
  INVALID_RESPONSE: 'invalid response',
  INVALID_FORMAT_STATE: 'invalid format state',
  BACKUP_FAILED: 'Backup failed!',
  AUTO_RENAME_FAILED: 'Automatic rename failed!',
  /** Answer helper (SPEC §7, CALL-7): failed/unparseable response, 404, 500, network error. */
  NETWORK_ERROR_ANSWER: 'Network Error!',
  // Copy and paste (ERR-5)
  COPY_BOARDS_FAILED: 'Copying boards failure! The reason is:',
  COPY_SCHEMATIC_FAILED: 'Copying schematic failure! The reason is:',
  COPY_FAILED: 'Copying failure!The reason is:',
  PASTE_POSITION_FAILED: 'Failed to paste the specified drawing page into the specified location!',
  // Generic
  UPLOAD_FAILED: 'Failed to upload data!',
  SYNC_FAILED: 'Sync cloud data failed!',
  BULK_ACQUISITION: 'Bulk acquisition of {dataType} data:',
  CREATE_SYMBOL_FAILED: 'create symbol failed',
  CREATE_FOOTPRINT_FAILED: 'create footprint failed',
  CREATE_DEVICE_FAILED: 'create device failed',
  WRONG_SYMBOL_DATA: 'Get the wrong symbol data.',
  WRONG_FOOTPRINT_DATA: 'Get the wrong footprint data.',
  WRONG_DEVICE_DATA: 'Get the wrong device data.',
  // Validation (SPEC §5)
  TITLE_INCONSISTENT: 'title {title} is inconsistent with display_title {displayTitle}',
  DEVICE_SOURCE_ILLEGAL: "Device's source is illegal",
  FOOTPRINT_SOURCE_ILLEGAL: "Footprint's source is illegal",
  SAME_SYMBOL_FOOTPRINT: 'Symbol and Footprint have the same uuid!',
  DEVICE_SYMBOL_MISSING: 'The symbol associated with the device does not exist!',
  DEVICE_FOOTPRINT_MISSING: 'The footprint associated with the device does not exist!',
  // Import (SPEC §5)
  SHEET_CONTENT_MISSING: "The content of {name}'s drawing page is missing!",
  ILLEGAL_DEVICE_ID: 'Illegal device ID',
  ILLEGAL_SYMBOL_ID: 'Illegal symbol ID',
  ILLEGAL_FOOTPRINT_ID: 'Illegal footprint ID',
  OWNING_SHEET_MISSING: 'The owning Sheet is missing',
  OWNING_PCB_MISSING: 'The owning PCB is missing',
  BOARDS_MISSING: 'The boards configuration item is missing from the project.json file!',
  NESTED_PASTE: 'The imported data has its own nested relationship!',
  UNZIP_FAILED: 'Unzip file {title} failed!',
  ZIP_NOT_CONFORMING: 'The imported ZIP does not conform to the format standard!',
  IMPORT_FORMAT_INCORRECT: "The imported file format incorrect or doesn't match current type, please re-select and import.",
  FILE_MISSING: 'file missing',
  PASSWORD_REQUIRED: 'The project is encrypted, please enter the password',
  PASSWORD_WRONG: 'The password is incorrect',
  // Validation messages that SPEC §5 describes without wording (not in SPEC §8; chosen here).
  FIELD_TYPE: '{field} must be {type}',
  PROJECT_MISMATCH: 'The data belongs to project {actual}, not to {expected}',
  ILLEGAL_DOC_TYPE: 'Illegal docType {docType} of {kind}',
  ILLEGAL_TAGS: 'Illegal tags of {title}',
  ILLEGAL_FIELD: 'Illegal {field} of {kind}: {issue}',
  PROJECT_UUID_REQUIRED: 'A project uuid is required',
  // Import warnings (issue 10; not in SPEC §8, chosen here): what real exports leave out is kept and said.
  SYSTEM_LIBRARY_SYMBOL: "The device's symbol {id} is not in the archive (EasyEDA system library); the device is kept",
  SYSTEM_LIBRARY_FOOTPRINT: "The device's footprint {id} is not in the archive (EasyEDA system library); the device is kept",
  DEVICE_WITHOUT_SYMBOL: 'The device names no symbol (a PCB-only part); the device is kept',
  OWNER_PCB_ABSENT_KEPT: 'The owning PCB is missing; the file is kept as it is',
  // KiCad import (issue 15; not in SPEC §8, chosen here). {file} is the file's name.
  KICAD_TRUNCATED: 'The KiCad file {file} is truncated: {what} opened at line {line} is never closed',
  KICAD_TOO_DEEP: 'The KiCad file {file} nests deeper than {limit} levels at line {line}; refused',
  KICAD_TOO_BIG: 'The KiCad file {file} is larger than {limit} bytes; refused',
  KICAD_SYNTAX: 'The KiCad file {file} is not a valid s-expression at line {line}: {reason}',
  KICAD_NOT_KICAD: 'The file {file} is not a KiCad {kind} file (it starts with {head})',
  KICAD_NOTHING: 'No KiCad board, schematic or library was found in {file}',
  // Export (SPEC §5)
  FORMAT_NOT_SUPPORTED: 'Format is not supported!',
  // Fabrication outputs (issue 12; not in SPEC §8, chosen here)
  FAB_STALE_FILLS: 'The copper pours {pours} of {board} changed since they were filled: their stored fills are stale and the Gerbers would not show the board as it is. Refill them first (Rebuild copper pours), or export with refill',
  PROJECT_PATH_EMPTY: 'The projectPath is empty',
  // SPICE simulation (issue 18; not in SPEC §8, which leaves them unshown)
  SPICE_MODEL_MISSING: 'SPICE: part {part} has no simulation model ({reason}); set its SPICE Model attribute, add a model file, or set SPICE Exclude = yes',
  SPICE_PIN_MAP: 'SPICE: part {part}: {reason}; set its SPICE Pins attribute (pin numbers or names in SPICE node order)',
  SPICE_BAD_VALUE: 'SPICE: part {part} has the value "{value}", which is not {expected}',
  SPICE_FLOATING_NODE: 'SPICE: net {net} has no DC path to ground (floating node){detail}',
  SPICE_NO_GROUND: 'SPICE: the circuit has no ground: connect a GND net flag (node 0)',
  SPICE_NO_ANALYSIS: 'SPICE: no analysis: add a directive (.op, .dc, .ac, .tran) to the sheet or choose one in the Simulate dialog',
  SPICE_NO_CONVERGENCE: 'SPICE: the simulation did not converge{detail}',
  SPICE_TIMEOUT: 'SPICE: the simulation ran longer than the limit of {seconds} s and was stopped',
  SPICE_TOO_BIG: 'SPICE: the simulation needs more than the limit of {limit} ({what}) and was stopped',
  SPICE_ENGINE_MISSING: 'SPICE: the simulator ngspice is not installed on this machine',
  SPICE_FAILED: 'SPICE: ngspice could not run the netlist: {reason}',
  SPICE_REFUSED: 'SPICE: the netlist uses {what}, which the server does not run (model files are written into the netlist)',
} as const;

export type NamedErrorKey = keyof typeof NAMED_ERRORS;

/** 'Import a large number of X data failed:' for each kind of SPEC §8. */
export const BULK_IMPORT_KINDS = ['schematic', 'sheet', 'symbol', 'pcb', 'footprint', 'device', 'panel', 'blockSymbolAttribute', 'copper', 'textPath'] as const;
export type BulkImportKind = (typeof BULK_IMPORT_KINDS)[number];
export function bulkImportFailedMessage(kind: BulkImportKind): string {
  return `Import a large number of ${kind} data failed:`;
}

/** Fill `{name}` placeholders of a template. Unknown placeholders stay as they are. */
export function formatMessage(template: string, params: Record<string, string | number> = {}): string {
  return template.replace(/\{(\w+)\}/g, (m, k: string) => (k in params ? String(params[k]) : m));
}

/** The message for a code, or undefined when the catalogue does not know it. */
export function messageForCode(code: number, params: Record<string, string | number> = {}): string | undefined {
  if (code === CODES.STALE_TICKET) return NAMED_ERRORS.DIFF_TICKET;
  const t = (CODE_MESSAGES as Record<number, string>)[code] ?? SERVER_CODE_MESSAGES[code];
  return t === undefined ? undefined : formatMessage(t, params);
}

/** An error carrying a catalogue code or name, safe to show to a user (no stack in user output). */
export class CatalogueError extends Error {
  readonly code: number | string;
  readonly params: Record<string, string | number>;
  constructor(code: number | NamedErrorKey, message: string, params: Record<string, string | number> = {}) {
    super(message);
    this.name = 'CatalogueError';
    this.code = code;
    this.params = params;
  }
  static fromCode(code: CatalogueCode | typeof CODES.STALE_TICKET, params: Record<string, string | number> = {}): CatalogueError {
    return new CatalogueError(code, messageForCode(code, params) ?? String(code), params);
  }
  static named(key: NamedErrorKey, params: Record<string, string | number> = {}, suffix = ''): CatalogueError {
    return new CatalogueError(key, formatMessage(NAMED_ERRORS[key], params) + suffix, params);
  }
}
