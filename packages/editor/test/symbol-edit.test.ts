import { describe, expect, it } from 'vitest';
import { EditorDocument, addPart, addPin, addShape, generateSymbol, openDocument, partPins, renderSymbolSvg, serializeDocument, symbolParts } from '../src/index.ts';

function roundTrip(doc: EditorDocument): EditorDocument {
  const again = openDocument(serializeDocument(doc));
  expect(again.records().map((r) => JSON.stringify(r))).toEqual(doc.records().map((r) => JSON.stringify(r)));
  return again;
}

describe('symbol editor', () => {
  it('[PIN-1][PIN-4] generates a sop symbol from a pin list: sides, order, group spacing, valid records', () => {
    const pins = [
      { name: 'VCC', number: '1' }, { name: 'PA0', number: '2' }, { name: 'PA1', number: '3' },
      { name: 'PB0', number: '4' }, { name: 'PB1', number: '5' }, { name: 'GND', number: '6' },
    ];
    const doc = roundTrip(generateSymbol(pins, { title: 'MCU', layout: 'sop' }));
    const parts = symbolParts(doc);
    expect(parts.map((p) => p.name)).toEqual(['MCU.1']);
    const got = partPins(doc, parts[0]);
    expect(got).toHaveLength(6);
    const left = got.filter((p) => p.rot === 0), right = got.filter((p) => p.rot === 180);
    expect(left.length + right.length).toBe(6); // sop: only left and right
    // pins on a side sit on the 10-unit pitch, at distinct positions
    for (const side of [left, right]) {
      const ys = side.map((p) => p.y);
      expect(new Set(ys).size).toBe(ys.length);
      for (const y of ys) expect(Math.abs(y % 10)).toBe(0);
    }
    expect(got.find((p) => p.name === 'GND')!.type).toBe('Undefined');
    // the generated symbol renders every pin
    expect((renderSymbolSvg(doc).match(/data-kind="PIN"/g) ?? []).length).toBe(6);
  });

  it('[PIN-1] qfn puts power on top and ground at the bottom; multi-part lists give one PART each', () => {
    const pins = [{ name: 'VDD', number: '1' }, { name: 'GND', number: '2' }, { name: 'A', number: '3' }, { name: 'B', number: '4' }];
    const doc = generateSymbol(pins, { title: 'Q', layout: 'qfn' });
    const ps = partPins(doc, symbolParts(doc)[0]);
    expect(ps.find((p) => p.name === 'VDD')!.rot).toBe(270); // top side, pointing down into the body
    expect(ps.find((p) => p.name === 'GND')!.rot).toBe(90);
    const multi = generateSymbol([{ name: 'A', number: '1', part: '1' }, { name: 'B', number: '2', part: '2' }], { title: 'OP' });
    expect(symbolParts(multi).map((p) => p.name)).toEqual(['OP.1', 'OP.2']);
    expect(symbolParts(multi).map((p) => partPins(multi, p).map((q) => q.name))).toEqual([['A'], ['B']]);
    roundTrip(multi);
  });

  it('adds pins and shapes to a chosen part; undo removes them', () => {
    const doc = generateSymbol([{ name: 'A', number: '1', part: '1' }, { name: 'B', number: '2', part: '2' }], { title: 'OP' });
    doc.commit('pin', (tx) => { addPin(tx, doc, { x: -30, y: -10, rot: 0, name: 'C', number: '3', type: 'OUT' }, 'OP.1'); });
    doc.commit('shape', (tx) => { addShape(tx, doc, ['CIRCLE', 0, 0, 5, null, 0], 'OP.1'); });
    const p1 = symbolParts(doc)[0];
    expect(partPins(doc, p1).map((p) => [p.name, p.type])).toEqual([['A', 'Undefined'], ['C', 'OUT']]);
    expect(p1.keys.some((k) => doc.get(k)![0] === 'CIRCLE')).toBe(true);
    expect(partPins(doc, symbolParts(doc)[1]).map((p) => p.name)).toEqual(['B']);
    doc.commit('part', (tx) => { addPart(tx, 'OP.3'); });
    doc.commit('pin', (tx) => { addPin(tx, doc, { x: 0, y: 0, name: 'D', number: '4' }, 'OP.3'); });
    expect(partPins(doc, symbolParts(doc)[2]).map((p) => p.name)).toEqual(['D']);
    roundTrip(doc);
    doc.undo(); doc.undo(); doc.undo();
    expect(partPins(doc, symbolParts(doc)[0]).map((p) => p.name)).toEqual(['A', 'C']);
  });
});

import { SymbolEditor, pinNumber } from '../src/index.ts';

describe('symbol editor with synthetic events', () => {
  it('pins (P, Space turns), rectangle, move, rotate, delete, undo; a second part', () => {
    const doc = generateSymbol([{ name: 'A', number: '1' }, { name: 'B', number: '2' }], { title: 'IC', layout: 'sop' });
    const ed = new SymbolEditor(doc);
    const click = (x: number, y: number) => { ed.pointer({ kind: 'down', x, y }); ed.pointer({ kind: 'up', x, y }); };
    const key = (k: string, o: { ctrl?: boolean } = {}) => ed.key({ key: k, ...o });
    key('p');
    key(' ');
    click(0, -40);
    const part = () => symbolParts(doc).find((p) => p.name === ed.part)!;
    const pins = () => partPins(doc, part());
    const added = pins().find((p) => p.number === '3')!;
    expect([added.x, added.y, added.rot]).toEqual([0, -40, 90]);
    expect(ed.item(added.id)?.kind).toBe('PIN');
    key('Escape');
    ed.tools.activate('rect');
    click(-5, -50); click(5, -45);
    const rect = part().keys.find((k) => doc.get(k)![0] === 'RECT' && doc.get(k)![2] === -5)!;
    expect(rect).toBeDefined();
    ed.tools.activate('select');
    click(0, -40); // the pin end
    expect(ed.selection.ids).toEqual([added.id]);
    ed.pointer({ kind: 'down', x: 0, y: -40 });
    ed.pointer({ kind: 'move', x: 10, y: -40 });
    ed.pointer({ kind: 'up', x: 10, y: -40 });
    expect(pins().find((p) => p.id === added.id)!.x).toBe(10);
    key('r');
    expect(pins().find((p) => p.id === added.id)!.rot).toBe(180);
    key('Delete');
    expect(pins().some((p) => p.id === added.id)).toBe(false);
    expect(doc.childrenOf(added.id)).toEqual([]);
    key('z', { ctrl: true });
    expect(pinNumber(doc, added.id)).toBe('3');
    roundTrip(doc);
    // a second part, with its own pin; numbering continues across parts
    const p2 = ed.addPart();
    expect(ed.parts()).toEqual(['IC.1', 'IC.2']);
    expect(ed.part).toBe(p2);
    ed.addPin({ x: -20, y: 0 });
    expect(partPins(doc, symbolParts(doc)[1]).map((p) => p.number)).toEqual(['4']);
    expect(partPins(doc, symbolParts(doc)[0]).map((p) => p.number).sort()).toEqual(['1', '2', '3']);
    roundTrip(doc);
  });
});
