/**
 * Tracks read straight from the text of a .kicad_pcb (the reader's `direct` hook, sexpr.ts): a board's
 * thousands of `(segment (start X Y) (end X Y) (width W) (layer "L") (net N) (tstamp U))` become
 * KTrack objects without a list per item and per `(start X Y)` (video.kicad_pcb: 8k segments, 56k
 * lists, half of the file's). Same values as readItem of pcb-read.ts reads from the tree; any form
 * this does not know (another child, a quoted number, an escape, a net not declared yet, a cut-off
 * text) gives -1 and the generic reader reads the item as before.
 */
import { atomEnd, numberAt, skipSpace, type Words } from './sexpr.ts';
import type { KTrack } from './pcb-model.ts';
import { mil } from './units.ts';

/** Where the last atom read by quoted()/word() ended; -1 when it could not be read. */
let end = -1;

/** The quoted string at `i` (its '"'), without escapes; undefined (end -1) otherwise. */
function quoted(text: string, i: number, words: Words): string | undefined {
  const n = text.length;
  let j = i + 1;
  for (;; j++) {
    if (j >= n) { end = -1; return undefined; }
    const d = text.charCodeAt(j);
    if (d === 34) break;
    if (d === 92) { end = -1; return undefined; }
  }
  end = j + 1;
  return j - i <= 25 ? words.get(i + 1, j) : text.slice(i + 1, j);
}

/**
 * One atom that is text in the tree (a quoted string, or an unquoted word that is not a number);
 * undefined when it is a number, a list or cut off.
 */
function textAtom(text: string, i: number, words: Words): string | undefined {
  const c = text.charCodeAt(i);
  if (c === 34) return quoted(text, i, words);
  if (c === 40 || c === 41 || c === 45 || (c >= 48 && c <= 57) || i >= text.length) { end = -1; return undefined; }
  const j = atomEnd(text, i);
  end = j;
  return words.get(i, j);
}

/** An unquoted number at `i` (NaN when absent or not a plain decimal, as the tree would keep text). */
function number(text: string, i: number): number {
  const j = atomEnd(text, i);
  end = j;
  return j > i ? numberAt(text, i, j) : NaN;
}

/**
 * The segment whose '(' is at `i` into `out` (the position after its ')'), or -1: not a segment, or
 * one this reader leaves to the tree. `nets` by number, as declared so far.
 */
export function directSegment(text: string, i: number, words: Words, nets: readonly string[], out: KTrack[]): number {
  if (!text.startsWith('segment', i + 1)) return -1;
  let p = i + 8;
  const c0 = text.charCodeAt(p);
  if (!(c0 === 32 || (c0 >= 9 && c0 <= 13))) return -1;
  let x1 = NaN, y1 = NaN, x2 = NaN, y2 = NaN, width = NaN;
  let layer: string | undefined;
  let net: string | undefined;
  let locked = -1; // the first spelling of the flag decides, as flag() reads it
  for (;;) {
    p = skipSpace(text, p);
    const c = text.charCodeAt(p);
    if (c === 41) { p++; break; }
    if (c !== 40) {
      // a bare atom: only KiCad 6's `locked`
      if (textAtom(text, p, words) !== 'locked') return -1;
      if (locked < 0) locked = 1;
      p = end;
      continue;
    }
    const k = p + 1, ke = atomEnd(text, k);
    if (ke === k) return -1;
    const kw = words.get(k, ke);
    p = skipSpace(text, ke);
    if (kw === 'start' || kw === 'end') {
      const x = number(text, p);
      if (x !== x) return -1;
      p = skipSpace(text, end);
      const y = number(text, p);
      if (y !== y) return -1;
      p = end;
      if (kw === 'start') { if (x1 === x1) return -1; x1 = x; y1 = y; } else { if (x2 === x2) return -1; x2 = x; y2 = y; }
    } else if (kw === 'width') {
      if (width === width) return -1;
      width = number(text, p);
      if (width !== width) return -1;
      p = end;
    } else if (kw === 'layer') {
      if (layer !== undefined) return -1;
      layer = textAtom(text, p, words);
      if (layer === undefined) return -1;
      p = end;
    } else if (kw === 'net') {
      if (net !== undefined) return -1;
      const c1 = text.charCodeAt(p);
      let first: string | number;
      if (c1 === 34) { const s = quoted(text, p, words); if (s === undefined) return -1; first = s; }
      else { first = number(text, p); if (first !== first) return -1; }
      p = skipSpace(text, end);
      if (text.charCodeAt(p) !== 41) {
        // (net N "name"): the name
        const name = text.charCodeAt(p) === 34 ? quoted(text, p, words) : undefined;
        if (name === undefined) return -1;
        net = name;
        p = end;
      } else if (typeof first === 'number') {
        // a net number not declared yet: the tree reader waits for the whole file (readKicadPcb)
        if (nets[first] === undefined) return -1;
        net = nets[first];
      } else net = first;
    } else if (kw === 'tstamp' || kw === 'uuid') {
      const c1 = text.charCodeAt(p);
      if (c1 === 34) { if (quoted(text, p, words) === undefined) return -1; p = end; }
      else { const j = atomEnd(text, p); if (j === p) return -1; p = j; }
    } else if (kw === 'locked') {
      if (text.charCodeAt(p) !== 41) {
        const v = textAtom(text, p, words);
        if (v === undefined) return -1;
        if (locked < 0) locked = v === 'yes' || v === 'true' ? 1 : 0;
        p = end;
      } else if (locked < 0) locked = 1;
    } else return -1;
    p = skipSpace(text, p);
    if (text.charCodeAt(p) !== 41) return -1;
    p++;
  }
  if (x1 !== x1 || x2 !== x2 || width !== width || layer === undefined) return -1;
  out.push({ layer, net: net ?? '', width: mil(width), x1: mil(x1), y1: -mil(y1), x2: mil(x2), y2: -mil(y2), locked: locked === 1 });
  return p;
}
