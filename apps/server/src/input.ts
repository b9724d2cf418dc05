/**
 * Odd input refused with a 4xx catalogue message before it reaches a handler or the database
 * (issue 11): JSON nested deeper than MAX_JSON_DEPTH, `__proto__` keys, NUL characters (outside
 * document texts, which are stored compressed) and lone surrogates (PostgreSQL stores neither).
 */
import { Transform, type Readable } from 'node:stream';
import { createGunzip } from 'node:zlib';
import { CODES } from '@copperplate/model';
import { fail } from './http.ts';

export const MAX_JSON_DEPTH = 256;

/** The deepest nesting of arrays and objects in a JSON text (strings skipped), stopping past `max`. */
export function jsonDepth(text: string, max = MAX_JSON_DEPTH): number {
  let depth = 0, deepest = 0, inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 92) i++; // backslash: skip the escaped character
      else if (c === 34) inString = false;
      continue;
    }
    if (c === 34) inString = true;
    else if (c === 91 || c === 123) { if (++depth > deepest && (deepest = depth) > max) return deepest; }
    else if (c === 93 || c === 125) depth--;
  }
  return deepest;
}

const bad = (reason: string): never => fail(CODES.BAD_INPUT, { reason }, 400);

/** Throws BAD_INPUT for text the server cannot store; `doc` texts may hold NUL (stored compressed). */
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;
function checkString(s: string, doc: boolean): void {
  if (LONE_SURROGATE.test(s)) bad('lone surrogate in text');
  if (!doc && s.includes('\u0000')) bad('NUL character in text');
}

/** Walks a parsed JSON value (iteratively) checking every key and string. */
export function checkJsonValue(v: unknown): void {
  const stack: { v: unknown; doc: boolean }[] = [{ v, doc: false }];
  while (stack.length) {
    const { v: cur, doc } = stack.pop()!;
    if (typeof cur === 'string') checkString(cur, doc);
    else if (Array.isArray(cur)) for (const x of cur) stack.push({ v: x, doc: false });
    else if (cur && typeof cur === 'object') {
      for (const [k, x] of Object.entries(cur)) {
        if (k === '__proto__' || k === 'constructor') bad(`key ${k}`);
        checkString(k, false);
        stack.push({ v: x, doc: k === 'dataStr' });
      }
    }
  }
}

/** Fastify's JSON body parser, with the checks above. */
export function parseJsonBody(text: string): unknown {
  if (text === '') return undefined;
  if (jsonDepth(text) > MAX_JSON_DEPTH) bad(`JSON nested deeper than ${MAX_JSON_DEPTH}`);
  let v: unknown;
  try {
    v = JSON.parse(text);
  } catch (e) {
    fail(CODES.BAD_REQUEST, { reason: `body: ${(e as Error).message}` }, 400);
  }
  checkJsonValue(v);
  return v;
}

/** A request target with NUL (%00) or a lone surrogate (%ED%A0..%ED%BF) anywhere is refused. */
export function checkUrl(url: string): void {
  if (/%00/.test(url) || /%ed%[ab][0-9a-f]/i.test(url)) bad('NUL or lone surrogate in the address');
}

/** True when `origin` (an Origin header) names this server's `host`; 'null' and garbage never do. */
export function sameHost(origin: string, host: string | undefined): boolean {
  try {
    return new URL(origin).host === host;
  } catch {
    return false;
  }
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * CSRF by origin (issue 11): a state-changing request a browser sends from another site, or from an
 * opaque origin (`Origin: null`: sandboxed frames, data: pages, some redirects), is refused with 403
 * before any handler, sign-up and log-in included (those have no CSRF token). Clients that send no
 * Origin (the CLI, scripts) are unaffected.
 */
export function checkOrigin(method: string, headers: Record<string, string | string[] | undefined>, host: string | undefined): void {
  if (SAFE_METHODS.has(method)) return;
  const origin = headers.origin;
  const site = headers['sec-fetch-site'];
  if ((typeof origin === 'string' && !sameHost(origin, host)) || site === 'cross-site') fail(CODES.CSRF_INVALID, {}, 403);
}

/**
 * CALL-3 gzip bodies, inflated with the inflated size capped while inflating (issue 11, finding 4).
 * Past `cap` inflated bytes the inflation stops at once: the request is unpiped (Node discards the
 * rest after the answer and closes the connection), the inflater is destroyed, and the body stream
 * fails with 413. Fastify's parsers also count what comes out, but only stop keeping it: without
 * this the inflater went on turning every compressed byte still arriving into bytes thrown away
 * (a 200 MB upload of a gzip bomb is ~200 GB of inflating). `receivedEncodedLength` tells Fastify
 * the compressed size (its Content-Length check).
 */
export function inflateCapped(payload: Readable, cap: number): Readable & { receivedEncodedLength?: number } {
  let inflated = 0;
  let stopped = false;
  const counter = new Transform({
    transform(chunk: Buffer, _e, cb) {
      out.receivedEncodedLength = (out.receivedEncodedLength ?? 0) + chunk.length;
      cb(null, chunk);
    },
  });
  const gunzip = createGunzip();
  const out: Transform & { receivedEncodedLength?: number } = new Transform({
    transform(chunk: Buffer, _e, cb) {
      if (stopped) return cb();
      inflated += chunk.length;
      if (inflated > cap) {
        stopped = true;
        payload.unpipe(counter);
        counter.destroy();
        gunzip.destroy();
        return cb(Object.assign(new Error('Request body too large'), { statusCode: 413, code: 'FST_ERR_CTP_BODY_TOO_LARGE' }));
      }
      cb(null, chunk);
    },
  });
  gunzip.on('error', (e) => { if (!stopped) out.destroy(Object.assign(e, { statusCode: 400 })); });
  payload.pipe(counter).pipe(gunzip).pipe(out);
  return out;
}
