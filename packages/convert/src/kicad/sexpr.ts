/**
 * The s-expression reader of KiCad files (.kicad_pcb, .kicad_sch, .kicad_sym, .kicad_mod, 6 to 9):
 * one pass over the text, iterative (an explicit stack, no recursion), with a depth and a size limit
 * (KICAD_LIMITS). A truncated file, an unterminated string or a too deep nesting is refused with a
 * catalogue message naming the file and the line.
 *
 * Tree: a list is a JS array; an atom is a string (symbols and quoted strings, unescaped) or, for an
 * unquoted decimal number, a JS number: `(at 1 2 90)` -> ['at', 1, 2, 90]. A number written with a
 * leading zero (`007`, a uuid made of digits) or an exponent stays text, so nothing is lost; quoted
 * atoms are always text. `str()` gives any atom as text, `num()` as a number. By KiCad's convention the
 * first element of a list is its keyword. Unquoted words are interned (one string per distinct word),
 * so that a big board keeps few strings alive.
 *
 * One packing keeps big boards cheap: a run of `(xy X Y)` lists inside `(pts ...)` (zone fills hold
 * hundreds of thousands) becomes one Float64Array [x0, y0, x1, y1, ...] element of the pts list, in
 * place of the xy lists (order with `(arc ...)` items kept). Read points with `points()` / runs.
 */
import { CatalogueError, KICAD_LIMITS } from '@copperplate/model';

export type SNode = string | number | SList | Float64Array;
export interface SList extends Array<SNode> {}

export interface ReadOptions {
  /** Shown in messages (the file's name). */
  file?: string;
  maxDepth?: number;
  maxChars?: number;
  /**
   * Called as each list directly inside a top-level list closes; true = consumed by the caller and
   * left out of the tree (a board's tracks, footprints and zones become model objects as they are
   * read, so the tree of the whole file never lives at once: the collector copied it twice).
   */
  onItem?: (item: SList) => boolean;
  /**
   * Tried at each list opening directly inside a top-level list, before the generic reader: reads
   * the item whose '(' is at `i` straight into the caller's objects and returns the position after
   * its ')', or -1 to leave it to the generic reader (any form it does not know, any doubt, any
   * error: the generic reader then reads it again and refuses it as it would). An item it took is in
   * no tree and not given to onItem. (A board's thousands of tracks: no list per `(start X Y)`.)
   */
  direct?: (text: string, i: number, words: Words) => number;
  /**
   * The UTF-8 bytes the text was decoded from. Used only when they are as many as the text's
   * characters (then every character is one byte, at the same position): the `(xy X Y)` runs (most
   * of a board's file) are read from them, a typed array being faster to read than a string.
   */
  bytes?: Uint8Array;
}

/** The reader's table of words (one string per distinct word); `get(i, j)` = text[i..j). */
export interface Words {
  get(i: number, j: number): string;
}

function lineAt(text: string, pos: number): number {
  let line = 1;
  for (let i = 0; i < pos && i < text.length; i++) if (text.charCodeAt(i) === 10) line++;
  return line;
}

// Character classes: 0 atom char, 1 whitespace, 2 '(', 3 ')', 4 '"'.
const CLASS = new Uint8Array(128);
for (const c of [32, 9, 10, 13, 12, 11]) CLASS[c] = 1;
CLASS[40] = 2;
CLASS[41] = 3;
CLASS[34] = 4;

function unescape(s: string): string {
  let out = '';
  for (let i = 0; i < s.length; i++) {
    const c = s[i];
    if (c !== '\\' || i + 1 >= s.length) { out += c; continue; }
    const n = s[++i];
    out += n === 'n' ? '\n' : n === 't' ? '\t' : n === 'r' ? '\r' : n;
  }
  return out;
}

const POW10 = Array.from({ length: 23 }, (_, k) => 10 ** k);

/** The value decimalTo / decimalAt read (a typed slot: a double returned from a call that is not inlined is boxed, 300k times a board). */
export const VALUE = new Float64Array(1);
/**
 * numberAt of the text from `i` up to the first `stop` character, in one pass: the value in VALUE[0]
 * and the stop character's position returned; -1 as soon as a character is neither a digit, a sign,
 * a dot nor `stop` (the tree keeps such an atom as text), or at the text's end.
 */
function decimalTo(text: string, i: number, stop: number): number {
  let k = i;
  let neg = false;
  let c = text.charCodeAt(k);
  if (c === 45) { neg = true; k++; c = text.charCodeAt(k); }
  if (c < 48 || c > 57) return -1; // also past the end (NaN)
  if (c === 48) { const d = text.charCodeAt(k + 1); if (d !== 46 && d !== stop) return -1; } // leading zero: keep as text
  let m = 0, digits = 0, frac = -1;
  for (;; k++) {
    c = text.charCodeAt(k);
    if (c >= 48 && c <= 57) { m = m * 10 + (c - 48); digits++; if (frac >= 0) frac++; }
    else if (c === stop) break;
    else if (c === 46 && frac < 0) frac = 0;
    else return -1;
  }
  if (frac === 0) return -1; // "1." is not KiCad's
  if (digits > 15) { VALUE[0] = Number(text.slice(i, k)); return k; }
  const v = frac > 0 ? m / POW10[frac] : m;
  VALUE[0] = neg ? -v : v;
  return k;
}

/** decimalTo over bytes (readSexprs' `bytes`): the same value and end. */
function decimalToB(b: Uint8Array, i: number, stop: number): number {
  let k = i;
  let neg = false;
  let c = b[k];
  if (c === 45) { neg = true; k++; c = b[k]; }
  if (!(c >= 48 && c <= 57)) return -1; // also past the end (undefined)
  if (c === 48) { const d = b[k + 1]; if (d !== 46 && d !== stop) return -1; } // leading zero: keep as text
  let m = 0, digits = 0, frac = -1;
  for (;; k++) {
    c = b[k];
    if (c >= 48 && c <= 57) { m = m * 10 + (c - 48); digits++; if (frac >= 0) frac++; }
    else if (c === stop) break;
    else if (c === 46 && frac < 0) frac = 0;
    else return -1;
  }
  if (frac === 0) return -1;
  if (digits > 15) { let t = ''; for (let j = i; j < k; j++) t += String.fromCharCode(b[j]); VALUE[0] = Number(t); return k; }
  const v = frac > 0 ? m / POW10[frac] : m;
  VALUE[0] = neg ? -v : v;
  return k;
}

/**
 * numberAt of the unquoted atom starting at `i`, in one pass: its end returned and its value in
 * VALUE[0], or -1 when the atom is not a plain decimal (the tree keeps it as text) or is empty.
 */
export function decimalAt(text: string, i: number): number {
  let k = i;
  let neg = false;
  let c = text.charCodeAt(k);
  if (c === 45) { neg = true; k++; c = text.charCodeAt(k); }
  if (c < 48 || c > 57) return -1; // also past the end (NaN)
  const lead = c === 48;
  let m = 0, digits = 0, frac = -1;
  for (;; k++) {
    c = text.charCodeAt(k);
    if (c >= 48 && c <= 57) { m = m * 10 + (c - 48); digits++; if (frac >= 0) frac++; }
    else if (c === 46 && frac < 0) frac = 0;
    else if (c !== c || (c < 128 && CLASS[c] !== 0)) break; // the atom's end (or the text's)
    else return -1;
  }
  if (lead && digits > 1 && text.charCodeAt(i + (neg ? 1 : 0) + 1) !== 46) return -1; // leading zero: keep as text
  if (frac === 0) return -1; // "1." is not KiCad's
  if (digits > 15) { VALUE[0] = Number(text.slice(i, k)); return k; }
  const v = frac > 0 ? m / POW10[frac] : m;
  VALUE[0] = neg ? -v : v;
  return k;
}

/**
 * Words of the text, one string each (keywords, layer and net names repeat by the thousand): looked
 * up by position in an open-addressing table, so a word seen before costs no new string.
 */
class Interner implements Words {
  private strs: string[] = new Array(1024);
  private hashes = new Int32Array(1024);
  private size = 0;
  constructor(private readonly text: string) {}

  get(i: number, j: number): string {
    const text = this.text;
    let h = j - i;
    for (let k = i; k < j; k++) h = (Math.imul(h, 31) + text.charCodeAt(k)) | 0;
    let mask = this.strs.length - 1;
    let at = h & mask;
    for (;;) {
      const s = this.strs[at];
      if (s === undefined) break;
      if (this.hashes[at] === h && s.length === j - i && text.startsWith(s, i)) return s;
      at = (at + 1) & mask;
    }
    const w = text.slice(i, j);
    if (++this.size * 2 > this.strs.length) {
      const old = this.strs, oldH = this.hashes;
      this.strs = new Array(old.length * 2);
      this.hashes = new Int32Array(old.length * 2);
      mask = this.strs.length - 1;
      for (let k = 0; k < old.length; k++) {
        const s = old[k];
        if (s === undefined) continue;
        let a = oldH[k] & mask;
        while (this.strs[a] !== undefined) a = (a + 1) & mask;
        this.strs[a] = s; this.hashes[a] = oldH[k];
      }
      at = h & mask;
      while (this.strs[at] !== undefined) at = (at + 1) & mask;
    }
    this.strs[at] = w;
    this.hashes[at] = h;
    return w;
  }
}

/**
 * The decimal number text[i..j) as a JS number, or NaN when it is not a plain decimal (sign, digits,
 * one dot; no leading zero before another digit, no exponent). Correctly rounded: an exact integer
 * of at most 15 digits divided by an exact power of ten is one IEEE rounding, as Number() does.
 */
export function numberAt(text: string, i: number, j: number): number {
  let k = i;
  let neg = false;
  let c = text.charCodeAt(k);
  if (c === 45) { neg = true; k++; c = text.charCodeAt(k); }
  if (k >= j || c < 48 || c > 57) return NaN;
  if (c === 48 && k + 1 < j && text.charCodeAt(k + 1) !== 46) return NaN; // leading zero: keep as text
  let m = 0, digits = 0, frac = -1;
  for (; k < j; k++) {
    c = text.charCodeAt(k);
    if (c >= 48 && c <= 57) { m = m * 10 + (c - 48); digits++; if (frac >= 0) frac++; }
    else if (c === 46 && frac < 0) frac = 0;
    else return NaN;
  }
  if (frac === 0) return NaN; // "1." is not KiCad's
  if (digits > 15) { const v = Number(text.slice(i, j)); return v; }
  const v = frac > 0 ? m / POW10[frac] : m;
  return neg ? -v : v;
}

/** The end of the unquoted atom starting at `i` (the first whitespace, parenthesis or quote). */
export function atomEnd(text: string, i: number): number {
  const n = text.length;
  let j = i;
  while (j < n) {
    const d = text.charCodeAt(j);
    if (d < 128 && CLASS[d] !== 0) break;
    j++;
  }
  return j;
}

/** The first position from `i` that is not whitespace (the text's length at its end). */
export function skipSpace(text: string, i: number): number {
  let c = text.charCodeAt(i);
  while (c === 32 || (c >= 9 && c <= 13)) c = text.charCodeAt(++i);
  return Math.min(i, text.length);
}

/**
 * Read every top-level s-expression of `text` (KiCad files have one). Throws CatalogueError
 * KICAD_TOO_BIG, KICAD_TOO_DEEP, KICAD_TRUNCATED or KICAD_SYNTAX.
 */
export function readSexprs(text: string, opts: ReadOptions = {}): SList[] {
  const file = opts.file ?? 'input';
  const maxDepth = opts.maxDepth ?? KICAD_LIMITS.MAX_DEPTH;
  const maxChars = opts.maxChars ?? KICAD_LIMITS.MAX_CHARS;
  const onItem = opts.onItem;
  const bytes = opts.bytes !== undefined && opts.bytes.length === text.length ? opts.bytes : undefined;
  const direct = maxDepth >= 3 ? opts.direct : undefined; // its items' lists are 3 deep
  if (text.length > maxChars) throw CatalogueError.named('KICAD_TOO_BIG', { file, limit: maxChars });
  const top: SList[] = [];
  const stack: SList[] = [];
  const opened: number[] = [];
  let cur: SList | null = null;
  const n = text.length;
  const words = new Interner(text);
  let xyBuf = new Float64Array(256);
  let xyLen = 0;
  let xyOwner: SList | null = null;
  const flushXy = () => {
    if (xyOwner && xyLen > 0) xyOwner.push(xyBuf.slice(0, xyLen));
    xyLen = 0;
    xyOwner = null;
  };
  let i = 0;
  if (text.charCodeAt(0) === 0xfeff) i = 1;
  while (i < n) {
    const c = text.charCodeAt(i);
    const k = c < 128 ? CLASS[c] : 0;
    if (k === 1) {
      // runs of indentation: one tight loop, not a pass of the dispatch per character
      i++;
      while (i < n && text.charCodeAt(i) === 32) i++;
      continue;
    }
    if (k === 2) {
      // (xy X Y) inside (pts ...): packed into the current Float64Array run; a run of them (a zone
      // fill's thousands, one per line) is read here to its end without going back to the dispatch.
      if (cur !== null && cur[0] === 'pts' && text.charCodeAt(i + 1) === 120 && text.charCodeAt(i + 2) === 121 && text.charCodeAt(i + 3) === 32) {
        let at = i, read = 0;
        if (bytes !== undefined) {
          // the same loop as below, over the bytes
          for (;;) {
            const xe = decimalToB(bytes, at + 4, 32);
            if (xe < 0) break;
            const x = VALUE[0];
            const ye = decimalToB(bytes, xe + 1, 41);
            if (ye < 0) break;
            const y = VALUE[0];
            if (xyLen === xyBuf.length) { const nb = new Float64Array(xyBuf.length * 2); nb.set(xyBuf); xyBuf = nb; }
            if (xyOwner !== cur) { flushXy(); xyOwner = cur; }
            xyBuf[xyLen++] = x;
            xyBuf[xyLen++] = y;
            read++;
            i = ye + 1;
            at = i;
            let d = bytes[at];
            while (d === 32 || d === 10 || d === 13 || d === 9) d = bytes[++at];
            if (d !== 40 || bytes[at + 1] !== 120 || bytes[at + 2] !== 121 || bytes[at + 3] !== 32) break;
          }
        } else for (;;) {
          const xe = decimalTo(text, at + 4, 32);
          if (xe < 0) break;
          const x = VALUE[0];
          const ye = decimalTo(text, xe + 1, 41);
          if (ye < 0) break;
          const y = VALUE[0];
          if (xyLen === xyBuf.length) { const nb = new Float64Array(xyBuf.length * 2); nb.set(xyBuf); xyBuf = nb; }
          if (xyOwner !== cur) { flushXy(); xyOwner = cur; }
          xyBuf[xyLen++] = x;
          xyBuf[xyLen++] = y;
          read++;
          i = ye + 1; // after this point's ')'
          at = i;
          let d = text.charCodeAt(at);
          while (d === 32 || d === 10 || d === 13 || d === 9) d = text.charCodeAt(++at);
          if (d !== 40 || text.charCodeAt(at + 1) !== 120 || text.charCodeAt(at + 2) !== 121 || text.charCodeAt(at + 3) !== 32) break;
        }
        if (read > 0) continue; // what follows the last point (whitespace, ')' or another list): the dispatch
      }
      if (xyOwner === cur && xyLen > 0) flushXy();
      if (direct !== undefined && stack.length === 1 && stack[0] === null) {
        const e = direct(text, i, words);
        if (e >= 0) { i = e; continue; }
      }
      if (stack.length >= maxDepth) throw CatalogueError.named('KICAD_TOO_DEEP', { file, limit: maxDepth, line: lineAt(text, i) });
      const l: SList = [];
      if (cur) { cur.push(l); stack.push(cur); } else stack.push(null as unknown as SList);
      opened.push(i);
      cur = l;
      i++;
      continue;
    }
    if (k === 3) {
      if (xyOwner === cur && xyLen > 0) flushXy();
      if (!cur) throw CatalogueError.named('KICAD_SYNTAX', { file, line: lineAt(text, i), reason: 'unexpected )' });
      const parent = stack.pop()!;
      opened.pop();
      if (parent === null) top.push(cur);
      else if (onItem !== undefined && stack.length === 1 && stack[0] === null && onItem(cur)) parent.pop();
      cur = parent;
      i++;
      continue;
    }
    if (!cur) {
      throw CatalogueError.named('KICAD_SYNTAX', { file, line: lineAt(text, i), reason: 'text outside of a list' });
    }
    if (k === 4) {
      let j = i + 1;
      let esc = false;
      for (;;) {
        if (j >= n) throw CatalogueError.named('KICAD_TRUNCATED', { file, what: 'a string', line: lineAt(text, i) });
        const d = text.charCodeAt(j);
        if (d === 34) break;
        if (d === 92) { esc = true; j += 2; continue; }
        j++;
      }
      if (esc) cur.push(unescape(text.slice(i + 1, j)));
      else if (j - i <= 25) cur.push(words.get(i + 1, j)); // short quoted words repeat (layer and net names): one string each
      else cur.push(text.slice(i + 1, j));
      i = j + 1;
      continue;
    }
    let j = i + 1;
    while (j < n) {
      const d = text.charCodeAt(j);
      if (d < 128 && CLASS[d] !== 0) break;
      j++;
    }
    const v = c === 45 || (c >= 48 && c <= 57) ? numberAt(text, i, j) : NaN;
    if (v === v) cur.push(v); // not NaN
    else if (j - i > 24) cur.push(text.slice(i, j)); // long atoms (uuids, tstamps) are unique: not worth a table entry
    else cur.push(words.get(i, j));
    i = j;
  }
  if (cur) throw CatalogueError.named('KICAD_TRUNCATED', { file, what: 'a list', line: lineAt(text, opened[0]) });
  return top;
}

/** Read a file of one top-level expression whose keyword is one of `heads`. */
export function readSexpr(text: string, heads: readonly string[], kind: string, opts: ReadOptions = {}): SList {
  const all = readSexprs(text, opts);
  const root = all[0];
  if (!root || !heads.includes(root[0] as string)) {
    const head = root ? `(${String(root[0])}` : JSON.stringify(text.slice(0, 20));
    throw CatalogueError.named('KICAD_NOT_KICAD', { file: opts.file ?? 'input', kind, head });
  }
  return root;
}

// ---- Access helpers (keyword lookups over a list's children) ----

/** true for a list (not an atom, not a packed point run). */
export function isList(c: SNode | undefined): c is SList {
  return Array.isArray(c);
}

/** Every point of a `(pts ...)` list as a flat [x0, y0, x1, y1, ...] (packed runs and xy lists; arcs skipped). */
export function points(pts: SList | undefined): number[] {
  const out: number[] = [];
  if (!pts) return out;
  for (let i = 1; i < pts.length; i++) {
    const c = pts[i];
    if (c instanceof Float64Array) for (let j = 0; j < c.length; j++) out.push(c[j]);
    else if (Array.isArray(c) && c[0] === 'xy') out.push(num(c, 1), num(c, 2));
  }
  return out;
}

/** The first child list with keyword `key`, or undefined. */
export function child(l: SList | undefined, key: string): SList | undefined {
  if (!l) return undefined;
  for (let i = 1; i < l.length; i++) {
    const c = l[i];
    if (Array.isArray(c) && c[0] === key) return c;
  }
  return undefined;
}

/** Every child list with keyword `key`. */
export function children(l: SList | undefined, key: string): SList[] {
  const out: SList[] = [];
  if (!l) return out;
  for (let i = 1; i < l.length; i++) {
    const c = l[i];
    if (Array.isArray(c) && c[0] === key) out.push(c);
  }
  return out;
}

/** Every child list (any keyword). */
export function lists(l: SList | undefined): SList[] {
  const out: SList[] = [];
  if (!l) return out;
  for (let i = 1; i < l.length; i++) {
    const c = l[i];
    if (Array.isArray(c)) out.push(c);
  }
  return out;
}

/** true for an atom (text or number). */
export function isAtom(v: SNode | undefined): v is string | number {
  return typeof v === 'string' || typeof v === 'number';
}

/** Atom `i` of a list as text ('' when absent or a list). */
export function str(l: SList | undefined, i = 1): string {
  const v = l?.[i];
  return typeof v === 'string' ? v : typeof v === 'number' ? String(v) : '';
}

/** Atom `i` of a list as a number (`dflt` when absent or not numeric). */
export function num(l: SList | undefined, i = 1, dflt = 0): number {
  const v = l?.[i];
  if (typeof v === 'number') return v;
  if (typeof v !== 'string' || v === '') return dflt;
  const x = Number(v);
  return Number.isFinite(x) ? x : dflt;
}

/** The value of `(key value)` as text. */
export function val(l: SList | undefined, key: string, dflt = ''): string {
  const c = child(l, key);
  return c && isAtom(c[1]) ? String(c[1]) : dflt;
}

/** The value of `(key value)` as a number. */
export function numOf(l: SList | undefined, key: string, dflt = 0): number {
  return num(child(l, key), 1, dflt);
}

/** true when the list holds the bare atom `flag` (e.g. `locked`) or a `(flag yes)` child. */
export function flag(l: SList | undefined, name: string): boolean {
  if (!l) return false;
  for (let i = 1; i < l.length; i++) {
    const c = l[i];
    if (c === name) return true;
    if (Array.isArray(c) && c[0] === name) return c.length < 2 || c[1] === 'yes' || c[1] === 'true';
  }
  return false;
}
