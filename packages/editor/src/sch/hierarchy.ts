/**
 * Sheet symbols made from a child sheet (block symbols with one pin per net-port name). How a sheet
 * symbol links its child sheets is read by `@copperplate/schematic` (hierarchy.ts).
 */
import { newDocumentId } from '@copperplate/model';
import { EditorDocument, type Tx } from '../core/document.ts';
import type { SchContext, SymbolInfo } from './context.ts';
import type { SheetInput } from './netlist.ts';
import { addPin } from '../symbol/edit.ts';
import { BLOCK_SYMBOL_TYPE, SHEET_ATTR, sheetPortNames } from '@copperplate/schematic/hierarchy';

export { SHEET_ATTR, BLOCK_SYMBOL_TYPE, sheetPortNames, sheetsNamed, sheetLinkOf, derivedBlocks, descend } from '@copperplate/schematic/hierarchy';

const PITCH = 10; // pin spacing, 0.01 inch
const PIN_LEN = 10;

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


/**
 * Create the block symbol of `child` (registered in `ctx.symbols`) and place it on the parent in one
 * commit (one undo step): COMPONENT + ATTRs Symbol, Designator (the child's name), Sheet (link).
 * Returns the component key and the symbol uuid. A child without ports gives a block without pins.
 */
export function createSheetSymbol(parent: EditorDocument, child: SheetInput, ctx: SchContext, o: SheetSymbolOptions): { component: string; symbol: string } {
  const ports = sheetPortNames(child.doc, ctx);
  const uuid = o.uuid ?? newDocumentId();
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

