/** Export file names (SPEC §5 Export, EXP-1, EXP-2) and the default download name (ARC-4). */
import { CatalogueError, DOWNLOAD_PREFIX } from '@copperplate/model';

/** Extensions we write (SPEC §3 project file extensions). */
export const EXPORT_EXTENSIONS = ['.epro', '.esch', '.epcb', '.epan', '.esym', '.efoo', '.eins', '.ecop', '.eblob', '.efon', '.zip'] as const;
export type ExportExtension = (typeof EXPORT_EXTENSIONS)[number];

/** EXP-1: * : ; " | / \ < > ? and newlines become '_'. */
export function sanitizeFileName(name: string): string {
  return name.replace(/[*:;"|/\\<>?\r\n]/g, '_');
}

/**
 * EXP-2: the file name to write: sanitized, with the expected extension forced (appended unless the
 * name already ends with it). An unknown extension gives 'Format is not supported!'.
 */
export function exportFileName(name: string, ext: string): string {
  const e = (ext.startsWith('.') ? ext : '.' + ext).toLowerCase();
  if (!(EXPORT_EXTENSIONS as readonly string[]).includes(e)) throw CatalogueError.named('FORMAT_NOT_SUPPORTED');
  const clean = sanitizeFileName(name);
  return clean.toLowerCase().endsWith(e) ? clean : clean + e;
}

/** EXP-2: an empty save path gives 'The projectPath is empty'. */
export function checkProjectPath(path: string | null | undefined): string {
  if (typeof path !== 'string' || path.trim() === '') throw CatalogueError.named('PROJECT_PATH_EMPTY');
  return path;
}

/** YYYY-MM-DD of a date (local calendar day). */
export function isoDay(d: Date): string {
  const p = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())}`;
}

/** ARC-4: 'ProPrj_' (or 'ReuseBlock_' for a building-block project) plus the date, with .epro. */
export function defaultDownloadName(cbbProject: boolean, date: Date = new Date()): string {
  return (cbbProject ? DOWNLOAD_PREFIX.CBB : DOWNLOAD_PREFIX.PROJECT) + isoDay(date) + '.epro';
}
