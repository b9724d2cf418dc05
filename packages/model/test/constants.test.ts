import { describe, it, expect } from 'vitest';
import {
  TIMERS,
  MAX_BACKUP_LEVEL,
  ZOOM,
  PROGRESS_STEPS,
  OLD_CACHE_KEEP,
  TICKET_FORMAT_VERSION,
  RSA_CHUNK,
  LOCAL_DB_VERSION,
  LOCAL_DB_STORES,
  UPLOAD_ORDER,
  UPLOAD_BATCH,
  COUNT_LIMITS_WEB,
  COUNT_LIMIT_CLIENT,
  SYNC,
  TITLE_MIN_BYTES,
  TITLE_MAX_BYTES,
  DOCUMENT_MAX_BYTES,
  RENAME_MAX_TRIES,
  RENAME_MAX_TRIES_ALT,
  ZIP_LEVEL,
  DOWNLOAD_PREFIX,
  CACHE_WRITE_RETRIES,
  CACHE_WRITE_RETRY_STEP_MS,
  GZIP_THRESHOLD_BYTES,
  VALIDATORS,
} from '../src/index.ts';

// The values of SPEC §9's constants, as one table each. These tests do not cite rules: a rule is cited
// by a test that exercises the product doing it (issue 17 part 7).
describe('constants of SPEC §9', () => {
  it('timers', () => {
    expect(TIMERS).toEqual({ NOTIFICATION_CHECK_MS: 120000, UPDATE_CHECK_MS: 3600000, SAVE_FILE_TIMEOUT_MS: 300000, LIBRARY_IDLE_MS: 60000 });
  });
  it('backup level, zoom', () => {
    expect(MAX_BACKUP_LEVEL).toBe(10);
    expect(ZOOM).toEqual({ MIN: 20, MAX: 100000, DEFAULT: 100 });
  });
  it('progress totals', () => {
    expect(PROGRESS_STEPS).toEqual({ CLOUD_OPEN: 37, LOCAL_OPEN: 100, SAVE_AS_LOCAL: 14, DOWNLOAD: 5, PASTE_IMPORT: 16, REIMPORT: 14 });
  });
  it('old cache keep, ticket format version, RSA chunks', () => {
    expect([OLD_CACHE_KEEP, TICKET_FORMAT_VERSION, RSA_CHUNK.ENCRYPT, RSA_CHUNK.DECRYPT]).toEqual([50, '1.0', 190, 256]);
  });
  it('local database version 49 with its eight stores', () => {
    expect(LOCAL_DB_VERSION).toBe(49);
    expect(LOCAL_DB_STORES).toEqual(['project', 'copyAndPaste', 'copyAndPasteTableCell', 'log', 'basicLibraryList', 'clipBoard', 'lockPrj', 'prjCache']);
  });
  it('upload order, batches, limits; every uploaded kind has a validator', () => {
    expect(UPLOAD_ORDER).toEqual(['symbols', 'footprints', 'devices', 'sheets', 'pcbs', 'panels', 'attributes', 'blobs', 'copper', 'fonts']);
    expect([UPLOAD_BATCH.devices, UPLOAD_BATCH.sheets, UPLOAD_BATCH.pcbs, UPLOAD_BATCH.panels, UPLOAD_BATCH.attributes, UPLOAD_BATCH.blobs, UPLOAD_BATCH.copper, UPLOAD_BATCH.fonts]).toEqual([20, 10, 3, 3, 20, 5, 5, 10]);
    expect(COUNT_LIMITS_WEB).toEqual({ sheet: 10, pcb: 3, symbol: 10, footprint: 10, device: 50, attribute: 50, copper: 5, font: 5, blob: 5, panel: 3 });
    expect(COUNT_LIMIT_CLIENT).toBe(100);
    for (const k of UPLOAD_ORDER) expect(typeof VALIDATORS[k]).toBe('function');
  });
  it('sync constants', () => {
    expect(SYNC).toEqual({ FETCH_BATCH: 30, INTERVAL_MS: 5000, INTERVAL_LIVE_MS: 300000, EDIT_QUIET_MS: 60000, RETRY_WAIT_MS: 1000, OPEN_SYNC_TIMEOUT_MS: 100 });
  });
  it('limits', () => {
    expect([TITLE_MIN_BYTES, TITLE_MAX_BYTES, DOCUMENT_MAX_BYTES]).toEqual([1, 128, 15 * 1024 * 1024]);
    expect([RENAME_MAX_TRIES, RENAME_MAX_TRIES_ALT]).toEqual([1000, 500]);
    expect(ZIP_LEVEL).toBe(9);
    expect(DOWNLOAD_PREFIX).toEqual({ PROJECT: 'ProPrj_', CBB: 'ReuseBlock_' });
    expect([CACHE_WRITE_RETRIES, CACHE_WRITE_RETRY_STEP_MS, GZIP_THRESHOLD_BYTES]).toEqual([5, 100, 10000]);
  });
});
