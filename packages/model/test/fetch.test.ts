import { describe, it, expect } from 'vitest';
import { acceptResponse, encodeForm, formEntries, CatalogueError } from '../src/index.ts';

describe('request helper rules', () => {
  it('[FETCH-1] code 0 returns result; anything else is invalid response plus the body', () => {
    expect(acceptResponse({ code: 0, result: { a: 1 } })).toEqual({ a: 1 });
    expect(acceptResponse({ code: 0 })).toBeUndefined();
    expect(() => acceptResponse({ code: 1, message: 'x' })).toThrow('invalid response {"code":1,"message":"x"}');
    expect(() => acceptResponse({ code: '0', result: 1 })).toThrow('invalid response');
    expect(() => acceptResponse(null)).toThrow('invalid response null');
    expect(() => acceptResponse('oops')).toThrow('invalid response oops');
    expect(() => acceptResponse([0])).toThrow(CatalogueError);
    const cyclic: Record<string, unknown> = {};
    cyclic.self = cyclic;
    expect(() => acceptResponse(cyclic)).toThrow('invalid response [object Object]');
    try {
      acceptResponse({ code: 5, big: 'x'.repeat(10_000) });
    } catch (e) {
      expect((e as Error).message.length).toBeLessThan(2100);
    }
  });
  it('[CALL-4] form encoding: arrays as key[], objects as key[field]', () => {
    expect(formEntries({ uuids: ['a', 'b'], path: 'p', obj: { x: 1, y: true }, n: null, u: undefined })).toEqual([
      ['uuids[]', 'a'],
      ['uuids[]', 'b'],
      ['path', 'p'],
      ['obj[x]', '1'],
      ['obj[y]', 'true'],
      ['n', ''],
    ]);
    expect(formEntries({ list: [{ a: 1 }], deep: { o: { p: 'q' } } })).toEqual([
      ['list[][a]', '1'],
      ['deep[o][p]', 'q'],
    ]);
    expect(encodeForm({ uuids: ['a b', 'c&d'], t: 'é' })).toBe('uuids%5B%5D=a+b&uuids%5B%5D=c%26d&t=%C3%A9');
    expect(new URLSearchParams(encodeForm({ k: ['1', '2'] })).getAll('k[]')).toEqual(['1', '2']);
  });
});
