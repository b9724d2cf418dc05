// Rasterising and comparing Gerbers through gerbv (Debian package; scripts/ensure.mjs --gerbv):
// PNG decoding and encoding, the extents of a Gerber's coordinates, gerbv's picture of a file in a
// window, and the pixel comparison of two pictures (ours against a reference). Used by
// scripts/compare-gerbers.mjs (EasyEDA's Gerbers) and scripts/kicad-gerbers.mjs (KiCad's).
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { inflateSync, deflateSync } from 'node:zlib';

// ---- PNG decoding (8-bit greyscale/RGB/RGBA, non-interlaced: what gerbv writes) ----
export function decodePng(buf) {
  let pos = 8, w = 0, h = 0, ct = 0, bd = 8;
  const idat = [];
  while (pos < buf.length) {
    const len = buf.readUInt32BE(pos), type = buf.toString('latin1', pos + 4, pos + 8);
    const data = buf.subarray(pos + 8, pos + 8 + len);
    if (type === 'IHDR') { w = data.readUInt32BE(0); h = data.readUInt32BE(4); bd = data[8]; ct = data[9]; }
    else if (type === 'IDAT') idat.push(data);
    else if (type === 'IEND') break;
    pos += 12 + len;
  }
  if (bd !== 8) throw new Error(`PNG bit depth ${bd} not supported`);
  const bpp = ct === 6 ? 4 : ct === 2 ? 3 : ct === 4 ? 2 : 1;
  const raw = inflateSync(Buffer.concat(idat));
  const stride = w * bpp;
  const px = new Uint8Array(h * stride);
  // unfilter row by row, one tight loop per filter type (the first bpp bytes have no left neighbour)
  for (let y = 0; y < h; y++) {
    const f = raw[y * (stride + 1)], src = y * (stride + 1) + 1, o = y * stride, up = o - stride;
    if (f === 0 || (f === 2 && y === 0)) px.set(raw.subarray(src, src + stride), o);
    else if (f === 1) {
      for (let i = 0; i < bpp; i++) px[o + i] = raw[src + i];
      for (let i = bpp; i < stride; i++) px[o + i] = (raw[src + i] + px[o + i - bpp]) & 255;
    } else if (f === 2) {
      for (let i = 0; i < stride; i++) px[o + i] = (raw[src + i] + px[up + i]) & 255;
    } else if (f === 3) {
      for (let i = 0; i < stride; i++) {
        const a = i >= bpp ? px[o + i - bpp] : 0, b = y ? px[up + i] : 0;
        px[o + i] = (raw[src + i] + ((a + b) >> 1)) & 255;
      }
    } else if (f === 4) {
      for (let i = 0; i < stride; i++) {
        const left = i >= bpp;
        const a = left ? px[o + i - bpp] : 0, b = y ? px[up + i] : 0, c = y && left ? px[up + i - bpp] : 0;
        const p = a + b - c, pa = p > a ? p - a : a - p, pb = p > b ? p - b : b - p, pc = p > c ? p - c : c - p;
        px[o + i] = (raw[src + i] + (pa <= pb && pa <= pc ? a : pb <= pc ? b : c)) & 255;
      }
    } else throw new Error(`PNG filter ${f} not supported`);
  }
  // Dark-on-light or light-on-dark: we render white on black, so "on" = red channel > 127.
  const on = new Uint8Array(w * h);
  for (let i = 0; i < w * h; i++) on[i] = px[i * bpp] > 127 ? 1 : 0;
  return { w, h, on };
}

function crc32(buf) {
  let c, crc = 0xffffffff;
  for (let n = 0; n < buf.length; n++) {
    c = (crc ^ buf[n]) & 0xff;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    crc = (crc >>> 8) ^ c;
  }
  return (crc ^ 0xffffffff) >>> 0;
}
export function encodePng(w, h, rgb) {
  const raw = Buffer.alloc(h * (w * 3 + 1));
  for (let y = 0; y < h; y++) rgb.copy(raw, y * (w * 3 + 1) + 1, y * w * 3, (y + 1) * w * 3);
  const chunk = (type, data) => {
    const b = Buffer.alloc(12 + data.length);
    b.writeUInt32BE(data.length, 0); b.write(type, 4, 'latin1'); data.copy(b, 8);
    b.writeUInt32BE(crc32(b.subarray(4, 8 + data.length)), 8 + data.length);
    return b;
  };
  const ihdr = Buffer.alloc(13); ihdr.writeUInt32BE(w, 0); ihdr.writeUInt32BE(h, 4); ihdr[8] = 8; ihdr[9] = 2;
  return Buffer.concat([Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]), chunk('IHDR', ihdr), chunk('IDAT', deflateSync(raw)), chunk('IEND', Buffer.alloc(0))]);
}

/** Extents (mm) of the coordinates of a Gerber file (for the common window). */
export function gerberExtents(text) {
  const fs = /%FSLAX(\d)(\d)Y\d\d\*%/.exec(text);
  const dec = fs ? Number(fs[2]) : 5;
  const k = /%MOIN\*%/.test(text) ? 25.4 : 1;
  let minX = Infinity, minY = Infinity, maxX = -Infinity, maxY = -Infinity;
  for (const m of text.matchAll(/(?<![A-Z])X(-?\d+)Y(-?\d+)/g)) { // not the format statement (%FSLAX46Y46*%)
    const x = (Number(m[1]) / 10 ** dec) * k, y = (Number(m[2]) / 10 ** dec) * k;
    minX = Math.min(minX, x); maxX = Math.max(maxX, x); minY = Math.min(minY, y); maxY = Math.max(maxY, y);
  }
  return { minX, minY, maxX, maxY };
}

/**
 * gerbv's picture of a Gerber file in the window `win` (mm) at `dpi`, white on black: `on` per pixel.
 * gerbv adds a border of 5% of the window by default (the picture is that much larger than the window
 * and its top-left corner lies outside it); `border` (percent) sets it, 0 for the window exactly.
 */
export function rasterise(file, png, win, dpi = 1000, border) {
  const inch = (mm) => (mm / 25.4).toFixed(5);
  execFileSync('gerbv', ['-x', 'png', '-D', String(dpi), ...(border === undefined ? [] : ['-B', String(border)]), '-O', `${inch(win.minX)}x${inch(win.minY)}`, '-W', `${inch(win.maxX - win.minX)}x${inch(win.maxY - win.minY)}`, '-b', '#000000', '-f', '#FFFFFFFF', '-o', png, file], { stdio: ['ignore', 'ignore', 'pipe'], maxBuffer: 256 << 20 });
  return decodePng(readFileSync(png));
}

/**
 * Pixels of A (ours) and B (the reference) over their common size: a = A's lit pixels, r = B's,
 * d = pixels lit in one only; rgb = the difference picture (red: ours only, green: reference only,
 * grey: both).
 */
export function compareRasters(A, B, inner) {
  let a = 0, r = 0, d = 0, rIn = 0, dIn = 0;
  const w = Math.min(A.w, B.w), h = Math.min(A.h, B.h);
  const rgb = Buffer.alloc(w * h * 3);
  // `inner` (optional, pixels {x0, x1, y0, y1}): reference and differing pixels inside it are counted apart.
  const { x0 = 0, x1 = w, y0 = 0, y1 = h } = inner ?? {};
  for (let y = 0; y < h; y++) for (let x = 0; x < w; x++) {
    const ia = y * A.w + x, ib = y * B.w + x, o = (y * w + x) * 3;
    a += A.on[ia]; r += B.on[ib];
    const inside = x >= x0 && x < x1 && y >= y0 && y < y1;
    if (inside) rIn += B.on[ib];
    if (A.on[ia] !== B.on[ib]) { d++; if (inside) dIn++; rgb[o] = A.on[ia] ? 255 : 0; rgb[o + 1] = B.on[ib] ? 255 : 0; rgb[o + 2] = 0; }
    else if (A.on[ia]) { rgb[o] = 90; rgb[o + 1] = 90; rgb[o + 2] = 90; }
  }
  return { a, r, d, w, h, rgb, rIn, dIn };
}

/** A small copy of a difference picture to look at (each pixel the brightest of its block), as PNG. */
export function smallPicture(w, h, rgb, width = 1400) {
  const k = Math.max(1, Math.ceil(w / width)), sw = Math.floor(w / k), sh = Math.floor(h / k);
  const small = Buffer.alloc(sw * sh * 3);
  for (let y = 0; y < sh * k; y++) {
    const row = ((y / k) | 0) * sw * 3;
    for (let x = 0, o = y * w * 3; x < sw * k; x++, o += 3) {
      const so = row + ((x / k) | 0) * 3;
      if (rgb[o] > small[so]) small[so] = rgb[o];
      if (rgb[o + 1] > small[so + 1]) small[so + 1] = rgb[o + 1];
      if (rgb[o + 2] > small[so + 2]) small[so + 2] = rgb[o + 2];
    }
  }
  return encodePng(sw, sh, small);
}
