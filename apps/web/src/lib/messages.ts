/**
 * User-visible messages of SPEC §2 (progress, import result, confirm questions): UI-2, UI-3.
 * Error messages are not here: they come from @copperplate/model's catalogue.
 */
import { FAILURE_GROUPS, IMPORT_RESULT_MESSAGES } from '@copperplate/format';
export const PROGRESS = {
  IMPORT_PROJECT: 'Import Project...',
  SAVE_AS_CLOUD: 'save as cloud...',
  IMPORT_DATA: 'import data...',
  REIMPORT_DATA: 'reimport data...',
  OPEN_PROJECT: 'open project...',
  SAVE_AS_LOCAL: 'save as local...',
  LOAD_ZIP: 'load zip...',
  PASTE_DATA: 'paste data...',
  DOWNLOAD_ZIP: 'DownLoad zip',
} as const;

/** Result messages and failure groups (UI-3) come from @copperplate/format, which writes the report. */
export const RESULT = {
  IMPORT_OK: IMPORT_RESULT_MESSAGES.SUCCESS,
  IMPORT_FAILURES: IMPORT_RESULT_MESSAGES.FAILURE_HEADER,
  IMPORT_WARNINGS: IMPORT_RESULT_MESSAGES.WARNING_HEADER,
  OPEN_IMPORTED: IMPORT_RESULT_MESSAGES.OPEN_QUESTION,
  OPEN_SAVED_AS: IMPORT_RESULT_MESSAGES.SAVE_AS_QUESTION,
} as const;

export { FAILURE_GROUPS };
