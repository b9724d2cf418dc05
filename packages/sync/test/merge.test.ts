import { describe, expect, it } from 'vitest';
import { mergeDocumentText, mergeItems } from '@copperplate/sync';

const d = (...lines: unknown[][]) => [['DOCTYPE', 'SCH', '1.1'], ['HEAD', { a: 1 }], ...lines].map((l) => JSON.stringify(l)).join('\n');

describe('three-way merge by record id', () => {
  it('takes each side\'s changes to different records, additions and removals', () => {
    const base = d(['TEXT', 'a', 1], ['TEXT', 'b', 1], ['TEXT', 'c', 1]);
    const mine = d(['TEXT', 'a', 2], ['TEXT', 'b', 1], ['TEXT', 'm', 1]);
    const theirs = d(['TEXT', 'a', 1], ['TEXT', 'b', 3], ['TEXT', 'c', 1], ['TEXT', 't', 1]);
    const r = mergeDocumentText(base, mine, theirs);
    expect(r.ok && r.text.split('\n')).toEqual(d(['TEXT', 'a', 2], ['TEXT', 'b', 3], ['TEXT', 'm', 1], ['TEXT', 't', 1]).split('\n'));
  });
  it('a record changed differently on both sides is a conflict; the same change is not', () => {
    const base = d(['TEXT', 'a', 1]);
    expect(mergeDocumentText(base, d(['TEXT', 'a', 2]), d(['TEXT', 'a', 3])).ok).toBe(false);
    expect(mergeDocumentText(base, d(['TEXT', 'a', 2], ['TEXT', 'x', 0]), d(['TEXT', 'a', 2])).ok).toBe(true);
  });
  it('singletons (HEAD) are keyed by type; untouched lines keep their exact text', () => {
    const base = '["DOCTYPE","SCH","1.1"]\n["HEAD",{"a":1}]\n["TEXT","a", 1.0]';
    const mine = '["DOCTYPE","SCH","1.1"]\n["HEAD",{"a":2}]\n["TEXT","a", 1.0]';
    const theirs = '["DOCTYPE","SCH","1.1"]\n["HEAD",{"a":1}]\n["TEXT","a", 1.0]\n["TEXT","b",2]';
    const r = mergeDocumentText(base, mine, theirs);
    expect(r.ok && r.text).toBe('["DOCTYPE","SCH","1.1"]\n["HEAD",{"a":2}]\n["TEXT","a", 1.0]\n["TEXT","b",2]');
  });
  it('records without a unique id (repeated keys) merge as whole lines', () => {
    const base = d(['PAD_NET', 'c1', '1', 'N1'], ['PAD_NET', 'c1', '2', 'N2']);
    const mine = d(['PAD_NET', 'c1', '1', 'N1'], ['PAD_NET', 'c1', '2', 'N9']);
    const theirs = d(['PAD_NET', 'c1', '1', 'N1'], ['PAD_NET', 'c1', '2', 'N2'], ['TEXT', 'z', 0]);
    const r = mergeDocumentText(base, mine, theirs);
    expect(r.ok && r.text).toContain('"N9"');
    expect(r.ok && r.text).not.toContain('"N2"');
    expect(r.ok && r.text).toContain('"z"');
  });
  it('several documents in one text (blank-line separated) merge block by block', () => {
    const two = (a: number, b: number) => `${d(['TEXT', 'a', a])}\n\n${JSON.stringify(['DOCTYPE', 'FOOTPRINT', '1.8'])}\n${JSON.stringify(['PAD', 'a', b])}`;
    const r = mergeDocumentText(two(1, 1), two(2, 1), two(1, 3));
    expect(r.ok && r.text).toBe(two(2, 3));
  });
  it('items: fields merge; server fields (ticket, updateTime) come from the server; deletions', () => {
    const base = { uuid: 'u', title: 'T', description: 'd', ticket: 1 };
    const r = mergeItems(base, { ...base, title: 'Mine' }, { ...base, description: 'theirs', ticket: 5, updateTime: 9 });
    expect(r).toEqual({ ok: true, merged: { uuid: 'u', title: 'Mine', description: 'theirs', ticket: 5, updateTime: 9 } });
    expect(mergeItems(base, null, base)).toEqual({ ok: true, merged: null });
    expect(mergeItems(base, null, { ...base, title: 'x' }).ok).toBe(false);
    expect(mergeItems(base, { ...base, title: 'x' }, null).ok).toBe(false);
    expect(mergeItems(base, { ...base, title: 'a' }, { ...base, title: 'b' }).ok).toBe(false);
    expect(mergeItems(base, { ...base, title: 'a' }, { ...base, title: 'b' }, 'mine')).toMatchObject({ ok: true, merged: { title: 'a' } });
  });
});
