/**
 * Zip reading with limits for hostile input, and zip writing (DEFLATE level 9), on fflate.
 *
 * Reading walks the central directory first (entry count, names, declared sizes are checked before
 * anything is inflated), then inflates each entry with fflate's streaming `Inflate`, counting output
 * bytes as they come and stopping as soon as the archive total or the entry's ratio passes
 * ARCHIVE_LIMITS. Browser-safe: no Node built-ins.
 */
import { Inflate, inflateSync, zipSync, type Zippable } from 'fflate';
import { ARCHIVE_LIMITS, CatalogueError, ZIP_LEVEL } from '@copperplate/model';
import { crc32, zipDecrypt } from './zip-crypto.ts';

export interface ZipLimits {
  maxTotalBytes: number;
  maxRatio: number;
  maxEntries: number;
  maxNameBytes: number;
}

export const DEFAULT_ZIP_LIMITS: ZipLimits = {
  maxTotalBytes: ARCHIVE_LIMITS.MAX_TOTAL_BYTES,
  maxRatio: ARCHIVE_LIMITS.MAX_RATIO,
  maxEntries: ARCHIVE_LIMITS.MAX_ENTRIES,
  maxNameBytes: ARCHIVE_LIMITS.MAX_NAME_BYTES,
};

/** Entries below this inflated size are never judged by their ratio (small files compress well). */
const RATIO_FLOOR_BYTES = 1024 * 1024;
/**
 * Compressed bytes pushed to the inflater at a time: never more than the entry's cap (an honest
 * entry, whose compressed size is below its inflated size, is done in one push), never more than
 * 64 KB. Deflate cannot expand one byte more than ~1032 times, so whatever the headers claim, one
 * push yields at most ~66 MB before the running count is checked.
 */
const MIN_CHUNK = 4 * 1024;
const MAX_CHUNK = 64 * 1024;
/** Compressed entries up to one chunk are inflated in one call (see inflateEntry). */
const ONE_SHOT_MAX = MAX_CHUNK;

export interface ZipEntryInfo {
  name: string;
  method: number;
  compressedSize: number;
  size: number;
  localOffset: number;
  flags: number;
  /** CRC-32 of the inflated data (central directory). */
  crc: number;
}

/** Why a zip was refused; mapped to catalogue messages by the caller (readEpro). */
export type ZipProblem = 'unreadable' | 'nonconforming' | 'encrypted' | 'password';

export class ZipRefusal extends Error {
  constructor(readonly problem: ZipProblem, detail: string) {
    super(detail);
    this.name = 'ZipRefusal';
  }
}

const u16 = (b: Uint8Array, o: number) => b[o] | (b[o + 1] << 8);
const u32 = (b: Uint8Array, o: number) => (b[o] | (b[o + 1] << 8) | (b[o + 2] << 16)) + b[o + 3] * 0x1000000;
const utf8 = new TextDecoder('utf-8');

/** An entry name we refuse: absolute, drive letter, '..' segment, backslash, NUL or other control characters. */
export function isUnsafeEntryName(name: string): boolean {
  if (name === '' || name.startsWith('/') || name.startsWith('\\') || /^[a-zA-Z]:/.test(name)) return true;
  if (name.includes('\\')) return true;
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f]/.test(name)) return true;
  return name.split('/').some((seg) => seg === '..' || seg === '.');
}

/** Read the central directory. Throws ZipRefusal ('encrypted' for an encrypted entry unless `encryptedOk`). */
export function listZip(bytes: Uint8Array, limits: ZipLimits = DEFAULT_ZIP_LIMITS, encryptedOk = false): ZipEntryInfo[] {
  const n = bytes.length;
  if (n < 22) throw new ZipRefusal('unreadable', 'too short for a zip');
  let eocd = -1;
  const stop = Math.max(0, n - 22 - 0xffff);
  for (let i = n - 22; i >= stop; i--) {
    if (bytes[i] === 0x50 && bytes[i + 1] === 0x4b && bytes[i + 2] === 5 && bytes[i + 3] === 6) {
      eocd = i;
      break;
    }
  }
  if (eocd < 0) throw new ZipRefusal('unreadable', 'no end of central directory');
  const count = u16(bytes, eocd + 10);
  const cdSize = u32(bytes, eocd + 12);
  const cdOffset = u32(bytes, eocd + 16);
  if (count === 0xffff || cdOffset === 0xffffffff) throw new ZipRefusal('nonconforming', 'zip64 archives are not accepted');
  if (count > limits.maxEntries) throw new ZipRefusal('nonconforming', `more than ${limits.maxEntries} entries`);
  if (cdOffset + cdSize > eocd) throw new ZipRefusal('unreadable', 'central directory outside the file');
  const out: ZipEntryInfo[] = [];
  let p = cdOffset;
  for (let i = 0; i < count; i++) {
    if (p + 46 > eocd || u32(bytes, p) !== 0x02014b50) throw new ZipRefusal('unreadable', 'bad central directory entry');
    const nameLen = u16(bytes, p + 28);
    const extraLen = u16(bytes, p + 30);
    const commentLen = u16(bytes, p + 32);
    if (nameLen > limits.maxNameBytes) throw new ZipRefusal('nonconforming', 'entry name too long');
    if (p + 46 + nameLen > eocd) throw new ZipRefusal('unreadable', 'bad central directory entry');
    const name = utf8.decode(bytes.subarray(p + 46, p + 46 + nameLen));
    if (isUnsafeEntryName(name)) throw new ZipRefusal('nonconforming', 'unsafe entry name');
    out.push({
      name,
      flags: u16(bytes, p + 8),
      method: u16(bytes, p + 10),
      crc: u32(bytes, p + 16),
      compressedSize: u32(bytes, p + 20),
      size: u32(bytes, p + 24),
      localOffset: u32(bytes, p + 42),
    });
    p += 46 + nameLen + extraLen + commentLen;
  }
  const seen = new Set<string>();
  let declared = 0;
  for (const e of out) {
    if (seen.has(e.name)) throw new ZipRefusal('nonconforming', 'duplicate entry name');
    seen.add(e.name);
    if (e.flags & 1 && !encryptedOk) throw new ZipRefusal('encrypted', 'encrypted entry');
    if (e.method !== 0 && e.method !== 8) throw new ZipRefusal('nonconforming', 'unknown compression method');
    if (e.method === 0 && e.size !== e.compressedSize - (e.flags & 1 ? 12 : 0)) throw new ZipRefusal('unreadable', 'stored entry sizes differ');
    declared += e.size;
    if (declared > limits.maxTotalBytes) throw new ZipRefusal('nonconforming', 'archive inflates beyond the size limit');
    if (e.size > RATIO_FLOOR_BYTES && e.size > limits.maxRatio * Math.max(1, e.compressedSize)) {
      throw new ZipRefusal('nonconforming', 'entry compression ratio beyond the limit');
    }
  }
  return out;
}

/** Offset of an entry's data, after its local header. */
function dataOffset(bytes: Uint8Array, e: ZipEntryInfo): number {
  const o = e.localOffset;
  if (o + 30 > bytes.length || u32(bytes, o) !== 0x04034b50) throw new ZipRefusal('unreadable', 'bad local header');
  const start = o + 30 + u16(bytes, o + 26) + u16(bytes, o + 28);
  if (start + e.compressedSize > bytes.length) throw new ZipRefusal('unreadable', 'entry data truncated');
  return start;
}

/**
 * Inflate one entry with a running byte count. `budget` is what the archive total still allows.
 * Output is checked after every pushed chunk (see MIN_CHUNK/MAX_CHUNK).
 */
function inflateEntry(src: Uint8Array, e: ZipEntryInfo, budget: number, limits: ZipLimits): Uint8Array {
  if (src.length <= ONE_SHOT_MAX && e.size < budget && e.size + 64 >= src.length) {
    // Input of at most one chunk, declared no smaller than itself (as deflate output always is, give
    // or take block headers): inflated in one call into a buffer that is the cap (declared size + 1
    // byte, which shows a lying header and refuses the archive). Writes past it are dropped, so
    // memory stays bounded by the header; the decoding work is at most that of one streaming push.
    let out: Uint8Array;
    try {
      out = inflateSync(src, { out: new Uint8Array(e.size + 1) });
    } catch {
      throw new ZipRefusal('unreadable', 'inflate failed');
    }
    if (out.length !== e.size) throw new ZipRefusal('unreadable', 'entry size differs from its header');
    return out;
  }
  const parts: Uint8Array[] = [];
  let got = 0;
  let done = false;
  const inf = new Inflate((chunk, final) => {
    parts.push(chunk);
    got += chunk.length;
    if (final) done = true;
  });
  const ratioCap = Math.max(RATIO_FLOOR_BYTES, limits.maxRatio * Math.max(1, e.compressedSize));
  const cap = Math.min(budget, ratioCap, e.size);
  const step = Math.max(MIN_CHUNK, Math.min(cap, MAX_CHUNK));
  try {
    for (let off = 0; off < src.length && !done; off += step) {
      const end = Math.min(src.length, off + step);
      inf.push(src.subarray(off, end), end === src.length);
      if (got > cap) {
        if (got > e.size) throw new ZipRefusal('unreadable', 'entry inflates beyond its declared size');
        throw new ZipRefusal('nonconforming', 'entry inflates beyond the limits');
      }
    }
    if (src.length === 0) inf.push(src, true);
  } catch (err) {
    if (err instanceof ZipRefusal) throw err;
    throw new ZipRefusal('unreadable', 'inflate failed');
  }
  if (!done || got !== e.size) throw new ZipRefusal('unreadable', 'entry size differs from its header');
  if (parts.length === 1) return parts[0];
  const out = new Uint8Array(got);
  let o = 0;
  for (const p of parts) {
    out.set(p, o);
    o += p.length;
  }
  return out;
}

/**
 * Refuses entries whose bytes (local header to end of data) overlap: a central directory that points
 * several entries at one compressed stream would inflate it again and again past every per-entry
 * check (issue 11).
 */
function refuseOverlaps(bytes: Uint8Array, list: ZipEntryInfo[]): void {
  const spans = list.map((e) => [e.localOffset, dataOffset(bytes, e) + e.compressedSize] as const).sort((a, b) => a[0] - b[0]);
  for (let i = 1; i < spans.length; i++) {
    if (spans[i][0] < spans[i - 1][1]) throw new ZipRefusal('nonconforming', 'overlapping entries');
  }
}

/** Whether any entry of a zip is encrypted (its import asks for the password, IMP-10). */
export function isEncryptedZip(bytes: Uint8Array, limits: ZipLimits = DEFAULT_ZIP_LIMITS): boolean {
  return listZip(bytes, limits, true).some((e) => (e.flags & 1) !== 0);
}

/**
 * IMP-10: an encrypted entry's data decrypted with `password`, checked by its header byte (else
 * ZipRefusal 'password'); the header is dropped.
 */
function decryptEntry(bytes: Uint8Array, e: ZipEntryInfo, src: Uint8Array, password: string | undefined): Uint8Array {
  if (password === undefined) throw new ZipRefusal('encrypted', 'encrypted entry');
  const check = e.flags & 8 ? u16(bytes, e.localOffset + 10) >>> 8 : e.crc >>> 24;
  const plain = zipDecrypt(src, password, check);
  if (!plain) throw new ZipRefusal('password', 'wrong password');
  return plain;
}

/**
 * Read every file entry (directories skipped) of a zip. Throws ZipRefusal.
 * `filter` may skip entries by name (they are not inflated). `password` opens encrypted entries
 * (IMP-10): a wrong one fails the header check or the CRC-32 of what it gives ('password').
 */
export function readZip(
  bytes: Uint8Array,
  limits: ZipLimits = DEFAULT_ZIP_LIMITS,
  filter?: (name: string) => boolean,
  password?: string,
): Map<string, Uint8Array> {
  const list = listZip(bytes, limits, password !== undefined);
  refuseOverlaps(bytes, list);
  const out = new Map<string, Uint8Array>();
  let total = 0;
  for (const e of list) {
    if (e.name.endsWith('/')) continue;
    if (filter && !filter(e.name)) continue;
    const start = dataOffset(bytes, e);
    const encrypted = (e.flags & 1) !== 0;
    let src = bytes.subarray(start, start + e.compressedSize);
    if (encrypted) src = decryptEntry(bytes, e, src, password);
    let data: Uint8Array;
    try {
      data = e.method === 0 ? src : inflateEntry(src, encrypted ? { ...e, compressedSize: e.compressedSize - 12 } : e, limits.maxTotalBytes - total, limits);
    } catch (err) {
      if (encrypted && err instanceof ZipRefusal && err.problem === 'unreadable') throw new ZipRefusal('password', 'wrong password');
      throw err;
    }
    if (encrypted && crc32(data) !== e.crc) throw new ZipRefusal('password', 'wrong password');
    total += data.length;
    if (total > limits.maxTotalBytes) throw new ZipRefusal('nonconforming', 'archive inflates beyond the size limit');
    out.set(e.name, data);
  }
  return out;
}

/**
 * Write a zip: every file DEFLATE level 9 (ZIP_LEVEL); `dirs` are written as empty directory entries.
 * Entry order follows the iteration order given.
 */
export function writeZip(files: Iterable<[string, Uint8Array]>, dirs: string[] = []): Uint8Array {
  const z: Zippable = {};
  const mtime = new Date('2025-01-01T00:00:00Z');
  for (const d of dirs) z[d.endsWith('/') ? d : d + '/'] = [new Uint8Array(0), { level: 0, mtime }];
  for (const [name, data] of files) z[name] = [data, { level: ZIP_LEVEL, mtime }];
  return zipSync(z);
}
