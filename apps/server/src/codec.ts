/** Document contents are stored gzip-compressed (DESIGN §6). */
import { gunzipSync, gzipSync } from 'node:zlib';

export function pack(text: string): Uint8Array {
  return gzipSync(Buffer.from(text, 'utf8'), { level: 6 });
}

export function unpack(bytes: Uint8Array | null): string | undefined {
  if (!bytes) return undefined;
  return gunzipSync(bytes).toString('utf8');
}

export function packJson(v: unknown): Uint8Array {
  return pack(JSON.stringify(v));
}

export function unpackJson<T>(bytes: Uint8Array): T {
  return JSON.parse(unpack(bytes) ?? 'null') as T;
}

/** UTF-8 byte length. */
export const byteLength = (s: string): number => Buffer.byteLength(s, 'utf8');

/** A project's extra (archive files, project extra, library) as stored: gzip JSON, or plain JSON text (rows moved by migration 6). */
export function unpackExtra(bytes: Uint8Array | null): Record<string, unknown> {
  if (!bytes?.length) return {};
  if (bytes[0] === 0x1f && bytes[1] === 0x8b) return unpackJson<Record<string, unknown>>(bytes);
  return JSON.parse(Buffer.from(bytes).toString('utf8')) as Record<string, unknown>;
}

/** A project's extra for storage (null when empty: no row). */
export function packExtra(extra: Record<string, unknown> | undefined): Uint8Array | null {
  return extra && Object.keys(extra).length ? packJson(extra) : null;
}
