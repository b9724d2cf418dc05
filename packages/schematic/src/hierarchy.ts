/**
 * Hierarchy: sheet symbols. A sheet symbol is a COMPONENT of a block symbol (SYMBOL document, HEAD
 * symbolType 17 = BLOCK_SYMBOL) on a parent sheet; its ATTR `Sheet` names the child sheet it stands
 * for. The block's pins are the child sheet's net ports (type-19 components, `Name` ATTR), one pin
 * per distinct name, so the netlist joins each block pin to the net of that port inside the child.
 *
 * The `Sheet` value matches a sheet by its name as given to `buildNetlist` (`SheetInput.name`):
 * equal, or a prefix followed by `/` (so `Power` links every sheet `Power/...` of a child schematic).
 * Coordinates 0.01 inch, Y up (symbol frame: origin at the block's placement point).
 */
import type { EditorDocument } from './document.ts';
import { recType } from './records.ts';
import type { SchContext } from './context.ts';
import { componentSymbol } from './component.ts';
import type { BlockLink, SheetInput } from './netlist.ts';
import { attrMap, attrValue } from './symbol.ts';

/** The component ATTR that links a sheet symbol to its child sheet (value: the child sheet's name). */
export const SHEET_ATTR = 'Sheet';
/** HEAD symbolType of a block symbol (DocType.BLOCK_SYMBOL). */
export const BLOCK_SYMBOL_TYPE = 17;
const NET_PORT_TYPE = 19;

/** Distinct net-port names of a sheet (type-19 components with a non-empty `Name` ATTR), sorted. */
export function sheetPortNames(doc: EditorDocument, ctx: SchContext): string[] {
  const names = new Set<string>();
  for (const [k] of doc.ofType('COMPONENT')) {
    if (componentSymbol(doc, k, ctx)?.type !== NET_PORT_TYPE) continue;
    const nm = attrValue(attrMap(doc, k).get('Name')).trim();
    if (nm) names.add(nm);
  }
  return [...names].sort((a, b) => a.localeCompare(b, undefined, { numeric: true }));
}

/** Child sheets a `Sheet` value names: equal name, or the sheets under `value/`. */
export function sheetsNamed<T extends { name: string }>(value: string, sheets: readonly T[]): T[] {
  if (!value) return [];
  return sheets.filter((s) => s.name === value || s.name.startsWith(`${value}/`));
}

/** The `Sheet` link of a component when it is a sheet symbol (block symbol with the ATTR), else ''. */
export function sheetLinkOf(doc: EditorDocument, key: string, ctx: SchContext): string {
  const r = doc.get(key);
  if (!r || recType(r) !== 'COMPONENT') return '';
  const attrs = attrMap(doc, key);
  if (componentSymbol(doc, key, ctx, attrs)?.type !== BLOCK_SYMBOL_TYPE) return '';
  return attrValue(attrs.get(SHEET_ATTR)).trim();
}

/**
 * Block links stated by the sheets themselves: every sheet symbol whose `Sheet` names sheets of the
 * list (a sheet never links to itself). A child sheet claimed by several sheet symbols goes to the first.
 */
export function derivedBlocks(sheets: readonly SheetInput[], ctx: SchContext): BlockLink[] {
  const out: BlockLink[] = [];
  for (const { name, doc } of sheets) {
    for (const [k] of doc.ofType('COMPONENT')) {
      const link = sheetLinkOf(doc, k, ctx);
      const childSheets = sheetsNamed(link, sheets).map((s) => s.name).filter((n) => n !== name);
      if (childSheets.length) out.push({ sheet: name, component: k, childSheets });
    }
  }
  return out;
}

/**
 * Sheet symbols that stand for nothing more: all the child sheets they name are already taken by an
 * earlier sheet symbol (the netlist has one instance of each child sheet). Messages name the symbols.
 */
export function repeatedBlocks(sheets: readonly SheetInput[], ctx: SchContext): string[] {
  const first = new Map<string, string>();
  const out: string[] = [];
  const docs = new Map(sheets.map((s) => [s.name, s.doc]));
  const label = (b: BlockLink) => `${attrValue(attrMap(docs.get(b.sheet)!, b.component).get('Designator')) || b.component} on ${b.sheet}`;
  for (const b of derivedBlocks(sheets, ctx)) {
    const free = b.childSheets.filter((c) => !first.has(c));
    if (!free.length) out.push(`sheet symbol ${label(b)} stands for ${b.childSheets.join(', ')}, which ${first.get(b.childSheets[0])} already stands for: only one instance of a child sheet is simulated`);
    for (const c of free) first.set(c, label(b));
  }
  return out;
}

/** Descend: the (first) child sheet of a selected sheet-symbol component, or undefined. Pure. */
export function descend(parent: EditorDocument, component: string, sheets: readonly SheetInput[], ctx: SchContext): SheetInput | undefined {
  return sheetsNamed(sheetLinkOf(parent, component, ctx), sheets)[0];
}
