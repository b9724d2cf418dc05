/**
 * The front-panel editor engine (packages/editor/src/panel, issue 19): loading panels written after
 * EasyEDA's published examples, outline, cut-outs of every shape, text, dimensions, auxiliary lines,
 * snap, undo, align/distribute, canvas settings, the tools driven by pointer events, and cut-outs
 * derived from a real fixture board.
 */
import { describe, it, expect } from 'vitest';
import { parseDocuments } from '@copperplate/format';
import { PanelCanvas, PanelPoly, PanelString, PanelDimension, AuxLine, PANEL_LAYER, PcbAttr, PcbComponent } from '@copperplate/format/records';
import { fabInputFromEpro } from '@copperplate/convert';
import { resolvePanel, contourArea, parsePanelPaths } from '@copperplate/convert/panel/index';
import { openDocument, serializeDocument } from '@copperplate/editor';
import { PanelEditor, blankPanelText, mm } from '@copperplate/editor/panel/editor';
import { registerPanelTools, type TextTool, type CutoutTool } from '@copperplate/editor/panel/tools';
import { panelActions } from '@copperplate/editor/panel/actions';
import { PANEL_EPAN } from '../../../format/test/panel-fixtures.ts';
import { fixture } from '../pcb/fixtures.ts';

const blank = () => { const ed = new PanelEditor(openDocument(blankPanelText({ width: 120, height: 60 }))); registerPanelTools(ed); return ed; };
const recsOf = (ed: PanelEditor) => parseDocuments(serializeDocument(ed.doc))[0].records;

describe('panel editor', () => {
  it('[issue-19] opens a panel (EasyEDA example shapes) and saves it with every record unchanged', () => {
    const ed = new PanelEditor(openDocument(PANEL_EPAN));
    expect(ed.model.cutouts).toHaveLength(4);
    expect(serializeDocument(ed.doc)).toBe(PANEL_EPAN);
  });

  it('[issue-19] outline, cut-outs of each shape, text, dimension and aux line: each one undo step, saved as panel records', () => {
    const ed = blank();
    expect(ed.model.outline).toHaveLength(1);
    expect(ed.settings.width).toBeCloseTo(mm(120), 6);
    ed.setOutline('rounded', { radius: mm(4) });
    const outline = recsOf(ed).filter((r) => PanelPoly.is(r) && PanelPoly.get(r, 'layer') === PANEL_LAYER.OUTLINE);
    expect(outline).toHaveLength(1);
    expect(Math.abs(contourArea(parsePanelPaths(PanelPoly.get(outline[0], 'paths'))[0]))).toBeCloseTo(mm(120) * mm(60) - (4 - Math.PI) * mm(4) ** 2, -1);
    ed.addCutout(mm(20), mm(30), { shape: 'round', d: mm(6) });
    ed.addCutout(mm(40), mm(30), { shape: 'rect', w: mm(10), h: mm(5), r: mm(1) });
    ed.addCutout(mm(60), mm(30), { shape: 'd', d: mm(7), flat: mm(2.5) });
    ed.addCutout(mm(80), mm(30), { shape: 'custom', points: [{ x: 0, y: -100 }, { x: 100, y: 100 }, { x: -100, y: 100 }] });
    ed.addText(mm(60), mm(10), 'VOLUME', { size: mm(4) });
    ed.addDimension(0, mm(60), mm(120), mm(60));
    ed.addAuxLine(0, mm(30), 0);
    const m = resolvePanel(recsOf(ed));
    expect(m.cutouts).toHaveLength(4);
    expect(Math.abs(contourArea(m.cutouts[0]))).toBeCloseTo(Math.PI * mm(3) ** 2, -1);
    expect(m.items.filter((i) => i.kind === 'text').map((i) => i.kind === 'text' && i.text)).toEqual(['VOLUME']);
    const dim = m.items.find((i) => i.kind === 'dimension');
    expect(dim && dim.kind === 'dimension' && dim.label).toBe('120.00mm');
    expect(m.items.some((i) => i.kind === 'aux')).toBe(true);
    // undo one by one
    const n = ed.doc.keys().length;
    ed.doc.undo(); ed.doc.undo(); ed.doc.undo();
    expect(ed.doc.keys().length).toBe(n - 3);
    ed.doc.redo();
    expect(ed.model.items.some((i) => i.kind === 'text')).toBe(true);
  });

  it('[issue-19] canvas settings (material, thickness, print side, colours, size) in one undo step', () => {
    const ed = blank();
    ed.setCanvas({ material: 'aluminium', thickness: '3mm', print: 'Bottom Side', coverColor: '#ffffff', backgroundColor: '#202830', width: '150mm' });
    const c = PanelCanvas.parse(recsOf(ed).find((r) => PanelCanvas.is(r))!);
    expect([c.material, c.thickness, c.print, c.coverColor, c.backgroundColor, c.width]).toEqual(['aluminium', '3mm', 'Bottom Side', '#ffffff', '#202830', '150mm']);
    expect(ed.settings.width).toBeCloseTo(mm(150), 6);
    ed.doc.undo();
    expect(ed.settings.material).toBe('acrylic');
  });

  it('[issue-19] tools: placed points snap to the grid, select-drag moves, dimension takes two clicks, actions align and distribute', () => {
    const ed = blank();
    ed.grid = mm(1);
    const cut = ed.tools.get('cutout') as CutoutTool;
    cut.spec = { shape: 'round', d: mm(5) };
    ed.tools.activate('cutout');
    ed.tools.pointer({ kind: 'down', x: mm(10.3), y: mm(20.6) });
    const k1 = ed.selection.ids[0];
    const b = ed.boxOf(k1)!;
    expect((b.minX + b.maxX) / 2).toBeCloseTo(mm(10), 2);
    expect((b.minY + b.maxY) / 2).toBeCloseTo(mm(21), 2);
    ed.tools.pointer({ kind: 'down', x: mm(30), y: mm(25) });
    ed.tools.pointer({ kind: 'down', x: mm(70), y: mm(40) });
    const keys = ed.doc.keys().filter((k) => PanelPoly.is(ed.doc.get(k)!) && PanelPoly.get(ed.doc.get(k)!, 'layer') === PANEL_LAYER.CUT);
    expect(keys).toHaveLength(3);
    const text = ed.tools.get('text') as TextTool;
    text.text = 'ON';
    ed.tools.activate('text');
    ed.tools.pointer({ kind: 'down', x: mm(50), y: mm(50) });
    expect(ed.doc.records().filter((r) => PanelString.is(r)).map((r) => PanelString.get(r, 'text'))).toEqual(['ON']);
    ed.tools.activate('dimension');
    ed.tools.pointer({ kind: 'down', x: 0, y: 0 });
    expect(ed.tools.active!.state).toBe('second');
    ed.tools.pointer({ kind: 'down', x: mm(50), y: 0 });
    expect(ed.doc.records().filter((r) => PanelDimension.is(r))).toHaveLength(1);
    ed.tools.activate('aux');
    ed.tools.pointer({ kind: 'down', x: mm(5), y: mm(5), shift: true });
    expect(AuxLine.get(ed.doc.records().find((r) => AuxLine.is(r))!, 'rotation')).toBe(90);
    // select and drag the first hole by 5 mm
    ed.tools.activate('select');
    ed.tools.pointer({ kind: 'down', x: mm(10), y: mm(21) });
    expect(ed.selection.ids).toEqual([k1]);
    ed.tools.pointer({ kind: 'move', x: mm(15), y: mm(21) });
    ed.tools.pointer({ kind: 'up', x: mm(15.2), y: mm(21) });
    expect((ed.boxOf(k1)!.minX + ed.boxOf(k1)!.maxX) / 2).toBeCloseTo(mm(15), 2);
    // align the three holes on their vertical centres, then distribute them horizontally
    const reg = panelActions(ed);
    ed.selection.select(keys);
    expect(reg.run('align.centerY')).toBe(true);
    const cy = keys.map((k) => (ed.boxOf(k)!.minY + ed.boxOf(k)!.maxY) / 2);
    expect(new Set(cy.map((v) => v.toFixed(2))).size).toBe(1);
    expect(reg.run('distribute.x')).toBe(true);
    const cx = keys.map((k) => (ed.boxOf(k)!.minX + ed.boxOf(k)!.maxX) / 2).sort((a, c) => a - c);
    expect(cx[1] - cx[0]).toBeCloseTo(cx[2] - cx[1], 2);
    // one undo step each
    reg.run('edit.undo');
    reg.run('edit.undo');
    expect(new Set(keys.map((k) => ((ed.boxOf(k)!.minY + ed.boxOf(k)!.maxY) / 2).toFixed(2))).size).toBe(3);
  });

  it('[issue-19] cut-outs derived from a fixture board at its parts\' positions, updated when the board changes', () => {
    const input = fabInputFromEpro(fixture('STM32G431-mini'));
    const src = { records: input.records, extraBlocks: input.extraBlocks, footprint: input.project?.footprint, devices: input.project?.devices };
    const ed = blank();
    ed.setCanvas({ width: '150mm', height: '100mm' });
    const found = ed.deriveFromBoard(src);
    expect(found.map((d) => `${d.designator}:${d.kind}`)).toEqual(['LED1:led', 'LED2:led', 'SW1:switch', 'SW2:switch', 'USB2:connector']);
    expect([...ed.derivedKeys().keys()].sort()).toEqual(['LED1', 'LED2', 'SW1', 'SW2', 'USB2']);
    // relative positions on the panel are the board's (Y flipped)
    const led1 = found.find((d) => d.designator === 'LED1')!, sw1 = found.find((d) => d.designator === 'SW1')!;
    const idOf = (des: string) => PcbAttr.get(input.records.find((r) => PcbAttr.is(r) && PcbAttr.get(r, 'key') === 'Designator' && PcbAttr.get(r, 'value') === des)!, 'parentId');
    const comp = (des: string) => PcbComponent.parse(input.records.find((r) => PcbComponent.is(r) && PcbComponent.get(r, 'id') === idOf(des))!);
    const a = comp('LED1'), s = comp('SW1');
    expect(led1.x - sw1.x).toBeCloseTo(a.x - s.x, -1);
    expect(led1.y - sw1.y).toBeCloseTo(-(a.y - s.y), -1);
    // the board changes: LED1 moves 100 mil right; deriving again moves its cut-out, keeps one per part
    const moved = input.records.map((r) => (PcbComponent.is(r) && PcbComponent.get(r, 'id') === idOf('LED1') ? PcbComponent.with(r, { x: PcbComponent.get(r, 'x') + 100 }) : r));
    expect(ed.derivedStale(src)).toBe(false);
    expect(ed.derivedStale({ ...src, records: moved })).toBe(true);
    const again = ed.deriveFromBoard({ ...src, records: moved });
    expect(ed.derivedStale({ ...src, records: moved })).toBe(false);
    expect(again.find((d) => d.designator === 'LED1')!.x - led1.x).toBeCloseTo(100, 0);
    expect(ed.model.cutouts).toHaveLength(5);
    ed.doc.undo();
    expect(ed.model.cutouts).toHaveLength(5);
    expect(resolvePanel(ed.doc.records()).cutouts.length).toBe(5);
  });
});
