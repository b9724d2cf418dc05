import { describe, expect, it } from 'vitest';
import { SchematicEditor, contextFromArchive, listSheets, openDocument } from '../src/index.ts';
import { entryText, fixture } from './fixtures.ts';

const a = fixture('STM32G431-mini.epro');
const ctx = contextFromArchive(a);
const text = entryText(a, listSheets(a)[0].path);

describe('scene: incremental repaint and hit testing', () => {
  it('a commit re-paints only the records it touched (and the ATTRs of a moved component)', () => {
    const doc = openDocument(text);
    const ed = new SchematicEditor(doc, { ctx });
    const before = ed.scene.painted;
    expect(before).toBe(ed.scene.size);
    const [ck] = doc.ofType('COMPONENT').find(([, r]) => r[2] === '电阻.1')!;
    ed.selection.select([ck]);
    let repainted: string[] = [];
    ed.onChange((_cs, keys) => { repainted = keys; });
    ed.moveSelection(0, 5);
    const shown = doc.childrenOf(ck).filter((k) => ed.scene.item(k));
    const painted = ed.scene.painted - before;
    // the component, its shown ATTRs and the wires that followed: a handful, not the whole sheet
    expect(painted).toBeGreaterThanOrEqual(1 + shown.length);
    expect(painted).toBeLessThan(20);
    expect(repainted).toContain(ck);
    // the moved box is indexed at its new place
    const it = ed.scene.item(ck)!;
    expect(ed.scene.index.bbox(ck)).toEqual(it.bbox);
    ed.undo();
    expect(ed.scene.item(ck)!.bbox.minY).toBeCloseTo(it.bbox.minY - 5);
  });

  it('remote changes repaint the scene but never enter undo nor mark the document edited', () => {
    let edited = 0;
    const doc = openDocument(text, { onEdited: () => edited++ });
    const ed = new SchematicEditor(doc, { ctx });
    const w = doc.get('e698')!;
    doc.applyRemote([{ key: 'e698', rec: [w[0], w[1], [[480, 270, 425, 270, 425, 200]], ...w.slice(3)] }]);
    expect(ed.scene.item('e698')!.bbox.minY).toBeLessThan(201);
    expect(doc.canUndo()).toBe(false);
    expect(edited).toBe(0);
    doc.applyRemote([{ key: 'e698', rec: null }]);
    expect(ed.scene.item('e698')).toBeUndefined();
    expect(ed.hit(450, 270)).not.toBe('e698');
  });

  it('hit test finds a wire by its segment, a component by its body, and nothing on empty paper', () => {
    const doc = openDocument(text);
    const ed = new SchematicEditor(doc, { ctx });
    expect(ed.hit(450, 270)).toBe('e698'); // WIRE e698 runs 480,270 -> 425,270
    const [ck, c] = doc.ofType('COMPONENT').find(([, r]) => r[2] === 'X322525MOB4SI.1')!;
    expect(ed.hit(Number(c[3]), Number(c[4]))).toBe(ck);
    expect(ed.hit(-500, -500)).toBeUndefined();
    // the title-block frame covers the page but is never picked by a click; a long open POLY only near its line
    expect(ed.hit(900, 300)).toBeUndefined();
    expect(ed.hit(250, 600)).toBeUndefined();
    expect(ed.hit(350, 600)).toBe('e12177'); // POLY [350,815, 350,370, 10,370]
  });
});
