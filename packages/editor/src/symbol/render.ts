/** SVG of a symbol document (the symbol editor's drawing): every part, side by side, own record ids. */
import type { EditorDocument } from '../core/document.ts';
import { type Box, emptyBox, inflateBox, isEmptyBox, translate, unionBox } from '../core/geometry.ts';
import { SchAttr } from '@copperplate/format/records';
import { recType, type Rec } from '../core/records.ts';
import { RecordingSurface, replay } from '../render/recording.ts';
import type { Surface } from '../render/surface.ts';
import { SvgSurface } from '../render/svg.ts';
import { paintSymbol, symbolParts } from './symbol.ts';

export const SYMBOL_DRAWABLE: ReadonlySet<string> = new Set(['PIN', 'RECT', 'POLY', 'CIRCLE', 'ELLIPSE', 'ARC', 'BEZIER', 'TEXT', 'OBJ', 'TABLE']);

/** Whether the symbol painter draws a record as its own element (document-level ATTRs when shown and placed). */
export function symbolRecordDrawn(r: Rec): boolean {
  if (SYMBOL_DRAWABLE.has(recType(r))) return true;
  if (recType(r) !== 'ATTR') return false;
  const a = SchAttr.parse(r);
  return a.parentId === '' && (!!a.keyVisible || !!a.valueVisible) && a.x !== null;
}

/** Paint every part; part i is shifted right of part i-1 (by its BBOX width + 40 units). Returns the offsets. */
export function paintSymbolDocument(s: Surface, doc: EditorDocument, blobs?: Map<string, string>): number[] {
  const parts = symbolParts(doc);
  const offsets: number[] = [];
  let x = 0;
  parts.forEach((p, i) => {
    const b = p.bbox;
    const w = b ? Math.abs(b[2] - b[0]) : 100;
    const dx = i === 0 ? 0 : x - (b ? Math.min(b[0], b[2]) : 0);
    offsets.push(dx);
    paintSymbol(s, doc, { m: translate(dx, 0), part: p.name, ownAttrs: true, recordIds: true, blobs });
    x = (i === 0 ? (b ? Math.max(b[0], b[2]) : 100) : dx + (b ? Math.max(b[0], b[2]) : w)) + 40;
  });
  return offsets;
}

export function renderSymbolSvg(doc: EditorDocument, o: { margin?: number; blobs?: Map<string, string>; background?: string } = {}): string {
  const rec = new RecordingSurface();
  paintSymbolDocument(rec, doc, o.blobs);
  let bbox: Box = emptyBox();
  for (const it of rec.items) bbox = unionBox(bbox, it.bbox);
  if (isEmptyBox(bbox)) bbox = { minX: -50, minY: -50, maxX: 50, maxY: 50 };
  const svg = new SvgSurface();
  replay(rec.items, svg);
  return svg.toString(inflateBox(bbox, o.margin ?? 10), o.background);
}
