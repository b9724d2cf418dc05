import { describe, it, expect } from 'vitest';
import fc from 'fast-check';
import {
  isDocumentId,
  generateId,
  isGeneratedId,
  newDocumentId,
  instanceId,
  parseInstanceId,
  isInstanceId,
  isValidSource,
  libraryCacheId,
  parseLibraryCacheId,
  LIBRARY_ID_SEPARATOR,
  GENERATED_ID_PREFIX,
  randomChars,
  DocumentIdSchema,
} from '../src/index.ts';

const alnum = fc.constantFrom(...'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789'.split(''));
const alnum32 = fc.array(alnum, { minLength: 32, maxLength: 32 }).map((a) => a.join(''));

describe('ids', () => {
  it('[ID-1] 32 alphanumerics, optionally _suffix', () => {
    expect(isDocumentId('ced23b6aad5f4bdaab3778c18fdc91bf')).toBe(true);
    expect(isDocumentId('ced23b6aad5f4bdaab3778c18fdc91bf_1')).toBe(true);
    expect(isDocumentId('ced23b6aad5f4bdaab3778c18fdc91bf_e63')).toBe(true);
    expect(isDocumentId('ced23b6aad5f4bdaab3778c18fdc91b')).toBe(false); // 31
    expect(isDocumentId('ced23b6aad5f4bdaab3778c18fdc91bf0')).toBe(false); // 33
    expect(isDocumentId('ced23b6aad5f4bdaab3778c18fdc91bf_')).toBe(false); // empty suffix
    expect(isDocumentId('ced23b6a-d5f4bdaab3778c18fdc91bff')).toBe(false);
    expect(isDocumentId(42)).toBe(false);
    expect(DocumentIdSchema.safeParse('x').success).toBe(false);
  });
  it('[ID-1] property: any 32 alphanumerics with or without a suffix is an id; any other length is not', () => {
    fc.assert(
      fc.property(alnum32, fc.option(fc.array(alnum, { minLength: 1, maxLength: 8 }).map((a) => a.join(''))), (id, suffix) => {
        expect(isDocumentId(suffix === null ? id : `${id}_${suffix}`)).toBe(true);
      }),
    );
    fc.assert(
      fc.property(fc.array(alnum, { maxLength: 64 }).filter((a) => a.length !== 32), (a) => {
        expect(isDocumentId(a.join(''))).toBe(false);
      }),
    );
  });
  it('[ID-1] new document ids satisfy the rule and differ', () => {
    const ids = new Set(Array.from({ length: 1000 }, () => newDocumentId()));
    expect(ids.size).toBe(1000);
    for (const id of ids) expect(isDocumentId(id)).toBe(true);
  });
  it('[issue-17] generateId (used by the download stream id, see apps/web progress.test): generated ids have the prefix X-LC-ID- and random alphanumerics', () => {
    const id = generateId();
    expect(id.startsWith('X-LC-ID-')).toBe(true);
    expect(GENERATED_ID_PREFIX).toBe('X-LC-ID-');
    expect(id.slice(8)).toMatch(/^[A-Za-z0-9]{32}$/);
    expect(generateId(10)).toHaveLength(18);
    expect(isGeneratedId(id)).toBe(true);
    expect(isGeneratedId('X-LC-ID-')).toBe(false);
    expect(isGeneratedId('ced23b6aad5f4bdaab3778c18fdc91bf')).toBe(false);
    const many = new Set(Array.from({ length: 2000 }, () => generateId()));
    expect(many.size).toBe(2000);
  });
  it('[issue-17] random characters use the whole alphabet (no modulo bias)', () => {
    const s = randomChars(62 * 200);
    const counts = new Map<string, number>();
    for (const c of s) counts.set(c, (counts.get(c) ?? 0) + 1);
    expect(counts.size).toBe(62);
    for (const n of counts.values()) expect(n).toBeGreaterThan(100); // expected 200 each
    expect(() => randomChars(-1)).toThrow();
  });
  it('[ID-3] instance id is {parentId}_{n} and parses back', () => {
    expect(instanceId('ced23b6aad5f4bdaab3778c18fdc91bf', 3)).toBe('ced23b6aad5f4bdaab3778c18fdc91bf_3');
    expect(parseInstanceId('abc_def_12')).toEqual({ parentId: 'abc_def', n: 12 });
    expect(parseInstanceId('abc')).toBeNull();
    expect(parseInstanceId('_3')).toBeNull();
    expect(parseInstanceId('abc_x')).toBeNull();
    expect(isInstanceId('p_1', 'p')).toBe(true);
    expect(isInstanceId('p_1', 'q')).toBe(false);
    expect(() => instanceId('p', -1)).toThrow();
    expect(() => instanceId('p', 1.5)).toThrow();
    expect(() => instanceId('', 1)).toThrow();
    fc.assert(
      fc.property(fc.string({ minLength: 1 }), fc.nat(), (parent, n) => {
        expect(parseInstanceId(instanceId(parent, n))).toEqual({ parentId: parent, n });
      }),
    );
  });
  it('[ID-4] a source is empty or one or two non-empty parts separated by |', () => {
    expect(isValidSource('')).toBe(true);
    expect(isValidSource('abc')).toBe(true);
    expect(isValidSource('f2baecf085944dad81faf9a0fd6bfcea|0819f05c4eef4c71ace90d822a990e87')).toBe(true);
    expect(isValidSource('a|')).toBe(false);
    expect(isValidSource('|b')).toBe(false);
    expect(isValidSource('|')).toBe(false);
    expect(isValidSource('a|b|c')).toBe(false);
    expect(isValidSource(null)).toBe(false);
    expect(isValidSource(3)).toBe(false);
  });
  it('[ID-4] property: validity equals the rule stated over parts', () => {
    const part = fc.string({ unit: fc.constantFrom('a', 'b', '|', '1', ' ') , maxLength: 12 });
    fc.assert(
      fc.property(part, (s) => {
        const parts = s.split('|');
        const expected = s === '' || (parts.length <= 2 && parts.every((p) => p !== ''));
        expect(isValidSource(s)).toBe(expected);
      }),
    );
  });
  it('[issue-17] libraryCacheId (used by localItemKey, see the store contract): a library cache id joins id and project with the separator and splits back', () => {
    expect(libraryCacheId('abc', 'prj')).toBe(`abc${LIBRARY_ID_SEPARATOR}prj`);
    fc.assert(
      fc.property(alnum32, alnum32, (id, p) => {
        expect(parseLibraryCacheId(libraryCacheId(id, p))).toEqual({ id, projectUuid: p });
      }),
    );
    expect(parseLibraryCacheId('nosep')).toBeNull();
  });
});
