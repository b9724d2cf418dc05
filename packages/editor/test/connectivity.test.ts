import { describe, expect, it } from 'vitest';
import {
  EditorDocument, SchematicEditor, buildNetlist, contextFromArchive, listSheets, openDocument, runErc, netOf,
  type PlaceTool, type SchContext,
} from '../src/index.ts';
import { entryText, fixture } from './fixtures.ts';

const a = fixture('STM32G431-mini.epro');
const ctx: SchContext = contextFromArchive(a);
const sheet = listSheets(a)[0];
const text = entryText(a, sheet.path);

/** A one-pin symbol whose pin is an output: for conflicting-output checks. */
const OUT_SYM = [
  '["DOCTYPE","SYMBOL","1.1"]', '["HEAD",{"originX":0,"originY":0,"symbolType":2}]', '["PART","DRV.1",{"BBOX":[-10,10,10,-10]}]',
  '["RECT","e1",-10,10,10,-10,0,0,0,null,0]', '["PIN","e2",1,null,20,0,10,180,null,0,0]',
  '["ATTR","e3","e2","NAME","Y",false,true,null,null,0,null,0]', '["ATTR","e4","e2","NUMBER","1",false,true,null,null,0,null,0]',
  '["ATTR","e5","e2","Pin Type","OUT",false,false,null,null,0,null,0]',
].join('\n');

function withDriver(): SchContext {
  const symbols = new Map(ctx.symbols);
  symbols.set('drv', { uuid: 'drv', title: 'DRV', type: 2, doc: openDocument(OUT_SYM) });
  return { ...ctx, symbols };
}

const PORT_SYM = [
  '["DOCTYPE","SYMBOL","1.1"]', '["HEAD",{"originX":0,"originY":0,"symbolType":19}]', '["PART","",{"BBOX":[0,5,20,-5]}]',
  '["ATTR","e1","","Name","",0,0,null,null,0,null,0]', '["POLY","e2",[0,0,5,5,20,5,20,-5,5,-5,0,0],true,null,0]',
  '["PIN","e3",1,null,0,0,0,0,null,0,0]', '["ATTR","e4","e3","NAME","P",false,false,null,null,0,null,0]',
].join('\n');
const BLOCK_SYM = [
  '["DOCTYPE","SYMBOL","1.1"]', '["HEAD",{"originX":0,"originY":0,"symbolType":17}]', '["PART","BLK.1",{"BBOX":[-20,20,20,-20]}]',
  '["RECT","e1",-20,20,20,-20,0,0,0,null,0]',
  '["PIN","e2",1,null,-30,0,10,0,null,0,0]', '["ATTR","e3","e2","NAME","A",false,true,null,null,0,null,0]', '["ATTR","e4","e2","NUMBER","1",false,false,null,null,0,null,0]',
].join('\n');

describe('connectivity', () => {
  it('hierarchy: a block pin joins the net of the same-named port inside its child sheet, ports stay local to the instance', () => {
    const symbols = new Map(ctx.symbols);
    symbols.set('port', { uuid: 'port', title: 'Port', type: 19, doc: openDocument(PORT_SYM) });
    symbols.set('blk', { uuid: 'blk', title: 'BLK', type: 17, doc: openDocument(BLOCK_SYM) });
    const c2: SchContext = { ...ctx, symbols };
    const mk = () => new EditorDocument([{ docType: 'SCH', version: '1.1', records: [['DOCTYPE', 'SCH', '1.1']] }]);
    const top = mk(), child = mk(), other = mk();
    const eTop = new SchematicEditor(top, { ctx: c2 }), eChild = new SchematicEditor(child, { ctx: c2 }), eOther = new SchematicEditor(other, { ctx: c2 });
    const r1 = eTop.placeComponent('e956bc515dd74744a6fd01ab3b6812d3', '', 0, 0);
    const blk = eTop.placeComponent('blk', '', 100, 0);
    eTop.addWire([{ x: 20, y: 0 }, { x: 70, y: 0 }]); // R1 pin -> block pin A at (70, 0)
    const port = eChild.placeComponent('port', '', 0, 0);
    eChild.setAttribute(port, 'Name', 'A');
    const r2 = eChild.placeComponent('e956bc515dd74744a6fd01ab3b6812d3', '', 40, 0);
    eChild.addWire([{ x: 0, y: 0 }, { x: 20, y: 0 }]); // port -> R2 left pin
    const op = eOther.placeComponent('port', '', 0, 0);
    eOther.setAttribute(op, 'Name', 'A');
    const r3 = eOther.placeComponent('e956bc515dd74744a6fd01ab3b6812d3', '', 40, 0);
    eOther.addWire([{ x: 0, y: 0 }, { x: 20, y: 0 }]);
    const nets = buildNetlist([{ name: 'Top', doc: top }, { name: 'Sub', doc: child }, { name: 'Other', doc: other }], c2, {
      blocks: [{ sheet: 'Top', component: blk, childSheets: ['Sub'] }],
    });
    const withR1 = nets.find((n) => n.pins.some((p) => p.component === r1 && p.x === 20))!;
    expect(withR1.pins.map((p) => `${p.sheet}:${p.component}`).sort()).toEqual([`Sub:${r2}`, `Top:${r1}`].sort());
    // the block's own pin is not a part pin; the port A of an unrelated sheet is a different (global) net
    expect(nets.some((n) => n.pins.some((p) => p.sheet === 'Top' && p.component === blk))).toBe(false);
    expect(withR1.pins.some((p) => p.sheet === 'Other' && p.component === r3)).toBe(false);
    expect(nets.find((n) => n.name === 'A')!.pins.map((p) => `${p.sheet}:${p.component}`)).toEqual([`Other:${r3}`]);
  });

  it('netlist of a real sheet: labels, flags, wires and pins join; shorts merge', () => {
    const nets = buildNetlist([{ name: 'P1', doc: openDocument(text) }], ctx);
    const byName = new Map(nets.map((n) => [n.name, n]));
    const pins = (n: string) => byName.get(n)!.pins.map((p) => `${p.designator}.${p.number}`).sort();
    expect(pins('OSC_OUT')).toEqual(['C74.2', 'U26.6', 'X1.1']);
    expect(pins('SWDIO')).toEqual(['H1.3', 'U26.36']);
    // GND: flags all over the sheet make one net
    expect(byName.get('GND')!.pins.length).toBe(33);
    expect(byName.get('GND')!.flags.get('P1')!.length).toBeGreaterThan(5);
    // unnamed nets get generated names
    expect(nets.filter((n) => !n.named).every((n) => n.name.startsWith('$N'))).toBe(true);
  });

  it('nets with the same name on two sheets are one net', () => {
    const mk = () => new EditorDocument([{ docType: 'SCH', version: '1.1', records: [['DOCTYPE', 'SCH', '1.1']] }]);
    const s1 = mk(), s2 = mk();
    const e1 = new SchematicEditor(s1, { ctx }), e2 = new SchematicEditor(s2, { ctx });
    const r1 = e1.placeComponent('e956bc515dd74744a6fd01ab3b6812d3', '', 0, 0);
    const r2 = e2.placeComponent('e956bc515dd74744a6fd01ab3b6812d3', '', 0, 0);
    const w1 = e1.addWire([{ x: 20, y: 0 }, { x: 60, y: 0 }]);
    const w2 = e2.addWire([{ x: 20, y: 0 }, { x: 60, y: 0 }]);
    e1.setNetLabel(w1, 'SIG', { x: 40, y: 0 });
    e2.setNetLabel(w2, 'SIG', { x: 40, y: 0 });
    const nets = buildNetlist([{ name: 'A', doc: s1 }, { name: 'B', doc: s2 }], ctx);
    const sig = nets.find((n) => n.name === 'SIG')!;
    expect(sig.pins.map((p) => `${p.sheet}:${p.component}`).sort()).toEqual([`A:${r1}`, `B:${r2}`]);
    expect(netOf(nets, 'B', w2)).toBe(sig);
    // highlight on the editor: the wire and the component of the net
    const n = e1.highlightNet(w1, [{ name: 'B', doc: s2 }]);
    expect(n?.name).toBe('SIG');
    expect([...e1.highlight].sort()).toEqual([r1, w1].sort());
  });

  it('ERC on a real sheet: pins marked NO_CONNECT are not flagged; without the mark they are', () => {
    const doc = openDocument(text);
    const unconnected = () => runErc([{ name: 'P1', doc }], ctx).filter((m) => m.rule === 'unconnected-pin').map((m) => m.message).sort();
    // the six open pins of P1 (H1.1, SW1.4, SW2.4, U28.4, USB2.A8, USB2.B8) each carry a pin ATTR NO_CONNECT "yes"
    const marks = doc.ofType('ATTR').filter(([, r]) => r[3] === 'NO_CONNECT');
    expect(marks.length).toBe(6);
    expect(unconnected()).toEqual([]);
    expect(runErc([{ name: 'P1', doc }], ctx).filter((m) => m.rule === 'duplicate-designator')).toEqual([]);
    // H1 pin 1 ends at (1050, 785) where no wire, label or flag is: only the mark keeps it quiet
    const h1 = marks.find(([, r]) => r[2] === 'e4546e5')!;
    doc.commit('unmark', (tx) => tx.remove(h1[0]));
    expect(unconnected()).toEqual(['Pin H1.1 is not connected']);
    doc.commit('unmark all', (tx) => { for (const [k] of doc.ofType('ATTR').filter(([, r]) => r[3] === 'NO_CONNECT')) tx.remove(k); });
    expect(unconnected()).toEqual([
      'Pin H1.1 is not connected', 'Pin SW1.4 is not connected', 'Pin SW2.4 is not connected',
      'Pin U28.4 is not connected', 'Pin USB2.A8 is not connected', 'Pin USB2.B8 is not connected',
    ]);
  });

  it('ERC: conflicting outputs, single-pin nets, duplicate designators, and clicking a marker selects', () => {
    const c2 = withDriver();
    const doc = new EditorDocument([{ docType: 'SCH', version: '1.1', records: [['DOCTYPE', 'SCH', '1.1']] }]);
    const ed = new SchematicEditor(doc, { ctx: c2 });
    const d1 = ed.placeComponent('drv', '', 0, 0), d2 = ed.placeComponent('drv', '', 0, 100);
    ed.setAttribute(d1, 'Designator', 'U1'); ed.setAttribute(d2, 'Designator', 'U1');
    ed.addWire([{ x: 20, y: 0 }, { x: 60, y: 0 }, { x: 60, y: 100 }, { x: 20, y: 100 }]);
    const r = ed.placeComponent('e956bc515dd74744a6fd01ab3b6812d3', '', 200, 0);
    ed.setAttribute(r, 'Designator', 'R1');
    ed.addWire([{ x: 220, y: 0 }, { x: 260, y: 0 }]); // goes nowhere: single-pin net
    const markers = runErc([{ name: 'S', doc }], c2);
    const rules = markers.map((m) => m.rule).sort();
    expect(rules).toEqual(['conflicting-outputs', 'duplicate-designator', 'duplicate-designator', 'single-pin-net', 'unconnected-pin']);
    const conflict = markers.find((m) => m.rule === 'conflicting-outputs')!;
    expect(conflict.ids.sort()).toEqual([d1, d2].sort());
    expect(markers.find((m) => m.rule === 'unconnected-pin')!.message).toBe('Pin R1.1 is not connected');
    // the ERC action keeps the markers; a click on one selects its records and centres the view
    ed.actions.run('tools.erc');
    expect(ed.markers.map((m) => m.rule).sort()).toEqual(rules);
    ed.pointer({ kind: 'down', x: conflict.x + 1, y: conflict.y - 1 });
    ed.pointer({ kind: 'up', x: conflict.x + 1, y: conflict.y - 1 });
    expect(ed.selection.ids.sort()).toEqual([d1, d2].sort());
    expect([ed.viewport.cx, ed.viewport.cy]).toEqual([conflict.x, conflict.y]);
  });

  it('a net flag placed with the tool joins the net of the wire it touches', () => {
    const doc = new EditorDocument([{ docType: 'SCH', version: '1.1', records: [['DOCTYPE', 'SCH', '1.1']] }]);
    const ed = new SchematicEditor(doc, { ctx });
    const r = ed.placeComponent('e956bc515dd74744a6fd01ab3b6812d3', '', 0, 0);
    ed.addWire([{ x: -20, y: 0 }, { x: -50, y: 0 }, { x: -50, y: -30 }]);
    (ed.tools.get('place') as PlaceTool).arm('bfb0cf3b44b64572a1f1579aa16ff68f');
    ed.tools.activate('place');
    ed.pointer({ kind: 'down', x: -50, y: -30 }); // ground flag pin at its origin
    const gnd = buildNetlist([{ name: 'S', doc }], ctx).find((n) => n.name === 'GND')!;
    expect(gnd.pins.map((p) => p.component)).toEqual([r]);
  });
});
