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
import { EditorDocument, type Tx } from '../core/document.ts';
import { recType, str } from '../core/records.ts';
import type { SchContext, SymbolInfo } from './context.ts';
import { componentSymbol } from './component.ts';
import type { BlockLink, SheetInput } from './netlist.ts';
import { addPin } from '../symbol/edit.ts';
import { attrMap, attrValue } from '../symbol/symbol.ts';

/** The component ATTR that links a sheet symbol to its child sheet (value: the child sheet's name). */
export const SHEET_ATTR = 'Sheet';
/** HEAD symbolType of a block symbol (DocType.BLOCK_SYMBOL). */
export const BLOCK_SYMBOL_TYPE = 17;
const NET_PORT_TYPE = 19;
const PITCH = 10; // pin spacing, 0.01 inch
const PIN_LEN = 10;

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

/**
 * A block-symbol document with one pin per port name: a box, the first half of the ports on the
 * left (pins pointing left), the rest on the right; pin NAME = port name, NUMBER = 1.., type Undefined.
 */
export function blockSymbolDocument(ports: readonly string[], title: string): EditorDocument {
  const doc = EditorDocument.empty('SYMBOL', '1.1');
  const left = ports.slice(0, Math.ceil(ports.length / 2)), right = ports.slice(left.length);
  const rows = Math.max(left.length, right.length, 1);
  const longest = Math.max(4, ...ports.map((p) => p.length), title.length);
  const half = Math.ceil((longest * 5 + 10) / PITCH) * PITCH; // half width: room for names on both sides
  const top = Math.ceil(((rows + 1) * PITCH) / 2 / PITCH) * PITCH, bottom = top - (rows + 1) * PITCH;
  doc.commit('Block symbol', (tx) => {
    tx.add(['HEAD', { originX: 0, originY: 0, version: '1.1', maxId: 0, symbolType: BLOCK_SYMBOL_TYPE }]);
    tx.add(['ATTR', tx.newId(), '', 'Symbol', title, false, false, null, null, 0, null, 0]);
    tx.add(['ATTR', tx.newId(), '', 'Designator', 'Sheet?', false, true, null, null, 0, null, 0]);
    tx.add(['PART', `${title}.1`, { BBOX: [-half - PIN_LEN, top, half + PIN_LEN, bottom] }]);
    tx.add(['RECT', tx.newId(), -half, top, half, bottom, 0, 0, 0, null, 0]);
    let n = 0;
    left.forEach((name, i) => addPin(tx, doc, { x: -half - PIN_LEN, y: top - PITCH * (i + 1), length: PIN_LEN, rot: 0, name, number: String(++n) }));
    right.forEach((name, i) => addPin(tx, doc, { x: half + PIN_LEN, y: top - PITCH * (i + 1), length: PIN_LEN, rot: 180, name, number: String(++n) }));
  });
  return doc;
}

export interface SheetSymbolOptions { x: number; y: number; rot?: number; mirror?: boolean; /** Symbol uuid (default: random). */ uuid?: string }

function newUuid(): string {
  return globalThis.crypto.randomUUID().replace(/-/g, '');
}

/**
 * Create the block symbol of `child` (registered in `ctx.symbols`) and place it on the parent in one
 * commit (one undo step): COMPONENT + ATTRs Symbol, Designator (the child's name), Sheet (link).
 * Returns the component key and the symbol uuid. A child without ports gives a block without pins.
 */
export function createSheetSymbol(parent: EditorDocument, child: SheetInput, ctx: SchContext, o: SheetSymbolOptions): { component: string; symbol: string } {
  const ports = sheetPortNames(child.doc, ctx);
  const uuid = o.uuid ?? newUuid();
  const title = child.name.split('/').pop() || child.name;
  const info: SymbolInfo = { uuid, title, type: BLOCK_SYMBOL_TYPE, doc: blockSymbolDocument(ports, title) };
  ctx.symbols.set(uuid, info);
  let component = '';
  parent.commit('Create sheet symbol', (tx: Tx) => {
    const { x, y } = o;
    component = tx.add(['COMPONENT', tx.newId(), `${title}.1`, x, y, o.rot ?? 0, o.mirror ? 1 : 0, {}, 0]);
    const box = partBox(info.doc);
    const attr = (k: string, v: string, vis: boolean, dy: number) => tx.add(['ATTR', tx.newId(), component, k, v, 0, vis ? 1 : 0, vis ? x : null, vis ? y + dy : null, 0, null, 0]);
    attr('Symbol', uuid, false, 0);
    attr('Designator', title, true, box.top + 5);
    attr(SHEET_ATTR, child.name, true, box.bottom - 10);
  });
  return { component, symbol: uuid };
}

function partBox(doc: EditorDocument): { top: number; bottom: number } {
  const bb = (doc.ofType('PART')[0]?.[1][2] as { BBOX?: number[] } | undefined)?.BBOX ?? [0, 0, 0, 0];
  return { top: bb[1], bottom: bb[3] };
}

/** Child sheets a `Sheet` value names: equal name, or the sheets under `value/`. */
export function sheetsNamed(value: string, sheets: readonly SheetInput[]): SheetInput[] {
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

/** Descend: the (first) child sheet of a selected sheet-symbol component, or undefined. Pure. */
export function descend(parent: EditorDocument, component: string, sheets: readonly SheetInput[], ctx: SchContext): SheetInput | undefined {
  return sheetsNamed(sheetLinkOf(parent, component, ctx), sheets)[0];
}
