/**
 * Find (Ctrl+F) on a sheet: parts by designator, value, device or any shown attribute; nets by the
 * name of a net label, flag or port; free text (TEXT records). Case-insensitive substring match;
 * hits are ordered parts, nets, text, then by label. Units 0.01 inch.
 */
import type { EditorDocument } from '../core/document.ts';
import { SchAttr, SchComponent, SchText } from '@copperplate/format/records';
import type { Rec } from '../core/records.ts';
import type { SchContext } from './context.ts';
import { componentLookup, componentResolver, referenceTitle } from './attrs.ts';
import { componentSymbol } from './component.ts';
import { attrMap } from '../symbol/symbol.ts';
import { flagNameKey } from './netflags.ts';

export interface FindHit {
  kind: 'part' | 'net' | 'text';
  /** The record to select: the component, the wire of a net label, the flag, the TEXT. */
  key: string;
  /** What the result list shows ("R1 10k", "net VCC", the text). */
  label: string;
  /** Where it is (the component origin, the label position). */
  x: number; y: number;
}

const ORDER = { part: 0, net: 1, text: 2 } as const;

export function findOnSheet(doc: EditorDocument, ctx: SchContext, query: string): FindHit[] {
  const q = query.trim().toLowerCase();
  if (!q) return [];
  const hits: FindHit[] = [];
  const has = (s: string) => s.toLowerCase().includes(q);
  for (const [k, r] of doc.ofType('COMPONENT')) {
    const sym = componentSymbol(doc, k, ctx);
    const type = sym?.type ?? 2;
    if (type === 20) continue; // the drawing frame
    const attrs = attrMap(doc, k);
    const at = { x: SchComponent.get(r, 'x'), y: SchComponent.get(r, 'y') };
    const val = (a: Rec | undefined) => (a ? SchAttr.get(a, 'value') ?? '' : '');
    if (type === 18 || type === 19) {
      const name = componentResolver(doc, k, ctx)(val(attrs.get(flagNameKey(type))) || componentLookup(doc, k, ctx)(flagNameKey(type)) || '') || sym?.title || '';
      if (has(name)) hits.push({ kind: 'net', key: k, label: `net ${name}`, ...at });
      continue;
    }
    const res = componentResolver(doc, k, ctx);
    const values: string[] = [];
    for (const a of attrs.values()) {
      const key = SchAttr.get(a, 'key');
      if (key === 'Symbol' || key === 'Footprint') continue;
      const v = referenceTitle(key, res(SchAttr.get(a, 'value') ?? ''), ctx);
      if (v) values.push(v);
    }
    const des = res(val(attrs.get('Designator')));
    if (values.some(has)) hits.push({ kind: 'part', key: k, label: [des, ...values.filter((v) => v !== des && has(v))].join(' ').trim(), ...at });
  }
  for (const [, a] of doc.ofType('ATTR')) {
    if (SchAttr.get(a, 'key') !== 'NET') continue;
    const name = SchAttr.get(a, 'value') ?? '';
    if (has(name)) hits.push({ kind: 'net', key: SchAttr.get(a, 'parentId'), label: `net ${name}`, x: SchAttr.get(a, 'x') ?? 0, y: SchAttr.get(a, 'y') ?? 0 });
  }
  for (const [k, r] of doc.ofType('TEXT')) {
    const t = SchText.parse(r);
    if (has(t.text)) hits.push({ kind: 'text', key: k, label: t.text, x: t.x, y: t.y });
  }
  return hits.sort((a, b) => ORDER[a.kind] - ORDER[b.kind] || a.label.localeCompare(b.label, undefined, { numeric: true }));
}
