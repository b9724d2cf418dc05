/**
 * .epro archives (SPEC §3, ARC-1..ARC-4): read (stored or deflated entries, limits of ARCHIVE_LIMITS)
 * and write (DEFLATE level 9, the folders of ARC-1, project.json).
 */
import { CatalogueError } from '@copperplate/model';
import { readZip, writeZip, ZipRefusal, DEFAULT_ZIP_LIMITS, type ZipLimits } from './zip.ts';
import { writeEncryptedZip } from './zip-crypto.ts';
import { convertV3, isV3Archive } from './v3/archive.ts';
import type { ConversionReport } from './v3/report.ts';

export interface EproArchive {
  /** project.json parsed ({} when the archive is a library archive without one). */
  projectJson: Record<string, unknown>;
  /**
   * Every other file entry by its path in the zip. Document files and json files are text (string);
   * anything else stays bytes. Directory entries are not listed.
   */
  entries: Map<string, Uint8Array | string>;
  /** Set when the archive was an EasyEDA Pro V3 archive converted to this V2 form: what was carried and what not. */
  conversion?: ConversionReport;
}

/** Folders of an export archive (ARC-1). */
export const ARCHIVE_FOLDERS = ['SHEET', 'INSTANCE', 'SYMBOL', 'PCB', 'FOOTPRINT', 'POUR', 'PANEL', 'BLOB', 'FONT'] as const;
/** The json files that make a zip an importable archive (ARC-3). */
export const KNOWN_JSON_FILES = ['project.json', 'device.json', 'symbol.json', 'footprint.json', 'panel-lib.json'] as const;
/** Extensions of text entries (SPEC §3 project file extensions, plus json). */
export const TEXT_EXTENSIONS = ['.esch', '.epcb', '.epan', '.esym', '.efoo', '.eins', '.ecop', '.eblob', '.efon', '.json'] as const;

const utf8 = new TextDecoder('utf-8');
const enc = new TextEncoder();

export function isText(name: string): boolean {
  const dot = name.lastIndexOf('.');
  return dot >= 0 && (TEXT_EXTENSIONS as readonly string[]).includes(name.slice(dot).toLowerCase());
}

export interface ReadEproOptions {
  /** The file's name, for 'Unzip file {title} failed!'. */
  name?: string;
  limits?: Partial<ZipLimits>;
  /** The password of an encrypted archive (IMP-10): without it 'The project is encrypted...', a wrong one 'The password is incorrect'. */
  password?: string;
}

/**
 * Read an .epro (or library) archive. Throws CatalogueError:
 * UNZIP_FAILED (not a readable zip), ZIP_NOT_CONFORMING (unsafe names, limits, bad project.json),
 * PASSWORD_REQUIRED (encrypted entries), IMPORT_FORMAT_INCORRECT (none of the known json files).
 */
export function readEpro(bytes: Uint8Array, opts: ReadEproOptions = {}): EproArchive {
  const title = opts.name ?? 'archive';
  const limits = { ...DEFAULT_ZIP_LIMITS, ...opts.limits };
  let files: Map<string, Uint8Array>;
  try {
    files = readZip(bytes, limits, undefined, opts.password);
  } catch (e) {
    throw zipErrorToCatalogue(e, title);
  }
  return eproFromFiles(files, title);
}

/** The catalogue error for anything readZip/listZip threw (IMP-9, IMP-10). */
export function zipErrorToCatalogue(e: unknown, title: string): CatalogueError {
  if (e instanceof ZipRefusal) {
    if (e.problem === 'encrypted') return CatalogueError.named('PASSWORD_REQUIRED', { title });
    if (e.problem === 'password') return CatalogueError.named('PASSWORD_WRONG', { title });
    if (e.problem === 'nonconforming') return CatalogueError.named('ZIP_NOT_CONFORMING', { title });
  }
  return CatalogueError.named('UNZIP_FAILED', { title });
}

/**
 * The archive of already unzipped files (bytes or text): the json-file check and project.json
 * parsing of readEpro. Used by readEpro, and by callers that unzip on several threads.
 */
export function eproFromFiles(files: Map<string, Uint8Array | string>, title = 'archive'): EproArchive {
  // EasyEDA Pro V3 (.epro2, or V3 content under an .epro name): sniffed by content, converted to V2.
  if (!files.has('project.json') && isV3Archive(files.keys())) {
    const v3 = convertV3(files);
    return { projectJson: v3.projectJson, entries: v3.entries, conversion: v3.report };
  }
  if (!KNOWN_JSON_FILES.some((f) => files.has(f))) throw CatalogueError.named('IMPORT_FORMAT_INCORRECT', { title });
  const entries = new Map<string, Uint8Array | string>();
  let projectJson: Record<string, unknown> = {};
  for (const [name, data] of files) {
    if (name === 'project.json') {
      let v: unknown;
      try {
        v = JSON.parse(typeof data === 'string' ? data : utf8.decode(data));
      } catch {
        throw CatalogueError.named('ZIP_NOT_CONFORMING', { title });
      }
      if (typeof v !== 'object' || v === null || Array.isArray(v)) throw CatalogueError.named('ZIP_NOT_CONFORMING', { title });
      projectJson = v as Record<string, unknown>;
      continue;
    }
    entries.set(name, typeof data === 'string' || !isText(name) ? data : utf8.decode(data));
  }
  return { projectJson, entries };
}

/** The text of project.json as we write it (two-space indentation, as EasyEDA Pro writes it). */
export function projectJsonText(projectJson: Record<string, unknown>): string {
  return JSON.stringify(projectJson, null, 2);
}

/**
 * Write an .epro archive: the ARC-1 folders, project.json (when the archive has content for it or
 * holds no library json), then every entry; DEFLATE level 9 (ARC-4).
 */
/** Writes an archive; with `password` every entry is encrypted (IMP-10, zip-crypto.ts). */
export function writeEpro(a: EproArchive, password?: string): Uint8Array {
  const files: [string, Uint8Array][] = [];
  const isLibrary = Object.keys(a.projectJson).length === 0 && KNOWN_JSON_FILES.some((f) => f !== 'project.json' && a.entries.has(f));
  if (!isLibrary) files.push(['project.json', enc.encode(projectJsonText(a.projectJson))]);
  for (const [name, data] of a.entries) {
    if (name === 'project.json') continue;
    files.push([name, typeof data === 'string' ? enc.encode(data) : data]);
  }
  const dirs = new Set<string>(isLibrary ? [] : ARCHIVE_FOLDERS.map((f) => f + '/'));
  for (const [name] of files) {
    const parts = name.split('/');
    for (let i = 1; i < parts.length; i++) dirs.add(parts.slice(0, i).join('/') + '/');
  }
  if (password !== undefined) return writeEncryptedZip([...[...dirs].map((d) => [d, new Uint8Array(0)] as [string, Uint8Array]), ...files], password);
  return writeZip(files, [...dirs]);
}
