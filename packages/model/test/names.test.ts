import { describe, it, expect } from 'vitest';
import fc from 'fast-check';
import {
  defaultTitle,
  normaliseVersion,
  titleOrDefault,
  renameWithSuffix,
  renameWithSuffixCapped,
  renameWithSuffixAsync,
  suffixedTitle,
  utf8ByteLength,
  CatalogueError,
  NAMED_ERRORS,
} from '../src/index.ts';

describe('names', () => {
  it('[NAME-1] empty titles default to Symbol_/Footprint_/Device_ plus random characters', () => {
    expect(defaultTitle('symbol')).toMatch(/^Symbol_[A-Za-z0-9]{8}$/);
    expect(defaultTitle('footprint')).toMatch(/^Footprint_[A-Za-z0-9]{8}$/);
    expect(defaultTitle('device')).toMatch(/^Device_[A-Za-z0-9]{8}$/);
    expect(defaultTitle('symbol')).not.toBe(defaultTitle('symbol'));
    expect(titleOrDefault('', 'device')).toMatch(/^Device_/);
    expect(titleOrDefault('  ', 'symbol')).toMatch(/^Symbol_/);
    expect(titleOrDefault('R1', 'symbol')).toBe('R1');
  });
  it('[NAME-1] an empty version becomes 1', () => {
    expect(normaliseVersion('')).toBe('1');
    expect(normaliseVersion(undefined)).toBe('1');
    expect(normaliseVersion(null)).toBe('1');
    expect(normaliseVersion(' ')).toBe('1');
    expect(normaliseVersion('1712022907')).toBe('1712022907');
    expect(normaliseVersion(3)).toBe('3');
  });
  it('[NAME-2] a clashing title gets a numeric suffix name_1, name_2, ...', () => {
    const taken = new Set(['R', 'R_1', 'R_2']);
    expect(renameWithSuffix('R', (n) => taken.has(n))).toBe('R_3');
    expect(renameWithSuffix('C', (n) => taken.has(n))).toBe('C');
  });
  it('[NAME-2] up to 1000 tries, then Automatic rename failed!', () => {
    let calls = 0;
    const always = () => {
      calls++;
      return true;
    };
    expect(() => renameWithSuffix('X', always)).toThrow(NAMED_ERRORS.AUTO_RENAME_FAILED);
    expect(calls).toBe(1001); // the title itself plus 1000 suffixes
    const taken = new Set(['X', ...Array.from({ length: 999 }, (_, i) => `X_${i + 1}`)]);
    expect(renameWithSuffix('X', (n) => taken.has(n))).toBe('X_1000');
    try {
      renameWithSuffix('X', always);
    } catch (e) {
      expect(e).toBeInstanceOf(CatalogueError);
      expect((e as CatalogueError).code).toBe('AUTO_RENAME_FAILED');
    }
  });
  it('[NAME-2] the other helper caps at 500', () => {
    const taken500 = new Set(['Y', ...Array.from({ length: 500 }, (_, i) => `Y_${i + 1}`)]);
    expect(() => renameWithSuffixCapped('Y', (n) => taken500.has(n))).toThrow('Automatic rename failed!');
    const taken499 = new Set(['Y', ...Array.from({ length: 499 }, (_, i) => `Y_${i + 1}`)]);
    expect(renameWithSuffixCapped('Y', (n) => taken499.has(n))).toBe('Y_500');
  });
  it('[NAME-2] async lookup', async () => {
    const taken = new Set(['A', 'A_1']);
    await expect(renameWithSuffixAsync('A', async (n) => taken.has(n))).resolves.toBe('A_2');
    await expect(renameWithSuffixAsync('A', async () => true, 3)).rejects.toThrow('Automatic rename failed!');
  });
  it('[NAME-2] [VAL-9] suffixed names stay within 128 bytes', () => {
    const long = '最'.repeat(60); // 180 bytes
    const s = suffixedTitle(long, 12);
    expect(utf8ByteLength(s)).toBeLessThanOrEqual(128);
    expect(s.endsWith('_12')).toBe(true);
  });
  it('[NAME-2] property: the result is free, and is the title or title_n with the smallest free n', () => {
    fc.assert(
      fc.property(fc.string({ minLength: 1, maxLength: 20 }), fc.uniqueArray(fc.integer({ min: 0, max: 30 }), { maxLength: 30 }), (title, takenNs) => {
        const taken = new Set(takenNs.map((n) => (n === 0 ? title : `${title}_${n}`)));
        const r = renameWithSuffix(title, (x) => taken.has(x));
        expect(taken.has(r)).toBe(false);
        let expected = title;
        for (let n = 1; taken.has(expected); n++) expected = `${title}_${n}`;
        expect(r).toBe(expected);
      }),
      { numRuns: 300 },
    );
  });
});
