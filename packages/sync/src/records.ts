/**
 * Documents as records keyed by id, for the three-way merge (DESIGN §4, §5).
 * A document text is one JSON array per line, several documents separated by a blank line
 * (FORMAT.md). Element 0 is the record type, element 1 the id for most types; singletons
 * (DOCTYPE, HEAD, CANVAS, ACTIVE_LAYER) are keyed by type. Records keep their exact line text, so
 * untouched records come out byte-identical. A key that is not unique in any of the versions falls
 * back to the record's whole text, so such records merge as add/remove of identical lines.
 */

export const SINGLETON_TYPES = new Set(['DOCTYPE', 'HEAD', 'CANVAS', 'ACTIVE_LAYER']);

export interface KeyedLine { key: string; line: string; primary: string; }
export interface KeyedDoc { blocks: KeyedLine[][]; }

/** Splits a document text into blocks of lines with primary keys; null when a line is not a JSON array. */
export function splitRecords(text: string): KeyedDoc | null {
  const blocks: KeyedLine[][] = [];
  const rawBlocks = text.replace(/\r\n/g, '\n').split(/\n[ \t]*\n/);
  for (let b = 0; b < rawBlocks.length; b++) {
    const lines = rawBlocks[b].split('\n').filter((l) => l.trim() !== '');
    if (!lines.length) continue;
    const out: KeyedLine[] = [];
    for (const line of lines) {
      let rec: unknown;
      try { rec = JSON.parse(line); } catch { return null; }
      if (!Array.isArray(rec)) return null;
      const type = String(rec[0]);
      const primary = SINGLETON_TYPES.has(type) ? `${blocks.length}\u0000${type}` : `${blocks.length}\u0000${type}\u0000${JSON.stringify(rec[1] ?? null)}`;
      out.push({ key: primary, line, primary });
    }
    blocks.push(out);
  }
  return { blocks };
}

/** Gives final keys: a primary key that repeats in any version is replaced by the line text (+ occurrence). */
export function assignKeys(docs: KeyedDoc[]): void {
  const ambiguous = new Set<string>();
  for (const d of docs) {
    const seen = new Set<string>();
    for (const bl of d.blocks) for (const r of bl) {
      if (seen.has(r.primary)) ambiguous.add(r.primary);
      seen.add(r.primary);
    }
  }
  for (const d of docs) {
    const count = new Map<string, number>();
    for (const bl of d.blocks) for (const r of bl) {
      if (!ambiguous.has(r.primary)) { r.key = r.primary; continue; }
      const base = `${r.primary.split('\u0000')[0]}\u0000=${r.line}`;
      const n = (count.get(base) ?? 0) + 1;
      count.set(base, n);
      r.key = `${base}#${n}`;
    }
  }
}

export function joinRecords(doc: KeyedDoc): string {
  return doc.blocks.filter((b) => b.length).map((b) => b.map((r) => r.line).join('\n')).join('\n\n');
}
