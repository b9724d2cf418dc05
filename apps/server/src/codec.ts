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
