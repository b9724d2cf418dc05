/** The business constants and limits of SPEC §9, in one place. Times in milliseconds unless named. */

export const SYNC = {
  FETCH_BATCH: 30,
  INTERVAL_MS: 5_000,
  INTERVAL_LIVE_MS: 300_000,
  EDIT_QUIET_MS: 60_000,
  RETRY_WAIT_MS: 1_000,
  OPEN_SYNC_TIMEOUT_MS: 100,
} as const;

export const TIMERS = {
  NOTIFICATION_CHECK_MS: 120_000,
  UPDATE_CHECK_MS: 3_600_000,
  SAVE_FILE_TIMEOUT_MS: 300_000,
  LIBRARY_IDLE_MS: 60_000,
} as const;

/** Upload batch sizes (UP-8). Symbols and footprints use a preset size: SPEC leaves it to the caller; 10 here. */
export const UPLOAD_BATCH = {
  symbols: 10,
  footprints: 10,
  devices: 20,
  sheets: 10,
  pcbs: 3,
  panels: 3,
  attributes: 20,
  blobs: 5,
  copper: 5,
  fonts: 10,
} as const;

/** Upload order (UP-1). */
export const UPLOAD_ORDER = ['symbols', 'footprints', 'devices', 'sheets', 'pcbs', 'panels', 'attributes', 'blobs', 'copper', 'fonts'] as const;
export type UploadKind = (typeof UPLOAD_ORDER)[number];

/** Per-type count limits (UP-9): web build; the desktop client uses 100 for every kind. */
export const COUNT_LIMITS_WEB = { sheet: 10, pcb: 3, symbol: 10, footprint: 10, device: 50, attribute: 50, copper: 5, font: 5, blob: 5, panel: 3 } as const;
export const COUNT_LIMIT_CLIENT = 100;

export const CONTENT_FETCH_CONCURRENCY = 5;
export const SEARCH_BY_IDS_BATCH = 200;
export const BULK_CHUNK = 10;
export const BULK_LIMIT = 100;

export const MAX_BACKUP_LEVEL = 10;
// SPEC §9 also lists an autosave max count (1000), a supplier count (200), a canvas string tolerance
// (10), a default-on PCB silkscreen auto-trim, an alternative count-limit set and a symbol/footprint
// limit (200), without saying what they govern; nothing in this product has such a behaviour (the
// fixture Gerbers EasyEDA made show no silkscreen trimmed), so they are not constants here (issue 17:
// a constant works or is gone).

export const TITLE_MIN_BYTES = 1;
export const TITLE_MAX_BYTES = 128;
/** Document cap: 15 MB (bytes of UTF-8 document text). */
export const DOCUMENT_MAX_BYTES = 15 * 1024 * 1024;
/** POST bodies larger than this are gzipped (CALL-3). */
export const GZIP_THRESHOLD_BYTES = 10_000;

export const ZOOM = { MIN: 20, MAX: 100_000, DEFAULT: 100 } as const;

export const RENAME_MAX_TRIES = 1000;
export const RENAME_MAX_TRIES_ALT = 500;
export const OLD_CACHE_KEEP = 50;
export const TICKET_FORMAT_VERSION = '1.0';
export const RSA_CHUNK = { ENCRYPT: 190, DECRYPT: 256 } as const;

/** Progress totals (CONST-3). */
export const PROGRESS_STEPS = {
  CLOUD_OPEN: 37,
  LOCAL_OPEN: 100,
  SAVE_AS_LOCAL: 14,
  DOWNLOAD: 5,
  PASTE_IMPORT: 16,
  REIMPORT: 14,
} as const;

/** Zip compression level for archives we write (ARC-4). */
export const ZIP_LEVEL = 9;
export const DOWNLOAD_PREFIX = { PROJECT: 'ProPrj_', CBB: 'ReuseBlock_' } as const;

/** Cache writes (ERR-7): retried up to 5 times, waiting 100 ms times the attempt. */
export const CACHE_WRITE_RETRIES = 5;
export const CACHE_WRITE_RETRY_STEP_MS = 100;

export const LOCAL_DB_VERSION = 49;
export const LOCAL_DB_STORES = ['project', 'copyAndPaste', 'copyAndPasteTableCell', 'log', 'basicLibraryList', 'clipBoard', 'lockPrj', 'prjCache'] as const;

/** Download stream (STREAM-1): wait after triggering the browser download. */
export const STREAM_CREATE_WAIT_MS = 100;

export const DEFAULT_CBB_BOARD_NAME = 'board1';

/** Limits for archives we read (hostile input). Not in SPEC: chosen here, see ARCHITECTURE.md. */
export const ARCHIVE_LIMITS = {
  /** Total inflated bytes of one archive. */
  MAX_TOTAL_BYTES: 512 * 1024 * 1024,
  /** Inflated/compressed ratio above which an entry is treated as a zip bomb (once past 1 MB). */
  MAX_RATIO: 200,
  MAX_ENTRIES: 20_000,
  MAX_NAME_BYTES: 1024,
} as const;

/**
 * Limits of the KiCad s-expression reader against hostile input (issue 15; not in SPEC). Real KiCad
 * files nest about 12 deep (a custom pad primitive inside a footprint) and the largest demo board is
 * a few MB; the limits leave wide room and stop a crafted file quickly.
 */
export const KICAD_LIMITS = {
  /** Deepest list nesting accepted. */
  MAX_DEPTH: 100,
  /** Largest file, in characters of the decoded text. */
  MAX_CHARS: 256 * 1024 * 1024,
} as const;
