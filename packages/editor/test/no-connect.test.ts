/**
 * [issue-10] No-connect marks (pin ATTR NO_CONNECT on the joined id `component + pin`) are drawn as a
 * cross on the pin end, move with their component (stored position too) and go when it is deleted.
 */
import { describe, expect, it } from 'vitest';
import { SchematicEditor, contextFromArchive, listSheets, openDocument, renderSchematicSvg } from '../src/index.ts';
import { entryText, fixture } from './fixtures.ts';

/** The two end points of the first stroke of the cross drawn for `id`. */
function cross(svg: string, id: string): number[] {
  const m = new RegExp(`data-id="${id}" data-kind="ATTR"><polyline points="([-\\d.]+),([-\\d.]+) ([-\\d.]+),([-\\d.]+)"[^>]*stroke="#33CC33"`).exec(svg);
  if (!m) throw new Error(`no cross for ${id}`);
  return m.slice(1).map(Number);
}

describe('[issue-10] no-connect marks', () => {
  const a = fixture('ExtModule-003.epro');
  const sheet = listSheets(a)[0];
  it('are drawn on the pin end, move with their component and are deleted with it', () => {
    const ctx = contextFromArchive(a);
    const doc = openDocument(entryText(a, sheet.path));
    // ["ATTR","e309","e63e37","NO_CONNECT","yes",0,0,520,445,...]: pin e37 of U1 (e63)
    expect(doc.get('e309')?.[2]).toBe('e63e37');
    let svg = renderSchematicSvg(doc, { ctx });
    expect(cross(svg, 'e309')).toEqual([516, -449, 524, -441]);
    const ed = new SchematicEditor(doc, { ctx });
    ed.selection.select(['e63']);
    ed.moveSelection(20, -10);
    expect(doc.get('e309')?.slice(7, 9)).toEqual([540, 435]);
    svg = renderSchematicSvg(doc, { ctx });
    expect(cross(svg, 'e309')).toEqual([536, -439, 544, -431]);
    // the scene repaints the mark with the component
    expect(ed.scene.item('e309')?.bbox.minX).toBe(536 - 0.5);
    ed.undo();
    expect(doc.get('e309')?.slice(7, 9)).toEqual([520, 445]);
    ed.selection.select(['e63']);
    ed.deleteSelection();
    expect(doc.get('e309')).toBeUndefined();
    expect(doc.get('e1228')).toBeUndefined();
  });
});
