import { describe, expect, it } from 'vitest';
import {
  BLOCK_SYMBOL_TYPE, EditorDocument, SHEET_ATTR, SchematicEditor, buildNetlist, componentPins, contextFromArchive, descend,
  openDocument, partPins, pickPart, serializeDocument, sheetPortNames, symbolType, type SchContext, type SheetInput,
} from '../src/index.ts';
import { fixture } from './fixtures.ts';

const RES = 'e956bc515dd74744a6fd01ab3b6812d3'; // a resistor of the fixture: pins end at x = -20 and x = 20
const PORT_SYM = [
  '["DOCTYPE","SYMBOL","1.1"]', '["HEAD",{"originX":0,"originY":0,"symbolType":19}]', '["PART","",{"BBOX":[0,5,20,-5]}]',
  '["ATTR","e1","","Name","",0,0,null,null,0,null,0]', '["POLY","e2",[0,0,5,5,20,5,20,-5,5,-5,0,0],true,null,0]',
  '["PIN","e3",1,null,0,0,0,0,null,0,0]', '["ATTR","e4","e3","NAME","P",false,false,null,null,0,null,0]',
].join('\n');

function context(): SchContext {
  const base = contextFromArchive(fixture('STM32G431-mini.epro'));
  const symbols = new Map(base.symbols);
  symbols.set('port', { uuid: 'port', title: 'Port', type: 19, doc: openDocument(PORT_SYM) });
  return { ...base, symbols };
}
const sheet = () => new EditorDocument([{ docType: 'SCH', version: '1.1', records: [['DOCTYPE', 'SCH', '1.1']] }]);

/** Child sheet: ports IN -> R2 -> OUT (the resistor sits between two ports), plus a second port named IN. */
function childSheet(ctx: SchContext) {
  const doc = sheet();
  const ed = new SchematicEditor(doc, { ctx });
  const pIn = ed.placeComponent('port', '', -60, 0); ed.setAttribute(pIn, 'Name', 'IN');
  const r2 = ed.placeComponent(RES, '', 0, 0);
  ed.addWire([{ x: -60, y: 0 }, { x: -20, y: 0 }]);
  const pOut = ed.placeComponent('port', '', 60, 0, 180); ed.setAttribute(pOut, 'Name', 'OUT');
  ed.addWire([{ x: 20, y: 0 }, { x: 60, y: 0 }]);
  const again = ed.placeComponent('port', '', -60, 100); ed.setAttribute(again, 'Name', 'IN');
  return { doc, r2 };
}

describe('hierarchy: sheet symbols', () => {
  it('a sheet symbol is a block symbol with one pin per child port, linked by its Sheet ATTR, placed in one undo step', () => {
    const ctx = context();
    const child = childSheet(ctx);
    expect(sheetPortNames(child.doc, ctx)).toEqual(['IN', 'OUT']);
    const parent = sheet();
    const ed = new SchematicEditor(parent, { ctx });
    const comp = ed.createSheetSymbol({ name: 'Filter', doc: child.doc }, { x: 200, y: 0 });
    expect(ed.selection.ids).toEqual([comp]);
    const symUuid = String(parent.childrenOf(comp).map((k) => parent.get(k)!).find((a) => a[3] === 'Symbol')![4]);
    const sym = ctx.symbols.get(symUuid)!;
    expect(sym.type).toBe(BLOCK_SYMBOL_TYPE);
    // the block symbol is a SYMBOL document of type 17 that survives serialize + reopen
    const reopened = openDocument(serializeDocument(sym.doc));
    expect(symbolType(reopened)).toBe(17);
    expect(partPins(reopened, pickPart(reopened, '')).map((p) => [p.name, p.number]).sort()).toEqual([['IN', '1'], ['OUT', '2']]);
    const attrs = Object.fromEntries(parent.childrenOf(comp).map((k) => [parent.get(k)![3], parent.get(k)![4]]));
    expect(attrs[SHEET_ATTR]).toBe('Filter');
    expect(attrs.Designator).toBe('Filter');
    // component + its three ATTRs went in as one commit
    ed.undo();
    expect(parent.has(comp)).toBe(false);
    expect(parent.ofType('ATTR')).toEqual([]);
  });

  it('the netlist derives the block link from the Sheet ATTR: a parent wire on a block pin joins the child port net', () => {
    const ctx = context();
    const child = childSheet(ctx);
    const parent = sheet();
    const ed = new SchematicEditor(parent, { ctx });
    const r1 = ed.placeComponent(RES, '', 0, 0);
    const r3 = ed.placeComponent(RES, '', 400, 0);
    const blk = ed.createSheetSymbol({ name: 'Filter', doc: child.doc }, { x: 200, y: 0 });
    const pins = componentPins(parent, blk, ctx);
    const pin = (n: string) => pins.find((p) => p.name === n)!;
    ed.addWire([{ x: 20, y: 0 }, { x: 60, y: 0 }, { x: 60, y: pin('IN').y }, { x: pin('IN').x, y: pin('IN').y }]);
    const sheets: SheetInput[] = [{ name: 'Top', doc: parent }, { name: 'Filter', doc: child.doc }];
    const nets = buildNetlist(sheets, ctx);
    const netOfPin = (sheetName: string, comp: string, x: number) => nets.find((n) => n.pins.some((p) => p.sheet === sheetName && p.component === comp && p.x === x));
    const inNet = netOfPin('Top', r1, 20)!;
    expect(inNet.pins.map((p) => `${p.sheet}:${p.component}:${p.x}`).sort()).toEqual([`Filter:${child.r2}:-20`, `Top:${r1}:20`].sort());
    // the unwired OUT pin: R3 is not joined to R2's other end; the block's own pins are not part pins
    expect(netOfPin('Filter', child.r2, 20)!.pins.some((p) => p.component === r3)).toBe(false);
    expect(nets.some((n) => n.pins.some((p) => p.component === blk))).toBe(false);
    // wire OUT to R3: now joined
    ed.addWire([{ x: pin('OUT').x, y: pin('OUT').y }, { x: 380, y: pin('OUT').y }, { x: 380, y: 0 }]);
    const nets2 = buildNetlist(sheets, ctx);
    const outNet = nets2.find((n) => n.pins.some((p) => p.component === r3 && p.x === 380))!;
    expect(outNet.pins.map((p) => `${p.sheet}:${p.component}:${p.x}`).sort()).toEqual([`Filter:${child.r2}:20`, `Top:${r3}:380`].sort());
    // without the Sheet ATTR the ports are global names IN/OUT and R1 stays alone
    const link = parent.childrenOf(blk).find((k) => parent.get(k)![3] === SHEET_ATTR)!;
    parent.commit('unlink', (tx) => tx.remove(link));
    const nets3 = buildNetlist(sheets, ctx);
    // (an unlinked block is an ordinary part: its pin IN is on R1's net, nothing of the child is)
    expect(nets3.find((n) => n.pins.some((p) => p.component === r1 && p.x === 20))!.pins.map((p) => `${p.sheet}:${p.component}`).sort()).toEqual([`Top:${blk}`, `Top:${r1}`].sort());
    expect(nets3.find((n) => n.name === 'IN')!.pins.map((p) => p.component)).toEqual([child.r2]);
  });

  it('descend returns the child sheet of a sheet symbol; the actions create and descend through the host', () => {
    const ctx = context();
    const child = childSheet(ctx);
    const parent = sheet();
    const sheets: SheetInput[] = [{ name: 'Top', doc: parent }, { name: 'Filter/1', doc: child.doc }, { name: 'Other', doc: sheet() }];
    const opened: string[] = [];
    let pick: SheetInput | undefined;
    const ed = new SchematicEditor(parent, { ctx, hierarchy: { sheets: () => sheets, chooseChildSheet: () => pick, openSheet: (s) => opened.push(s.name) } });
    const r = ed.placeComponent(RES, '', 0, 0);
    expect(descend(parent, r, sheets, ctx)).toBeUndefined(); // not a sheet symbol
    expect(ed.actions.run('place.sheetSymbol')).toBe(true); // cancelled pick: nothing placed
    expect(parent.ofType('COMPONENT').length).toBe(1);
    pick = sheets[1];
    ed.cursor = { x: 201, y: 3 };
    ed.actions.run('place.sheetSymbol');
    const blk = ed.selection.ids[0];
    expect(parent.get(blk)!.slice(3, 5)).toEqual([200, 5]); // snapped cursor
    // a Sheet value names a child schematic: "Filter" reaches "Filter/1"
    ed.setAttribute(blk, SHEET_ATTR, 'Filter');
    expect(descend(parent, blk, sheets, ctx)).toBe(sheets[1]);
    expect(ed.actions.run('view.descend')).toBe(true);
    expect(opened).toEqual(['Filter/1']);
    ed.selection.select([r]);
    expect(ed.actions.run('view.descend')).toBe(false); // disabled: not a sheet symbol
    // without a host both actions are disabled
    const bare = new SchematicEditor(sheet(), { ctx });
    expect(bare.actions.run('place.sheetSymbol')).toBe(false);
  });

  it('an explicit opts.blocks link wins over the Sheet ATTR', () => {
    const ctx = context();
    const a = childSheet(ctx), b = childSheet(ctx);
    const parent = sheet();
    const ed = new SchematicEditor(parent, { ctx });
    const r1 = ed.placeComponent(RES, '', 0, 0);
    const blk = ed.createSheetSymbol({ name: 'A', doc: a.doc }, { x: 200, y: 0 });
    const pin = componentPins(parent, blk, ctx).find((p) => p.name === 'IN')!;
    ed.addWire([{ x: 20, y: 0 }, { x: 60, y: 0 }, { x: 60, y: pin.y }, { x: pin.x, y: pin.y }]);
    const sheets: SheetInput[] = [{ name: 'Top', doc: parent }, { name: 'A', doc: a.doc }, { name: 'B', doc: b.doc }];
    const nets = buildNetlist(sheets, ctx, { blocks: [{ sheet: 'Top', component: blk, childSheets: ['B'] }] });
    const net = nets.find((n) => n.pins.some((p) => p.component === r1 && p.x === 20))!;
    expect(net.pins.map((p) => `${p.sheet}:${p.component}`).sort()).toEqual([`B:${b.r2}`, `Top:${r1}`].sort());
  });
});
