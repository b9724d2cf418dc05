/**
 * The schematic clipboard: copied sheet records as FORMAT.md text (a `["DOCTYPE","SCH",...]` block
 * holding the records, their ATTRs and the styles they use), so the text can travel between sheets
 * and projects through the copy-and-paste store. Which records go and how they get fresh ids is the
 * edit engine's (core/edit-engine.ts `copy`/`paste` with sch/edit-hooks.ts); this module turns them
 * into text and back, finds the styles they use and adopts styles on paste (an equal one reused).
 */
import { mainBlock, parseDocuments, serializeDocuments } from '@copperplate/format';
import type { EditorDocument, Tx } from '../core/document.ts';
import { type Box, emptyBox, boxOfPoints, unionBox } from '../core/geometry.ts';
import { SchComponent, SchText } from '@copperplate/format/records';
import { type Rec, recType } from '../core/records.ts';
import { wirePolys } from './wires.ts';

const STYLE_TYPES = new Set(['FONTSTYLE', 'LINESTYLE']);
export const isStyle = (r: Rec): boolean => STYLE_TYPES.has(recType(r));

/** The styles (FONTSTYLE, LINESTYLE) the records refer to. */
export function referencedStyles(doc: EditorDocument, recs: readonly Rec[]): Rec[] {
  const styles = new Map<string, Rec>();
  for (const r of recs) for (const v of r) if (typeof v === 'string') { const s = doc.get(v); if (s && isStyle(s)) styles.set(v, s); }
  return [...styles.values()];
}

/** At paste: the id of an equal style in the document, else the style added under a fresh `st<n>` id; undefined for a record that is not a style. */
export function adoptStyle(tx: Tx, doc: EditorDocument, r: Rec): string | undefined {
  if (!isStyle(r)) return undefined;
  const body = JSON.stringify(r.slice(2));
  for (const [k, s] of doc.ofType(recType(r))) if (JSON.stringify(s.slice(2)) === body) return k;
  let n = 0;
  for (const k of doc.keys()) { const m = /^st(\d+)$/.exec(k); if (m) n = Math.max(n, Number(m[1])); }
  while (tx.get(`st${++n}`)) { /* taken in this paste */ }
  return tx.add([recType(r), `st${n}`, ...r.slice(2)]);
}

/** Clipboard text of copied records (the engine's `copy`: styles first, then the records and their children). */
export function clipText(recs: readonly Rec[], version = '1.1'): string {
  const lines = [['DOCTYPE', 'SCH', version], ...recs].map((r) => r.slice() as unknown[]);
  return serializeDocuments([{ docType: 'SCH', version, records: lines }]);
}

/** The records of clipboard text (DOCTYPE and HEAD left out). Throws the codec's CatalogueError when the text is not document text. */
export function clipRecords(text: string): Rec[] {
  const block = mainBlock(parseDocuments(text));
  return block ? block.records.filter((r) => recType(r) !== 'DOCTYPE' && recType(r) !== 'HEAD') : [];
}

/** Bounding box of the points of records (0.01 inch). */
export function recordsBBox(recs: readonly Rec[]): Box {
  let b = emptyBox();
  for (const r of recs) {
    const t = recType(r);
    if (t === 'WIRE' || t === 'BUS') for (const p of wirePolys(r)) b = unionBox(b, boxOfPoints(p));
    else if (t === 'COMPONENT') b = unionBox(b, boxOfPoints([SchComponent.get(r, 'x'), SchComponent.get(r, 'y')]));
    else if (t === 'TEXT') b = unionBox(b, boxOfPoints([SchText.get(r, 'x'), SchText.get(r, 'y')]));
  }
  return b;
}

/** The offset (a multiple of `grid`) that takes the lower-left corner of the records to `at`; none when they have no points. */
export function pasteOffset(recs: readonly Rec[], at: { x: number; y: number } | undefined, grid: number): { dx: number; dy: number } {
  const bb = recordsBBox(recs);
  if (!at || bb.minX > bb.maxX) return { dx: 0, dy: 0 };
  return { dx: Math.round((at.x - bb.minX) / grid) * grid, dy: Math.round((at.y - bb.minY) / grid) * grid };
}

/** Fields that hold user text, never rewritten as ids on paste (by record type: field positions). */
export const TEXT_FIELDS: Readonly<Record<string, readonly number[]>> = { ATTR: [3, 4], TEXT: [5], TABEL_CELL: [3], COMPONENT: [2] };
