// Compares our fabrication outputs with EasyEDA Pro's for the fixture boards that have a reference
// Gerber zip in ../shared/fixtures/ref/: per layer, both Gerbers are rasterised by gerbv (Debian
// package, installed through scripts/ensure.mjs --gerbv) at 1000 dpi in one window (the union of both
// board outlines plus a margin), and the differing pixels are counted against the reference's dark
// area; drill hits are compared per diameter. Prints a table per board; writes the pictures
// (ours | reference | difference) to OUTDIR (default /tmp/copperplate-compare).
//
//   node scripts/compare-gerbers.mjs [BOARD ...] [--out OUTDIR] [--dpi 1000] [--layers REGEX]
//
// Exit code 0 always (it reports; the tests assert). Plain Node + fflate; our outputs come from the CLI.
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { inflateSync, deflateSync } from 'node:zlib';
import { unzipSync } from 'fflate';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const fixtures = join(root, '..', 'shared', 'fixtures');
const args = process.argv.slice(2);
const opt = (k, d) => { const i = args.indexOf(k); return i >= 0 ? args.splice(i, 2)[1] : d; };
const outRoot = opt('--out', '/tmp/copperplate-compare');
const dpi = Number(opt('--dpi', '1000'));
const layerFilter = new RegExp(opt('--layers', '.'), 'i');
const only = args.filter((a) => !a.startsWith('--'));

execFileSync(process.execPath, [join(root, 'scripts', 'ensure.mjs'), '--gerbv'], { stdio: 'inherit' });

/** Boards with a reference zip and a project we can read (.epro; .epro2 once the V3 importer reads them). */
const BOARDS = [
  { name: 'TriWave-2.1', project: 'TriWave-2.1.epro' },
  { name: 'falcon-flight-FFB6.1', project: 'falcon-flight-FFB6.1.epro' },
  { name: 'Hexapod', project: 'Hexapod.epro2' },
  { name: 'ESP32-MPU6050', project: 'ESP32-MPU6050.epro2' },
];

// ---- PNG decoding (8-bit greyscale/RGB/RGBA, non-interlaced: what gerbv writes) ----
function decodePng(buf) {
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
  const px = Buffer.alloc(h * stride);
  for (let y = 0; y < h; y++) {
    const f = raw[y * (stride + 1)];
    const line = raw.subarray(y * (stride + 1) + 1, (y + 1) * (stride + 1));
    const out = px.subarray(y * stride, (y + 1) * stride);
    const prev = y ? px.subarray((y - 1) * stride, y * stride) : null;
    for (let i = 0; i < stride; i++) {
      const a = i >= bpp ? out[i - bpp] : 0, b = prev ? prev[i] : 0, c = prev && i >= bpp ? prev[i - bpp] : 0;
      let v = line[i];
      if (f === 1) v += a; else if (f === 2) v += b; else if (f === 3) v += (a + b) >> 1;
      else if (f === 4) { const p = a + b - c, pa = Math.abs(p - a), pb = Math.abs(p - b), pc = Math.abs(p - c); v += pa <= pb && pa <= pc ? a : pb <= pc ? b : c; }
      out[i] = v & 255;
    }
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
function encodePng(w, h, rgb) {
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
function gerberExtents(text) {
  const fs = /%FSLAX(\d)(\d)Y\d\d\*%/.exec(text);
  const dec = fs ? Number(fs[2]) : 5;
  const k = /%MOIN\*%/.test(text) ? 25.4 : 1;
  let minX = Infinity, minY = Infinity, maxX = -Infinity, maxY = -Infinity;
  for (const m of text.matchAll(/X(-?\d+)Y(-?\d+)/g)) {
    const x = (Number(m[1]) / 10 ** dec) * k, y = (Number(m[2]) / 10 ** dec) * k;
    minX = Math.min(minX, x); maxX = Math.max(maxX, x); minY = Math.min(minY, y); maxY = Math.max(maxY, y);
  }
  return { minX, minY, maxX, maxY };
}

function rasterise(file, png, win) {
  const inch = (mm) => (mm / 25.4).toFixed(5);
  execFileSync('gerbv', ['-x', 'png', '-D', String(dpi), '-O', `${inch(win.minX)}x${inch(win.minY)}`, '-W', `${inch(win.maxX - win.minX)}x${inch(win.maxY - win.minY)}`, '-b', '#000000', '-f', '#FFFFFFFF', '-o', png, file], { stdio: ['ignore', 'ignore', 'pipe'] });
  return decodePng(readFileSync(png));
}

/** Drill hits per diameter (mm, 3 decimals) of an Excellon file. */
function drillHits(text) {
  const tools = new Map();
  for (const m of text.matchAll(/^T(\d+)C([\d.]+)/gm)) tools.set(Number(m[1]), Number(m[2]).toFixed(3));
  const hits = new Map();
  let cur;
  let inBody = false;
  for (const line of text.split(/\r?\n/)) {
    if (line === '%' || line === 'M95') { inBody = true; continue; }
    if (!inBody) continue;
    const t = /^T(\d+)$/.exec(line);
    if (t) { cur = tools.get(Number(t[1])); continue; }
    if (/^X/.test(line) && cur) {
      const key = /G85/.test(line) ? `${cur} slot` : cur;
      hits.set(key, (hits.get(key) ?? 0) + 1);
    }
  }
  return hits;
}

const results = [];
for (const b of BOARDS) {
  if (only.length && !only.includes(b.name)) continue;
  const refDir = join(fixtures, 'ref', b.name);
  const refZipName = existsSync(refDir) ? readdirSync(refDir).find((f) => /\.zip$/i.test(f)) : undefined;
  const proj = join(fixtures, 'epro', b.project);
  if (!refZipName || !existsSync(proj)) continue;
  const out = join(outRoot, b.name);
  mkdirSync(out, { recursive: true });
  let ours;
  try {
    // Exit 3 = written, with problems (printed beside the table).
    const r = spawnSync(process.execPath, [join(root, 'bin', 'copperplate.mjs'), 'export', 'fab', proj, join(out, 'ours'), '--date', '2026-01-01'], { encoding: 'utf8' });
    if (r.status !== 0 && r.status !== 3) throw Object.assign(new Error(`exit ${r.status}`), { stderr: r.stderr });
    for (const l of (r.stderr ?? '').split('\n')) if (/^problem:/.test(l)) console.log(`${b.name}: ${l}`);
    const cli = r.stdout;
    const zipName = cli.split('\n').find((l) => /^Gerber_.*\.zip/.test(l)).split(' ')[0];
    ours = unzipSync(readFileSync(join(out, 'ours', zipName)));
  } catch (e) {
    const msg = String(e.stderr ?? e.message).split('\n').filter((l) => l && !/npm warn/.test(l)).slice(-2).join(' ');
    console.log(`\n${b.name}: our export failed (${msg.slice(0, 200)})`);
    results.push({ board: b.name, error: msg });
    continue;
  }
  const ref = unzipSync(readFileSync(join(refDir, refZipName)));
  const dec = (u) => new TextDecoder().decode(u);
  // Common window: union of both outlines' extents + 2 mm.
  const ko = 'Gerber_BoardOutlineLayer.GKO';
  const ea = ours[ko] ? gerberExtents(dec(ours[ko])) : undefined, eb = ref[ko] ? gerberExtents(dec(ref[ko])) : undefined;
  const win = { minX: Math.min(ea?.minX ?? Infinity, eb?.minX ?? Infinity) - 2, minY: Math.min(ea?.minY ?? Infinity, eb?.minY ?? Infinity) - 2, maxX: Math.max(ea?.maxX ?? -Infinity, eb?.maxX ?? -Infinity) + 2, maxY: Math.max(ea?.maxY ?? -Infinity, eb?.maxY ?? -Infinity) + 2 };
  console.log(`\n${b.name}  (reference ${refZipName}; window ${(win.maxX - win.minX).toFixed(1)} x ${(win.maxY - win.minY).toFixed(1)} mm at ${dpi} dpi)`);
  console.log('layer                              ours px    ref px   differ px   differ % of ref');
  const names = [...new Set([...Object.keys(ref), ...Object.keys(ours)])].filter((n) => /^Gerber_.*\.(G[A-Z0-9]+)$/i.test(n) && layerFilter.test(n)).sort();
  for (const n of names) {
    if (!ours[n] || !ref[n]) { console.log(`${n.padEnd(34)} ${ours[n] ? 'ours only' : 'reference only'}`); results.push({ board: b.name, layer: n, missing: ours[n] ? 'ref' : 'ours' }); continue; }
    writeFileSync(join(out, `ours-${n}`), ours[n]);
    writeFileSync(join(out, `ref-${n}`), ref[n]);
    let A, B;
    try {
      A = rasterise(join(out, `ours-${n}`), join(out, `ours-${n}.png`), win);
      B = rasterise(join(out, `ref-${n}`), join(out, `ref-${n}.png`), win);
    } catch (e) {
      console.log(`${n.padEnd(34)} gerbv failed: ${String(e.stderr ?? e.message).slice(0, 120)}`);
      continue;
    }
    let a = 0, r = 0, d = 0;
    const w = Math.min(A.w, B.w), h = Math.min(A.h, B.h);
    const rgb = Buffer.alloc(w * h * 3);
    for (let y = 0; y < h; y++) for (let x = 0; x < w; x++) {
      const ia = y * A.w + x, ib = y * B.w + x, o = (y * w + x) * 3;
      a += A.on[ia]; r += B.on[ib];
      if (A.on[ia] !== B.on[ib]) { d++; rgb[o] = A.on[ia] ? 255 : 0; rgb[o + 1] = B.on[ib] ? 255 : 0; rgb[o + 2] = 0; }
      else if (A.on[ia]) { rgb[o] = 90; rgb[o + 1] = 90; rgb[o + 2] = 90; }
    }
    writeFileSync(join(out, `diff-${n}.png`), encodePng(w, h, rgb));
    // A small copy to look at (each pixel the brightest of its block): red = ours only, green = reference only.
    const k = Math.max(1, Math.ceil(w / 1400)), sw = Math.floor(w / k), sh = Math.floor(h / k);
    const small = Buffer.alloc(sw * sh * 3);
    for (let y = 0; y < sh * k; y++) for (let x = 0; x < sw * k; x++) {
      const o = (y * w + x) * 3, so = (Math.floor(y / k) * sw + Math.floor(x / k)) * 3;
      for (let c = 0; c < 3; c++) small[so + c] = Math.max(small[so + c], rgb[o + c]);
    }
    writeFileSync(join(out, `diff-${n}.small.png`), encodePng(sw, sh, small));
    const pct = r ? (100 * d) / r : a ? 100 : 0;
    console.log(`${n.padEnd(34)} ${String(a).padStart(9)} ${String(r).padStart(9)} ${String(d).padStart(11)} ${pct.toFixed(3).padStart(12)}%${pct <= 0.5 ? '' : '  > 0.5%'}`);
    results.push({ board: b.name, layer: n, ours: a, ref: r, differ: d, pct });
  }
  console.log('drill file                          diameter mm    ours   ref');
  for (const n of [...new Set([...Object.keys(ref), ...Object.keys(ours)])].filter((f) => /\.DRL$/i.test(f)).sort()) {
    const ha = ours[n] ? drillHits(dec(ours[n])) : new Map(), hb = ref[n] ? drillHits(dec(ref[n])) : new Map();
    for (const k of [...new Set([...ha.keys(), ...hb.keys()])].sort()) {
      const eq = (ha.get(k) ?? 0) === (hb.get(k) ?? 0);
      console.log(`${n.padEnd(34)} ${k.padStart(12)} ${String(ha.get(k) ?? 0).padStart(7)} ${String(hb.get(k) ?? 0).padStart(5)}${eq ? '' : '  differ'}`);
      results.push({ board: b.name, drill: n, diameter: k, ours: ha.get(k) ?? 0, ref: hb.get(k) ?? 0 });
    }
  }
}
writeFileSync(join(outRoot, 'results.json'), JSON.stringify(results, null, 1));
console.log(`\npictures and results.json in ${outRoot}`);
