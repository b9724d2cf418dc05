/**
 * Copy and paste of sheet records as FORMAT.md text (a `["DOCTYPE","SCH",...]` block holding the
 * records, their ATTRs and the styles they use), so the text can travel between sheets and projects
 * through the copy-and-paste store. Paste gives every record a fresh id and reuses equal styles.
 */
import { mainBlock, parseDocuments, serializeDocuments } from '@copperplate/format';
import type { EditorDocument, Tx } from '../core/document.ts';
import { type Box, emptyBox, boxOfPoints, translate, unionBox } from '../core/geometry.ts';
import { SchComponent, SchText, Table } from '@copperplate/format/records';
import { recId, str, type Rec, recType } from '../core/records.ts';
import { mapPoints, withChildren } from './edit.ts';
import { wirePolys } from './wires.ts';

const STYLE_TYPES = new Set(['FONTSTYLE', 'LINESTYLE']);
/** Fields that hold user text, never rewritten as ids. */
const TEXT_FIELDS: Record<string, number[]> = { ATTR: [3, 4], TEXT: [5], TABEL_CELL: [3], COMPONENT: [2] };

export function copyText(doc: EditorDocument, keys: Iterable<string>): string {
  const recs = withChildren(doc, keys).map((k) => doc.get(k)!);
  // cells of tables
  for (const r of [...recs]) if (recType(r) === 'TABLE') for (const c of doc.childrenOf(Table.get(r, 'id'))) recs.push(doc.get(c)!);
  const styles = new Map<string, Rec>();
  for (const r of recs) for (const v of r) if (typeof v === 'string') { const s = doc.get(v); if (s && STYLE_TYPES.has(str(s[0]))) styles.set(v, s); }
  const lines = [['DOCTYPE', 'SCH', doc.version || '1.1'], ...[...styles.values()], ...recs].map((r) => r.slice() as unknown[]);
  return serializeDocuments([{ docType: 'SCH', version: doc.version || '1.1', records: lines }]);
}

/** Bounding box of the points of records (0.01 inch). */
export function recordsBBox(recs: Rec[]): Box {
  let b = emptyBox();
  for (const r of recs) {
    const t = recType(r);
    if (t === 'WIRE' || t === 'BUS') for (const p of wirePolys(r)) b = unionBox(b, boxOfPoints(p));
    else if (t === 'COMPONENT') b = unionBox(b, boxOfPoints([SchComponent.get(r, 'x'), SchComponent.get(r, 'y')]));
    else if (t === 'TEXT') b = unionBox(b, boxOfPoints([SchText.get(r, 'x'), SchText.get(r, 'y')]));
  }
  return b;
}

/**
 * Paste clipboard text into `doc` inside a commit, with its lower-left anchor moved to (x, y).
 * Returns the new keys of the top-level records (not ATTRs or styles). Throws the codec's
 * CatalogueError when the text is not document text.
 */
export function pasteText(tx: Tx, doc: EditorDocument, text: string, at?: { x: number; y: number }, grid = 5): string[] {
  const block = mainBlock(parseDocuments(text));
  if (!block) return [];
  const recs = block.records.filter((r) => recType(r) !== 'DOCTYPE' && recType(r) !== 'HEAD');
  const idMap = new Map<string, string>();
  // styles: reuse an equal one, else add under a fresh style id
  const existing = new Map<string, string>();
  for (const t of STYLE_TYPES) for (const [k, r] of doc.ofType(t)) existing.set(JSON.stringify(r.slice(2)), k);
  let stN = 0;
  for (const k of doc.keys()) { const m = /^st(\d+)$/.exec(k); if (m) stN = Math.max(stN, Number(m[1])); }
  for (const r of recs) {
    if (!STYLE_TYPES.has(recType(r))) continue;
    const same = existing.get(JSON.stringify(r.slice(2)));
    if (same) { idMap.set(str(recId(r)), same); continue; }
    const id = `st${++stN}`;
    idMap.set(str(recId(r)), id);
    tx.add([recType(r), id, ...r.slice(2)]);
  }
  for (const r of recs) if (!STYLE_TYPES.has(recType(r)) && recId(r)) idMap.set(recId(r)!, tx.newId());
  const bb = recordsBBox(recs);
  const dx = at && bb.minX <= bb.maxX ? Math.round((at.x - bb.minX) / grid) * grid : 0;
  const dy = at && bb.minX <= bb.maxX ? Math.round((at.y - bb.minY) / grid) * grid : 0;
  const out: string[] = [];
  for (const r of recs) {
    const t = recType(r);
    if (STYLE_TYPES.has(t)) continue;
    const keep = new Set(TEXT_FIELDS[t] ?? []);
    const mapped = r.map((v, i) => (i > 0 && !keep.has(i) && typeof v === 'string' && idMap.has(v) ? idMap.get(v)! : v));
    const moved = mapPoints(mapped, translate(dx, dy));
    const key = tx.add(moved);
    if (t !== 'ATTR' && t !== 'TABEL_CELL') out.push(key);
  }
  return out;
}
