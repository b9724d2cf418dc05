/** Components on a sheet: placement, their symbol, pins in sheet coordinates (0.01 inch, Y up). */
import type { EditorDocument } from './document.ts';
import { type Mat, apply, placement } from '@copperplate/board/geom';
import { SchComponent } from '@copperplate/format/records';
import { recType, type Rec } from './records.ts';
import type { SchContext, SymbolInfo } from './context.ts';
import { componentSymbolId } from './attrs.ts';
import { partPins, pickPart } from './symbol.ts';

export function componentMatrix(r: Rec): Mat {
  const c = SchComponent.parse(r);
  return placement(c.x, c.y, c.rotation, c.mirror);
}

export function componentSymbol(doc: EditorDocument, key: string, ctx: SchContext, attrs?: Map<string, Rec>): SymbolInfo | undefined {
  return ctx.symbols.get(componentSymbolId(doc, key, ctx, attrs));
}

export interface SheetPin {
  component: string;
  /** PIN id in the symbol; `component + pin` is the joined id FORMAT.md uses for pin attributes. */
  pin: string;
  x: number; y: number;
  name: string; number: string; type: string;
}

/** Pins of a component at their connection ends in sheet coordinates. */
export function componentPins(doc: EditorDocument, key: string, ctx: SchContext, r: Rec | undefined = doc.get(key), sym = componentSymbol(doc, key, ctx)): SheetPin[] {
  if (!r || recType(r) !== 'COMPONENT') return [];
  if (!sym) return [];
  const m = componentMatrix(r);
  return partPins(sym.doc, pickPart(sym.doc, SchComponent.get(r, 'partId'))).map((p) => {
    const q = apply(m, p.x, p.y);
    return { component: key, pin: p.id, x: round(q.x), y: round(q.y), name: p.name, number: p.number, type: p.type };
  });
}

export function round(v: number): number { return Math.round(v * 1000) / 1000; }

/** Keys of the ATTRs hung on the pins of a component (parent = joined id `component + pin`: NO_CONNECT, ...). */
export function pinChildKeys(doc: EditorDocument, key: string, ctx: SchContext, r: Rec | undefined = doc.get(key)): string[] {
  if (!r || recType(r) !== 'COMPONENT') return [];
  const sym = componentSymbol(doc, key, ctx);
  if (!sym) return [];
  const out: string[] = [];
  for (const p of partPins(sym.doc, pickPart(sym.doc, SchComponent.get(r, 'partId')))) out.push(...doc.childrenOf(key + p.id), ...doc.childrenOf(`${key}-${p.id}`));
  return out;
}
