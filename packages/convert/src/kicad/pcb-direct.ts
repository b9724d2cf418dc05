/**
 * Tracks and vias read straight from the text of a .kicad_pcb (the reader's `direct` hook, sexpr.ts):
 * a board's thousands of `(segment (start X Y) (end X Y) (width W) (layer "L") (net N) (tstamp U))`
 * become KTrack objects without a list per item and per `(start X Y)` (video.kicad_pcb: 8k segments,
 * 56k lists, half of the file's), `(via (at X Y) (size S) (drill D) (layers "A" "B") (net N) ...)`
 * KVia objects. Same values as readItem of pcb-read.ts reads from the tree; any form
 * this does not know (another child, a quoted number, an escape, a net not declared yet, a cut-off
 * text) gives -1 and the generic reader reads the item as before.
 */
import { atomEnd, decimalAt, skipSpace, VALUE, type Words } from './sexpr.ts';
import type { KTrack, KVia } from './pcb-model.ts';
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
  const e = decimalAt(text, i);
  end = e;
  return e < 0 ? NaN : VALUE[0];
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
      net = netAt(text, p, words, nets);
      if (net === undefined) return -1;
      p = end;
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

/** Flags of a via as flag() reads them: -1 not seen, else the first spelling's value. */
const VIA_FLAGS = ['micro', 'blind', 'locked', 'remove_unused_layers', 'free', 'keep_end_layers'] as const;
const viaFlags = new Int8Array(VIA_FLAGS.length);

/** The net of a `(net ...)` list whose atoms start at `p` (end: after them), or undefined: left to the tree. */
function netAt(text: string, p: number, words: Words, nets: readonly string[]): string | undefined {
  const c1 = text.charCodeAt(p);
  let first: string | number;
  if (c1 === 34) { const s = quoted(text, p, words); if (s === undefined) return undefined; first = s; }
  else { first = number(text, p); if (first !== first) return undefined; }
  p = skipSpace(text, end);
  if (text.charCodeAt(p) !== 41) {
    // (net N "name"): the name
    const name = text.charCodeAt(p) === 34 ? quoted(text, p, words) : undefined;
    return name;
  }
  end = p;
  if (typeof first === 'number') return nets[first]; // undefined when not declared yet: the tree reader waits (readKicadPcb)
  return first;
}

/** The via whose '(' is at `i` into `out` (the position after its ')'), or -1 (as directSegment). */
export function directVia(text: string, i: number, words: Words, nets: readonly string[], out: KVia[]): number {
  if (!text.startsWith('via', i + 1)) return -1;
  let p = i + 4;
  const c0 = text.charCodeAt(p);
  if (!(c0 === 32 || (c0 >= 9 && c0 <= 13))) return -1;
  let x = NaN, y = NaN, size = NaN, drill = NaN;
  let l1: string | undefined, l2: string | undefined;
  let net: string | undefined;
  viaFlags.fill(-1);
  for (;;) {
    p = skipSpace(text, p);
    const c = text.charCodeAt(p);
    if (c === 41) { p++; break; }
    if (c !== 40) {
      // a bare flag (KiCad 6: `(via blind ...)`, `locked`)
      const w = textAtom(text, p, words);
      const f = w === undefined ? -1 : VIA_FLAGS.indexOf(w as (typeof VIA_FLAGS)[number]);
      if (f < 0) return -1;
      if (viaFlags[f] < 0) viaFlags[f] = 1;
      p = end;
      continue;
    }
    const k = p + 1, ke = atomEnd(text, k);
    if (ke === k) return -1;
    const kw = words.get(k, ke);
    p = skipSpace(text, ke);
    if (kw === 'at') {
      if (x === x) return -1;
      x = number(text, p);
      if (x !== x) return -1;
      p = skipSpace(text, end);
      y = number(text, p);
      if (y !== y) return -1;
      p = end;
    } else if (kw === 'size' || kw === 'drill') {
      const v = number(text, p);
      if (v !== v) return -1;
      if (kw === 'size') { if (size === size) return -1; size = v; } else { if (drill === drill) return -1; drill = v; }
      p = end;
    } else if (kw === 'layers') {
      if (l1 !== undefined) return -1;
      l1 = textAtom(text, p, words);
      if (l1 === undefined) return -1;
      p = skipSpace(text, end);
      l2 = textAtom(text, p, words);
      if (l2 === undefined) return -1;
      p = end;
    } else if (kw === 'net') {
      if (net !== undefined) return -1;
      net = netAt(text, p, words, nets);
      if (net === undefined) return -1;
      p = end;
    } else if (kw === 'tstamp' || kw === 'uuid') {
      const c1 = text.charCodeAt(p);
      if (c1 === 34) { if (quoted(text, p, words) === undefined) return -1; p = end; }
      else { const j = atomEnd(text, p); if (j === p) return -1; p = j; }
    } else if (kw === 'zone_layer_connections') {
      // layer names (KiCad 7+): not read
      for (;;) {
        p = skipSpace(text, p);
        if (text.charCodeAt(p) === 41) break;
        if (textAtom(text, p, words) === undefined) return -1;
        p = end;
      }
    } else {
      const f = VIA_FLAGS.indexOf(kw as (typeof VIA_FLAGS)[number]);
      if (f < 0) return -1;
      let v = 1;
      if (text.charCodeAt(p) !== 41) {
        const w = textAtom(text, p, words);
        if (w === undefined) return -1;
        v = w === 'yes' || w === 'true' ? 1 : 0;
        p = end;
      }
      if (viaFlags[f] < 0) viaFlags[f] = v;
    }
    p = skipSpace(text, p);
    if (text.charCodeAt(p) !== 41) return -1;
    p++;
  }
  if (x !== x || size !== size || drill !== drill || l1 === undefined) return -1;
  const kind = viaFlags[0] === 1 ? 'micro' : viaFlags[1] === 1 ? 'blind' : 'through';
  out.push({ x: mil(x), y: -mil(y), size: mil(size), drill: mil(drill), kind, layers: [l1 || 'F.Cu', l2 || 'B.Cu'], net: net ?? '', locked: viaFlags[2] === 1, removeUnused: viaFlags[3] === 1 });
  return p;
}
