/**
 * [issue-14] Schematic essentials on the headless editor with synthetic events: power/ground flags
 * and net ports from a project that has no flag symbol, no-connect flags, automatic junctions, the
 * net label's name question, the placing ghost (R/X/Y before the click), arrow-key nudge, find,
 * annotation of all sheets with a choice of order, values and device names shown, the grid.
 */
import { describe, expect, it } from 'vitest';
import { parseDocuments } from '@copperplate/format';
import {
  EditorDocument, SchematicEditor, buildNetlist, componentPins, contextFromArchive, drawnGridStep, openDocument, opBBox,
  renderSchematicSvg, runErc, serializeDocument, unionBox, emptyBox, type NetLabelTool, type PlaceTool, type SchContext,
} from '../src/index.ts';
import { fixture } from './fixtures.ts';

const RES = 'e956bc515dd74744a6fd01ab3b6812d3'; // 电阻: pins at (-20,0) and (20,0)
const RES_DEV = '00177061e2ba4c07beff1dc72a8753dd'; // Res_0603, Value 10K, Designator R?
const full: SchContext = contextFromArchive(fixture('STM32G431-mini.epro'));

const blank = () => new EditorDocument(parseDocuments('["DOCTYPE","SCH","1.1"]\n["HEAD",{"originX":0,"originY":0,"maxId":0}]'));
/** A project with parts but no flag symbols (as a new project that imported one resistor). */
function partsOnly(): SchContext {
  return { symbols: new Map([[RES, full.symbols.get(RES)!]]), devices: { [RES_DEV]: full.devices[RES_DEV] } };
}

function setup(ctx: SchContext = partsOnly(), o: Partial<ConstructorParameters<typeof SchematicEditor>[1]> = {}) {
  const doc = blank();
  const created: string[] = [];
  const ed = new SchematicEditor(doc, { ctx, onSymbolCreated: (info, text) => { created.push(info.title); expect(openDocument(text).docType).toBe('SYMBOL'); }, ...o });
  const click = (x: number, y: number) => { ed.pointer({ kind: 'down', x, y }); ed.pointer({ kind: 'up', x, y }); };
  const key = (k: string, m: { ctrl?: boolean; shift?: boolean } = {}) => ed.key({ key: k, ...m });
  return { doc, ed, ctx, created, click, key };
}

const attr = (doc: EditorDocument, parent: string, key: string) => doc.records().find((r) => r[0] === 'ATTR' && r[2] === parent && r[3] === key);

describe('[issue-14] schematic essentials', () => {
  it('power and ground flags and net ports: the built-in symbols are added once, flags of one name are one net', () => {
    const { doc, ed, ctx, created, click, key } = setup();
    ed.armNetFlag('VCC');
    expect(ed.tools.active?.id).toBe('place');
    click(0, 100);
    click(200, 100); // a second VCC flag: same symbol
    key('Escape'); key('Escape');
    const gnd = ed.placeNetFlag('GND', 0, -100);
    const port = ed.placeNetFlag('SDA', 300, 0, { style: 'port' });
    expect(created).toEqual(['Power-Bar', 'Ground-GND', 'Net-Port']);
    const flags = doc.ofType('COMPONENT');
    expect(flags).toHaveLength(4);
    expect(attr(doc, flags[0][0], 'Global Net Name')?.[4]).toBe('VCC');
    expect(attr(doc, gnd, 'Global Net Name')?.slice(4, 9)).toEqual(['GND', 0, 1, 0, -125]); // under the ground bars
    expect(attr(doc, port, 'Name')?.[4]).toBe('SDA');
    const types = [...ctx.symbols.values()].map((s) => s.type).sort();
    expect(types).toEqual([18, 18, 19, 2]);
    // a resistor between the two VCC flags' pins: both its pins on net VCC
    const r = ed.placeComponent(RES, RES_DEV, 100, 120);
    const pins = componentPins(doc, r, ctx);
    ed.addWire([{ x: 0, y: 100 }, { x: 0, y: 120 }, { x: pins[0].x, y: 120 }]);
    ed.addWire([{ x: 200, y: 100 }, { x: 200, y: 120 }, { x: pins[1].x, y: 120 }]);
    const nets = buildNetlist([{ name: 'P1', doc }], ctx);
    const vcc = nets.find((n) => n.name === 'VCC')!;
    expect(vcc.named).toBe(true);
    expect(vcc.pins.filter((p) => p.component === r)).toHaveLength(2);
    // ERC: a pin on a flag's net is supplied by the flag (no single-pin warning); the others are still reported
    const g = componentPins(doc, gnd, ctx)[0];
    const r2 = ed.placeComponent(RES, RES_DEV, 0, -60);
    const [q1, q2] = componentPins(doc, r2, ctx);
    ed.addWire([{ x: g.x, y: g.y }, { x: g.x, y: -60 }, { x: q1.x, y: q1.y }]);
    const erc = runErc([{ name: 'P1', doc }], ctx).map((m) => [m.rule, m.x, m.y]);
    expect(erc.filter(([rule]) => rule === 'single-pin-net')).toEqual([]);
    expect(erc).toContainEqual(['unconnected-pin', q2.x, q2.y]);
    // a project that has the flag symbol reuses it (the fixture's Ground-GND)
    const other = setup(full);
    other.ed.placeNetFlag('GND', 0, 0);
    expect(other.created).toEqual([]);
    // the flags survive a round trip through the text format
    expect(openDocument(serializeDocument(doc)).records()).toHaveLength(doc.records().length);
  });

  it('no-connect flag (Q): a click on a pin end marks it, ERC stops reporting it, a second click removes the mark', () => {
    const { doc, ed, ctx, click, key } = setup();
    const r = ed.placeComponent(RES, RES_DEV, 100, 100);
    const [a, b] = componentPins(doc, r, ctx);
    expect(runErc([{ name: 'P1', doc }], ctx).filter((m) => m.rule === 'unconnected-pin')).toHaveLength(2);
    key('q');
    expect(ed.tools.active?.id).toBe('noConnect');
    click(a.x + 1, a.y - 1); // near the pin end
    click(b.x, b.y);
    const marks = doc.records().filter((r2) => r2[0] === 'ATTR' && r2[3] === 'NO_CONNECT');
    expect(marks.map((m) => [m[2], m[4], m[7], m[8]]).sort()).toEqual([[r + a.pin, 'yes', a.x, a.y], [r + b.pin, 'yes', b.x, b.y]].sort());
    expect(runErc([{ name: 'P1', doc }], ctx).filter((m) => m.rule === 'unconnected-pin')).toHaveLength(0);
    expect(renderSchematicSvg(doc, { ctx })).toContain('data-kind="ATTR"><polyline'); // the cross
    click(b.x, b.y);
    expect(doc.records().filter((r2) => r2[0] === 'ATTR' && r2[3] === 'NO_CONNECT')).toHaveLength(1);
    click(500, 500); // nowhere near a pin: nothing
    expect(doc.records().filter((r2) => r2[0] === 'ATTR' && r2[3] === 'NO_CONNECT')).toHaveLength(1);
  });

  it('junctions are drawn by themselves where a wire ends on another one (T) and go when it goes', () => {
    const { ed } = setup();
    ed.addWire([{ x: 0, y: 0 }, { x: 100, y: 0 }]);
    expect(ed.scene.junctions.size).toBe(0);
    const t = ed.addWire([{ x: 50, y: 0 }, { x: 50, y: 50 }]);
    expect([...ed.scene.junctions.values()]).toEqual([{ x: 50, y: 0 }]);
    expect(ed.scene.junctionItem?.ops.some((o) => o.t === 'circle' && o.cx === 50 && o.cy === 0)).toBe(true);
    ed.selection.select([t]);
    ed.deleteSelection();
    expect(ed.scene.junctions.size).toBe(0);
  });

  it('a net label asks for its name (the next free one suggested), shows it at the cursor, and places nothing when cancelled', async () => {
    const answers: Array<string | null> = ['SDA', null];
    const asked: string[] = [];
    const { doc, ed, click, key } = setup(partsOnly(), { askName: (s) => { asked.push(s); return answers.shift(); } });
    const w = ed.addWire([{ x: 0, y: 0 }, { x: 100, y: 0 }]);
    key('n');
    ed.pointer({ kind: 'move', x: 41, y: 1 });
    const g = ed.ghost();
    expect(g).toEqual([expect.objectContaining({ t: 'text', text: 'NET1', x: 40 })]);
    click(40, 0);
    expect(attr(doc, w, 'NET')?.slice(4, 9)).toEqual(['SDA', 0, 1, 40, 0]);
    expect((ed.tools.get('netLabel') as NetLabelTool).name).toBe('SDA1');
    click(60, 0); // cancelled
    expect(attr(doc, w, 'NET')?.[4]).toBe('SDA');
    expect(asked).toEqual(['NET1', 'SDA1']);
    // an asynchronous question (the web app's dialog): the label lands when answered
    const slow = setup(partsOnly(), { askName: async () => 'CLK' });
    const w2 = slow.ed.addWire([{ x: 0, y: 0 }, { x: 100, y: 0 }]);
    slow.key('n');
    slow.click(20, 0);
    expect((slow.ed.tools.get('netLabel') as NetLabelTool).state).toBe('asking');
    await Promise.resolve(); await Promise.resolve();
    expect(attr(slow.doc, w2, 'NET')?.[4]).toBe('CLK');
  });

  it('placing: a ghost of the part follows the cursor; R, X and Y turn and flip it before the click', () => {
    const { doc, ed, click, key } = setup();
    (ed.tools.get('place') as PlaceTool).arm(RES, RES_DEV);
    ed.tools.activate('place');
    const box = () => ed.ghost().reduce((b, o) => unionBox(b, opBBox(o)), emptyBox());
    ed.pointer({ kind: 'move', x: 302, y: 199 });
    let b = box();
    expect(b.minX).toBeLessThanOrEqual(280); expect(b.maxX).toBeGreaterThanOrEqual(320); // pins at 300 -/+ 20 on the snapped cursor
    expect(b.maxY - b.minY).toBeLessThan(b.maxX - b.minX);
    key('r');
    b = box();
    expect(b.maxY - b.minY).toBeGreaterThan(b.maxX - b.minX); // turned upright
    expect(doc.ofType('COMPONENT')).toHaveLength(0); // nothing placed yet
    key('x'); key('y');
    const t = ed.tools.get('place') as PlaceTool;
    expect([t.rot, t.mirror]).toEqual([270, false]);
    click(300, 200);
    const [[k, c]] = doc.ofType('COMPONENT');
    expect(c.slice(3, 7)).toEqual([300, 200, 270, 0]);
    expect(ed.selection.ids).toEqual([k]);
    key('Escape');
    expect(ed.ghost()).toEqual([]);
  });

  it('arrow keys nudge the selection by one grid step (the grid size is settable); nothing selected, nothing moves', () => {
    const { doc, ed, key } = setup();
    const r = ed.placeComponent(RES, RES_DEV, 100, 100);
    expect(key('ArrowRight')).toBe(true);
    expect(doc.get(r)!.slice(3, 5)).toEqual([105, 100]);
    ed.setGridSize(10);
    key('ArrowUp'); key('ArrowUp'); key('ArrowLeft');
    expect(doc.get(r)!.slice(3, 5)).toEqual([95, 120]);
    key('ArrowDown');
    expect(doc.get(r)!.slice(3, 5)).toEqual([95, 110]);
    key('z', { ctrl: true });
    expect(doc.get(r)!.slice(3, 5)).toEqual([95, 120]);
    ed.selection.clear();
    expect(key('ArrowLeft')).toBe(false);
    expect(ed.grid.snap(13)).toBe(10);
  });

  it('find (Ctrl+F) returns parts by designator, value and device, nets by label and flag name, and text', () => {
    const { ed } = setup();
    const r1 = ed.placeComponent(RES, RES_DEV, 100, 100);
    ed.setAttribute(r1, 'Designator', 'R7');
    const w = ed.addWire([{ x: 0, y: 0 }, { x: 100, y: 0 }]);
    ed.setNetLabel(w, 'SDA', { x: 50, y: 0 });
    const vcc = ed.placeNetFlag('VCC', 0, 200);
    const txt = ed.addText(10, 300, 'Decoupling near U1');
    expect(ed.find('r7').map((h) => [h.kind, h.key])).toEqual([['part', r1]]);
    expect(ed.find('10k').map((h) => h.key)).toEqual([r1]);
    expect(ed.find('res_0603').map((h) => h.label)).toEqual(['R7 Res_0603']);
    expect(ed.find('sda').map((h) => [h.kind, h.key, h.x])).toEqual([['net', w, 50]]);
    expect(ed.find('vcc').map((h) => [h.kind, h.key])).toEqual([['net', vcc]]);
    expect(ed.find('decoupling').map((h) => [h.kind, h.key])).toEqual([['text', txt]]);
    expect(ed.find('nothing-like-this')).toEqual([]);
    ed.focusHit(ed.find('sda')[0]);
    expect(ed.selection.ids).toEqual([w]);
    expect([ed.viewport.cx, ed.viewport.cy]).toEqual([50, 0]);
  });

  it('annotate the whole schematic: numbers unique across sheets in tree order, by rows or by columns, or renumber all', () => {
    const ctx = partsOnly();
    const p1 = setup(ctx), p2 = setup(ctx);
    p1.ed.sheetName = 'P1';
    const a = p1.ed.placeComponent(RES, RES_DEV, 100, 100); // R?
    const b = p1.ed.placeComponent(RES, RES_DEV, 300, 300);
    const c = p2.ed.placeComponent(RES, RES_DEV, 0, 0);
    p2.ed.setAttribute(c, 'Designator', 'R1');
    const d = p2.ed.placeComponent(RES, RES_DEV, 50, 500); // R?
    const des = (s: ReturnType<typeof setup>, k: string) => attr(s.doc, k, 'Designator')?.[4];
    // P2 first in tree order: its R1 stays, its R? comes next (top row first), then P1's by rows
    const out = p1.ed.annotateAll([{ name: 'P2', doc: p2.doc }], { sheetOrder: ['P2', 'P1'] });
    expect([des(p2, c), des(p2, d), des(p1, b), des(p1, a)]).toEqual(['R1', 'R2', 'R3', 'R4']);
    expect([...out.keys()].sort()).toEqual(['P1', 'P2']);
    // renumber all by columns, this sheet first: P1 left to right (a at x 100, b at 300), then P2 (c x 0, d x 50)
    p1.ed.annotateAll([{ name: 'P2', doc: p2.doc }], { order: 'columns', renumber: true });
    expect([des(p1, a), des(p1, b), des(p2, c), des(p2, d)]).toEqual(['R1', 'R2', 'R3', 'R4']);
    // by rows on P2 alone: d (y 500) above c (y 0)
    p2.ed.annotate({ order: 'rows', renumber: true });
    expect([des(p2, d), des(p2, c)]).toEqual(['R1', 'R2']);
    p2.ed.undo();
    expect([des(p2, c), des(p2, d)]).toEqual(['R3', 'R4']);
  });

  it('a placed part shows its designator, its value and its device name', () => {
    const { doc, ed, ctx } = setup();
    const r = ed.placeComponent(RES, RES_DEV, 100, 100);
    expect(attr(doc, r, 'Name')?.slice(4, 7)).toEqual(['={Value}', 0, 1]);
    expect(attr(doc, r, 'Device')?.slice(4, 7)).toEqual([RES_DEV, 0, 1]);
    const svg = renderSchematicSvg(doc, { ctx });
    expect(svg).toContain('>R?<');
    expect(svg).toContain('>10K<');
    expect(svg).toContain('>Res_0603<');
    expect(ed.attributeValue(r, 'Name')).toBe('10K');
  });

  it('the grid: drawn every grid step, or every 5th when the points would be closer than 6 pixels', () => {
    expect(drawnGridStep(5, 2)).toBe(5);
    expect(drawnGridStep(5, 1)).toBe(25);
    expect(drawnGridStep(10, 0.01)).toBe(1250);
    const { ed } = setup();
    expect(ed.gridVisible).toBe(true);
    ed.setGridSize(0); // refused
    expect(ed.grid.size).toBe(5);
    ed.setGridSize(2.5);
    expect(ed.grid.snapPt({ x: 3.3, y: -1.4 })).toEqual({ x: 2.5, y: -2.5 });
  });
});
