/** Panel parts (issue 19 §4): PANEL_LIB documents saved from a selection, placed on a panel; the built-in parts. */
import { describe, it, expect } from 'vitest';
import { parseDocuments } from '@copperplate/format';
import { familyOf, kindOf, PanelPoly, PANEL_LAYER } from '@copperplate/format/records';
import { openDocument } from '@copperplate/editor';
import { PanelEditor, blankPanelText, mm } from '@copperplate/editor/panel/editor';
import { builtinPanelParts, partFromSelection, partMeta, placePanelPart } from '@copperplate/editor/panel/library';

const centre = (ed: PanelEditor, k: string) => { const b = ed.boxOf(k)!; return { x: (b.minX + b.maxX) / 2, y: (b.minY + b.maxY) / 2 }; };

describe('panel parts', () => {
  it('[issue-19] a selection saved as a PANEL_LIB part and placed elsewhere: same shapes, fresh ids, one undo step', () => {
    const ed = new PanelEditor(openDocument(blankPanelText({ width: 120, height: 60 })));
    const hole = ed.addCutout(mm(20), mm(20), { shape: 'd', d: mm(7), flat: mm(2.4) });
    const text = ed.addText(mm(20), mm(29), 'LEVEL');
    const part = partFromSelection(ed, [hole, text], { title: 'Knob', description: 'pot with label', tags: ['knob'] })!;
    const block = parseDocuments(part)[0];
    expect(block.docType).toBe('PANEL_LIB');
    expect(partMeta(part)).toEqual({ title: 'Knob', description: 'pot with label', tags: ['knob'] });
    // its records are panel records (read by the panel family's modules), exactly rebuilt
    for (const r of block.records.slice(2)) { const k = kindOf(r, familyOf('PANEL_LIB')!)!; expect(k.build(k.parse(r))).toEqual(r); }
    const before = ed.doc.keys().length;
    const keys = placePanelPart(ed, part, mm(80), mm(40));
    expect(keys).toHaveLength(2);
    expect(ed.doc.keys().length).toBe(before + 2);
    expect(new Set(keys.map((k) => String(ed.doc.get(k)![1]))).size).toBe(2);
    // the placed copy keeps the shapes' layout, shifted to the click
    const d0 = { x: centre(ed, text).x - centre(ed, hole).x, y: centre(ed, text).y - centre(ed, hole).y };
    const d1 = { x: centre(ed, keys[1]).x - centre(ed, keys[0]).x, y: centre(ed, keys[1]).y - centre(ed, keys[0]).y };
    expect(d1.x).toBeCloseTo(d0.x, 1);
    expect(d1.y).toBeCloseTo(d0.y, 1);
    expect(ed.selection.ids).toEqual(keys);
    ed.doc.undo();
    expect(ed.doc.keys().length).toBe(before);
  });

  it('[issue-19] built-in parts (connectors, LEDs, knobs, switches, displays) place as cut-outs', () => {
    const ed = new PanelEditor(openDocument(blankPanelText({ width: 200, height: 100 })));
    const parts = builtinPanelParts(ed);
    expect(parts.length).toBeGreaterThanOrEqual(8);
    for (const [i, p] of parts.entries()) {
      const keys = placePanelPart(ed, p.text, mm(15 + (i % 5) * 35), mm(25 + Math.floor(i / 5) * 45));
      expect(keys.some((k) => PanelPoly.is(ed.doc.get(k)!) && PanelPoly.get(ed.doc.get(k)!, 'layer') === PANEL_LAYER.CUT), p.title).toBe(true);
    }
    expect(ed.model.cutouts).toHaveLength(parts.length);
  });
});
