/**
 * [issue-11] Finding 4: a gzip body is inflated only up to the route's cap, and the inflating stops
 * there. Fastify's own body limit cannot show this (its parsers count what comes out of the inflater
 * but only stop keeping it, and a compressed body over the route's limit is refused by its
 * Content-Length before anything is inflated), so the cap is shown on the stream itself: a body whose
 * compressed size is far under any limit and whose inflated size is 200 MB.
 */
import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import { Readable, Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { gzipSync } from 'node:zlib';
import { request } from 'node:http';
import { CODES } from '@copperplate/model';
import { inflateCapped } from '../src/input.ts';
import { AUTH_BODY_LIMIT } from '../src/routes/auth.ts';
import { testServer } from './helpers.ts';

/** One gzip member of 1 MB of spaces (about 1 KB); gzip members may follow each other in one body. */
const MEMBER = gzipSync(Buffer.alloc(1024 * 1024, 0x20));

/** A body of `n` members (n MB inflated), counting how many members were read from it. */
function bomb(n: number): { source: Readable; pulled: () => number } {
  let pulled = 0;
  const source = new Readable({
    read() {
      if (pulled === n) return void this.push(null);
      pulled++;
      this.push(MEMBER);
    },
  });
  return { source, pulled: () => pulled };
}

describe('gzip bodies: the inflated size is capped while inflating', () => {
  it('a 200 MB bomb of 200 KB stops at the cap: no more than the cap comes out, and the body is not read on', async () => {
    expect(MEMBER.length).toBeLessThan(2048);
    const { source, pulled } = bomb(200);
    let out = 0;
    const sink = new Writable({ write(chunk: Buffer, _e, cb) { out += chunk.length; cb(); } });
    const err = await pipeline(inflateCapped(source, 4 * 1024 * 1024), sink).then(() => null, (e: unknown) => e as { statusCode?: number; code?: string });
    expect(err).toMatchObject({ statusCode: 413, code: 'FST_ERR_CTP_BODY_TOO_LARGE' });
    expect(out).toBeLessThanOrEqual(4 * 1024 * 1024);
    // what was read ahead into the stream buffers only, far from the 200 members of the body
    expect(pulled()).toBeLessThan(100);
  });

  it('a body under the cap comes out whole; a broken one fails with 400', async () => {
    const { source, pulled } = bomb(3);
    let out = 0;
    await pipeline(inflateCapped(source, 4 * 1024 * 1024), new Writable({ write(chunk: Buffer, _e, cb) { out += chunk.length; cb(); } }));
    expect([out, pulled()]).toEqual([3 * 1024 * 1024, 3]);
    const broken = Readable.from([Buffer.from('not gzip at all')]);
    const err = await pipeline(inflateCapped(broken, 1024), new Writable({ write(_c, _e, cb) { cb(); } })).then(() => null, (e: unknown) => e as { statusCode?: number });
    expect(err?.statusCode).toBe(400);
  });
});

describe('gzip bodies over HTTP', () => {
  let s: Awaited<ReturnType<typeof testServer>>;
  beforeAll(async () => { s = await testServer('pglite'); }, 120_000);
  afterAll(async () => { await s?.stop(); });

  /** POSTs `body` (gzip) to `path` without a Content-Length; resolves with the status and envelope. */
  const post = (path: string, body: Readable) => new Promise<{ status: number; code: number }>((resolve, reject) => {
    const u = new URL(s.url + path);
    const req = request({ host: u.hostname, port: u.port, path: u.pathname, method: 'POST', headers: { 'content-type': 'application/json', 'content-encoding': 'gzip', 'transfer-encoding': 'chunked' } }, (res) => {
      let text = '';
      res.on('data', (d: Buffer) => (text += d.toString()));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, code: (JSON.parse(text) as { code: number }).code }));
    });
    req.on('error', reject);
    body.pipe(req).on('error', () => {}); // the server may close before the whole body was sent
  });

  it('a sign-up of 12 KB compressed (under its 16 KB limit) and 12 MB inflated gets 413 with the catalogue message; the server goes on', async () => {
    const { source } = bomb(12);
    expect(12 * MEMBER.length).toBeLessThan(AUTH_BODY_LIMIT);
    const r = await post('/api/auth/signup', source);
    expect(r).toEqual({ status: 413, code: CODES.BODY_TOO_LARGE });
    expect((await fetch(s.url + '/api/getOnlineVersion')).status).toBe(200);
  });
});
