/** Records of a document as a multiset: canonical JSON of each record -> count. */
import { parseDocuments } from '@copperplate/format';

export function recordMultiset(text: string): Map<string, number> {
  const m = new Map<string, number>();
  for (const b of parseDocuments(text)) {
    for (const r of b.records) {
      const k = JSON.stringify(r);
      m.set(k, (m.get(k) ?? 0) + 1);
    }
  }
  return m;
}

/** Every document entry (not json) of an archive entry map, as text. */
export function documentTexts(entries: Map<string, Uint8Array | string>): Map<string, string> {
  const out = new Map<string, string>();
  const dec = new TextDecoder();
  for (const [k, v] of entries) {
    if (k.endsWith('.json')) continue;
    out.set(k, typeof v === 'string' ? v : dec.decode(v));
  }
  return out;
}
