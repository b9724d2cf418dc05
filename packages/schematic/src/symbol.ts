/**
 * Symbol documents (.esym) as the netlist reads them: parts, pins (symbol frame: 0.01 inch, Y up) and
 * ATTRs by parent. The symbol painter is the editor's (`@copperplate/editor`, symbol/symbol.ts).
 */
import type { EditorDocument } from './document.ts';
import { Part, Pin, SchAttr } from '@copperplate/format/records';
import { recType, type Rec } from './records.ts';

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
    if (recType(r) === 'PART') {
      const part = Part.parse(r);
      const meta = part.props as { BBOX?: number[] } | undefined;
      parts.push({ name: part.name, bbox: Array.isArray(meta?.BBOX) ? meta!.BBOX : null, keys: [] });
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

const pinCache = new WeakMap<PartView, readonly PinInfo[]>();

/**
 * Pins of one part (symbol frame), with their NAME / NUMBER / Pin Type attributes. Kept per part
 * view (a change to the symbol makes new views), so the result is shared: do not change it.
 */
export function partPins(doc: EditorDocument, part: PartView): readonly PinInfo[] {
  const hit = pinCache.get(part);
  if (hit && symbolParts(doc).includes(part)) return hit;
  const out: PinInfo[] = [];
  for (const k of part.keys) {
    const r = doc.get(k)!;
    if (recType(r) !== 'PIN') continue;
    const pin = Pin.parse(r);
    const attrs = attrMap(doc, k);
    out.push({
      id: k, x: pin.x, y: pin.y, length: pin.length, rot: pin.rotation,
      name: attrValue(attrs.get('NAME')), number: attrValue(attrs.get('NUMBER')), type: attrValue(attrs.get('Pin Type')),
      shape: pin.shape, visible: pin.display,
    });
  }
  pinCache.set(part, out);
  return out;
}

/** The value of an ATTR record ('' when absent). */
export function attrValue(r: Rec | undefined): string {
  return r ? SchAttr.get(r, 'value') : '';
}

export function attrMap(doc: EditorDocument, parent: string): Map<string, Rec> {
  const m = new Map<string, Rec>();
  for (const k of doc.childrenOf(parent)) { const a = doc.get(k)!; if (recType(a) === 'ATTR') m.set(SchAttr.get(a, 'key'), a); }
  return m;
}
