/**
 * Issue 14 part 3, PCB essentials, headless: parts from "Update Schematic to PCB" land beside the
 * outline grouped as on the schematic with their designators on the silkscreen; Fit's extent; a
 * click on a footprint's body selects it; the property panel (position in the board's unit,
 * rotation, side, layer, width, net, clearance); the outline tool (rectangle, polygon, arcs,
 * double-click finish); the grid and units (CANVAS); net highlight.
 */
import { describe, expect, it } from 'vitest';
import { parseDocuments, serializeDocuments } from '@copperplate/format';
import { parsePath, parseRules } from '@copperplate/board';
import { EditorDocument } from '../../src/core/document.ts';
import { contextFromArchive, listSheets, textOf } from '../../src/sch/context.ts';
import { PcbEditor } from '../../src/pcb/editor.ts';
import { findPcbDoc, pcbDocNames } from '../../src/pcb/load.ts';
import { applyUpdate, planUpdate, schematicParts } from '../../src/pcb/sch-sync.ts';
import { OutlineTool, installPcbTools, threePointSweep } from '../../src/pcb/tools.ts';
import { pcbProperties } from '../../src/pcb/properties.ts';
import { gridSettings, setGridSettings, formatLen, parseLen } from '../../src/pcb/units.ts';
import { netClearance, setNetClearance } from '../../src/pcb/net-rules.ts';
import { blankPcbText } from '@copperplate/format';
import { pcbActions, type PcbClip } from '../../src/pcb/actions.ts';
import { SelectTool as CoreSelectTool } from '../../src/core/select-tool.ts';
import { fixture } from './fixtures.ts';

const click = (ed: PcbEditor, x: number, y: number) => { ed.tools.pointer({ kind: 'down', x, y }); ed.tools.pointer({ kind: 'up', x, y }); };
const inside = (b: { minX: number; minY: number; maxX: number; maxY: number }, o: typeof b) => b.minX >= o.minX && b.maxX <= o.maxX && b.minY >= o.minY && b.maxY <= o.maxY;

/** A blank board of a new project (blank-project.ts) with the fixture's footprints, and the fixture's schematic. */
function blankBoard(name = 'ExtModule-002') {
  const a = fixture(name);
  const ctx = contextFromArchive(a);
  const sheets = listSheets(a).map((s) => ({ name: s.sheetName, doc: new EditorDocument(parseDocuments(textOf(a.entries.get(s.path))!)) }));
  const ref = findPcbDoc(a, pcbDocNames(a).pcbs[0].uuid);
  const ed = new PcbEditor(new EditorDocument(parseDocuments(blankPcbText())), { project: ref.project, pcbUuid: 'new' });
  installPcbTools(ed);
  return { ed, ctx, sheets, ref };
}

function drawRect(ed: PcbEditor, x0: number, y0: number, x1: number, y1: number): void {
  ed.tools.activate('outline');
  (ed.tools.active as OutlineTool).setMode('rect');
  click(ed, x0, y0);
  click(ed, x1, y1);
  ed.tools.reset();
}

describe('PCB essentials (issue 14, part 3)', () => {
  it('[issue-14] Update from schematic: parts land right of the outline, grouped by sheet, not overlapping, designators on the top silkscreen; Fit covers all', () => {
    const { ed, ctx, sheets, ref } = blankBoard();
    drawRect(ed, 0, 0, 2000, -1500);
    const outline = ed.boardBox();
    expect(outline.maxX).toBeGreaterThanOrEqual(2000);
    const parts = schematicParts(sheets, ctx);
    expect(parts.length).toBeGreaterThan(5);
    expect(parts.every((p) => Number.isFinite(p.x) && Number.isFinite(p.y) && p.sheet)).toBe(true);
    applyUpdate(ed, planUpdate(ed.doc, parts, ref.project));
    const comps = ed.doc.ofType('COMPONENT');
    expect(comps).toHaveLength(parts.length);
    const boxes = comps.map(([k]) => ed.boxOf(k)!);
    // every footprint right of the outline, none overlapping another
    for (const b of boxes) expect(b.minX).toBeGreaterThan(outline.maxX);
    for (let i = 0; i < boxes.length; i++) for (let j = i + 1; j < boxes.length; j++) {
      const a = boxes[i], b = boxes[j];
      expect(a.minX >= b.maxX || b.minX >= a.maxX || a.minY >= b.maxY || b.minY >= a.maxY).toBe(true);
    }
    // grouped as on the schematic: left-to-right order of the schematic is kept within a sheet
    const bySheet = new Map<string, Array<{ sx: number; bx: number }>>();
    for (const p of parts) {
      const [k] = comps.find(([, r]) => (r[7] as Record<string, string>)['Unique ID'] === p.uniqueId)!;
      const list = bySheet.get(p.sheet) ?? [];
      list.push({ sx: p.x, bx: ed.doc.get(k)![4] as number });
      bySheet.set(p.sheet, list);
    }
    for (const list of bySheet.values()) {
      const xs = list.sort((a, b) => a.sx - b.sx).map((q) => q.bx);
      // parts far apart on the schematic stay in order on the board
      const first = xs[0], last = xs[xs.length - 1];
      if (xs.length > 1 && list[list.length - 1].sx - list[0].sx > 400) expect(last).toBeGreaterThan(first);
    }
    // designators: a shown ATTR on the top silkscreen for each part, drawn as text above its footprint
    for (const [k, r] of comps) {
      const id = r[1] as string;
      const des = ed.doc.childrenOf(id).map((q) => ed.doc.get(q)!).find((a) => a[7] === 'Designator')!;
      expect(des[4]).toBe(3);
      expect(des[10]).toBeTruthy();
      const key = ed.doc.keys().find((q) => ed.doc.get(q) === des)!;
      const prims = ed.scene.prims.get(key)!;
      expect(prims.length).toBe(1);
      expect(prims[0].kind).toBe('text');
      expect(prims[0].layer).toBe(3);
      expect(prims[0].box.minY).toBeGreaterThanOrEqual(ed.boxOf(k)!.maxY - 1);
    }
    // Fit covers the outline and every placed part
    const all = ed.extent();
    expect(inside(outline, all)).toBe(true);
    for (const b of boxes) expect(inside(b, all)).toBe(true);
    // the records survive the codec
    const back = parseDocuments(serializeDocuments(ed.doc.toBlocks()));
    expect(back[0].records.slice(1)).toEqual(ed.doc.records().map((r) => [...r]));
  });

  it('[issue-14] a click on a footprint body (between its pads) selects the component', () => {
    const { ed, ctx, sheets, ref } = blankBoard();
    applyUpdate(ed, planUpdate(ed.doc, schematicParts(sheets, ctx), ref.project));
    // a component whose centre is not on any of its pads or graphics
    let found: { k: string; x: number; y: number } | undefined;
    for (const [k] of ed.doc.ofType('COMPONENT')) {
      const b = ed.boxOf(k)!;
      const x = (b.minX + b.maxX) / 2, y = (b.minY + b.maxY) / 2;
      if (!ed.copperAt(x, y) && (ed.scene.prims.get(k) ?? []).every((p) => Math.hypot(p.box.minX - x, 0) > 0 && !(x >= p.box.minX && x <= p.box.maxX && y >= p.box.minY && y <= p.box.maxY && p.kind === 'pad'))) { found = { k, x, y }; break; }
    }
    expect(found).toBeDefined();
    ed.tools.reset();
    click(ed, found!.x, found!.y);
    expect(ed.selection.ids).toEqual([found!.k]);
    // outside every box: nothing
    const all = ed.extent();
    click(ed, all.maxX + 500, all.maxY + 500);
    expect(ed.selection.ids).toEqual([]);
  });

  it('[issue-14] property panel: X/Y in the board unit, rotation, side, designator; track width, layer, net, clearance; each one undo step', () => {
    const { ed, ctx, sheets, ref } = blankBoard();
    applyUpdate(ed, planUpdate(ed.doc, schematicParts(sheets, ctx), ref.project));
    setGridSettings(ed.doc, { unit: 'mm' });
    const [ck, cr] = ed.doc.ofType('COMPONENT')[0];
    const id = cr[1] as string;
    const attrsOf = () => ed.doc.childrenOf(id).map((k) => ed.doc.get(k)!);
    ed.selection.select([ck]);
    const row = (k: string) => pcbProperties(ed).rows.find((r) => r.key === k)!;
    expect(row('x').label).toBe('X (mm)');
    const desBefore = attrsOf().find((a) => a[7] === 'Designator')!;
    expect(row('x').set!('25.4')).toBe(true);
    expect(ed.doc.get(ck)![4]).toBeCloseTo(1000, 6);
    expect(row('x').value).toBe('25.4');
    expect(row('y').set!('-12.7')).toBe(true);
    expect(ed.doc.get(ck)![5]).toBeCloseTo(-500, 6);
    // the designator moved with its part
    const desAfter = attrsOf().find((a) => a[7] === 'Designator')!;
    expect((desAfter[5] as number) - (desBefore[5] as number)).toBeCloseTo(1000 - (cr[4] as number), 6);
    expect(row('x').set!('abc')).toBe(false);
    expect(row('rotation').set!('90')).toBe(true);
    expect(ed.doc.get(ck)![6]).toBe(90);
    expect(row('side').set!('bottom')).toBe(true);
    expect(ed.doc.get(ck)![3]).toBe(2);
    expect(attrsOf().find((a) => a[7] === 'Designator')![4]).toBe(4); // bottom silkscreen
    expect(row('designator').set!('U77')).toBe(true);
    expect(ed.scene.components.get(id)!.designator).toBe('U77');
    ed.undo();
    expect(ed.scene.components.get(id)!.designator).not.toBe('U77');
    ed.undo();
    expect(ed.doc.get(ck)![3]).toBe(1);

    // a track: width in mm, layer, net, the net's clearance (a net rule parseRules reads)
    ed.tools.activate('route');
    click(ed, 5000, 5000); click(ed, 5100, 5000);
    ed.tools.key({ key: 'Enter' });
    ed.tools.reset();
    const [tk] = ed.doc.ofType('LINE').slice(-1)[0];
    ed.selection.select([tk]);
    expect(row('width').label).toBe('Width (mm)');
    expect(row('width').set!('0.254')).toBe(true);
    expect(ed.doc.get(tk)![9]).toBeCloseTo(10, 6);
    expect(row('width').set!('0')).toBe(false);
    expect(row('width').set!('12mil')).toBe(true);
    expect(ed.doc.get(tk)![9]).toBeCloseTo(12, 6);
    expect(row('layer').set!('2')).toBe(true);
    expect(ed.doc.get(tk)![4]).toBe(2);
    expect(row('net').set!('VBUS')).toBe(true);
    expect(ed.doc.get(tk)![3]).toBe('VBUS');
    expect(row('clearance').value).toBe(formatLen(netClearance(ed.doc, 'VBUS'), 'mm'));
    expect(row('clearance').set!('0.5')).toBe(true);
    const rules = parseRules(ed.doc.records() as unknown[][]);
    expect(rules.clearance('track', 'track', 'VBUS', 'GND')).toBeCloseTo(0.5 / 0.0254, 3);
    expect(rules.clearance('track', 'track', 'A', 'B')).toBeLessThan(15); // the default is untouched
    expect(row('clearance').set!('0.6')).toBe(true); // the same rule is updated, not a second one
    expect(ed.doc.records().filter((r) => r[0] === 'RULE_SELECTOR')).toHaveLength(1);
    ed.undo(); ed.undo();
    expect(parseRules(ed.doc.records() as unknown[][]).clearance('track', 'track', 'VBUS', 'GND')).toBeLessThan(15);
  });

  it('[issue-14] a net clearance below the default applies: the panel shows it, DRC rules give it between two such nets and the default against others', () => {
    const { ed } = blankBoard();
    const base = parseRules(ed.doc.records() as unknown[][]).clearance('track', 'track', 'A', 'B');
    const low = base / 2;
    setNetClearance(ed.doc, 'VBUS', low);
    setNetClearance(ed.doc, 'GND', low);
    expect(netClearance(ed.doc, 'VBUS')).toBeCloseTo(low, 6);
    const rules = parseRules(ed.doc.records() as unknown[][]);
    expect(rules.clearance('track', 'track', 'VBUS', 'GND')).toBeCloseTo(low, 6);
    expect(rules.clearance('track', 'track', 'VBUS', 'A')).toBeCloseTo(base, 6); // the other net asks for the default
    expect(rules.clearance('track', 'track', 'A', 'B')).toBeCloseTo(base, 6);
  });

  it('[issue-14] outline tool: rectangle (two corners), polygon and arcs finished by a double click; one undo step each', () => {
    const { ed } = blankBoard();
    const outlines = () => ed.doc.records().filter((r) => r[0] === 'POLY' && r[4] === 11);
    drawRect(ed, 0, 0, 1000, -500);
    expect(outlines()).toHaveLength(1);
    expect(outlines()[0][6]).toEqual([0, 0, 'L', 1000, 0, 1000, -500, 0, -500, 0, 0]);
    ed.undo();
    expect(outlines()).toHaveLength(0);

    ed.tools.activate('outline');
    const t = ed.tools.active as OutlineTool;
    t.setMode('polygon');
    click(ed, 0, 0); click(ed, 1000, 0); click(ed, 1000, 800);
    t.setMode('arc');
    click(ed, 500, 1300); click(ed, 0, 800); // half circle through (500, 1300)
    click(ed, 0, 800); // double click on the last point: finished and closed
    expect(t.state).toBe('idle');
    const [poly] = outlines();
    expect(poly[6]).toEqual([0, 0, 'L', 1000, 0, 1000, 800, 'ARC', 180, 0, 800, 'L', 0, 0]);
    const [c] = parsePath(poly[6]);
    expect(c.segs.map((s) => s.k)).toEqual(['L', 'L', 'A', 'L']);
    // the scene draws it on the outline layer, reaching up to the arc's top
    expect(ed.boardBox().maxY).toBeCloseTo(1300 + 5, 0);
    expect(threePointSweep(0, 0, 50, 50, 100, 0)).toBeCloseTo(-180, 6);
    expect(threePointSweep(0, 0, 50, -50, 100, 0)).toBeCloseTo(180, 6);
    expect(threePointSweep(0, 0, 50, 0, 100, 0)).toBeUndefined();
    // Escape drops an outline in progress; one corner alone is not an outline
    click(ed, 0, 0); click(ed, 100, 0);
    ed.tools.key({ key: 'Escape' });
    expect(outlines()).toHaveLength(1);
    t.setMode('polygon');
    click(ed, 0, 0); click(ed, 0, 0);
    expect(outlines()).toHaveLength(1);
  });

  it('[issue-14] grid and units live in CANVAS: settable size and mm/mil, undoable, read back after save', () => {
    const { ed } = blankBoard();
    expect(gridSettings(ed.doc)).toEqual({ unit: 'mm', size: 5 }); // the blank board's CANVAS
    setGridSettings(ed.doc, { unit: 'mil', size: 25 });
    expect(ed.grid).toEqual({ unit: 'mil', size: 25 });
    setGridSettings(ed.doc, { unit: 'mm', size: parseLen('0.5', 'mm')! });
    expect(ed.grid.size).toBeCloseTo(19.685, 3);
    const back = new EditorDocument(parseDocuments(serializeDocuments(ed.doc.toBlocks())));
    expect(gridSettings(back)).toEqual(ed.grid);
    ed.undo();
    expect(ed.grid).toEqual({ unit: 'mil', size: 25 });
    expect(() => setGridSettings(ed.doc, { size: 0 })).toThrow(/positive/);
    expect(formatLen(1000, 'mm')).toBe('25.4');
    expect(parseLen('2 mil', 'mm')).toBe(2);
    expect(parseLen('x', 'mm')).toBeUndefined();
  });

  it('[issue-14] net highlight: the net of the selection lights every pad, track and via of it', () => {
    const a = fixture('STM32G431-mini');
    const ref = findPcbDoc(a, pcbDocNames(a).pcbs[0].uuid);
    const ed = new PcbEditor(new EditorDocument(parseDocuments(ref.text)), { project: ref.project, pcbUuid: ref.uuid });
    const [tk, tr] = ed.doc.ofType('LINE').find(([, r]) => r[3] === 'GND')!;
    void tk; void tr;
    let heard = 0;
    ed.subscribe(() => heard++);
    ed.setHighlight('GND');
    expect(heard).toBe(1);
    const keys = ed.netKeys('GND');
    const kinds = new Set(keys.flatMap((k) => (ed.scene.prims.get(k) ?? []).filter((p) => p.net === 'GND').map((p) => p.kind)));
    expect(kinds.has('track') && kinds.has('pad')).toBe(true);
    // nothing of another net
    for (const k of keys) expect((ed.scene.prims.get(k) ?? []).some((p) => p.net === 'GND')).toBe(true);
    ed.setHighlight(null);
    expect(ed.highlightNet).toBeNull();
  });

  it('[issue-14] the PCB actions live in the engine registry: O outline, H highlight, K fit, copy in one board and paste in another through the shared store', () => {
    const { ed, ctx, sheets, ref } = blankBoard();
    applyUpdate(ed, planUpdate(ed.doc, schematicParts(sheets, ctx), ref.project));
    let store: PcbClip | undefined;
    let fits = 0;
    const host = (cursor: { x: number; y: number }) => ({ cursor: () => cursor, fit: () => void fits++, zoomBy: () => {}, readClip: () => store, writeClip: (c: PcbClip) => { store = c; } });
    const a = pcbActions(ed, host({ x: 0, y: 0 }));
    expect(a.handleKey({ key: 'o' })).toBe(true);
    expect(ed.tools.active?.id).toBe('outline');
    ed.tools.reset();
    a.handleKey({ key: 'k' });
    expect(fits).toBe(1);
    const [ck, cr] = ed.doc.ofType('COMPONENT')[0];
    ed.selection.select([ck]);
    a.handleKey({ key: 'h' });
    const padNet = (ed.scene.prims.get(ck) ?? []).find((p) => p.net)?.net ?? null;
    expect(ed.highlightNet).toBe(padNet);
    expect(a.handleKey({ key: 'c', ctrl: true })).toBe(true);
    expect(store!.records.length).toBe(ed.engine.expand([ck], 'copy').length);
    // another board pastes it around its cursor: the part, its attributes and pad nets, fresh ids
    const other = blankBoard().ed;
    const b = pcbActions(other, host({ x: store!.anchor.x + 1000, y: store!.anchor.y }));
    expect(b.handleKey({ key: 'v', ctrl: true })).toBe(true);
    const [, pr] = other.doc.ofType('COMPONENT')[0];
    expect(pr[4]).toBeCloseTo((cr[4] as number) + 1000, 6);
    expect(other.doc.ofType('PAD_NET').length).toBe(ed.doc.childrenOf(cr[1] as string).filter((k) => ed.doc.get(k)![0] === 'PAD_NET').length);
    expect(other.selection.ids).toEqual([other.doc.ofType('COMPONENT')[0][0]]);
  });

  it('[issue-14] the select tool is the engine one (core/select-tool.ts): drag on a footprint moves it by the offset with a preview; a right-to-left box crosses', () => {
    const { ed, ctx, sheets, ref } = blankBoard();
    applyUpdate(ed, planUpdate(ed.doc, schematicParts(sheets, ctx), ref.project));
    const sel = ed.tools.get('select');
    expect(sel).toBeInstanceOf(CoreSelectTool);
    ed.tools.reset();
    const [ck] = ed.doc.ofType('COMPONENT')[0];
    const b = ed.boxOf(ck)!;
    const x = (b.minX + b.maxX) / 2, y = (b.minY + b.maxY) / 2;
    const x0 = ed.doc.get(ck)![4] as number;
    ed.tools.pointer({ kind: 'down', x, y });
    ed.tools.pointer({ kind: 'move', x: x + 123.4, y });
    expect(sel!.state).toBe('moving');
    const [ov] = ed.tools.overlay();
    expect(ov.kind === 'rect' && Math.abs(ov.minX - (b.minX + 123.4)) < 1e-6).toBe(true);
    ed.tools.pointer({ kind: 'up', x: x + 123.4, y });
    expect(ed.doc.get(ck)![4]).toBeCloseTo(x0 + 123.4, 6);
    // a box from right to left that only cuts through the part takes it; left to right it does not
    const nb = ed.boxOf(ck)!;
    const mid = { x: (nb.minX + nb.maxX) / 2, y: (nb.minY + nb.maxY) / 2 };
    const box = (ax: number, ay: number) => { ed.selection.clear(); ed.tools.pointer({ kind: 'down', x: ax, y: ay }); ed.tools.pointer({ kind: 'move', x: mid.x, y: mid.y }); ed.tools.pointer({ kind: 'up', x: mid.x, y: mid.y }); return ed.selection.ids; };
    const above = nb.maxY + 8; // empty space just above the part (its designator is centred above it)
    const from = (ax: number) => { expect(ed.hitTest(ax, above, 5)).toEqual([]); return ax; };
    expect(box(from(nb.maxX + 8), above)).toContain(ck);
    expect(box(from(nb.minX - 8), above)).not.toContain(ck);
  });
});
