/**
 * A closed ring of points as the JSON text of a FORMAT.md path, `[x0,y0,"L",x1,y1,...]`, written
 * straight from a Float64Array (zone fills hold hundreds of thousands of points: a JS array mixing
 * numbers and "L" boxes every number, and the collector paid for it). The values are already rounded
 * to 4 decimals (r4); each is written as JSON.stringify writes that number.
 */
let buf = new Uint8Array(1 << 16);
const dec = new TextDecoder('latin1');

function grow(need: number): void {
  if (need <= buf.length) return;
  let n = buf.length;
  while (n < need) n *= 2;
  const b = new Uint8Array(n);
  b.set(buf);
  buf = b;
}

/** "00".."99" as character codes: digits are written two at a time. */
const PAIRS = new Uint8Array(200);
for (let i = 0; i < 100; i++) { PAIRS[2 * i] = 48 + Math.floor(i / 10); PAIRS[2 * i + 1] = 48 + (i % 10); }

/** Write a value rounded to 4 decimals at `o` (as JSON.stringify writes it); returns the new offset. */
function writeR4(v: number, o: number): number {
  let k = Math.round(v * 10000);
  if (k === 0) { buf[o++] = 48; return o; } // JSON writes -0 as 0
  if (k < 0) { buf[o++] = 45; k = -k; }
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
  if (fp > 0) {
    buf[o++] = 46;
    const hi = Math.floor(fp / 100), lo = fp - hi * 100;
    buf[o++] = PAIRS[2 * hi];
    if (lo === 0) { if (hi % 10 !== 0) buf[o++] = PAIRS[2 * hi + 1]; }
    else {
      buf[o++] = PAIRS[2 * hi + 1];
      buf[o++] = PAIRS[2 * lo];
      if (lo % 10 !== 0) buf[o++] = PAIRS[2 * lo + 1];
    }
  }
  return o;
}

export function ringJson(a: ArrayLike<number>): string {
  grow(a.length * 24 + 16);
  let o = 0;
  buf[o++] = 91; // [
  for (let i = 0; i < a.length; i++) {
    if (i > 0) buf[o++] = 44; // ,
    if (i === 2) { buf[o++] = 34; buf[o++] = 76; buf[o++] = 34; buf[o++] = 44; } // "L",
    o = writeR4(a[i], o);
  }
  buf[o++] = 93; // ]
  return dec.decode(buf.subarray(0, o));
}
