/**
 * Symbol editor operations (symbol frame, 0.01 inch, Y up): pins with NAME / NUMBER / Pin Type,
 * shapes, parts (multi-part symbols), and generating a whole symbol from a pin list with the pin
 * sorter of SPEC §5 (PIN-1..PIN-4, `sortPins` of @copperplate/model).
 */
import { sortPins, type PinRecord } from '@copperplate/model';
import { EditorDocument } from '../core/document.ts';
import type { Tx } from '../core/document.ts';
import { recType, str, type Rec } from '../core/records.ts';
import { symbolParts } from './symbol.ts';

export interface PinSpec {
  x: number; y: number;
  /** Pin length (units), default 10. */
  length?: number;
  /** Direction from the connection end into the body, degrees CCW (0 = pointing right). */
  rot?: number;
  name?: string; number?: string;
  /** IN, OUT, BI, ... (the `Pin Type` ATTR), default "Undefined". */
  type?: string;
  /** Shape bits: 1 inverted (dot), 2 clock. */
  shape?: number;
}

/** The last record of a part (where new records of that part go). */
function partEnd(doc: EditorDocument, part: string): string | undefined {
  const p = symbolParts(doc).find((q) => q.name === part) ?? symbolParts(doc).at(-1);
  if (!p) return undefined;
  if (p.keys.length) return p.keys[p.keys.length - 1];
  // an empty part: right after its PART record
  return doc.keys().find((k) => doc.get(k)![0] === 'PART' && str(doc.get(k)![1]) === p.name);
}

/** Add a pin (PIN + NAME, NUMBER, Pin Type ATTRs) to a part; returns the PIN id. */
export function addPin(tx: Tx, doc: EditorDocument, pin: PinSpec, part?: string): string {
  let after = part !== undefined ? partEnd(doc, part) : undefined;
  const id = tx.newId();
  const add = (r: Rec) => { after = tx.add(r, after); return after; };
  add(['PIN', id, 1, null, pin.x, pin.y, pin.length ?? 10, pin.rot ?? 0, null, pin.shape ?? 0, 0, 1]);
  add(['ATTR', tx.newId(), id, 'NAME', pin.name ?? '', false, true, null, null, 0, null, 0]);
  add(['ATTR', tx.newId(), id, 'NUMBER', pin.number ?? '', false, true, null, null, 0, null, 0]);
  add(['ATTR', tx.newId(), id, 'Pin Type', pin.type ?? 'Undefined', false, false, null, null, 0, null, 0]);
  return id;
}

/** Add a shape record (RECT, POLY, CIRCLE, ARC, ...) given without its id; returns the id. */
export function addShape(tx: Tx, doc: EditorDocument, rec: unknown[], part?: string): string {
  const id = tx.newId();
  tx.add([recType(rec), id, ...rec.slice(1)], part !== undefined ? partEnd(doc, part) : undefined);
  return id;
}

/** Add a part at the end of the symbol: `["PART", name, {BBOX}]`. */
export function addPart(tx: Tx, name: string, bbox: number[] = [-50, 50, 50, -50]): string {
  return tx.add(['PART', name, { BBOX: bbox }]);
}

export interface GenerateOptions { title?: string; layout?: string; designator?: string; pinLength?: number }

const PITCH = 10;

/**
 * A new symbol document from a pin list: per part, a body rectangle and the pins laid out by the
 * sorter (L/R/T/B sides, order along the side, groups spaced 2 positions).
 */
export function generateSymbol(pins: readonly PinRecord[], o: GenerateOptions = {}): EditorDocument {
  const doc = EditorDocument.empty('SYMBOL', '1.1');
  const title = o.title ?? 'Symbol';
  const len = o.pinLength ?? 10;
  const sorted = sortPins(pins, o.layout);
  const parts = [...new Set(sorted.map((p) => (p.part === undefined || p.part === null ? '' : String(p.part))))];
  doc.commit('Generate symbol', (tx) => {
    tx.add(['HEAD', { originX: 0, originY: 0, version: '1.1', maxId: 0, symbolType: 2 }]);
    tx.add(['ATTR', tx.newId(), '', 'Symbol', title, false, false, null, null, 0, null, 0]);
    tx.add(['ATTR', tx.newId(), '', 'Designator', o.designator ?? 'U?', false, true, null, null, 0, null, 0]);
    parts.forEach((part, pi) => {
      const ps = sorted.filter((p) => (p.part === undefined || p.part === null ? '' : String(p.part)) === part);
      const n = (side: string) => Math.max(0, ...ps.filter((p) => p.side === side).map((p) => p.order + 1));
      const nameLen = (side: string) => Math.max(0, ...ps.filter((p) => p.side === side).map((p) => String(p.name ?? '').length));
      const rows = Math.max(n('L'), n('R'), 1), cols = Math.max(n('T'), n('B'), 1);
      const w = Math.max((cols + 1) * PITCH, Math.ceil(((nameLen('L') + nameLen('R')) * 5 + 20) / PITCH) * PITCH);
      const h = Math.max((rows + 1) * PITCH, (nameLen('T') + nameLen('B')) * 5 + 20);
      const x0 = -Math.round(w / 2 / PITCH) * PITCH, x1 = x0 + Math.ceil(w / PITCH) * PITCH;
      const y1 = Math.round(h / 2 / PITCH) * PITCH, y0 = y1 - Math.ceil(h / PITCH) * PITCH;
      const partName = parts.length > 1 ? `${title}.${part || pi + 1}` : `${title}.1`;
      tx.add(['PART', partName, { BBOX: [x0 - len, y1 + len, x1 + len, y0 - len] }]);
      tx.add(['RECT', tx.newId(), x0, y1, x1, y0, 0, 0, 0, null, 0]);
      for (const p of ps) {
        const spec: PinSpec = { x: 0, y: 0, length: len, name: String(p.name ?? ''), number: String(p.number ?? '') };
        if (p.side === 'L') Object.assign(spec, { x: x0 - len, y: y1 - PITCH * (p.order + 1), rot: 0 });
        else if (p.side === 'R') Object.assign(spec, { x: x1 + len, y: y1 - PITCH * (p.order + 1), rot: 180 });
        else if (p.side === 'T') Object.assign(spec, { x: x0 + PITCH * (p.order + 1), y: y1 + len, rot: 270 });
        else Object.assign(spec, { x: x0 + PITCH * (p.order + 1), y: y0 - len, rot: 90 });
        addPin(tx, doc, spec);
      }
    });
  });
  return doc;
}
