/** Components on a sheet: placement, their symbol, pins in sheet coordinates (0.01 inch, Y up). */
import type { EditorDocument } from '../core/document.ts';
import { type Mat, apply, placement } from '../core/geometry.ts';
import { bool, num, str, type Rec } from '../core/records.ts';
import type { SchContext, SymbolInfo } from './context.ts';
import { componentSymbolId } from './paint.ts';
import { partPins, pickPart } from './symbol.ts';

export function componentMatrix(r: Rec): Mat {
  return placement(num(r[3]), num(r[4]), num(r[5]), bool(r[6]));
}

export function componentSymbol(doc: EditorDocument, key: string, ctx: SchContext): SymbolInfo | undefined {
  return ctx.symbols.get(componentSymbolId(doc, key, ctx));
}

export interface SheetPin {
  component: string;
  /** PIN id in the symbol; `component + pin` is the joined id FORMAT.md uses for pin attributes. */
  pin: string;
  x: number; y: number;
  name: string; number: string; type: string;
}

/** Pins of a component at their connection ends in sheet coordinates. */
export function componentPins(doc: EditorDocument, key: string, ctx: SchContext, r: Rec | undefined = doc.get(key)): SheetPin[] {
  if (!r || r[0] !== 'COMPONENT') return [];
  const sym = componentSymbol(doc, key, ctx);
  if (!sym) return [];
  const m = componentMatrix(r);
  return partPins(sym.doc, pickPart(sym.doc, str(r[2]))).map((p) => {
    const q = apply(m, p.x, p.y);
    return { component: key, pin: p.id, x: round(q.x), y: round(q.y), name: p.name, number: p.number, type: p.type };
  });
}

export function round(v: number): number { return Math.round(v * 1000) / 1000; }
