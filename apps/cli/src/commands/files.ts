/** Reading and writing the files the format commands work on; errors become catalogue errors. */
import { readFileSync, renameSync, writeFileSync } from 'node:fs';
import { basename, extname } from 'node:path';
import { CatalogueError } from '@copperplate/model';

/** Extensions of single documents (SPEC §3). */
export const DOCUMENT_EXTENSIONS = ['.esch', '.epcb', '.epan', '.esym', '.efoo', '.eins', '.ecop', '.eblob', '.efon'];
export const ARCHIVE_EXTENSIONS = ['.epro', '.epro2', '.zip'];

export type FileKind = 'archive' | 'document';

export function fileKind(path: string): FileKind {
  const ext = extname(path).toLowerCase();
  if (ARCHIVE_EXTENSIONS.includes(ext)) return 'archive';
  if (DOCUMENT_EXTENSIONS.includes(ext)) return 'document';
  throw CatalogueError.named('FORMAT_NOT_SUPPORTED');
}

export function readInput(path: string): Uint8Array {
  try {
    return new Uint8Array(readFileSync(path));
  } catch {
    throw CatalogueError.fromCode(1000010, { documentName: basename(path) });
  }
}

/** Write through a temporary file and a rename, so a failed write leaves no half file. */
export function writeOutput(path: string, data: Uint8Array | string): void {
  const tmp = `${path}.tmp-${process.pid}`;
  writeFileSync(tmp, data);
  renameSync(tmp, path);
}
