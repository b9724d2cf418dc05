/**
 * The panel editor on the shared edit engine (issue 19 part 2, issue 14 part 5): rotate, mirror,
 * copy, cut, paste and duplicate go through core/edit-engine.ts with the panel's hooks (one undo step
 * each, fresh ids), and layers can be hidden (not drawn, not hit, not edited).
 */
import { describe, it, expect } from 'vitest';
import { parseDocuments } from '@copperplate/format';
import { AuxLine, PanelPoly, PanelString, PANEL_LAYER } from '@copperplate/format/records';
import { parsePanelPaths, flatten } from '@copperplate/convert/panel/index';
import { openDocument, serializeDocument } from '@copperplate/editor';
import { EditEngine } from '../../src/core/edit-engine.ts';
import { PanelEditor, blankPanelText, mm, MAX_IMAGE_BYTES } from '@copperplate/editor/panel/editor';
import { panelActions } from '@copperplate/editor/panel/actions';
import { registerPanelTools } from '@copperplate/editor/panel/tools';
import { panelEditorSvg } from '@copperplate/convert/panel/index';

const blank = () => { const ed = new PanelEditor(openDocument(blankPanelText({ width: 120, height: 60 }))); registerPanelTools(ed); return ed; };
const ptsOf = (ed: PanelEditor, k: string) => parsePanelPaths(PanelPoly.get(ed.doc.get(k)!, 'paths')).flatMap((c) => flatten(c));
const boxOf = (pts: { x: number; y: number }[]) => ({
  minX: Math.min(...pts.map((p) => p.x)), maxX: Math.max(...pts.map((p) => p.x)), minY: Math.min(...pts.map((p) => p.y)), maxY: Math.max(...pts.map((p) => p.y)),
});

describe('panel editing on the shared engine', () => {
  it('[issue-19] the panel editor edits through the shared EditEngine', () => {
    expect(blank().engine).toBeInstanceOf(EditEngine);
  });

  it('[issue-19] a rectangular cut-out turned 90° about its centre swaps width and height; four turns bring it back; one undo step each', () => {
    const ed = blank();
    const k = ed.addCutout(mm(40), mm(30), { shape: 'rect', w: mm(10), h: mm(4) });
    const before = boxOf(ptsOf(ed, k));
    ed.rotate([k], 90);
    const b = boxOf(ptsOf(ed, k));
    expect(b.maxX - b.minX).toBeCloseTo(mm(4), 2);
    expect(b.maxY - b.minY).toBeCloseTo(mm(10), 2);
    expect((b.minX + b.maxX) / 2).toBeCloseTo(mm(40), 2);
    expect((b.minY + b.maxY) / 2).toBeCloseTo(mm(30), 2);
    ed.rotate([k], 90); ed.rotate([k], 90); ed.rotate([k], 90);
    const back = boxOf(ptsOf(ed, k));
    for (const f of ['minX', 'maxX', 'minY', 'maxY'] as const) expect(back[f]).toBeCloseTo(before[f], 2);
    for (let i = 0; i < 4; i++) ed.doc.undo();
    const undone = boxOf(ptsOf(ed, k));
    for (const f of ['minX', 'maxX', 'minY', 'maxY'] as const) expect(undone[f]).toBe(before[f]);
    expect(ed.doc.canUndo()).toBe(true); // the cut-out's own creation is still there to undo
  });

  it('[issue-19] mirror left-right of a D-shaped hole puts its flat on the other side, and the text stays readable', () => {
    const ed = blank();
    const d = ed.addCutout(mm(60), mm(30), { shape: 'd', d: mm(7), flat: mm(2.5) });
    const t = ed.addText(mm(80), mm(30), 'VOL');
    // the outline's mean x against its box centre: the round side pulls it away from the flat side
    const lean = () => { const p = ptsOf(ed, d), b = boxOf(p); return p.reduce((s, q) => s + q.x, 0) / p.length - (b.minX + b.maxX) / 2; };
    const was = lean();
    expect(Math.abs(was)).toBeGreaterThan(1);
    ed.mirror([d], 'x');
    expect(lean()).toBeCloseTo(-was, 1);
    const m0 = PanelString.get(ed.doc.get(t)!, 'matrix') as number[];
    ed.mirror([t, d], 'x');
    const m1 = PanelString.get(ed.doc.get(t)!, 'matrix') as number[];
    // the glyphs are not mirrored (a, b, d, e kept), the anchor moved across the selection's centre
    expect([m1[0], m1[1], m1[3], m1[4]]).toEqual([m0[0], m0[1], m0[3], m0[4]]);
    expect(m1[2]).not.toBeCloseTo(m0[2], 3);
  });

  it('[issue-19] copy and paste: new records with fresh ids, offset by 2 mm, selected, one undo step; cut removes; duplicate by Ctrl+D', () => {
    const ed = blank();
    const acts = panelActions(ed);
    const c = ed.addCutout(mm(20), mm(30), { shape: 'round', d: mm(6) });
    const a = ed.addAuxLine(mm(50), mm(10), 90);
    const n0 = ed.doc.keys().length;
    const text = ed.copy([c, a]);
    expect(parseDocuments(text)[0].docType).toBe('PANEL');
    const keys = ed.paste();
    expect(keys).toHaveLength(2);
    expect(ed.selection.ids).toEqual(keys);
    expect(ed.doc.keys().length).toBe(n0 + 2);
    const ids = ed.doc.records().map((r) => r[1]).filter((x) => typeof x === 'string');
    expect(new Set(ids).size).toBe(ids.length);
    const verts = (k: string) => parsePanelPaths(PanelPoly.get(ed.doc.get(k)!, 'paths')).flatMap((q) => q.pts);
    const pasted = boxOf(verts(keys[0])), orig = boxOf(verts(c));
    expect(pasted.minX - orig.minX).toBeCloseTo(mm(2), 2);
    expect(pasted.minY - orig.minY).toBeCloseTo(mm(2), 2);
    expect(AuxLine.get(ed.doc.get(keys[1])!, 'x')).toBeCloseTo(mm(52), 2);
    ed.doc.undo();
    expect(ed.doc.keys().length).toBe(n0);
    // paste from the page's clipboard text (another panel, another tab)
    const other = blank();
    expect(other.paste(0, 0, text)).toHaveLength(2);
    expect(other.model.cutouts.length).toBe(1);
    // cut
    ed.cut([c]);
    expect(ed.doc.has(c)).toBe(false);
    expect(ed.paste(0, 0)).toHaveLength(1);
    // Ctrl+D
    ed.selection.select([a]);
    const before = ed.doc.keys().length;
    expect(acts.handleKey({ key: 'd', ctrl: true, shift: false, alt: false })).toBe(true);
    expect(ed.doc.keys().length).toBe(before + 1);
  });

  it('[issue-19] R and X run rotate and mirror from the keyboard (the editor routes keys as every editor does); arrows nudge by the grid', () => {
    const ed = blank();
    const acts = panelActions(ed);
    // the editor's one registry, filled once: a view mounted again gets the same actions
    expect(acts).toBe(ed.actions);
    expect(panelActions(ed)).toBe(acts); // a second fill would throw: an action registered twice
    const k = ed.addCutout(mm(40), mm(30), { shape: 'rect', w: mm(10), h: mm(4) });
    ed.selection.select([k]);
    expect(ed.key({ key: 'r', ctrl: false, shift: false, alt: false })).toBe(true);
    const b = boxOf(ptsOf(ed, k));
    expect(b.maxY - b.minY).toBeCloseTo(mm(10), 2);
    expect(ed.key({ key: 'ArrowRight', ctrl: false, shift: false, alt: false })).toBe(true);
    expect(boxOf(ptsOf(ed, k)).minX - b.minX).toBeCloseTo(ed.grid, 2);
    expect(ed.key({ key: 'x', ctrl: false, shift: false, alt: false })).toBe(true);
  });

  it('[issue-19] a hidden layer is not drawn, not hit and not edited; the plate CANVAS never moves', () => {
    const ed = blank();
    const c = ed.addCutout(mm(20), mm(30), { shape: 'round', d: mm(6) });
    const t = ed.addText(mm(80), mm(30), 'HIDE-ME');
    expect(ed.layerOf(c)).toBe(PANEL_LAYER.CUT);
    expect(ed.hit(mm(20), mm(30))).toContain(c);
    ed.setLayerVisible(PANEL_LAYER.CUT, false);
    expect(ed.hit(mm(20), mm(30))).not.toContain(c);
    const before = serializeDocument(ed.doc);
    ed.move([c], 100, 100);
    expect(serializeDocument(ed.doc)).toBe(before);
    const svgAll = panelEditorSvg(ed.model);
    const svgHidden = panelEditorSvg(ed.model, ed.hiddenLayers);
    expect(svgHidden.length).toBeLessThan(svgAll.length);
    ed.setLayerVisible(PANEL_LAYER.PRINT, false);
    expect(panelEditorSvg(ed.model, ed.hiddenLayers)).not.toContain('HIDE-ME');
    expect(svgAll).toContain('HIDE-ME');
    ed.setLayerVisible(PANEL_LAYER.CUT, true);
    const canvas = ed.canvasKey()!;
    ed.move([canvas, c], 100, 0);
    expect(ed.doc.get(canvas)).toEqual(parseDocuments(before)[0].records.find((r) => r[0] === 'CANVAS'));
    void t;
  });

  it('[issue-19] a picture placed on the print layer as an image fill; not-a-picture and too-large files refused', () => {
    const ed = blank();
    const png = 'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==';
    const k = ed.addImage(mm(60), mm(30), mm(30), mm(15), png, 'logo.png')!;
    expect(k).toBeTruthy();
    expect(ed.layerOf(k)).toBe(PANEL_LAYER.PRINT);
    expect(PanelPoly.get(ed.doc.get(k)!, 'fillColor')).toBe(png);
    expect(panelEditorSvg(ed.model)).toContain('data-image="yes"');
    expect(ed.addImage(0, 0, 10, 10, 'data:text/html;base64,PGI+')).toBeNull();
    expect(ed.addImage(0, 0, 10, 10, 'data:image/png;base64,' + 'A'.repeat(MAX_IMAGE_BYTES * 2))).toBeNull();
  });

  it('[issue-19] text in a named font is saved with its family, bold and italic, set in that font in the picture, and turns with the placement', () => {
    const ed = blank();
    const k = ed.addText(mm(40), mm(20), 'VOLUME', { font: 'Verdana', bold: true, italic: true, size: mm(4) });
    const r = ed.doc.get(k)!;
    expect([PanelString.get(r, 'font'), PanelString.get(r, 'fontWeight'), PanelString.get(r, 'italic')]).toEqual(['Verdana', 700, true]);
    const svg = panelEditorSvg(ed.model);
    expect(svg).toMatch(/<text data-id="[^"]+" data-text="VOLUME"[^>]*font-family="Verdana"[^>]*font-weight="bold" font-style="italic"/);
    const box = () => { const it = ed.model.items.find((i) => i.kind === 'text')!; const p = it.kind === 'text' ? it.contours.flatMap((c) => c.pts) : []; return boxOf(p); };
    const b0 = box();
    ed.rotate([k], 90);
    const b1 = box();
    // a long word: wider than tall before the quarter turn, taller than wide after it
    expect(b0.maxX - b0.minX).toBeGreaterThan(b0.maxY - b0.minY);
    expect(b1.maxY - b1.minY).toBeGreaterThan(b1.maxX - b1.minX);
    expect(panelEditorSvg(ed.model)).toMatch(/data-text="VOLUME"[^>]*transform="rotate\(90 /);
  });
});
