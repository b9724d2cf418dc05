import { describe, expect, it } from 'vitest';
import { parseDocuments } from '@copperplate/format';
import {
  EditorDocument, SchematicEditor, contextFromArchive, componentPins, junctions, openDocument, serializeDocument, wirePolys,
  type PlaceTool, type SchContext,
} from '../src/index.ts';
import { fixture } from './fixtures.ts';

const RES = 'e956bc515dd74744a6fd01ab3b6812d3'; // 电阻: pins at (-20,0) and (20,0)
const GND = 'bfb0cf3b44b64572a1f1579aa16ff68f'; // Ground-GND net flag (type 18)
const ctx: SchContext = contextFromArchive(fixture('STM32G431-mini.epro'));

function setup() {
  let edited = 0;
  const doc = new EditorDocument(parseDocuments('["DOCTYPE","SCH","1.1"]\n["HEAD",{"originX":0,"originY":0,"maxId":0}]'), { onEdited: () => edited++ });
  const ed = new SchematicEditor(doc, { ctx });
  const click = (x: number, y: number, o: { shift?: boolean } = {}) => { ed.pointer({ kind: 'down', x, y, ...o }); ed.pointer({ kind: 'up', x, y, ...o }); };
  const drag = (x0: number, y0: number, x1: number, y1: number) => {
    ed.pointer({ kind: 'down', x: x0, y: y0 });
    ed.pointer({ kind: 'move', x: (x0 + x1) / 2, y: (y0 + y1) / 2 });
    ed.pointer({ kind: 'move', x: x1, y: y1 });
    ed.pointer({ kind: 'up', x: x1, y: y1 });
  };
  const key = (k: string, o: { ctrl?: boolean; shift?: boolean } = {}) => ed.key({ key: k, ...o });
  const place = (sym: string, x: number, y: number) => {
    (ed.tools.get('place') as PlaceTool).arm(sym);
    ed.tools.activate('place');
    click(x, y);
    key('Escape'); key('Escape');
    return ed.selection.ids[0];
  };
  return { doc, ed, click, drag, key, place, edits: () => edited };
}

/** Serialize, reparse, compare: the edit gave valid FORMAT.md records. */
function roundTrips(doc: EditorDocument): void {
  const text = serializeDocument(doc);
  const again = openDocument(text);
  expect(again.records().map((r) => JSON.stringify(r))).toEqual(doc.records().map((r) => JSON.stringify(r)));
  for (const r of again.records()) expect(typeof r[0]).toBe('string');
}

describe('schematic tools with synthetic events', () => {
  it('place (P), wire (W) with orthogonal routing between two pins, net label (N), move with rubber-banding, undo/redo', () => {
    const { doc, ed, click, drag, key, place } = setup();
    const r1 = place(RES, 100, 100);
    const r2 = place(RES, 200, 200);
    expect(componentPins(doc, r1, ctx).map((p) => [p.x, p.y]).sort()).toEqual([[120, 100], [80, 100]].sort());
    // wire from R1's right pin to R2's left pin
    key('w');
    expect(ed.tools.active?.id).toBe('wire');
    click(120, 100);
    ed.pointer({ kind: 'move', x: 178, y: 203 }); // snapped to 180,205 by the 5-unit grid... and routed
    click(180, 200); // a pin: the wire ends by itself
    expect(ed.tools.active?.state).toBe('idle');
    const wires = doc.ofType('WIRE');
    expect(wires).toHaveLength(1);
    const [wk, w] = wires[0];
    expect(wirePolys(w)).toEqual([[120, 100, 120, 200, 180, 200]]); // vertical first (farther up than sideways), then horizontal
    // net label on the wire
    key('Escape'); key('n');
    click(150, 200);
    const label = doc.childrenOf(wk).map((k) => doc.get(k)!).find((r) => r[3] === 'NET')!;
    expect(label.slice(3, 9)).toEqual(['NET', 'NET1', 0, 1, 150, 200]);
    // move R1 up by 50 with the select tool: the wire end follows the pin
    key('Escape');
    expect(ed.tools.active?.id).toBe('select');
    drag(100, 101, 100, 151);
    expect(doc.get(r1)!.slice(3, 5)).toEqual([100, 150]);
    expect(wirePolys(doc.get(wk)!)).toEqual([[120, 150, 120, 200, 180, 200]]);
    // move R2 sideways: an elbow keeps the wire orthogonal
    ed.selection.select([r2]);
    ed.moveSelection(0, -20);
    expect(wirePolys(doc.get(wk)!)).toEqual([[120, 150, 120, 180, 180, 180]]);
    // undo twice: back to before the first move; redo once
    key('z', { ctrl: true });
    key('z', { ctrl: true });
    expect(doc.get(r1)!.slice(3, 5)).toEqual([100, 100]);
    expect(wirePolys(doc.get(wk)!)).toEqual([[120, 100, 120, 200, 180, 200]]);
    key('y', { ctrl: true });
    expect(doc.get(r1)!.slice(3, 5)).toEqual([100, 150]);
    expect(wirePolys(doc.get(wk)!)).toEqual([[120, 150, 120, 200, 180, 200]]);
    roundTrips(doc);
  });

  it('[TKT-2] every commit, undo and redo marks the document edited; selection changes do not', () => {
    const { ed, place, key, edits } = setup();
    place(RES, 0, 0);
    expect(edits()).toBe(1);
    ed.selection.clear();
    expect(edits()).toBe(1);
    key('z', { ctrl: true });
    key('y', { ctrl: true });
    expect(edits()).toBe(3);
  });

  it('click, shift-click and box selection; rotate (Space), mirror (X), delete and undo', () => {
    const { doc, ed, click, drag, key, place } = setup();
    const a = place(RES, 100, 100);
    const b = place(RES, 300, 100);
    key('Escape');
    click(100, 100);
    expect(ed.selection.ids).toEqual([a]);
    click(300, 100, { shift: true });
    expect(ed.selection.ids.sort()).toEqual([a, b].sort());
    click(300, 100, { shift: true });
    expect(ed.selection.ids).toEqual([a]);
    click(500, 500);
    expect(ed.selection.size).toBe(0);
    drag(50, 50, 350, 150); // box around both (their designator/name texts included)
    expect(ed.selection.ids.filter((k) => doc.get(k)![0] === 'COMPONENT').sort()).toEqual([a, b].sort());
    click(100, 100);
    key(' ');
    expect(doc.get(a)![5]).toBe(90);
    expect(componentPins(doc, a, ctx).map((p) => [p.x, p.y]).sort()).toEqual([[100, 120], [100, 80]].sort());
    key('x');
    expect(doc.get(a)![6]).toBe(1);
    key('Delete');
    expect(doc.has(a)).toBe(false);
    expect(doc.records().filter((r) => r[0] === 'ATTR' && r[2] === a)).toHaveLength(0);
    key('z', { ctrl: true });
    expect(doc.has(a)).toBe(true);
    expect(doc.childrenOf(a).length).toBeGreaterThan(2);
    roundTrips(doc);
  });

  it('rotating a wired component drags the wire end to the rotated pin', () => {
    const { doc, ed, place } = setup();
    const a = place(RES, 100, 100);
    const w = ed.addWire([{ x: 120, y: 100 }, { x: 200, y: 100 }]);
    ed.selection.select([a]);
    ed.rotateSelection();
    const pin = componentPins(doc, a, ctx).find((p) => p.y === 120)!;
    expect(wirePolys(doc.get(w)!)[0].slice(0, 2)).toEqual([pin.x, pin.y]);
    const pts = wirePolys(doc.get(w)!)[0];
    for (let i = 0; i + 3 < pts.length; i += 2) expect(pts[i] === pts[i + 2] || pts[i + 1] === pts[i + 3]).toBe(true);
  });

  it('copy, cut and paste (also into another sheet through the clipboard text) give fresh ids', () => {
    const { doc, ed, key, place } = setup();
    const a = place(RES, 100, 100);
    ed.setAttribute(a, 'Value', '10k');
    ed.selection.select([a]);
    key('c', { ctrl: true });
    expect(ed.clipboard).toContain('["DOCTYPE","SCH"');
    ed.pointer({ kind: 'move', x: 300, y: 300 });
    key('v', { ctrl: true });
    const comps = doc.ofType('COMPONENT');
    expect(comps).toHaveLength(2);
    const pasted = comps.find(([k]) => k !== a)!;
    expect(pasted[1].slice(3, 5)).toEqual([300, 300]);
    expect(ed.attributeValue(pasted[0], 'Name')).toBe('10k');
    // other sheet
    const other = setup();
    const keys = other.ed.paste(ed.clipboard, { x: 0, y: 0 });
    expect(keys).toHaveLength(1);
    expect(other.ed.attributeValue(keys[0], 'Value')).toBe('10k');
    roundTrips(other.doc);
    // cut removes, paste brings back once more
    ed.selection.select([a]);
    key('x', { ctrl: true });
    expect(doc.has(a)).toBe(false);
    expect(doc.ofType('COMPONENT')).toHaveLength(1);
    ed.paste(undefined, { x: 100, y: 100 });
    expect(doc.ofType('COMPONENT')).toHaveLength(2);
    roundTrips(doc);
  });

  it('a wire ending inside another wire makes a junction; net flags, text', () => {
    const { doc, ed, click, key, place } = setup();
    ed.addWire([{ x: 0, y: 0 }, { x: 100, y: 0 }]);
    key('w');
    click(50, 50);
    click(50, 0); // lands on the wire: finishes and joins
    expect(doc.ofType('WIRE')).toHaveLength(2);
    expect(junctions(doc)).toEqual([{ x: 50, y: 0 }]);
    key('Escape');
    const g = place(GND, 50, 50);
    expect(doc.childrenOf(g).map((k) => doc.get(k)!).find((r) => r[3] === 'Global Net Name')?.[4]).toBe('GND');
    key('t');
    click(10, 10);
    expect(doc.ofType('TEXT')).toHaveLength(1);
    roundTrips(doc);
  });

  it('place a component from a project device (P): symbol from the device, designator prefix, value template resolved from the device', () => {
    const { doc, ed, click, key } = setup();
    (ed.tools.get('place') as PlaceTool).arm('', '00177061e2ba4c07beff1dc72a8753dd');
    ed.tools.activate('place');
    key(' '); // turn before placing
    click(100, 100);
    const [ck, c] = doc.ofType('COMPONENT')[0];
    expect(c.slice(2, 6)).toEqual(['电阻.1', 100, 100, 90]);
    expect(ed.attributeValue(ck, 'Designator')).toBe('R?');
    expect(ed.attributeValue(ck, 'Name')).toBe('10K');
    expect(componentPins(doc, ck, ctx).map((p) => [p.x, p.y]).sort()).toEqual([[100, 120], [100, 80]].sort());
    expect(ed.scene.item(ck)!.ops.length).toBeGreaterThan(2); // drawn from its symbol, not the unknown box
    ed.annotate();
    expect(ed.attributeValue(ck, 'Designator')).toBe('R1');
  });

  it('property edit resolves ={...} templates; annotate numbers designators', () => {
    const { doc, ed, place } = setup();
    const a = place(RES, 0, 0), b = place(RES, 100, 0), c = place(RES, 0, -100);
    for (const k of [a, b, c]) ed.setAttribute(k, 'Designator', 'R?');
    ed.setAttribute(a, 'Value', '4.7k');
    expect(ed.attributeValue(a, 'Name')).toBe('4.7k');
    expect(ed.properties(a).find((p) => p.key === 'Name')?.shown).toBe('4.7k');
    ed.annotate();
    expect([a, b, c].map((k) => ed.attributeValue(k, 'Designator'))).toEqual(['R1', 'R2', 'R3']);
    ed.setAttribute(c, 'Designator', 'R1');
    ed.annotate();
    expect(ed.attributeValue(c, 'Designator')).toBe('R3');
    roundTrips(doc);
  });

  it('bus (B) and bus entry: drawn as BUS / BUSENTRY records, painted with data-id, moved together', () => {
    const { doc, ed, click, key } = setup();
    key('b');
    expect(ed.tools.active?.id).toBe('bus');
    click(0, 0); click(100, 50); key('Enter');
    const [bk, bus] = doc.ofType('BUS')[0];
    expect(wirePolys(bus)).toEqual([[0, 0, 100, 0, 100, 50]]);
    ed.tools.activate('busEntry');
    click(50, 0);
    const [ek, entry] = doc.ofType('BUSENTRY')[0];
    expect(entry[2]).toEqual([50, 0, 60, 10]);
    expect(ed.scene.item(bk)?.kind).toBe('BUS');
    expect(ed.scene.item(ek)?.kind).toBe('BUSENTRY');
    ed.selection.select([bk, ek]);
    ed.moveSelection(10, 10);
    expect(doc.get(ek)![2]).toEqual([60, 10, 70, 20]);
    expect(wirePolys(doc.get(bk)!)).toEqual([[10, 10, 110, 10, 110, 60]]);
    roundTrips(doc);
  });

  it('shapes: rectangle, circle and polyline tools draw RECT, CIRCLE and POLY records that move and undo', () => {
    const { doc, ed, click, key } = setup();
    ed.tools.activate('rect');
    click(0, 0); click(50, 30);
    expect(doc.ofType('RECT').map(([, r]) => r.slice(2, 6))).toEqual([[0, 0, 50, 30]]);
    ed.tools.activate('circle');
    click(100, 100); click(130, 140);
    expect(doc.ofType('CIRCLE').map(([, r]) => r.slice(2, 5))).toEqual([[100, 100, 50]]);
    key('Escape'); key('l');
    click(0, 100); click(20, 120); click(40, 100); key('Enter');
    const [pk, poly] = doc.ofType('POLY')[0];
    expect(poly[2]).toEqual([0, 100, 20, 120, 40, 100]);
    expect(ed.scene.item(pk)?.kind).toBe('POLY');
    ed.selection.select(doc.ofType('RECT').map(([k]) => k).concat(pk));
    ed.moveSelection(5, 5);
    expect(doc.ofType('RECT')[0][1].slice(2, 6)).toEqual([5, 5, 55, 35]);
    expect(doc.get(pk)![2]).toEqual([5, 105, 25, 125, 45, 105]);
    key('z', { ctrl: true });
    expect(doc.get(pk)![2]).toEqual([0, 100, 20, 120, 40, 100]);
    roundTrips(doc);
  });

  it('the command palette and menus read the same actions as the shortcuts', () => {
    const { ed } = setup();
    expect(ed.actions.search('wire')[0].id).toBe('place.wire');
    expect(ed.actions.byMenu('Edit').map((a) => a.id)).toContain('edit.undo');
    expect(ed.actions.forKey({ key: 'W' })?.id).toBe('place.wire');
  });
});
