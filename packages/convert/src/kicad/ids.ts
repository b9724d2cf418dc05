/**
 * Deterministic ids for imported documents: the same KiCad input gives the same project (uuids are
 * hashes of the input's name and the item's key), so a re-import is comparable and tests are stable.
 */

function fnv1a(s: string, seed: number): number {
  let h = seed >>> 0;
  for (let i = 0; i < s.length; i++) {
    h ^= s.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h >>> 0;
}

/** A 32-hex-digit uuid (the form EasyEDA uses) from a key. */
export function uuidOf(key: string): string {
  let out = '';
  for (const seed of [0x811c9dc5, 0x01234567, 0x89abcdef, 0x5bd1e995]) out += fnv1a(key, seed).toString(16).padStart(8, '0');
  return out;
}

/** Record ids unique within one document: e1, e2, ... */
export class IdSeq {
  private n = 0;
  constructor(private readonly prefix = 'e') {}
  next(): string {
    return this.prefix + ++this.n;
  }
}
