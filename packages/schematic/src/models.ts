/**
 * SPICE model files (.lib, .mod, .cir...) as project blobs (issue 18): a BLOB document (.eblob, the
 * archive's `BLOB/<hash>.eblob`, the sync engine's `blobs` kind) with one BLOB record: id = hash,
 * filename = the model file's name, content = the text as a `data:text/plain` URL (UTF-8, base64).
 * They travel like images: uploaded, cached for offline, exported in the .epro. The hash is SHA-256 of
 * the file's name and text, so the same file uploaded twice is one blob.
 */
import { parseDocuments, serializeDocuments } from '@copperplate/format';
import { BlobRec, DocType, recType } from '@copperplate/format/records';
import type { ModelFile } from '@copperplate/spice';
import type { ArchiveLike } from './context.ts';
import { textOf } from './context.ts';

/** File names taken as SPICE model files. */
export const MODEL_FILE_EXTENSIONS = ['.lib', '.mod', '.cir', '.sub', '.sp', '.spice', '.inc', '.model', '.txt'];
const DATA_PREFIX = 'data:text/plain;charset=utf-8;base64,';

export function isModelFileName(name: string): boolean {
  const n = name.toLowerCase();
  return MODEL_FILE_EXTENSIONS.some((e) => n.endsWith(e));
}

function toBase64(bytes: Uint8Array): string {
  let s = '';
  for (let i = 0; i < bytes.length; i += 0x8000) s += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(s);
}

function fromBase64(b64: string): Uint8Array {
  const s = atob(b64);
  const out = new Uint8Array(s.length);
  for (let i = 0; i < s.length; i++) out[i] = s.charCodeAt(i);
  return out;
}

/** SHA-256 (hex) of a model file's name and text: its blob hash. */
export async function modelFileHash(f: ModelFile): Promise<string> {
  const d = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(`${f.name}\0${f.text}`));
  return [...new Uint8Array(d)].map((b) => b.toString(16).padStart(2, '0')).join('');
}

/** The BLOB document text of a model file. */
export function modelBlobText(hash: string, f: ModelFile): string {
  const rec = BlobRec.create({ id: hash, filename: f.name, content: DATA_PREFIX + toBase64(new TextEncoder().encode(f.text)) });
  return serializeDocuments([{ docType: 'BLOB', version: '1.0', records: [DocType.create({ docType: 'BLOB', version: '1.0' }), rec] }]);
}

/** A model file as a blob item of the sync engine (`blobs` kind): {hash, filename, dataStr}. */
export async function modelBlob(f: ModelFile): Promise<{ hash: string; filename: string; dataStr: string }> {
  const hash = await modelFileHash(f);
  return { hash, filename: f.name, dataStr: modelBlobText(hash, f) };
}

/** The model file a BLOB document holds, or undefined (an image, another file, unreadable). */
export function modelFileOfBlob(dataStr: string): ModelFile | undefined {
  try {
    for (const b of parseDocuments(dataStr)) {
      for (const r of b.records) {
        if (recType(r) !== 'BLOB') continue;
        const { filename, content } = BlobRec.parse(r);
        if (!isModelFileName(filename) || !content.startsWith('data:text/plain')) continue;
        const comma = content.indexOf(',');
        const meta = content.slice(0, comma);
        const body = content.slice(comma + 1);
        const text = meta.endsWith(';base64') ? new TextDecoder().decode(fromBase64(body)) : decodeURIComponent(body);
        return { name: filename, text };
      }
    }
  } catch { /* not a readable BLOB document */ }
  return undefined;
}

/** The model files among an archive's blobs (`BLOB/*.eblob`), by name. */
export function modelFilesOfArchive(a: ArchiveLike): ModelFile[] {
  const out: ModelFile[] = [];
  for (const [path, v] of a.entries) {
    if (!/^BLOB\/[^/]+\.eblob$/.test(path)) continue;
    const f = modelFileOfBlob(textOf(v) ?? '');
    if (f && !out.some((m) => m.name === f.name)) out.push(f);
  }
  return out.sort((x, y) => x.name.localeCompare(y.name));
}
