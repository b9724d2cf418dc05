/**
 * The EasyEDA Pro V3 record stream (.epru; FORMAT.md "Newer generation"): one record per line,
 * `{"type":T,"ticket":N,"id":I}||{body}|` (the last line may lack the trailing `|`). A DOCHEAD line
 * (head `{"type":"DOCHEAD"}`, body `{docType, uuid, ...}`) opens each document; the records after it
 * belong to it. Per record id the line with the highest ticket wins; an empty body is a deletion.
 *
 * The head is parsed as JSON first (scanning its braces and strings), never by splitting on `||`:
 * a body's text may contain `||`. Every line is accounted for (`Disposition`), so a caller can prove
 * that each record was carried or reported. Pure: no Node built-ins.
 */

/** One record line after the merge: the winner for its id within its document. */
export interface EpruRecord {
  type: string;
  id: string;
  ticket: number;
  /** The body object; null for a deletion (empty body). */
  body: Record<string, unknown> | null;
  /** 1-based line number of the winning line. */
  line: number;
}

export interface EpruDocument {
  docType: string;
  uuid: string;
  /** The DOCHEAD body (client, updateTime, version, editVersion, user, ...). */
  head: Record<string, unknown>;
  /** Winning records in first-seen order, keyed by id. */
  records: Map<string, EpruRecord>;
  /** DOCHEAD lines merged into this document (a document may be opened more than once). */
  heads: number;
}

/** What became of lines that are not a winning record of a document. */
export type LineFate =
  | 'superseded' // an older ticket of an id whose newer line won
  | 'orphan' // a record line before any DOCHEAD
  | 'unreadable' // not `{head}||{body}` JSON
  | 'repeated-dochead'; // a second DOCHEAD of a document already opened

export interface EpruStream {
  documents: EpruDocument[];
  /** Non-blank lines read. */
  lines: number;
  /** Lines that are not a document's DOCHEAD or winning record, by fate and record type. */
  dropped: { fate: LineFate; type: string; line: number }[];
}

const BRACE_OPEN = 123;
const BRACE_CLOSE = 125;
const QUOTE = 34;
const BACKSLASH = 92;
const PIPE = 124;

/** Index just past the JSON object that starts at `start` (a `{`), or -1 when it does not close. */
export function jsonObjectEnd(s: string, start: number): number {
  if (s.charCodeAt(start) !== BRACE_OPEN) return -1;
  let depth = 0;
  let inString = false;
  for (let i = start; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (inString) {
      if (c === BACKSLASH) i++;
      else if (c === QUOTE) inString = false;
      continue;
    }
    if (c === QUOTE) inString = true;
    else if (c === BRACE_OPEN) depth++;
    else if (c === BRACE_CLOSE && --depth === 0) return i + 1;
  }
  return -1;
}

export interface EpruLine {
  head: Record<string, unknown>;
  /** null for an empty body (a deletion). */
  body: Record<string, unknown> | null;
}

/** Parse one line; null when it is not `{head}||{body}|`. */
export function parseEpruLine(line: string): EpruLine | null {
  const end = jsonObjectEnd(line, 0);
  if (end < 0 || line.charCodeAt(end) !== PIPE || line.charCodeAt(end + 1) !== PIPE) return null;
  let stop = line.length;
  while (stop > end + 2 && (line.charCodeAt(stop - 1) === 13 || line.charCodeAt(stop - 1) === 32)) stop--;
  if (stop > end + 2 && line.charCodeAt(stop - 1) === PIPE) stop--;
  let head: unknown;
  let body: unknown = null;
  try {
    head = JSON.parse(line.slice(0, end));
    if (stop > end + 2) body = JSON.parse(line.slice(end + 2, stop));
  } catch {
    return null;
  }
  if (!isObject(head) || typeof head.type !== 'string') return null;
  if (body !== null && !isObject(body)) return null;
  return { head, body };
}

function isObject(v: unknown): v is Record<string, unknown> {
  return v !== null && typeof v === 'object' && !Array.isArray(v);
}

/** Read a whole .epru text. Never throws for bad lines: they are counted as 'unreadable'. */
export function readEpru(text: string): EpruStream {
  const documents: EpruDocument[] = [];
  const byKey = new Map<string, EpruDocument>();
  const dropped: EpruStream['dropped'] = [];
  let cur: EpruDocument | null = null;
  let lines = 0;
  let lineNo = 0;
  let pos = text.charCodeAt(0) === 0xfeff ? 1 : 0;
  const n = text.length;
  while (pos < n) {
    let nl = text.indexOf('\n', pos);
    if (nl === -1) nl = n;
    const raw = text.slice(pos, nl);
    pos = nl + 1;
    lineNo++;
    if (raw.trim() === '') continue;
    lines++;
    const parsed = parseEpruLine(raw);
    if (!parsed) {
      dropped.push({ fate: 'unreadable', type: '', line: lineNo });
      continue;
    }
    const { head, body } = parsed;
    const type = head.type as string;
    if (type === 'DOCHEAD') {
      const docType = typeof body?.docType === 'string' ? body.docType : '';
      const uuid = typeof body?.uuid === 'string' ? body.uuid : '';
      const key = docType + '\u0000' + uuid;
      const seen = byKey.get(key);
      if (seen) {
        // The same document opened again: its records join the first; the newer head wins.
        seen.heads++;
        const t = Number(head.ticket);
        const was = Number(seen.head.__ticket ?? -Infinity);
        if (!(t < was)) seen.head = { ...body, __ticket: t };
        dropped.push({ fate: 'repeated-dochead', type, line: lineNo });
        cur = seen;
        continue;
      }
      cur = { docType, uuid, head: { ...(body ?? {}), __ticket: Number(head.ticket) }, records: new Map(), heads: 1 };
      byKey.set(key, cur);
      documents.push(cur);
      continue;
    }
    if (!cur) {
      dropped.push({ fate: 'orphan', type, line: lineNo });
      continue;
    }
    const id = typeof head.id === 'string' ? head.id : head.id === undefined ? type : JSON.stringify(head.id);
    const ticket = typeof head.ticket === 'number' ? head.ticket : Number(head.ticket) || 0;
    const prev = cur.records.get(id);
    const rec: EpruRecord = { type, id, ticket, body, line: lineNo };
    if (!prev) cur.records.set(id, rec);
    else if (ticket >= prev.ticket) {
      // Later lines win ties (the stream is written in order).
      dropped.push({ fate: 'superseded', type: prev.type, line: prev.line });
      cur.records.set(id, rec);
    } else dropped.push({ fate: 'superseded', type, line: lineNo });
  }
  for (const d of documents) delete d.head.__ticket;
  return { documents, lines, dropped };
}

/** The document's winning records with a body (deletions left out), in stream order. */
export function liveRecords(doc: EpruDocument): EpruRecord[] {
  const out: EpruRecord[] = [];
  for (const r of doc.records.values()) if (r.body !== null) out.push(r);
  return out;
}
