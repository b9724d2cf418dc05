/**
 * [FETCH-1] [CALL-7] The web app's request helper (api/http.ts) on answers a server may give: only an
 * envelope with code 0 is accepted and its result returned; a JSON answer without a numeric code is
 * 'invalid response' followed by the body; a failing code without a catalogue message or a server
 * message is 'invalid response' too; an unparseable body or a network failure is 'Network Error!'.
 * fetch is replaced by a function answering the given body (the helper's own code runs unchanged).
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, NETWORK_CODE, loginSucceeded, onUnauthorized, request } from '../src/api/http.ts';

function answer(status: number, body: string, type = 'application/json'): void {
  vi.stubGlobal('fetch', async () => new Response(body, { status, headers: { 'content-type': type } }));
}

async function failure(p: Promise<unknown>): Promise<ApiError> {
  const e = await p.then(() => undefined, (x: unknown) => x);
  expect(e).toBeInstanceOf(ApiError);
  return e as ApiError;
}

afterEach(() => { vi.unstubAllGlobals(); });

describe('the web request helper', () => {
  it('[FETCH-1] code 0: the result is returned', async () => {
    answer(200, JSON.stringify({ code: 0, result: { a: 1 } }));
    expect(await request('GET', '/api/x')).toEqual({ a: 1 });
  });

  it('[FETCH-1] an answer without a numeric code is \'invalid response\' followed by the body', async () => {
    for (const body of ['{"result":{"a":1}}', '{"code":"0","result":1}', '[0,1]', 'null', '{"success":true}']) {
      answer(200, body);
      const e = await failure(request('GET', '/api/x'));
      expect([body, e.code, e.message]).toEqual([body, NETWORK_CODE, `invalid response ${JSON.stringify(JSON.parse(body))}`]);
    }
  });

  it('[FETCH-1] [CALL-8] a failing code: its catalogue message, else the server\'s, else \'invalid response\' with the body', async () => {
    answer(200, JSON.stringify({ code: 3002, message: 'server says' }));
    expect((await failure(request('POST', '/api/x', { body: {} }))).message).toBe('Backup Name already exists');
    answer(200, JSON.stringify({ code: 7777777, message: 'server says' }));
    expect((await failure(request('POST', '/api/x', { body: {} }))).message).toBe('server says');
    answer(200, JSON.stringify({ code: 7777777 }));
    const e = await failure(request('POST', '/api/x', { body: {} }));
    expect([e.code, e.message]).toEqual([7777777, 'invalid response {"code":7777777}']);
  });

  it('[CALL-7] an unparseable body, HTTP 500 or a network failure is \'Network Error!\'', async () => {
    answer(200, '<html>proxy error</html>', 'text/html');
    expect((await failure(request('GET', '/api/x'))).message).toBe('Network Error!');
    answer(500, JSON.stringify({ code: 0, result: 1 }));
    expect((await failure(request('GET', '/api/x'))).message).toBe('Network Error!');
    vi.stubGlobal('fetch', async () => { throw new TypeError('fetch failed'); });
    expect((await failure(request('GET', '/api/x'))).message).toBe('Network Error!');
  });

  it('[issue-11] a request answered 401 after a login that succeeded while it was in flight is sent again at once, without opening the login again', async () => {
    let calls = 0;
    let answer401!: () => void;
    vi.stubGlobal('fetch', async () => {
      calls++;
      if (calls === 1) {
        // in flight while the user logs in: answered 401 only after the login
        await new Promise<void>((r) => (answer401 = r));
        return new Response('{"code":4010001,"message":"not logged in"}', { status: 401, headers: { 'content-type': 'application/json' } });
      }
      return new Response(JSON.stringify({ code: 0, result: 'listed' }), { status: 200, headers: { 'content-type': 'application/json' } });
    });
    let opened = 0;
    const off = onUnauthorized(() => { opened++; });
    const p = request('GET', '/api/backups');
    while (!answer401) await new Promise((r) => setTimeout(r, 0));
    loginSucceeded();
    answer401();
    expect(await p).toBe('listed');
    expect([calls, opened]).toEqual([2, 0]);
    off();
  });
});
