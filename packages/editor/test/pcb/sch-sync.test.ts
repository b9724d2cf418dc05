import { describe, expect, it } from 'vitest';
import { parseDocuments, serializeDocuments } from '@copperplate/format';
import { EditorDocument } from '../../src/core/document.ts';
import { str } from '../../src/core/records.ts';
import { contextFromArchive, listSheets, textOf } from '../../src/sch/context.ts';
import { PcbEditor } from '../../src/pcb/editor.ts';
import { findPcbDoc, pcbDocNames } from '../../src/pcb/load.ts';
import { applyUpdate, describePlan, planUpdate, schematicParts } from '../../src/pcb/sch-sync.ts';
import { fixture } from './fixtures.ts';

function setup(name = 'ExtModule-002') {
  const a = fixture(name);
  const ctx = contextFromArchive(a);
  const sheets = listSheets(a).map((s) => ({ name: s.sheetName, doc: new EditorDocument(parseDocuments(textOf(a.entries.get(s.path))!)) }));
  const ref = findPcbDoc(a, pcbDocNames(a).pcbs[0].uuid);
  return { a, ctx, sheets, ref };
}

describe('Update Schematic to PCB', () => {
  it('[PCB-SYNC] places every schematic component as its footprint and turns nets into PAD_NET and ratsnest', () => {
    const { ctx, sheets, ref } = setup();
    const parts = schematicParts(sheets, ctx);
    expect(parts.length).toBeGreaterThan(5);
    const empty = new EditorDocument([{ docType: 'PCB', version: '1.8', records: [['DOCTYPE', 'PCB', '1.8'], ['HEAD', {}]] }]);
    const ed = new PcbEditor(empty, { project: ref.project, pcbUuid: 'new' });
    const plan = planUpdate(ed.doc, parts, ref.project);
    const lines = describePlan(plan);
    expect(lines.filter((l) => l.startsWith('Add component'))).toHaveLength(parts.length);
    expect(lines.some((l) => l.startsWith('Add net'))).toBe(true);
    applyUpdate(ed, plan);
    const comps = ed.doc.records().filter((r) => r[0] === 'COMPONENT');
    expect(comps).toHaveLength(parts.length);
    // every component drawn from its footprint with pads carrying the schematic's nets
    const pads = [...ed.scene.all()].filter((p) => p.kind === 'pad');
    expect(pads.length).toBeGreaterThan(parts.length);
    expect(pads.filter((p) => p.net).length).toBeGreaterThan(10);
    expect(ed.scene.missingFootprints.size).toBe(0);
    expect(ed.ratsnest().lines.length).toBeGreaterThan(5);
    // valid records, one undo step
    const text = serializeDocuments(ed.doc.toBlocks());
    expect(parseDocuments(text)[0].records.slice(1)).toEqual(ed.doc.records().map((r) => [...r]));
    // a second update finds nothing to do
    expect(planUpdate(ed.doc, schematicParts(sheets, ctx), ref.project).changes).toEqual([]);
    // change the schematic (rename one designator): only that change is listed and applied
    const sh = sheets[0].doc;
    const dk = sh.keys().find((k) => { const r = sh.get(k)!; return r[0] === 'ATTR' && r[3] === 'Designator' && str(r[4]) === parts[0].designator; })!;
    sh.commit('rename', (tx) => tx.update(dk, (r) => { const o = r.slice(); o[4] = 'X99'; return o; }));
    const plan2 = planUpdate(ed.doc, schematicParts(sheets, ctx), ref.project);
    expect(plan2.changes).toEqual([expect.objectContaining({ kind: 'designator', from: parts[0].designator, to: 'X99' })]);
    const before = ed.doc.records().length;
    applyUpdate(ed, plan2);
    expect(ed.doc.records().length).toBe(before);
    expect(ed.doc.records().some((r) => r[0] === 'ATTR' && r[7] === 'Designator' && r[8] === 'X99')).toBe(true);
    expect(planUpdate(ed.doc, schematicParts(sheets, ctx), ref.project).changes).toEqual([]);
    ed.undo();
    expect(ed.doc.records().some((r) => r[8] === 'X99')).toBe(false);
  });

  it('[PCB-SYNC] on the real board the components are matched by Unique ID (no adds or removes)', () => {
    const { ctx, sheets, ref } = setup();
    const ed = new PcbEditor(new EditorDocument(parseDocuments(ref.text)), { project: ref.project, pcbUuid: ref.uuid });
    const plan = planUpdate(ed.doc, schematicParts(sheets, ctx), ref.project);
    expect(plan.changes.filter((c) => c.kind === 'add-component' || c.kind === 'remove-component')).toEqual([]);
  });
});
