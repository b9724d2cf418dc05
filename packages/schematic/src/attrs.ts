/**
 * A component's attributes as EasyEDA resolves them: its own ATTR, then its device's attribute
 * (project.json), then its symbol's ATTR; `={Value}` templates filled. How they are drawn on the sheet
 * is the editor's (sch/attrs.ts, componentAttrView).
 */
import type { EditorDocument } from './document.ts';
import { SchAttr } from '@copperplate/format/records';
import { str, type Rec } from './records.ts';
import type { SchContext, SymbolInfo } from './context.ts';
import { attrMap, attrValue } from './symbol.ts';
import { resolveTemplate } from './template.ts';

const symAttrCache = new WeakMap<EditorDocument, Map<string, Rec>>();
const watched = new WeakSet<EditorDocument>();

/** The symbol's own ATTRs (parent ""), by key. */
export function symbolAttrs(sym: EditorDocument): Map<string, Rec> {
  const hit = symAttrCache.get(sym);
  if (hit) return hit;
  if (!watched.has(sym)) { watched.add(sym); sym.subscribe(() => symAttrCache.delete(sym)); }
  const m = new Map<string, Rec>();
  for (const [, r] of sym.ofType('ATTR')) {
    const key = SchAttr.get(r, 'key');
    if (SchAttr.get(r, 'parentId') === '' && !m.has(key)) m.set(key, r);
  }
  symAttrCache.set(sym, m);
  return m;
}

/** The symbol uuid of a component: its Symbol ATTR, else its device's Symbol attribute. */
export function componentSymbolId(doc: EditorDocument, compId: string, ctx: SchContext, attrs = attrMap(doc, compId)): string {
  const s = attrValue(attrs.get('Symbol'));
  if (s) return s;
  return str(ctx.devices[attrValue(attrs.get('Device'))]?.attributes?.Symbol);
}

export function componentSymbolInfo(doc: EditorDocument, compId: string, ctx: SchContext, attrs = attrMap(doc, compId)): SymbolInfo | undefined {
  return ctx.symbols.get(componentSymbolId(doc, compId, ctx, attrs));
}

/** Raw (unresolved) value of a component attribute: its own ATTR, then the device's, then the symbol's. */
export function componentLookup(doc: EditorDocument, compId: string, ctx: SchContext, attrs = attrMap(doc, compId)): (key: string) => string | undefined {
  const dev = ctx.devices[attrValue(attrs.get('Device'))]?.attributes ?? {};
  const sym = componentSymbolInfo(doc, compId, ctx, attrs);
  const symA = sym ? symbolAttrs(sym.doc) : undefined;
  return (k: string): string | undefined => {
    const a = attrs.get(k);
    if (a && attrValue(a) !== '') return attrValue(a);
    const d = dev[k];
    if (d !== undefined && d !== null && d !== '') return String(d);
    const s = symA?.get(k);
    if (s && attrValue(s) !== '') return attrValue(s);
    return a ? attrValue(a) : d === undefined || d === null ? undefined : String(d);
  };
}

/** Template resolver of a component: `={Value}` etc. through `componentLookup`. */
export function componentResolver(doc: EditorDocument, compId: string, ctx: SchContext): (v: string) => string {
  const lookup = componentLookup(doc, compId, ctx);
  return (v) => resolveTemplate(v, lookup);
}

/** A part marked not placed: `Add into BOM` is "no" (EasyEDA greys it). */
export function isNotPlaced(doc: EditorDocument, compId: string, ctx: SchContext): boolean {
  const v = componentLookup(doc, compId, ctx)('Add into BOM');
  return v !== undefined && ['no', 'false', '0'].includes(v.trim().toLowerCase());
}

/** `Device`, `Symbol` and `Footprint` hold uuids; shown, they read as the title of what they name. */
export function referenceTitle(key: string, value: string, ctx: SchContext): string {
  if (key === 'Device') return ctx.devices[value]?.title ?? value;
  if (key === 'Symbol') return ctx.symbols.get(value)?.title ?? value;
  if (key === 'Footprint') return ctx.footprints?.[value]?.title ?? value;
  return value;
}
