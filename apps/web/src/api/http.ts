/**
 * The browser's request helper for the HTTP API of docs/API.md.
 * - envelope `{code: 0, result}` -> result; anything else -> ApiError with the catalogue message (CALL-8),
 *   else the server's, else 'invalid response' followed by the body (FETCH-1)
 * - HTTP 404/500, unparseable bodies and network failures -> ApiError 'Network Error!' (CALL-7)
 * - HTTP 401 -> the `unauthorized` listeners run (PERM-2: the app opens login) and the request waits:
 *   once the user has logged in (`loginSucceeded`) it is sent again, so the interrupted action goes
 *   on; when the login is given up (`loginAbandoned`) it fails with ApiError 401. Calls made with
 *   `relogin: false` (who am I, log in, sign up, log out) fail at once.
 * - non-GET requests carry the CSRF token from the cp_csrf cookie (CALL-2)
 * - project requests carry X-Project-Path (CALL-1); POST bodies over 10000 bytes are gzipped (CALL-3)
 */
import { CODES, GZIP_THRESHOLD_BYTES, NAMED_ERRORS, NO_PERMISSION_CODES, acceptResponse, messageForCode } from '@copperplate/model';

/** Code used locally for network-level failures (no server envelope). */
export const NETWORK_CODE = 500;

export class ApiError extends Error {
  readonly code: number;
  readonly result: unknown;
  constructor(code: number, message: string, result?: unknown) {
    super(message);
    this.name = 'ApiError';
    this.code = code;
    this.result = result;
  }
}

type Listener = () => void;
const unauthorizedListeners = new Set<Listener>();
/** Runs `fn` whenever a request answers 401 (not logged in). Returns the unsubscribe function. */
export function onUnauthorized(fn: Listener): () => void {
  unauthorizedListeners.add(fn);
  return () => unauthorizedListeners.delete(fn);
}

/** Requests waiting for a login after a 401 (one login serves them all). */
let relogin: { promise: Promise<void>; resolve: () => void; reject: (e: Error) => void } | null = null;

function waitForLogin(): Promise<void> {
  if (!relogin) {
    let resolve!: () => void, reject!: (e: Error) => void;
    const promise = new Promise<void>((res, rej) => ((resolve = res), (reject = rej)));
    relogin = { promise, resolve, reject };
    for (const fn of unauthorizedListeners) fn();
  }
  return relogin.promise;
}

/** Logins so far: a request answered 401 after a login that happened while it was in flight is sent again at once. */
let loginGeneration = 0;

/** The user logged in again: every request that met a 401 is sent again. */
export function loginSucceeded(): void {
  loginGeneration++;
  relogin?.resolve();
  relogin = null;
}

/** The login dialog was closed without logging in: the waiting requests fail with 401. */
export function loginAbandoned(): void {
  relogin?.reject(new ApiError(CODES.NOT_LOGGED_IN, messageFor(CODES.NOT_LOGGED_IN, undefined)));
  relogin = null;
}

/** Reads one cookie by name from `document.cookie` (empty string when absent). */
export function readCookie(name: string, cookieString: string = typeof document === 'undefined' ? '' : document.cookie): string {
  for (const part of cookieString.split(';')) {
    const eq = part.indexOf('=');
    if (eq < 0) continue;
    if (part.slice(0, eq).trim() === name) return decodeURIComponent(part.slice(eq + 1).trim());
  }
  return '';
}

export interface RequestOptions {
  body?: unknown;
  /** Raw bytes (sent as application/octet-stream, never gzipped again). */
  bytes?: Uint8Array;
  projectUuid?: string;
  query?: Record<string, string | number>;
  /** Return the raw Response body as bytes instead of the envelope's result. */
  binary?: boolean;
  requestId?: string;
  /** false: a 401 fails at once instead of waiting for the user to log in again (default true). */
  relogin?: boolean;
}

async function gzip(text: string): Promise<Uint8Array> {
  const stream = new Blob([text]).stream().pipeThrough(new CompressionStream('gzip'));
  return new Uint8Array(await new Response(stream).arrayBuffer());
}

/** The message shown for a failed envelope: the catalogue message for the code, else the server's. */
export function messageFor(code: number, serverMessage: string | undefined, fallback: string = NAMED_ERRORS.NETWORK_ERROR_ANSWER): string {
  const mapped = messageForCode(code);
  // a template whose {placeholders} only the server could fill: the server's (filled) message
  if (mapped !== undefined && !/\{\w+\}/.test(mapped)) return mapped;
  return serverMessage || mapped || fallback;
}

/** FETCH-1: the 'invalid response' message of an envelope that is not accepted (followed by the body). */
function invalidResponse(env: unknown): string {
  try {
    acceptResponse(env);
    return NAMED_ERRORS.INVALID_RESPONSE;
  } catch (e) {
    return e instanceof Error ? e.message : NAMED_ERRORS.INVALID_RESPONSE;
  }
}

export async function request<T = unknown>(method: 'GET' | 'POST', path: string, opts: RequestOptions = {}): Promise<T> {
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (method !== 'GET') {
    const csrf = readCookie('cp_csrf');
    if (csrf) headers['X-CSRF-Token'] = csrf;
  }
  if (opts.projectUuid) headers['X-Project-Path'] = opts.projectUuid;
  if (opts.requestId) headers['X-Request-Id'] = opts.requestId;
  let body: BodyInit | undefined;
  if (opts.bytes) {
    headers['Content-Type'] = 'application/octet-stream';
    body = opts.bytes as Uint8Array<ArrayBuffer>;
  } else if (opts.body !== undefined) {
    const text = JSON.stringify(opts.body);
    headers['Content-Type'] = 'application/json';
    if (text.length > GZIP_THRESHOLD_BYTES && typeof CompressionStream !== 'undefined') {
      headers['Content-Encoding'] = 'gzip';
      body = (await gzip(text)) as Uint8Array<ArrayBuffer>;
    } else body = text;
  }
  const generation = loginGeneration;
  let url = path;
  if (opts.query) url += '?' + new URLSearchParams(Object.entries(opts.query).map(([k, v]) => [k, String(v)])).toString();
  let res: Response;
  try {
    res = await fetch(url, { method, headers, body, credentials: 'same-origin' });
  } catch {
    throw new ApiError(NETWORK_CODE, NAMED_ERRORS.NETWORK_ERROR_ANSWER);
  }
  if (res.status === 401) {
    if (opts.relogin === false) {
      for (const fn of unauthorizedListeners) fn();
      throw new ApiError(CODES.NOT_LOGGED_IN, messageFor(CODES.NOT_LOGGED_IN, undefined));
    }
    // PERM-2: the app opens login; the action goes on once the user has logged in (finding 9). A
    // request sent before a login that succeeded while it was in flight goes again at once (it must
    // not open the login a second time)
    if (generation === loginGeneration) await waitForLogin();
    return request<T>(method, path, opts);
  }
  if (opts.binary && res.ok && !(res.headers.get('content-type') ?? '').includes('application/json')) {
    return new Uint8Array(await res.arrayBuffer()) as T;
  }
  let env: unknown;
  try {
    env = await res.json();
  } catch {
    throw new ApiError(NETWORK_CODE, NAMED_ERRORS.NETWORK_ERROR_ANSWER);
  }
  // FETCH-1: a JSON answer is accepted only with code 0; one without a code is 'invalid response' and its body
  if (!env || typeof env !== 'object' || typeof (env as { code?: unknown }).code !== 'number') {
    throw new ApiError(NETWORK_CODE, invalidResponse(env));
  }
  const e = env as { code: number; message?: string; result?: unknown };
  if (e.code !== 0) throw new ApiError(e.code, messageFor(e.code, e.message, invalidResponse(env)), e.result);
  if (!res.ok) throw new ApiError(NETWORK_CODE, NAMED_ERRORS.NETWORK_ERROR_ANSWER);
  return e.result as T;
}

/** True for the codes that mean "no permission or project does not exist" (PERM-1). */
export function isNoPermission(err: unknown): boolean {
  const code = (err as { code?: unknown } | null)?.code;
  return typeof code === 'number' && NO_PERMISSION_CODES.includes(code);
}

/** True for "not logged in" (PERM-2), from this helper or from the sync engine's errors. */
export function isNotLoggedIn(err: unknown): boolean {
  return (err as { code?: unknown } | null)?.code === CODES.NOT_LOGGED_IN;
}

/**
 * PERM-2 for work that is not one request (a project's open): opens the login (once for all waiting)
 * and resolves when the user has logged in; rejects with 401 when the login is closed without it.
 */
export function afterLogin(): Promise<void> {
  return waitForLogin();
}

/** Runs the 401 listeners (the app opens login). */
export function notifyUnauthorized(): void {
  for (const fn of unauthorizedListeners) fn();
}
