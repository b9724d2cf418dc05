/**
 * User-visible messages of SPEC §2 (progress, import result, confirm questions): UI-2, UI-3.
 * Error messages are not here: they come from @copperplate/model's catalogue.
 */
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

export const RESULT = {
  IMPORT_OK: 'Import project successfully!',
  IMPORT_FAILURES: 'Import project failure information:',
  OPEN_IMPORTED: 'Import project success !Open the imported project?',
  OPEN_SAVED_AS: 'Project save as success!Open the new project?',
} as const;

/** Failure-list groups in the order of SPEC §2 (UI-3). */
export const FAILURE_GROUPS = ['Schematic', 'Page', 'Symbol', 'Pcb', 'Footprint', 'Device', 'Panel', 'Pour', 'True Color Image', 'Font'] as const;
