import { describe, expect, it } from 'vitest';
import { parseDocuments, readEpro, serializeDocuments, writeEpro } from '@copperplate/format';
import { EditorDocument } from '../../src/core/document.ts';
import { num, str } from '../../src/core/records.ts';
import { PcbEditor } from '../../src/pcb/editor.ts';
import { findPcbDoc, pcbDocNames } from '../../src/pcb/load.ts';
import { DragSegmentTool, DrawTool, RouteTool, installPcbTools, route45 } from '../../src/pcb/tools.ts';
import type { TextTool } from '../../src/core/text-tool.ts';
import { fixture } from './fixtures.ts';
import { pcbActions } from '../../src/pcb/actions.ts';

function open(name = 'STM32G431-mini') {
  const a = fixture(name);
  const ref = findPcbDoc(a, pcbDocNames(a).pcbs[0].uuid);
  const ed = new PcbEditor(new EditorDocument(parseDocuments(ref.text)), { project: ref.project, pcbUuid: ref.uuid });
  installPcbTools(ed);
  return ed;
}
/** Save, reopen: the records are valid FORMAT.md lines and survive the codec unchanged. */
function roundTrip(ed: PcbEditor) {
  const text = serializeDocuments(ed.doc.toBlocks());
  const back = parseDocuments(text);
  expect(back[0].docType).toBe('PCB');
  expect(back[0].records.slice(1)).toEqual(ed.doc.records().map((r) => [...r]));
  for (const r of back[0].records) expect(Array.isArray(r) && typeof r[0] === 'string').toBe(true);
  return text;
}
const click = (ed: PcbEditor, x: number, y: number, shift = false) => { ed.tools.pointer({ kind: 'down', x, y, shift }); ed.tools.pointer({ kind: 'up', x, y, shift }); };
const drag = (ed: PcbEditor, x0: number, y0: number, x1: number, y1: number) => { ed.tools.pointer({ kind: 'down', x: x0, y: y0 }); ed.tools.pointer({ kind: 'move', x: x1, y: y1 }); ed.tools.pointer({ kind: 'up', x: x1, y: y1 }); };
const compKey = (ed: PcbEditor, bottom: boolean) => ed.doc.keys().find((k) => { const r = ed.doc.get(k)!; return r[0] === 'COMPONENT' && (num(r[3]) === 2) === bottom && ed.scene.prims.get(k)!.some((p) => p.kind === 'pad'); })!;

describe('PCB editing tools (headless, synthetic pointer events)', () => {
  it('[issue-13] online DRC refuses a track onto a pad of another net and says why', () => {
    const ed = open();
    ed.panel.setActive(1);
    ed.tools.activate('route');
    const n0 = ed.doc.size;
    click(ed, 2405, -2030); // PB15 pad of the bottom header row
    expect((ed.tools.active as RouteTool).state).toBe('routing');
    click(ed, 2505, -2030); // the PC6 pad next to it
    expect(ed.doc.size).toBe(n0);
    expect(ed.status).toMatch(/^Refused: the track would touch (pad|track)\b.* of (?!PB15)/);
    // a via dropped onto a pad of another net is refused too
    (ed.tools.active as RouteTool).x = 2505; (ed.tools.active as RouteTool).y = -2030;
    (ed.tools.active as RouteTool).dropVia();
    expect(ed.doc.size).toBe(n0);
    expect(ed.status).toMatch(/^Refused: the via would touch (pad|track)\b.* of (?!PB15)/);
  });

  it('[PCB-EDIT] route45 makes a straight run then 45 degrees', () => {
    expect(route45(0, 0, 100, 40)).toEqual([0, 0, 60, 0, 100, 40]);
    expect(route45(0, 0, -30, -100)).toEqual([0, 0, 0, -70, -30, -100]);
    expect(route45(0, 0, 50, 50)).toEqual([0, 0, 50, 50]);
  });

  it('[PCB-EDIT] route a track between two unrouted pads: 45-degree segments, rule width, net; reload keeps it', () => {
    const ed = open();
    const before = ed.ratsnest();
    const pads = [...ed.scene.all()].filter((p) => p.kind === 'pad' && (p.layer === 1 || p.layer === 12));
    const centre = (p: (typeof pads)[0]) => ({ x: (p.box.minX + p.box.maxX) / 2, y: (p.box.minY + p.box.maxY) / 2 });
    const line = before.lines.find((l) => [[l.x1, l.y1], [l.x2, l.y2]].every(([x, y]) => pads.some((p) => { const c = centre(p); return Math.hypot(c.x - x, c.y - y) < 0.01; })))!;
    expect(line).toBeDefined();
    ed.panel.setActive(1);
    ed.tools.activate('route');
    const n0 = ed.doc.size;
    click(ed, line.x1, line.y1);
    expect((ed.tools.active as RouteTool).state).toBe('routing');
    click(ed, line.x2, line.y2);
    expect((ed.tools.active as RouteTool).state).toBe('idle');
    const added = ed.doc.records().slice(-(ed.doc.size - n0));
    expect(added.length).toBeGreaterThanOrEqual(1);
    for (const r of added) {
      expect(r[0]).toBe('LINE');
      expect(r[3]).toBe(line.net);
      expect(r[4]).toBe(1);
      expect(r[9]).toBe(ed.rules().trackWidth);
      const ang = Math.atan2(num(r[8]) - num(r[6]), num(r[7]) - num(r[5])) * 180 / Math.PI;
      expect(Math.abs(ang % 45)).toBeLessThan(1e-6);
    }
    expect(ed.ratsnest().islands.get(line.net)).toBe(before.islands.get(line.net)! - 1);
    const text = roundTrip(ed);
    const re = new PcbEditor(new EditorDocument(parseDocuments(text)), ed.opts);
    expect(re.ratsnest().islands.get(line.net)).toBe(before.islands.get(line.net)! - 1);
    // .epro export keeps it: write the archive with the edited board, read it back
    const a = fixture('STM32G431-mini');
    const uuid = ed.opts.pcbUuid!;
    const entries = new Map(a.entries);
    entries.set(`PCB/${uuid}.epcb`, text);
    const back = readEpro(writeEpro({ projectJson: a.projectJson, entries }));
    const reread = findPcbDoc(back, uuid);
    expect(reread.text).toBe(text);
    expect(parseDocuments(reread.text)[0].records.filter((r) => r[0] === 'LINE' && r[3] === line.net).length).toBe(ed.doc.records().filter((r) => r[0] === 'LINE' && r[3] === line.net).length);
    ed.undo();
    expect(ed.ratsnest().islands.get(line.net)).toBe(before.islands.get(line.net));
  });

  it('[PCB-EDIT] dropping a via while routing changes layer; the next segment is on the bottom', () => {
    const ed = open();
    ed.panel.setActive(1);
    ed.tools.activate('route');
    click(ed, -5000, 5000);
    click(ed, -4900, 5000);
    ed.tools.key({ key: 'v' });
    const tool = ed.tools.active as RouteTool;
    expect(tool.layer).toBe(2);
    expect(ed.panel.active).toBe(2);
    click(ed, -4900, 5100);
    const recs = ed.doc.records().slice(-3);
    expect(recs.map((r) => r[0])).toEqual(['LINE', 'VIA', 'LINE']);
    expect([recs[0][4], recs[2][4]]).toEqual([1, 2]);
    expect([recs[1][5], recs[1][6]]).toEqual([-4900, 5000]);
    expect(recs[1][8]).toBe(ed.rules().viaDiameter);
    ed.tools.key({ key: 'Escape' });
    roundTrip(ed);
  });

  it('[PCB-EDIT] click, shift-click, box select and the kind filter', () => {
    const ed = open();
    const k = compKey(ed, false);
    const b = ed.boxOf(k)!;
    const pad = ed.scene.prims.get(k)!.find((p) => p.kind === 'pad')!;
    ed.selectFilter = new Set(['COMPONENT']);
    click(ed, (pad.box.minX + pad.box.maxX) / 2, (pad.box.minY + pad.box.maxY) / 2);
    expect(ed.selection.ids).toEqual([k]);
    // a box from empty space (left to right: items inside it)
    drag(ed, -1e5, -1e5, b.maxX + 1, b.maxY + 1);
    expect(ed.selection.ids).toContain(k);
    // right to left: items it touches
    drag(ed, b.maxX + 1e5, b.maxY + 1e5, (b.minX + b.maxX) / 2, (b.minY + b.maxY) / 2);
    expect(ed.selection.ids).toContain(k);
    click(ed, -1e5, -1e5);
    expect(ed.selection.size).toBe(0);
    ed.selectFilter = new Set(['LINE']);
    drag(ed, -1e6, -1e6, 1e6, 1e6);
    expect(ed.selection.size).toBe(ed.doc.records().filter((r) => r[0] === 'LINE').length);
    ed.selectFilter = null;
  });

  it('[PCB-EDIT] move a component: attached tracks follow; undo and redo', () => {
    const ed = open();
    const k = compKey(ed, false);
    const comp = ed.doc.get(k)!;
    ed.selection.select([k]);
    // tracks that end on its pads
    const padPrims = ed.scene.prims.get(k)!.filter((p) => p.kind === 'pad');
    const attached = ed.doc.keys().filter((t) => { const r = ed.doc.get(t)!; return r[0] === 'LINE' && padPrims.some((p) => [[r[5], r[6]], [r[7], r[8]]].some(([x, y]) => x as number >= p.box.minX && x as number <= p.box.maxX && y as number >= p.box.minY && y as number <= p.box.maxY)); });
    expect(attached.length).toBeGreaterThan(0);
    const before = attached.map((t) => ed.doc.get(t)!);
    const pad = padPrims[0];
    ed.selectFilter = new Set(['COMPONENT']);
    drag(ed, (pad.box.minX + pad.box.maxX) / 2, (pad.box.minY + pad.box.maxY) / 2, (pad.box.minX + pad.box.maxX) / 2 + 100, (pad.box.minY + pad.box.maxY) / 2 + 50);
    expect(num(ed.doc.get(k)![4])).toBeCloseTo(num(comp[4]) + 100);
    expect(num(ed.doc.get(k)![5])).toBeCloseTo(num(comp[5]) + 50);
    attached.forEach((t, i) => expect(ed.doc.get(t)).not.toEqual(before[i]));
    const islands = ed.ratsnest().islands;
    roundTrip(ed);
    ed.undo();
    expect(ed.doc.get(k)).toEqual(comp);
    attached.forEach((t, i) => expect(ed.doc.get(t)).toEqual(before[i]));
    ed.redo();
    expect(num(ed.doc.get(k)![4])).toBeCloseTo(num(comp[4]) + 100);
    expect(ed.ratsnest().islands).toEqual(islands);
  });

  it('[PCB-EDIT] rotate and flip a component (pads mirror to the bottom layer); delete; copy and paste', () => {
    const ed = open();
    pcbActions(ed, { cursor: () => ({ x: 0, y: 0 }), fit: () => {}, zoomBy: () => {} });
    const k = compKey(ed, false);
    ed.selection.select([k]);
    ed.key({ key: 'r' }); // the editor's one registry
    expect(num(ed.doc.get(k)![6]) % 360).toBe((num(ed.doc.undoLabel() ? ed.doc.get(k)![6] : 0)) % 360);
    ed.key({ key: 'f' }); // the editor's one registry
    expect(ed.doc.get(k)![3]).toBe(2);
    const pads = ed.scene.prims.get(k)!.filter((p) => p.kind === 'pad');
    expect(pads.every((p) => p.layer === 2 || p.layer === 12)).toBe(true);
    roundTrip(ed);
    ed.undo();
    expect(ed.doc.get(k)![3]).toBe(1);
    const n = ed.doc.size;
    ed.key({ key: 'c', ctrl: true }); // the editor's one registry
    ed.key({ key: 'v', ctrl: true }); // the editor's one registry
    expect(ed.doc.size).toBeGreaterThan(n);
    const pasted = ed.selection.ids;
    expect(pasted).toHaveLength(1);
    expect(ed.doc.get(pasted[0])![0]).toBe('COMPONENT');
    expect(ed.scene.prims.get(pasted[0])!.some((p) => p.kind === 'pad')).toBe(true);
    roundTrip(ed);
    ed.key({ key: 'Delete' }); // the editor's one registry
    expect(ed.doc.size).toBe(n);
    ed.selection.select([k]);
    ed.key({ key: 'Delete' }); // the editor's one registry
    expect(ed.doc.has(k)).toBe(false);
    expect(ed.doc.records().some((r) => r[0] === 'PAD_NET' && r[1] === str(ed.doc.records()[0][1]) && false)).toBe(false);
    ed.undo();
    expect(ed.doc.has(k)).toBe(true);
  });

  it('[PCB-EDIT] drag a track segment: its neighbours stay joined', () => {
    const ed = open();
    // a LINE with a joined LINE at both ends on the same layer and net
    const lines = ed.doc.keys().filter((k) => ed.doc.get(k)![0] === 'LINE');
    const endsAt = (k: string, x: number, y: number) => { const r = ed.doc.get(k)!; return (Math.hypot(num(r[5]) - x, num(r[6]) - y) < 0.5) || (Math.hypot(num(r[7]) - x, num(r[8]) - y) < 0.5); };
    const mid = lines.find((k) => { const r = ed.doc.get(k)!; return [[r[5], r[6]], [r[7], r[8]]].every(([x, y]) => lines.some((o) => o !== k && ed.doc.get(o)![4] === r[4] && endsAt(o, x as number, y as number))); })!;
    expect(mid).toBeDefined();
    const r = ed.doc.get(mid)!;
    ed.tools.activate('drag-segment');
    const mx = (num(r[5]) + num(r[7])) / 2, my = (num(r[6]) + num(r[8])) / 2;
    drag(ed, mx, my, mx + 30, my + 30);
    const r2 = ed.doc.get(mid)!;
    expect(r2).not.toEqual(r);
    for (const [x, y] of [[r2[5], r2[6]], [r2[7], r2[8]]]) expect(lines.some((o) => o !== mid && endsAt(o, x as number, y as number))).toBe(true);
    expect((ed.tools.get('drag-segment') as DragSegmentTool).state).toBe('idle');
    roundTrip(ed);
  });

  it('[PCB-EDIT] place vias, draw the board outline, a silkscreen line and text; edit properties; highlight and assign nets', () => {
    const ed = open();
    ed.tools.activate('via');
    click(ed, 9000, 9000);
    const via = ed.doc.keys().at(-1)!;
    expect(ed.doc.get(via)![0]).toBe('VIA');
    ed.tools.activate('outline');
    for (const [x, y] of [[8000, 8000], [9000, 8000], [9000, 9500]]) click(ed, x, y);
    const outlineKey = (ed.tools.active as DrawTool).finish()!;
    const outline = ed.doc.get(outlineKey)!;
    expect(outline[4]).toBe(11);
    expect(outline[6]).toEqual([8000, 8000, 'L', 9000, 8000, 9000, 9500, 8000, 8000]);
    ed.tools.activate('graphic');
    click(ed, 0, 0); click(ed, 100, 0);
    ed.tools.key({ key: 'Enter' });
    expect(ed.doc.get(ed.doc.keys().at(-1)!)![4]).toBe(3);
    ed.tools.activate('text');
    (ed.tools.active as TextTool).text = 'HELLO';
    click(ed, 500, 500);
    const t = ed.doc.get(ed.doc.keys().at(-1)!)!;
    expect([t[0], t[6]]).toEqual(['STRING', 'HELLO']);
    expect(ed.scene.prims.get(ed.doc.keys().at(-1)!)![0].strokes!.length).toBeGreaterThan(5);
    // properties: via size, track width and layer, pad shape (free pad)
    ed.setFields(via, { drill: 10, diameter: 20 });
    expect(ed.boxOf(via)!.maxX - ed.boxOf(via)!.minX).toBeCloseTo(20);
    const track = ed.doc.keys().find((k) => ed.doc.get(k)![0] === 'LINE')!;
    ed.setFields(track, { width: 25, layer: 2 });
    expect(ed.scene.prims.get(track)![0].width).toBe(25);
    expect(ed.scene.prims.get(track)![0].layer).toBe(2);
    ed.commit('Pad', (tx) => { tx.add(['PAD', 'p1', 0, '', 1, '1', 7000, 7000, 0, null, ['RECT', 40, 20, 0], [], 0, 0, 0, 1, 0, null, null, null, null, 0]); });
    ed.setFields('p1', { shape: ['OVAL', 60, 30] });
    expect(() => ed.setFields('p1', { width: 3 })).toThrow(/PAD has no field width/);
    expect(ed.boxOf('p1')!.maxX - ed.boxOf('p1')!.minX).toBeCloseTo(60);
    // nets
    const net = str(ed.doc.get(track)![3]);
    const onNet = ed.netKeys(net);
    expect(onNet).toContain(track);
    ed.setHighlight(net);
    expect(ed.highlightNet).toBe(net);
    ed.assignNet([via, 'p1'], 'NEWNET');
    expect(ed.doc.get(via)![3]).toBe('NEWNET');
    expect(ed.scene.prims.get('p1')![0].net).toBe('NEWNET');
    expect(ed.doc.records().some((r) => r[0] === 'NET' && r[1] === 'NEWNET')).toBe(true);
    roundTrip(ed);
  });
});
