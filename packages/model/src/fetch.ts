/**
 * Pure rules of the request helpers (SPEC §7): FETCH-1 response acceptance, CALL-7 answer mapping,
 * CALL-4 form encoding. The transports (browser fetch, server tests) call these.
 */
import { CatalogueError, NAMED_ERRORS, messageForCode } from './errors.ts';

/** Cap on how much of a rejected body goes into the 'invalid response' message. */
export const INVALID_RESPONSE_BODY_MAX = 2000;

function describeBody(body: unknown): string {
  let s: string;
  try {
    s = typeof body === 'string' ? body : (JSON.stringify(body) ?? String(body));
  } catch {
    s = String(body);
  }
  return s.length > INVALID_RESPONSE_BODY_MAX ? s.slice(0, INVALID_RESPONSE_BODY_MAX) + '...' : s;
}

/** FETCH-1: accept `{code: 0, result}` and return result; anything else throws 'invalid response <body>'. */
export function acceptResponse<T = unknown>(body: unknown): T {
  if (body !== null && typeof body === 'object' && !Array.isArray(body) && (body as { code?: unknown }).code === 0) {
    return (body as { result: T }).result;
  }
  throw CatalogueError.named('INVALID_RESPONSE', {}, ' ' + describeBody(body));
}

/** The outcome of one HTTP exchange, as a transport sees it. */
export type HttpOutcome = { networkError: true } | { networkError?: false; status: number; bodyText: string };

/** The uniform answer of the request helper (SPEC §7). */
export interface Answer<T = unknown> {
  success: boolean;
  code?: number;
  message?: string;
  result?: T;
}

export const NETWORK_ERROR_ANSWER: Readonly<Answer<never>> = Object.freeze({ success: false, message: NAMED_ERRORS.NETWORK_ERROR_ANSWER });

/**
 * CALL-7: network errors, HTTP 404, HTTP 5xx and bodies that are not a JSON object resolve as
 * `{success: false, message: 'Network Error!'}` (with code 404/500 when the status says so).
 * Any other status with a JSON object body passes the server's envelope through:
 * success when code is 0 (or `success: true`), otherwise the code and the server's message, or the
 * catalogue message for the code when the server sent none (CALL-8). 401 and 422 therefore stay
 * recognisable for the login and save-as-cloud prompts (PERM-1, PERM-2).
 */
export function toAnswer<T = unknown>(outcome: HttpOutcome): Answer<T> {
  if (outcome.networkError) return { ...NETWORK_ERROR_ANSWER };
  const { status, bodyText } = outcome;
  if (status === 404) return { ...NETWORK_ERROR_ANSWER, code: 404 };
  if (status >= 500) return { ...NETWORK_ERROR_ANSWER, code: 500 };
  let body: unknown;
  try {
    body = JSON.parse(bodyText);
  } catch {
    return { ...NETWORK_ERROR_ANSWER };
  }
  if (body === null || typeof body !== 'object' || Array.isArray(body)) return { ...NETWORK_ERROR_ANSWER };
  const b = body as { code?: unknown; message?: unknown; result?: T; success?: unknown };
  const code = typeof b.code === 'number' ? b.code : undefined;
  const ok = status >= 200 && status < 300 && (code === 0 || (code === undefined && b.success === true));
  if (ok) return { success: true, code: 0, result: b.result };
  const effective = code ?? status;
  const message = typeof b.message === 'string' && b.message !== '' ? b.message : (messageForCode(effective) ?? NAMED_ERRORS.NETWORK_ERROR_ANSWER);
  return { success: false, code: effective, message, result: b.result };
}

type FormValue = string | number | boolean | null | undefined | Date | readonly FormValue[] | { readonly [k: string]: FormValue };

/**
 * CALL-4: flatten a value into form fields. Arrays write `key[]` per element, objects `key[field]`,
 * recursively (an object inside an array gives `key[][field]`). undefined is left out, null is '',
 * booleans 'true'/'false', dates ISO strings. Top-level order is kept.
 */
export function formEntries(data: Record<string, unknown>): [string, string][] {
  const out: [string, string][] = [];
  const walk = (key: string, v: unknown): void => {
    if (v === undefined) return;
    if (v === null) out.push([key, '']);
    else if (v instanceof Date) out.push([key, v.toISOString()]);
    else if (Array.isArray(v)) for (const x of v) walk(`${key}[]`, x);
    else if (typeof v === 'object') for (const [k, x] of Object.entries(v as Record<string, unknown>)) walk(`${key}[${k}]`, x);
    else out.push([key, String(v)]);
  };
  for (const [k, v] of Object.entries(data)) walk(k, v);
  return out;
}

/** CALL-4: application/x-www-form-urlencoded body text. */
export function encodeForm(data: Record<string, FormValue | unknown>): string {
  return new URLSearchParams(formEntries(data)).toString();
}
