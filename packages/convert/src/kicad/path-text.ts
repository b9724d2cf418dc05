/**
 * A closed ring of points as the JSON text of a FORMAT.md path, `[x0,y0,"L",x1,y1,...]`, written
 * straight from a Float64Array (zone fills hold hundreds of thousands of points: a JS array mixing
 * numbers and "L" boxes every number, and the collector paid for it). The values are already rounded
 * to 4 decimals (r4); each is written as JSON.stringify writes that number.
 *
 * TextBytes assembles a whole document of such lines as UTF-8 bytes and makes it a string once (a
 * board's POURED document: the rings are most of its 3 MB, which a string per ring, the line around it
 * and the join of the lines copied three times).
 */
const utf8 = new TextDecoder();
const encoder = new TextEncoder();

export class TextBytes {
  private buf = new Uint8Array(1 << 16);
  private n = 0;

  private room(more: number): Uint8Array {
    const need = this.n + more;
    if (need > this.buf.length) {
      let size = this.buf.length;
      while (size < need) size *= 2;
      const b = new Uint8Array(size);
      b.set(this.buf.subarray(0, this.n));
      this.buf = b;
    }
    return this.buf;
  }

  get length(): number {
    return this.n;
  }

  /** Append a string (as UTF-8). */
  write(s: string): void {
    const b = this.room(s.length * 3);
    let n = this.n;
    for (let i = 0; i < s.length; i++) {
      const c = s.charCodeAt(i);
      if (c >= 128) { this.n = n + encoder.encodeInto(s.slice(i), b.subarray(n)).written; return; }
      b[n++] = c;
    }
    this.n = n;
  }

  /** Append the JSON of a ring (ringJson's text). */
  ring(a: ArrayLike<number>): void {
    const b = this.room(a.length * 24 + 16);
    this.n = writeRing(a, b, this.n);
  }

  text(): string {
    return utf8.decode(this.buf.subarray(0, this.n));
  }
}

/** "00".."99" as character codes: digits are written two at a time. */
const PAIRS = new Uint8Array(200);
for (let i = 0; i < 100; i++) { PAIRS[2 * i] = 48 + Math.floor(i / 10); PAIRS[2 * i + 1] = 48 + (i % 10); }

/**
 * Tables of the text of 0..9999 as an integer part (INT: up to 4 digits) and as 4 decimals (FRAC:
 * ".d", ".dd", ... without trailing zeros, empty for 0), 5 bytes a slot, lengths apart: a coordinate
 * is two copies (zone fills: 300k of them).
 */
const INT = new Uint8Array(10000 * 5), INT_LEN = new Uint8Array(10000);
const FRAC = new Uint8Array(10000 * 5), FRAC_LEN = new Uint8Array(10000);
for (let i = 0; i < 10000; i++) {
  const a = String(i);
  INT_LEN[i] = a.length;
  for (let k = 0; k < a.length; k++) INT[i * 5 + k] = a.charCodeAt(k);
  const f = i === 0 ? '' : '.' + String(i).padStart(4, '0').replace(/0+$/, '');
  FRAC_LEN[i] = f.length;
  for (let k = 0; k < f.length; k++) FRAC[i * 5 + k] = f.charCodeAt(k);
}

/** Write a value rounded to 4 decimals at `o` of `buf` (as JSON.stringify writes it); returns the new offset. */
function writeR4(buf: Uint8Array, v: number, o: number): number {
  let k = Math.round(v * 10000);
  if (k === 0) { buf[o++] = 48; return o; } // JSON writes -0 as 0
  if (k < 0) { buf[o++] = 45; k = -k; }
  if (k < 100_000_000) {
    // |v| < 10000: both parts from the tables (integer arithmetic: k < 2^31)
    const ip = (k / 10000) | 0, fp = k - ip * 10000;
    let s = ip * 5;
    for (const e = s + INT_LEN[ip]; s < e; s++) buf[o++] = INT[s];
    s = fp * 5;
    for (const e = s + FRAC_LEN[fp]; s < e; s++) buf[o++] = FRAC[s];
    return o;
  }
  let ip = Math.floor(k / 10000);
  const fp = k - ip * 10000;
  // integer part, two digits at a time from the right
  if (ip < 10) buf[o++] = 48 + ip;
  else {
    let n = 2;
    for (let t = 100; t <= ip; t *= 10) n++;
    let e = o + n;
    while (ip >= 100) { const q = Math.floor(ip / 100), r = 2 * (ip - q * 100); buf[--e] = PAIRS[r + 1]; buf[--e] = PAIRS[r]; ip = q; }
    if (ip >= 10) { buf[--e] = PAIRS[2 * ip + 1]; buf[--e] = PAIRS[2 * ip]; } else buf[--e] = 48 + ip;
    o += n;
  }
  for (let s = fp * 5, e = s + FRAC_LEN[fp]; s < e; s++) buf[o++] = FRAC[s];
  return o;
}

/** The JSON of a ring at `o` of `b` (room for 24 bytes a number); returns the new offset. */
function writeRing(a: ArrayLike<number>, b: Uint8Array, o: number): number {
  b[o++] = 91; // [
  for (let i = 0; i < a.length; i++) {
    if (i > 0) b[o++] = 44; // ,
    if (i === 2) { b[o++] = 34; b[o++] = 76; b[o++] = 34; b[o++] = 44; } // "L",
    let k = Math.round(a[i] * 10000);
    if (k < 0) { b[o++] = 45; k = -k; }
    if (k > 0 && k < 100_000_000) {
      // |v| < 10000 (all of a board's): both parts from the tables, in integer arithmetic (k < 2^31);
      // all 5 bytes of a slot are written, the offset advances by the text's length (no loop per digit;
      // the bytes past it are overwritten next, and there is room: 24 bytes a number)
      const ip = (k / 10000) | 0, fp = k - ip * 10000;
      let s = ip * 5;
      b[o] = INT[s]; b[o + 1] = INT[s + 1]; b[o + 2] = INT[s + 2]; b[o + 3] = INT[s + 3];
      o += INT_LEN[ip];
      s = fp * 5;
      b[o] = FRAC[s]; b[o + 1] = FRAC[s + 1]; b[o + 2] = FRAC[s + 2]; b[o + 3] = FRAC[s + 3]; b[o + 4] = FRAC[s + 4];
      o += FRAC_LEN[fp];
    } else o = writeR4(b, a[i], o);
  }
  b[o++] = 93; // ]
  return o;
}

/** The JSON text of a ring. */
export function ringJson(a: ArrayLike<number>): string {
  const t = new TextBytes();
  t.ring(a);
  return t.text();
}
