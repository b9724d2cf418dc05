/**
 * Annotate designators: components whose Designator ends in "?" or repeats another get the next free
 * number of their prefix, in reading order (top to bottom, then left to right; Y up).
 * Net flags, ports, frames and short symbols (types 18, 19, 20, 22) have no designator to annotate.
 */
import type { EditorDocument, Tx } from '../core/document.ts';
import { num, str, withField } from '../core/records.ts';
import type { SchContext } from './context.ts';
import { componentSymbol } from './component.ts';
import { attrMap } from './symbol.ts';

export function splitDesignator(d: string): { prefix: string; n: number | null } {
  const m = /^(.*?)(\d+)$/.exec(d);
  if (m) return { prefix: m[1], n: Number(m[2]) };
  return { prefix: d.replace(/\?+$/, ''), n: null };
}

/** Returns the changes made: component key -> new designator. */
export function annotate(tx: Tx, doc: EditorDocument, ctx: SchContext): Map<string, string> {
  const comps = doc.ofType('COMPONENT').filter(([k]) => {
    const t = componentSymbol(doc, k, ctx)?.type ?? 2;
    return ![18, 19, 20, 22].includes(t) && attrMap(doc, k).has('Designator');
  });
  comps.sort(([, a], [, b]) => num(b[4]) - num(a[4]) || num(a[3]) - num(b[3]));
  const used = new Map<string, Set<number>>();
  const need: Array<{ key: string; attr: string; prefix: string }> = [];
  for (const [k] of comps) {
    const a = attrMap(doc, k).get('Designator')!;
    const { prefix, n } = splitDesignator(str(a[4]));
    let s = used.get(prefix);
    if (!s) used.set(prefix, (s = new Set()));
    if (n !== null && !s.has(n)) s.add(n);
    else need.push({ key: k, attr: str(a[1]), prefix });
  }
  const out = new Map<string, string>();
  for (const { key, attr, prefix } of need) {
    const s = used.get(prefix)!;
    let n = 1;
    while (s.has(n)) n++;
    s.add(n);
    tx.update(attr, (r) => withField(r, 4, `${prefix}${n}`));
    out.set(key, `${prefix}${n}`);
  }
  return out;
}
