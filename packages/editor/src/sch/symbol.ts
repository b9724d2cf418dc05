/**
 * Symbol documents (.esym): parts, pins, and the symbol painter used both for the symbol editor
 * (identity transform) and for components on a sheet (their placement). Symbol frame: 0.01 inch, Y up.
 */
import type { EditorDocument } from '../core/document.ts';
import { type Mat, IDENTITY, apply, matAngle } from '../core/geometry.ts';
import { bool, num, str, type Rec } from '../core/records.ts';
import type { Surface, TextStyle } from '../render/surface.ts';
import { drawShape, placeText, type ShapeCtx } from './shapes.ts';
import { COLORS, fontStyle } from './styles.ts';

export interface PartView { name: string; bbox: number[] | null; keys: string[] }

const partCache = new WeakMap<EditorDocument, PartView[]>();
const watched = new WeakSet<EditorDocument>();

/** The parts of a symbol: each PART record opens one; records before the first PART go to the first part. */
export function symbolParts(doc: EditorDocument): PartView[] {
  const hit = partCache.get(doc);
  if (hit) return hit;
  if (!watched.has(doc)) { watched.add(doc); doc.subscribe(() => partCache.delete(doc)); }
  const parts: PartView[] = [];
  const pre: string[] = [];
  for (const k of doc.keys()) {
    const r = doc.get(k)!;
    if (r[0] === 'PART') {
      const meta = r[2] as { BBOX?: number[] } | undefined;
      parts.push({ name: str(r[1]), bbox: Array.isArray(meta?.BBOX) ? meta!.BBOX : null, keys: [] });
      continue;
    }
    (parts.length ? parts[parts.length - 1].keys : pre).push(k);
  }
  if (!parts.length) parts.push({ name: '', bbox: null, keys: [] });
  parts[0].keys.unshift(...pre);
  partCache.set(doc, parts);
  return parts;
}

/** The part a component names (its partName, e.g. "LM358.2"); the first part when none matches. */
export function pickPart(doc: EditorDocument, partName: string): PartView {
  const parts = symbolParts(doc);
  return parts.find((p) => p.name === partName) ?? parts[0];
}

export interface PinInfo {
  /** PIN record id in the symbol. */
  id: string;
  /** Connection end, symbol frame. */
  x: number; y: number;
  length: number; rot: number;
  name: string; number: string; type: string;
  shape: number;
  visible: boolean;
}

/** Pins of one part (symbol frame), with their NAME / NUMBER / Pin Type attributes. */
export function partPins(doc: EditorDocument, part: PartView): PinInfo[] {
  const out: PinInfo[] = [];
  for (const k of part.keys) {
    const r = doc.get(k)!;
    if (r[0] !== 'PIN') continue;
    const attrs = attrMap(doc, k);
    out.push({
      id: k, x: num(r[4]), y: num(r[5]), length: num(r[6]), rot: num(r[7]),
      name: str(attrs.get('NAME')?.[4]), number: str(attrs.get('NUMBER')?.[4]), type: str(attrs.get('Pin Type')?.[4]),
      shape: num(r[9]), visible: r[2] === null || r[2] === undefined ? true : bool(r[2], true),
    });
  }
  return out;
}

export function attrMap(doc: EditorDocument, parent: string): Map<string, Rec> {
  const m = new Map<string, Rec>();
  for (const k of doc.childrenOf(parent)) { const a = doc.get(k)!; if (a[0] === 'ATTR') m.set(str(a[3]), a); }
  return m;
}

export interface SymbolPaintOpts {
  m?: Mat;
  part?: string;
  /** Prefix for pin element ids: on a sheet pins are `<componentId><pinId>` (FORMAT.md joined ids). */
  pinPrefix?: string;
  /** Draw document-level ATTRs of the symbol (the symbol editor does; components use the sheet's ATTRs). */
  ownAttrs?: boolean;
  /** Emit data-id for the symbol's own records (symbol editor); components emit data-pin only. */
  recordIds?: boolean;
  resolve?: (s: string) => string;
  blobs?: Map<string, string>;
  /** Override of the pin name (net flags show their net name instead). */
  bodyColor?: string;
}

/** Draw one part of a symbol. */
export function paintSymbol(s: Surface, doc: EditorDocument, o: SymbolPaintOpts = {}): void {
  const m = o.m ?? IDENTITY;
  const part = pickPart(doc, o.part ?? '');
  const ctx: ShapeCtx = {
    styles: doc, m, color: o.bodyColor ?? COLORS.body, resolve: o.resolve, blobs: o.blobs, ids: !!o.recordIds,
    cells: (tid) => doc.childrenOf(tid).map((k) => doc.get(k)!).filter((r) => r[0] === 'TABEL_CELL'),
  };
  for (const k of part.keys) {
    const r = doc.get(k)!;
    const t = str(r[0]);
    if (t === 'PIN') {
      const attrs = o.pinPrefix !== undefined ? { 'data-pin': o.pinPrefix + k } : undefined;
      s.begin(o.recordIds ? k : '', 'PIN', attrs);
      paintPin(s, doc, k, r, m);
      s.end();
      continue;
    }
    if (t === 'ATTR') {
      if (!o.ownAttrs || str(r[2]) !== '') continue;
      if (!bool(r[5]) && !bool(r[6])) continue;
      if (r[7] === null || r[7] === undefined) continue;
      s.begin(o.recordIds ? k : '', 'ATTR');
      drawAttr(s, doc, r, m, o.resolve);
      s.end();
      continue;
    }
    if (t === 'TABEL_CELL') continue; // drawn with their TABLE
    if (['RECT', 'POLY', 'CIRCLE', 'ELLIPSE', 'ARC', 'BEZIER', 'TEXT', 'OBJ', 'TABLE'].includes(t)) {
      s.begin(o.recordIds ? k : '', t);
      drawShape(s, r, ctx);
      s.end();
    }
  }
}

/** An ATTR as text: "key: value", "value" or "key" by its visibility flags. Absolute position through `m`. */
export function drawAttr(s: Surface, styles: EditorDocument, r: Rec, m: Mat, resolve?: (v: string) => string, dflt?: Partial<TextStyle>): void {
  const keyVis = bool(r[5]), valVis = bool(r[6]);
  const value = resolve ? resolve(str(r[4])) : str(r[4]);
  const key = str(r[3]);
  const txt = keyVis && valVis ? `${key}: ${value}` : keyVis ? key : value;
  if (!txt) return;
  const ts = fontStyle(styles, r[10], { color: COLORS.attr, ...dflt });
  const p = placeText(m, num(r[7]), num(r[8]), num(r[9]), ts);
  s.draw({ t: 'text', text: txt, x: p.x, y: p.y, rot: p.rot, st: p.st });
}

/** A pin: the line from its connection end inward, the shape marks, its name and number. */
export function paintPin(s: Surface, doc: EditorDocument, key: string, r: Rec, m: Mat): void {
  const x = num(r[4]), y = num(r[5]), len = num(r[6]), rot = num(r[7]);
  const shape = num(r[9]);
  const dx = Math.cos((rot * Math.PI) / 180), dy = Math.sin((rot * Math.PI) / 180);
  const color = str(r[8]).startsWith('#') ? str(r[8]) : COLORS.pin;
  const inv = (shape & 1) !== 0;
  const innerX = x + dx * len, innerY = y + dy * len;
  const lineEnd = inv ? { x: innerX - dx * 4, y: innerY - dy * 4 } : { x: innerX, y: innerY };
  const a = apply(m, x, y), b = apply(m, lineEnd.x, lineEnd.y);
  s.draw({ t: 'poly', pts: [a.x, a.y, b.x, b.y], closed: false, s: { color, width: 1 } });
  if (inv) {
    const c = apply(m, innerX - dx * 2, innerY - dy * 2);
    s.draw({ t: 'circle', cx: c.x, cy: c.y, r: 2, s: { color, width: 1 } });
  }
  if (shape & 2) {
    // clock: a small wedge inside the body at the inner end
    const px = -dy, py = dx;
    const pts = [innerX + px * 3, innerY + py * 3, innerX + dx * 4, innerY + dy * 4, innerX - px * 3, innerY - py * 3];
    const t = pts.flatMap((_, i) => (i % 2 ? [] : [apply(m, pts[i], pts[i + 1]).x, apply(m, pts[i], pts[i + 1]).y]));
    s.draw({ t: 'poly', pts: t, closed: false, s: { color, width: 1 } });
  }
  const attrs = attrMap(doc, key);
  const name = attrs.get('NAME'), number = attrs.get('NUMBER');
  const pinAng = matAngle([m[0], m[1], m[2], m[3], 0, 0]);
  void pinAng;
  if (name && bool(name[6]) && str(name[4])) {
    if (name[7] !== null && name[7] !== undefined) drawAttrValue(s, doc, name, m, COLORS.pinName);
    else {
      const ts = fontStyle(doc, name[10], { color: COLORS.pinName, hAlign: 'start', vAlign: 'middle' });
      const p = placeText(m, innerX + dx * 3, innerY + dy * 3, rot % 180 === 0 ? (dx < 0 ? 180 : 0) : dy < 0 ? 270 : 90, { ...ts, hAlign: 'start', vAlign: 'middle' });
      s.draw({ t: 'text', text: str(name[4]), x: p.x, y: p.y, rot: p.rot, st: p.st });
    }
  }
  if (number && bool(number[6]) && str(number[4])) {
    if (number[7] !== null && number[7] !== undefined) drawAttrValue(s, doc, number, m, COLORS.pinNumber);
    else {
      const ts = fontStyle(doc, number[10], { color: COLORS.pinNumber, hAlign: 'middle', vAlign: 'bottom' });
      const p = placeText(m, x + (dx * len) / 2 - dy * 1, y + (dy * len) / 2 + dx * 1, rot % 180 === 0 ? 0 : 90, { ...ts, hAlign: 'middle', vAlign: 'bottom' });
      s.draw({ t: 'text', text: str(number[4]), x: p.x, y: p.y, rot: p.rot, st: p.st });
    }
  }
}

function drawAttrValue(s: Surface, doc: EditorDocument, r: Rec, m: Mat, color: string): void {
  const ts = fontStyle(doc, r[10], { color });
  const p = placeText(m, num(r[7]), num(r[8]), num(r[9]), ts);
  s.draw({ t: 'text', text: str(r[4]), x: p.x, y: p.y, rot: p.rot, st: p.st });
}
