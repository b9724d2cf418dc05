/** [issue-17] Comparing two versions of a document record by record (the Versions dialog's change list). */
import { describe, expect, it } from 'vitest';
import { changedElementIds, diffDocumentTexts } from '@copperplate/format';

const text = (...lines: unknown[][]) => lines.map((l) => JSON.stringify(l)).join('\n');
const head = [['DOCTYPE', 'SCH', '1.1'], ['HEAD', { originX: 0 }]];

describe('document diff', () => {
  it('[issue-17] sheet: added, removed and changed records by id, with the changed fields and the component a changed ATTR belongs to', () => {
    const before = text(...head,
      ['COMPONENT', 'c1', 'sym1', 100, 200, 0, 0, {}, 0],
      ['ATTR', 'a1', 'c1', 'Designator', 'R1', false, true, 110, 210, 0, 'st1', 0],
      ['WIRE', 'w1', [[0, 0, 100, 0]], 'st2', 0],
      ['TEXT', 't1', 0, 0, 0, 'old note', 'st3', 0]);
    const after = text(...head,
      ['COMPONENT', 'c1', 'sym1', 150, 200, 0, 0, {}, 0],
      ['ATTR', 'a1', 'c1', 'Designator', 'R7', false, true, 110, 210, 0, 'st1', 0],
      ['TEXT', 't1', 0, 0, 0, 'old note', 'st3', 0],
      ['TEXT', 't2', 10, 10, 0, 'new note', 'st3', 0]);
    const d = diffDocumentTexts(before, after);
    expect(d.docType).toBe('SCH');
    const by = Object.fromEntries(d.changes.map((c) => [c.id, c]));
    expect(by.c1).toMatchObject({ change: 'changed', type: 'COMPONENT', label: 'COMPONENT R7' });
    expect(by.c1.fields).toContain('x');
    expect(by.c1.fields).not.toContain('y');
    expect(by.a1).toMatchObject({ change: 'changed', parent: 'c1', fields: ['value'], label: 'R7: Designator = R7' });
    expect(by.w1).toMatchObject({ change: 'removed', type: 'WIRE' });
    expect(by.t2).toMatchObject({ change: 'added', label: 'TEXT new note' });
    expect(by.t1).toBeUndefined();
    expect(d.unchanged).toBe(1);
    expect(changedElementIds(d.changes, ['added', 'changed']).sort()).toEqual(['a1', 'c1', 't2']);
    expect(changedElementIds(d.changes, ['removed'])).toEqual(['w1']);
  });

  it('[issue-17] PCB: a moved track and a net renamed; records without an id are counted; identical texts differ in nothing', () => {
    const pcbHead = [['DOCTYPE', 'PCB', '1.8'], ['HEAD', { originX: 0 }], ['LAYER', 1, 'TOP', 'Top Layer', 3, '#ff0000', 1, '#7f0000', 1]];
    const before = text(...pcbHead, ['LINE', 'l1', 0, 'GND', 1, 0, 0, 100, 0, 10, 0]);
    const after = text(...pcbHead.slice(0, 2), ['LAYER', 1, 'TOP', 'Top', 3, '#ff0000', 1, '#7f0000', 1], ['LINE', 'l1', 0, 'VCC', 1, 0, 0, 100, 50, 10, 0]);
    const d = diffDocumentTexts(before, after);
    expect(d.changes).toHaveLength(1);
    expect(d.changes[0]).toMatchObject({ id: 'l1', change: 'changed', label: 'LINE VCC' });
    expect(d.changes[0].fields).toEqual(expect.arrayContaining(['net']));
    expect(d.otherAdded).toBe(1);
    expect(d.otherRemoved).toBe(1);
    const none = diffDocumentTexts(before, before);
    expect([none.changes.length, none.otherAdded, none.otherRemoved, none.unchanged]).toEqual([0, 0, 0, 1]);
    // A side that is not there (the document is not in that version): everything is added.
    expect(diffDocumentTexts(undefined, after).changes.map((c) => c.change)).toEqual(['added']);
  });
});
