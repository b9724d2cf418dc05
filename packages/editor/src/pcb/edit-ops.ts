/**
 * Pure record edits for the PCB editor: move, rotate, flip of FORMAT.md PCB/footprint records.
 * Frame: board mil, Y up; rotations in degrees counter-clockwise. Each function returns a new record
 * (unknown trailing fields kept) and never mutates its input.
 */
import type { Rec } from '../core/records.ts';
import { num } from '../core/records.ts';
import { flipLayer } from './layers.ts';
import { normDeg } from './geom.ts';

type PtFn = (x: number, y: number) => [number, number];

const isNum = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v);
const r4 = (v: number): number => Math.round(v * 10000) / 10000 || 0; // never -0

/** Map every point of a FORMAT.md path; `addRot` is added to R rectangle rotations. */
export function mapPath(path: unknown, f: PtFn, addRot = 0): unknown {
  if (!Array.isArray(path)) return path;
  const out = path.slice();
  let i = 0;
  const pt = (k: number) => {
    if (isNum(out[k]) && isNum(out[k + 1])) { const [x, y] = f(out[k] as number, out[k + 1] as number); out[k] = r4(x); out[k + 1] = r4(y); }
  };
  while (i < out.length) {
    const v = out[i];
    if (typeof v === 'string') {
      const mode = v.toUpperCase();
      i++;
      if (mode === 'ARC' || mode === 'CARC') { pt(i + 1); i += 3; }
      else if (mode === 'R') { pt(i); if (isNum(out[i + 4])) out[i + 4] = normDeg((out[i + 4] as number) + addRot); i += 6; }
      else if (mode === 'CIRCLE') { pt(i); i += 3; }
      continue;
    }
    if (!isNum(v)) { i++; continue; }
    pt(i);
    i += 2;
  }
  return out;
}

/** Apply a point map to one record (positions, paths, ends). Rotation-aware fields get `addRot`. */
export function mapRecord(r: Rec, f: PtFn, addRot = 0): Rec {
  const o = r.slice();
  const p = (ix: number, iy: number) => { if (isNum(o[ix]) && isNum(o[iy])) { const [x, y] = f(o[ix] as number, o[iy] as number); o[ix] = r4(x); o[iy] = r4(y); } };
  const paths = (i: number) => { if (Array.isArray(o[i])) o[i] = Array.isArray((o[i] as unknown[])[0]) ? (o[i] as unknown[]).map((q) => mapPath(q, f, addRot)) : mapPath(o[i], f, addRot); };
  switch (r[0]) {
    case 'LINE': case 'ARC': p(5, 6); p(7, 8); break;
    case 'VIA': p(5, 6); break;
    case 'PAD':
      p(6, 7); o[8] = normDeg(num(o[8]) + addRot);
      if (Array.isArray(o[10]) && (o[10] as unknown[])[0] === 'POLY') o[10] = ['POLY', mapPath((o[10] as unknown[])[1], f, addRot), ...(o[10] as unknown[]).slice(2)];
      break;
    case 'COMPONENT': p(4, 5); o[6] = normDeg(num(o[6]) + addRot); break;
    case 'ATTR': p(5, 6); if (isNum(o[17])) o[17] = normDeg((o[17] as number) + addRot); break;
    case 'STRING': p(4, 5); o[13] = normDeg(num(o[13]) + addRot); break;
    case 'POLY': paths(6); break;
    case 'FILL': paths(7); break;
    case 'POUR': paths(8); break;
    case 'REGION': paths(6); break;
    case 'TEARDROP': paths(4); break;
    case 'DIMENSION': if (Array.isArray(o[8])) { const a = (o[8] as unknown[]).slice(); for (let i = 0; i + 1 < a.length; i += 2) if (isNum(a[i]) && isNum(a[i + 1])) { const [x, y] = f(a[i] as number, a[i + 1] as number); a[i] = r4(x); a[i + 1] = r4(y); } o[8] = a; } break;
    case 'IMAGE': p(4, 5); break;
    case 'OBJ': p(5, 6); break;
    default: return r;
  }
  return o;
}

export const translateRecord = (r: Rec, dx: number, dy: number): Rec => mapRecord(r, (x, y) => [x + dx, y + dy]);

/** Rotate about (cx, cy) by `angle` degrees CCW. */
export function rotateRecord(r: Rec, cx: number, cy: number, angle: number): Rec {
  const a = (angle * Math.PI) / 180;
  const q = normDeg(angle);
  const c = q === 90 || q === 270 ? 0 : Math.cos(a), s = q === 0 || q === 180 ? 0 : Math.sin(a);
  return mapRecord(r, (x, y) => [cx + (x - cx) * c - (y - cy) * s, cy + (x - cx) * s + (y - cy) * c], angle);
}

/** Layer index of a record type (FORMAT.md), or -1. */
export function layerField(type: unknown): number {
  switch (type) {
    case 'LINE': case 'ARC': case 'PAD': case 'POLY': case 'FILL': case 'POUR': return 4;
    case 'COMPONENT': case 'STRING': case 'REGION': case 'TEARDROP': case 'DIMENSION': case 'IMAGE': case 'OBJ': return 3;
    case 'ATTR': return 4;
    default: return -1;
  }
}

/** Move a record to the other side: top/bottom layer pairs swap (components: 1 <-> 2). */
export function flipRecord(r: Rec): Rec {
  const i = layerField(r[0]);
  if (i < 0 || !isNum(r[i])) return r;
  const o = r.slice();
  o[i] = flipLayer(r[i] as number);
  return o;
}

/** Net field index of a record type, or -1. */
export function netField(type: unknown): number {
  switch (type) {
    case 'LINE': case 'ARC': case 'VIA': case 'PAD': case 'POLY': case 'FILL': case 'POUR': return 3;
    case 'TEARDROP': return 2;
    case 'PAD_NET': return 3;
    default: return -1;
  }
}
