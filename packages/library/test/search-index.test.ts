/**
 * The system library's in-memory search index (issue 16: search p99 under 30 ms on PGlite) over the
 * generated basic parts: names as typed, full text with prefixes and word parts, the ranking shared
 * with the database (textKey), misspellings corrected by trigrams, filters, paging limits, removal.
 */
import { describe, expect, it } from 'vitest';
import { basicParts, compareKeys, LIB_TYPE, mergeRanked, nameKey, packIndex, SearchIndex, textKey, trigrams, unpackIndex, type SearchFields } from '../src/index.ts';

const rows: (SearchFields & { owner: number })[] = basicParts().map((it) => ({
  uuid: it.uuid, type: it.type, lib: it.lib, title: it.title, value: it.value, package: it.package, keywords: it.keywords,
  manufacturer_part: it.manufacturerPart, description: it.description, owner: 2,
}));
const index = new SearchIndex(rows);
const titles = (r: { row: SearchFields }[]) => r.map((x) => x.row.title);

describe('[issue-16] system library search index', () => {
  it('names: a prefix in name order, then type; filters; limits', () => {
    const r = index.names({}, 500, 'led_06', 'led_07');
    expect(new Set(titles(r))).toEqual(new Set(['LED_0603_1608Metric']));
    expect(r.map((x) => x.row.type)).toEqual([LIB_TYPE.DEVICE, LIB_TYPE.FOOTPRINT]);
    const all = index.names({ type: LIB_TYPE.DEVICE }, 20);
    expect(all).toHaveLength(20);
    for (let i = 1; i < all.length; i++) expect(compareKeys(all[i - 1].key, all[i].key)).toBeLessThan(0);
    expect(all.every((x) => x.row.type === LIB_TYPE.DEVICE)).toBe(true);
  });

  it('text: every word as a prefix, a word by its parts; the exact and ordered names first', () => {
    const r = index.text('LED 0603', { type: LIB_TYPE.DEVICE }, 10);
    expect(r[0].row.title).toBe('LED_0603_1608Metric');
    expect(r.every((x) => x.row.type === LIB_TYPE.DEVICE)).toBe(true);
    // `1608Metric` matches `1608` and `metric` in other names; `1608metric` whole in this one
    expect(titles(index.text('1608Metric', { type: LIB_TYPE.FOOTPRINT, package: 'R_' }, 10))).toEqual(['R_0603_1608Metric']);
    // one letter matches a whole word only: `c` is not every word starting with c
    const c = index.text('usb c', {}, 50);
    expect(c.length).toBeGreaterThan(0);
    expect(c.every((x) => /usb/i.test(x.row.title + x.row.keywords + x.row.package))).toBe(true);
    // the same ranking as the database's: keys equal textKey of the row
    for (const x of r) expect(x.key).toEqual(textKey(x.row, 'LED 0603'));
    for (let i = 1; i < r.length; i++) expect(compareKeys(r[i - 1].key, r[i].key)).toBeLessThan(0);
    expect(index.text('nosuchpartanywhere', {}, 10)).toEqual([]);
  });

  it('fuzzy: a misspelled word is replaced by the most alike words (trigrams); known words stay as typed', () => {
    expect(index.text('resistr', {}, 10)).toEqual([]);
    const r = index.fuzzy('resistr', { type: LIB_TYPE.DEVICE }, 50);
    expect(r.length).toBeGreaterThan(10);
    expect(r.every((x) => x.row.value === 'R')).toBe(true);
    const sized = index.fuzzy('capacitr 0805', { type: LIB_TYPE.DEVICE }, 50);
    expect(titles(sized)).toContain('C_0805_2012Metric');
    expect(sized.every((x) => x.row.title.includes('0805'))).toBe(true);
    expect(index.similarWords('conector').map((w) => w.term)).not.toContain('conector');
    expect(trigrams('ab')).toEqual(['  a', ' ab', 'ab ']);
    expect(index.fuzzy('LED', {}, 10)).toEqual([]); // nothing misspelled: no fuzzy answer
  });

  it('merging with rows from elsewhere keeps one order; a removed row is left out', () => {
    const extra = { ...rows[0], uuid: 'f'.repeat(32), title: 'LED_0603_Mine', value: 'LED', owner: 0 };
    const merged = mergeRanked([index.names({}, 5, 'led_0603', 'led_0604'), [{ row: extra, key: nameKey(extra) }]]);
    expect(titles(merged)).toContain('LED_0603_Mine');
    for (let i = 1; i < merged.length; i++) expect(compareKeys(merged[i - 1].key, merged[i].key)).toBeLessThan(0);
    const gone = index.text('LED 0603', { type: LIB_TYPE.DEVICE }, 1)[0].row.uuid;
    const copy = new SearchIndex(rows);
    copy.remove((r) => r.uuid === gone);
    expect(copy.text('LED 0603', { type: LIB_TYPE.DEVICE }, 50).map((x) => x.row.uuid)).not.toContain(gone);
  });

  it('a stored index (packIndex, unpackIndex) answers exactly as the index it was made from, with its rows whole', () => {
    const bytes = packIndex(index, ['uuid', 'type', 'lib', 'title', 'value', 'package', 'keywords', 'manufacturer_part', 'description', 'owner']);
    // read from an offset that is not a multiple of 4 (as a database may hand the bytes over)
    const shifted = new Uint8Array(bytes.byteLength + 1);
    shifted.set(bytes, 1);
    const back = unpackIndex<(typeof rows)[number]>(shifted.subarray(1));
    expect(back.size).toBe(index.size);
    expect(back.rows).toEqual(rows);
    const same = <R>(f: (ix: SearchIndex<(typeof rows)[number]>) => R) => expect(f(back)).toEqual(f(index));
    same((ix) => ix.names({}, 50));
    same((ix) => ix.names({ type: LIB_TYPE.FOOTPRINT, package: 'r_' }, 30, 'r', 's'));
    for (const q of ['LED 0603', '1608Metric', 'usb c', 'r', 'pin header 2x05', 'cap']) same((ix) => ix.text(q, {}, 50));
    for (const q of ['resistr', 'capacitr 0805', 'conector']) same((ix) => ix.fuzzy(q, {}, 50));
    expect(back.text('LED 0603', {}, 5).length).toBeGreaterThan(0);
    expect(() => unpackIndex(new TextEncoder().encode('not an index at all'))).toThrow(/not a stored library index/);
  });
});
