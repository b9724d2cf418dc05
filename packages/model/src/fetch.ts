/**
 * Pure rules of the request helpers (SPEC §7): FETCH-1 response acceptance and CALL-4 form encoding.
 * The transports call these: the web app's request helper (apps/web/src/api/http.ts) and the sync
 * engine's HttpTransport (packages/sync), which also map answers by CALL-7 and CALL-8.
 */
import { CatalogueError } from './errors.ts';

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
