import { describe, expect, it } from 'vitest';
import { readEpro, writeEpro } from '@copperplate/format';
import { SchematicEditor, contextFromArchive, listSheets, openDocument, renderSchematicSvg, serializeDocument } from '../src/index.ts';
import { entryText, fixture } from './fixtures.ts';

describe('edits survive save, reopen and .epro export', () => {
  it('edit a real sheet, export the project, import it again: the records and the drawing are the same', () => {
    const a = fixture('STM32G431-mini.epro');
    const ctx = contextFromArchive(a);
    const sheet = listSheets(a)[0];
    const doc = openDocument(entryText(a, sheet.path));
    const ed = new SchematicEditor(doc, { ctx });
    const [ck] = doc.ofType('COMPONENT').find(([, r]) => r[2] === '电阻.1')!;
    ed.selection.select([ck]);
    ed.moveSelection(10, 0);
    ed.rotateSelection();
    ed.copy();
    ed.paste(undefined, { x: 600, y: 700 });
    const w = ed.addWire([{ x: 600, y: 650 }, { x: 650, y: 650 }]);
    ed.setNetLabel(w, 'EXPORTED', { x: 620, y: 650 });
    ed.setAttribute(ck, 'Value', '22k');
    const text = serializeDocument(doc);
    const entries = new Map(a.entries);
    entries.set(sheet.path, text);
    const back = readEpro(writeEpro({ projectJson: a.projectJson, entries }), { name: 'x.epro' });
    const reopened = openDocument(entryText(back, sheet.path));
    expect(reopened.records().map((r) => JSON.stringify(r))).toEqual(doc.records().map((r) => JSON.stringify(r)));
    expect(renderSchematicSvg(reopened, { ctx: contextFromArchive(back) })).toBe(renderSchematicSvg(doc, { ctx }));
    expect(renderSchematicSvg(reopened, { ctx })).toContain('>EXPORTED<');
    // untouched records keep their exact text
    const orig = entryText(a, sheet.path).split('\n');
    const now = new Set(text.split('\n'));
    const kept = orig.filter((l) => now.has(l)).length;
    expect(kept).toBeGreaterThan(orig.length - 20);
  });
});
