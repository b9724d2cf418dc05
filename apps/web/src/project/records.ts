/**
 * Reading a document's line records (FORMAT.md: one JSON array per line, blank lines between
 * documents) for the read-only record view. Unparseable lines are kept as text.
 */
export interface RecordRow {
  line: number;
  type: string;
  id: string;
  fields: unknown[];
  raw?: string;
}

/** The non-blank lines of a text, counted without splitting it (a 100k-pad PCB's text is 13 MB, 150k lines). */
export function countRows(text: string): number {
  let n = 0;
  for (let i = 0; i < text.length; ) {
    let j = text.indexOf('\n', i);
    if (j < 0) j = text.length;
    for (let k = i; k < j; k++) if (text.charCodeAt(k) > 32) { n++; break; }
    i = j + 1;
  }
  return n;
}

export function parseRecords(dataStr: unknown): RecordRow[] {
  if (typeof dataStr !== 'string' || dataStr === '') return [];
  const rows: RecordRow[] = [];
  const lines = dataStr.split('\n');
  for (let i = 0; i < lines.length; i++) {
    const text = lines[i].trim();
    if (!text) continue;
    try {
      const arr = JSON.parse(text) as unknown;
      if (Array.isArray(arr)) {
        // a raw view of any record: its type, what stands where most kinds keep their id, the rest as stored
        const [type, id, ...fields] = arr as unknown[];
        rows.push({ line: i + 1, type: String(type ?? ''), id: typeof id === 'string' || typeof id === 'number' ? String(id) : '', fields });
        continue;
      }
    } catch {
      /* kept as raw text below */
    }
    rows.push({ line: i + 1, type: '?', id: '', fields: [], raw: text });
  }
  return rows;
}

/** Record counts per type, most frequent first. */
export function recordCounts(rows: RecordRow[]): [string, number][] {
  const m = new Map<string, number>();
  for (const r of rows) m.set(r.type, (m.get(r.type) ?? 0) + 1);
  return [...m.entries()].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]));
}

/** One field as short text for a table cell. */
export function fieldText(v: unknown, max = 120): string {
  const s = typeof v === 'string' ? v : JSON.stringify(v) ?? 'null';
  return s.length > max ? s.slice(0, max - 1) + '…' : s;
}
