/** Text rules: control characters (VAL-8), title normalisation (VAL-3), UTF-8 byte length (VAL-9). */

/**
 * Control characters: C0 (U+0000-U+001F), DEL (U+007F) and C1 (U+0080-U+009F).
 * Tab, line feed and carriage return are control characters too and are stripped from text values;
 * document text (dataStr) is not a "text value" and is never passed through here (its records are
 * separated by line feeds).
 */
// eslint-disable-next-line no-control-regex
const CONTROL_RE = /[\u0000-\u001f\u007f-\u009f]/g;
// eslint-disable-next-line no-control-regex
const HAS_CONTROL_RE = /[\u0000-\u001f\u007f-\u009f]/;

export function hasControlChars(s: string): boolean {
  return HAS_CONTROL_RE.test(s);
}

/** VAL-8: remove every control character from a string. */
export function stripControlChars(s: string): string {
  return HAS_CONTROL_RE.test(s) ? s.replace(CONTROL_RE, '') : s;
}

/** Keys whose values are document text or binary payloads, left untouched by stripControlCharsDeep. */
export const UNSTRIPPED_KEYS: readonly string[] = ['dataStr'];

/**
 * VAL-8 over a value: every string inside (object values and array elements, at any depth) loses its
 * control characters, except under the keys of `skipKeys` (default: dataStr). Object keys are kept
 * as they are. Returns a new value; the input is not changed. Cycles are not supported (JSON data).
 */
export function stripControlCharsDeep<T>(value: T, skipKeys: readonly string[] = UNSTRIPPED_KEYS): T {
  if (typeof value === 'string') return stripControlChars(value) as T;
  if (Array.isArray(value)) return value.map((v) => stripControlCharsDeep(v, skipKeys)) as T;
  if (value !== null && typeof value === 'object') {
    const proto = Object.getPrototypeOf(value);
    if (proto !== Object.prototype && proto !== null) return value; // Uint8Array, Date, ...: left as they are
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value as Record<string, unknown>)) {
      out[k] = skipKeys.includes(k) ? v : stripControlCharsDeep(v, skipKeys);
    }
    return out as T;
  }
  return value;
}

/**
 * The normalised form of a display title (VAL-3). SPEC does not define it; chosen here:
 * 1. Unicode NFC;
 * 2. whitespace control characters (tab, LF, CR, VT, FF) become spaces, other control characters are removed;
 * 3. runs of whitespace (any Unicode white space) collapse to one ASCII space;
 * 4. leading and trailing whitespace is trimmed.
 * The result is idempotent: normaliseTitle(normaliseTitle(x)) === normaliseTitle(x).
 */
export function normaliseTitle(displayTitle: string): string {
  return displayTitle
    .normalize('NFC')
    .replace(/[\t\n\v\f\r]/g, ' ')
    .replace(CONTROL_RE, '')
    .replace(/\s+/g, ' ')
    .trim();
}

/** UTF-8 byte length of a string without allocating (lone surrogates count 3, as TextEncoder writes U+FFFD). */
export function utf8ByteLength(s: string): number {
  let n = 0;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c < 0x80) n += 1;
    else if (c < 0x800) n += 2;
    else if (c >= 0xd800 && c <= 0xdbff && i + 1 < s.length) {
      const d = s.charCodeAt(i + 1);
      if (d >= 0xdc00 && d <= 0xdfff) {
        n += 4;
        i++;
      } else n += 3;
    } else n += 3;
  }
  return n;
}

/** UTF-8 byte length, or early `limit + 1` once it is certain the length exceeds limit (cheap for big texts). */
export function utf8ByteLengthExceeds(s: string, limit: number): boolean {
  if (s.length * 3 <= limit) return false; // every UTF-16 unit is at most 3 bytes
  if (s.length > limit) return true; // every UTF-16 unit is at least 1 byte
  return utf8ByteLength(s) > limit;
}

/** Cut a string to at most `maxBytes` UTF-8 bytes without splitting a code point. */
export function truncateUtf8(s: string, maxBytes: number): string {
  let n = 0;
  let out = '';
  for (const ch of s) {
    const b = utf8ByteLength(ch);
    if (n + b > maxBytes) break;
    n += b;
    out += ch;
  }
  return out;
}
