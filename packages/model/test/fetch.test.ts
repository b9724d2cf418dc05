import { describe, it, expect } from 'vitest';
import { acceptResponse, toAnswer, encodeForm, formEntries, CatalogueError } from '../src/index.ts';

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
  it('[CALL-7] failed, unparseable, 404, 500 and network errors give success false with Network Error!', () => {
    expect(toAnswer({ networkError: true })).toEqual({ success: false, message: 'Network Error!' });
    expect(toAnswer({ status: 404, bodyText: '{"code":0}' })).toEqual({ success: false, message: 'Network Error!', code: 404 });
    expect(toAnswer({ status: 500, bodyText: '' })).toEqual({ success: false, message: 'Network Error!', code: 500 });
    expect(toAnswer({ status: 503, bodyText: '' })).toMatchObject({ success: false, message: 'Network Error!' });
    expect(toAnswer({ status: 200, bodyText: '<html>' })).toEqual({ success: false, message: 'Network Error!' });
    expect(toAnswer({ status: 200, bodyText: '[1,2]' })).toEqual({ success: false, message: 'Network Error!' });
    expect(toAnswer({ status: 200, bodyText: '{"code":0,"result":[1]}' })).toEqual({ success: true, code: 0, result: [1] });
  });
  it('[CALL-8] [PERM-2] other failures keep the code and the server message, else the catalogue message', () => {
    expect(toAnswer({ status: 401, bodyText: '{"code":401}' })).toEqual({ success: false, code: 401, message: 'Not logged in yet, please log in and try again', result: undefined });
    expect(toAnswer({ status: 200, bodyText: '{"code":2002,"message":"taken"}' })).toMatchObject({ success: false, code: 2002, message: 'taken' });
    expect(toAnswer({ status: 422, bodyText: '{"message":""}' })).toMatchObject({ success: false, code: 422, message: 'No permission or project does not exist' });
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
