/**
 * Annotate designators: components whose Designator ends in "?" or repeats another get the next free
 * number of their prefix; `renumber` numbers every component again from 1. Over one sheet or a whole
 * schematic (all its sheets in tree order: numbers are unique across them). Order inside a sheet:
 * `rows` (top to bottom, then left to right; Y up) or `columns` (left to right, then top to bottom).
 * Net flags, ports, frames and short symbols (types 18, 19, 20, 22) have no designator to annotate.
 */
import type { EditorDocument, Tx } from '../core/document.ts';
import { SchAttr, SchComponent } from '@copperplate/format/records';
import { withField, type Rec } from '../core/records.ts';
import type { SchContext } from './context.ts';
import { componentSymbol } from './component.ts';
import { attrMap } from '../symbol/symbol.ts';

export type AnnotateOrder = 'rows' | 'columns';
export interface AnnotateOptions {
  order?: AnnotateOrder;
  /** Number every component again (default: only `?` and duplicates). */
  renumber?: boolean;
}

export function splitDesignator(d: string): { prefix: string; n: number | null } {
  const m = /^(.*?)(\d+)$/.exec(d);
  if (m) return { prefix: m[1], n: Number(m[2]) };
  return { prefix: d.replace(/\?+$/, ''), n: null };
}

interface Slot { sheet: number; key: string; attr: string; prefix: string; n: number | null }

/** What annotation would change: per sheet index, component key -> new designator. Pure. */
export function planAnnotation(docs: EditorDocument[], ctx: SchContext, opts: AnnotateOptions = {}): Array<Map<string, { attr: string; designator: string }>> {
  const slots: Slot[] = [];
  docs.forEach((doc, sheet) => {
    const comps = doc.ofType('COMPONENT').filter(([k]) => {
      const t = componentSymbol(doc, k, ctx)?.type ?? 2;
      return ![18, 19, 20, 22].includes(t) && attrMap(doc, k).has('Designator');
    });
    const pos = (r: Rec) => ({ x: SchComponent.get(r, 'x'), y: SchComponent.get(r, 'y') });
    comps.sort(([, ra], [, rb]) => {
      const a = pos(ra), b = pos(rb);
      return opts.order === 'columns' ? a.x - b.x || b.y - a.y : b.y - a.y || a.x - b.x;
    });
    for (const [k] of comps) {
      const a = attrMap(doc, k).get('Designator')!;
      const { prefix, n } = splitDesignator(SchAttr.get(a, 'value') ?? '');
      slots.push({ sheet, key: k, attr: SchAttr.get(a, 'id'), prefix, n });
    }
  });
  const used = new Map<string, Set<number>>();
  const need: Slot[] = [];
  for (const s of slots) {
    let u = used.get(s.prefix);
    if (!u) used.set(s.prefix, (u = new Set()));
    if (!opts.renumber && s.n !== null && !u.has(s.n)) u.add(s.n);
    else need.push(s);
  }
  const out = docs.map(() => new Map<string, { attr: string; designator: string }>());
  for (const s of need) {
    const u = used.get(s.prefix)!;
    let n = 1;
    while (u.has(n)) n++;
    u.add(n);
    if (s.n === n && opts.renumber) continue; // already right
    out[s.sheet].set(s.key, { attr: s.attr, designator: `${s.prefix}${n}` });
  }
  return out;
}

/** Annotate one sheet inside a commit. Returns the changes made: component key -> new designator. */
export function annotate(tx: Tx, doc: EditorDocument, ctx: SchContext, opts: AnnotateOptions = {}): Map<string, string> {
  const out = new Map<string, string>();
  for (const [k, c] of planAnnotation([doc], ctx, opts)[0]) {
    tx.update(c.attr, (r) => withField(r, 4, c.designator));
    out.set(k, c.designator);
  }
  return out;
}

/**
 * Annotate every sheet of a schematic (given in tree order): one commit (one undo step) per sheet
 * that changes. Returns per sheet name the changes made.
 */
export function annotateSheets(sheets: Array<{ name: string; doc: EditorDocument }>, ctx: SchContext, opts: AnnotateOptions = {}): Map<string, Map<string, string>> {
  const plan = planAnnotation(sheets.map((s) => s.doc), ctx, opts);
  const out = new Map<string, Map<string, string>>();
  sheets.forEach((s, i) => {
    if (!plan[i].size) return;
    s.doc.commit('Annotate', (tx) => { for (const [, c] of plan[i]) tx.update(c.attr, (r) => withField(r, 4, c.designator)); });
    out.set(s.name, new Map([...plan[i]].map(([k, c]) => [k, c.designator])));
  });
  return out;
}
