/**
 * The document codec of FORMAT.md: UTF-8 text, one JSON array per line, `["DOCTYPE", T, version]`
 * first; several documents in one file are separated by blank lines.
 *
 * Lossless: every line is kept as a parsed JSON array (unknown record types and extra trailing
 * fields survive). Exact text: the raw text of each line is remembered (per block, beside the
 * record read from it) together with the line ending and the gaps between documents, so that a parse followed by a
 * serialize of unchanged records gives the same bytes; a record changed in place is written anew
 * with JSON.stringify.
 */
import { CatalogueError } from '@copperplate/model';

export interface DocumentBlock {
  /** T of the DOCTYPE line ('' when the block does not start with a DOCTYPE line). */
  docType: string;
  /** Version of the DOCTYPE line ('' when absent). */
  version: string;
  /** Parsed JSON arrays in file order; records[0] is the DOCTYPE line when there is one. */
  records: unknown[][];
}

/**
 * Text layout of a block as read: what came before its first line (separator), after its last, the
 * line ending, and the raw text of each record line with the record read from it. One entry per
 * block (not per record) keeps parsing cheap.
 */
interface Layout {
  /** The record arrays as parsed, in order (a snapshot: the block's own array may be edited). */
  records: unknown[][];
  /** Raw text of each of those lines, without the line ending (computed from `text` when absent). */
  raw?: string[];
  /** The block's text (fast path: one line per record, no blank lines), split into `raw` on demand. */
  text?: string;
  /** Text between the previous block's last line and this block's first line (for the first: what precedes it). */
  before: string;
  /** The block was the file's first when read (its `before` may only open a file then). */
  first: boolean;
  /** Text after this block's last line when it is the last block of the file. */
  after: string;
  eol: string;
}
const layouts = new WeakMap<DocumentBlock, Layout>();

function formatError(line: number): CatalogueError {
  return CatalogueError.named('IMPORT_FORMAT_INCORRECT', { line });
}

function isBlank(s: string): boolean {
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c !== 32 && c !== 9 && c !== 13) return false;
  }
  return true;
}

/**
 * Parse a document file. Throws CatalogueError (IMPORT_FORMAT_INCORRECT, params.line = 1-based line)
 * on a line that is not a JSON array.
 */
export function parseDocuments(text: string): DocumentBlock[] {
  return parseSingleBlock(text) ?? parseLines(text);
}

/**
 * Fast path for the common file: one document, no blank lines: every line one record, nothing else
 * kept per line (a blank line is not JSON and so falls back to the line parser).
 * Returns null whenever the general parser is needed (several blocks, blank lines, a bad line).
 */
function parseSingleBlock(text: string): DocumentBlock[] | null {
  const start = text.charCodeAt(0) === 0xfeff ? 1 : 0;
  let end = text.length;
  while (end > start && isWs(text.charCodeAt(end - 1))) end--;
  if (end === start || isWs(text.charCodeAt(start))) return null;
  const body = start === 0 && end === text.length ? text : text.slice(start, end);
  // one JSON.parse per line: V8 takes about two thirds of the time of one parse of the whole text
  // joined into one array (a 100k-pad board: ~250 against ~350 ms), and no joined copy of the text is made
  const records: unknown[][] = [];
  for (let pos = 0; pos <= body.length;) {
    let nl = body.indexOf('\n', pos);
    if (nl === -1) nl = body.length;
    let rec: unknown;
    try {
      rec = JSON.parse(body.slice(pos, nl));
    } catch {
      return null;
    }
    if (!Array.isArray(rec)) return null;
    records.push(rec);
    pos = nl + 1;
  }
  const first = records[0];
  const isDoctype = first[0] === 'DOCTYPE';
  const block: DocumentBlock = {
    docType: isDoctype && typeof first[1] === 'string' ? first[1] : '',
    version: isDoctype && first[2] != null ? String(first[2]) : '',
    records,
  };
  const nl = body.indexOf('\n');
  const eol = nl > 0 && body.charCodeAt(nl - 1) === 13 ? '\r\n' : '\n';
  layouts.set(block, { records: records.slice(), text: body, before: '', first: true, after: text.slice(end), eol });
  return [block];
}

function isWs(c: number): boolean {
  return c === 32 || c === 9 || c === 13 || c === 10;
}

/** Raw lines of a block's layout (split from its text on first use). */
function rawLines(lay: Layout): string[] {
  if (!lay.raw) lay.raw = lay.text!.split('\n').map((l) => (l.endsWith('\r') ? l.slice(0, -1) : l));
  return lay.raw;
}

/** The general parser: line by line, blocks split on blank lines followed by a DOCTYPE line. */
function parseLines(text: string): DocumentBlock[] {
  let pos = text.charCodeAt(0) === 0xfeff ? 1 : 0;
  const blocks: DocumentBlock[] = [];
  let cur: DocumentBlock | null = null;
  let lay: Layout | null = null;
  /** Index just after the content of the last record line (before its line ending). */
  let lastEnd = pos;
  let sawBlank = false;
  let lineNo = 0;
  const n = text.length;
  while (pos < n) {
    let end = text.indexOf('\n', pos);
    if (end === -1) end = n;
    lineNo++;
    const contentEnd = end > pos && text.charCodeAt(end - 1) === 13 ? end - 1 : end;
    const line = text.slice(pos, contentEnd);
    const start = pos;
    pos = end + 1;
    if (isBlank(line)) {
      sawBlank = true;
      continue;
    }
    let rec: unknown;
    try {
      rec = JSON.parse(line);
    } catch {
      throw formatError(lineNo);
    }
    if (!Array.isArray(rec)) throw formatError(lineNo);
    if (cur === null || (sawBlank && rec[0] === 'DOCTYPE')) {
      const isDoctype = rec[0] === 'DOCTYPE';
      cur = {
        docType: isDoctype && typeof rec[1] === 'string' ? rec[1] : '',
        version: isDoctype && rec[2] != null ? String(rec[2]) : '',
        records: [],
      };
      lay = { records: [], raw: [], before: text.slice(lastEnd, start), first: blocks.length === 0, after: '', eol: contentEnd < end ? '\r\n' : '\n' };
      layouts.set(cur, lay);
      blocks.push(cur);
    }
    // Blank lines inside a document (not followed by a DOCTYPE) are dropped; the records stay.
    sawBlank = false;
    cur.records.push(rec);
    lay!.raw!.push(line);
    lastEnd = contentEnd;
  }
  if (cur) layouts.get(cur)!.after = text.slice(lastEnd);
  for (const b of blocks) layouts.get(b)!.records = b.records.slice();
  return blocks;
}

/** The raw line a record was read from, if it is one of the block's records as parsed. */
function rawLineOf(lay: Layout | undefined, rec: unknown[], i: number, index: () => Map<unknown[], number>): string | undefined {
  if (!lay) return undefined;
  if (lay.records[i] === rec) return rawLines(lay)[i];
  const j = index().get(rec);
  return j === undefined ? undefined : rawLines(lay)[j];
}

/** The text of one record: its raw line when the record still holds what was read, else JSON. */
function recordText(rec: unknown[], raw: string | undefined): string {
  const json = JSON.stringify(rec);
  if (raw === undefined || raw === json) return json;
  // The raw line differs from canonical JSON (spacing, number spelling): keep it if it means the same.
  try {
    return JSON.stringify(JSON.parse(raw)) === json ? raw : json;
  } catch {
    return json;
  }
}

/** Serialize blocks to document text; exact inverse of parseDocuments for unchanged records. */
export function serializeDocuments(blocks: DocumentBlock[]): string {
  const parts: string[] = [];
  blocks.forEach((b, i) => {
    const lay = layouts.get(b);
    const eol = lay?.eol ?? '\n';
    if (i > 0) parts.push(lay && !lay.first && lay.before !== '' ? lay.before : eol + eol);
    else if (lay?.first) parts.push(lay.before);
    if (b.records.length === 0) {
      // A block must have a DOCTYPE line to be read back as a block.
      parts.push(JSON.stringify(['DOCTYPE', b.docType, b.version]));
      return;
    }
    let idx: Map<unknown[], number> | undefined;
    const index = () => (idx ??= new Map(lay!.records.map((r, j) => [r, j])));
    const lines = b.records.map((r, j) => recordText(r, rawLineOf(lay, r, j, index)));
    parts.push(lines.join(eol));
    if (i === blocks.length - 1 && lay) parts.push(lay.after);
  });
  return parts.join('');
}

/** Count records of each type (element 0) of a block, the DOCTYPE line excluded. */
export function countRecordTypes(block: DocumentBlock): Record<string, number> {
  const out: Record<string, number> = {};
  for (const r of block.records) {
    if (r[0] === 'DOCTYPE') continue;
    const t = typeof r[0] === 'string' ? r[0] : r.length === 0 ? '[]' : String(r[0]);
    out[t] = (out[t] ?? 0) + 1;
  }
  return out;
}

/**
 * A block with other records that is written like `block`: its unchanged records keep their text as
 * read, and its place keeps the separator and file ending that were read. For an editor that holds a
 * block's records elsewhere and hands them back to serializeDocuments.
 */
export function withRecords(block: DocumentBlock, records: unknown[][]): DocumentBlock {
  const out: DocumentBlock = { docType: block.docType, version: block.version, records };
  const lay = layouts.get(block);
  if (lay) layouts.set(out, lay);
  return out;
}
