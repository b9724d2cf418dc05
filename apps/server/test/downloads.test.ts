/**
 * [issue-11] The service-worker download token (STREAM-1 hardening): a token the caller was not
 * issued, or one already used, is refused with its own catalogue code (4030002), not the CSRF one.
 */
import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import { CODES, SERVER_CODE_MESSAGES } from '@copperplate/model';
import { testServer } from './helpers.ts';
import { Client } from './client.ts';

describe('download tokens', () => {
  let s: Awaited<ReturnType<typeof testServer>>;
  let a: Client;
  let b: Client;
  beforeAll(async () => {
    s = await testServer('pglite');
    a = await new Client(s.url).signup('dlalice');
    b = await new Client(s.url).signup('dlbob');
  });
  afterAll(async () => { await s?.stop(); });

  it('[issue-11] a token of another user, a guessed one and a used one get 4030002 with its message; the own token once gets ok', async () => {
    const token = (await a.post<{ token: string }>('/api/downloads/token')).result!.token;
    const refused = { code: CODES.DOWNLOAD_TOKEN_INVALID, message: SERVER_CODE_MESSAGES[CODES.DOWNLOAD_TOKEN_INVALID] };
    const other = await b.call('POST', '/api/downloads/check', { token });
    expect([other.status, other.code, other.message]).toEqual([403, refused.code, refused.message]);
    // b's attempt used it up: a new one for a
    const t2 = (await a.post<{ token: string }>('/api/downloads/token')).result!.token;
    const guessed = await a.call('POST', '/api/downloads/check', { token: 'guessed' });
    expect([guessed.status, guessed.code]).toEqual([403, refused.code]);
    expect(await a.post('/api/downloads/check', { token: t2 })).toMatchObject({ code: 0, result: { ok: true } });
    const again = await a.call('POST', '/api/downloads/check', { token: t2 });
    expect([again.status, again.code]).toEqual([403, refused.code]);
    expect(refused.code).not.toBe(CODES.CSRF_INVALID);
  });
});
