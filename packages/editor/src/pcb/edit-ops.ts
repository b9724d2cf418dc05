/**
 * Pure record edits for the PCB editor: move, rotate, flip of FORMAT.md PCB/footprint records.
 * Frame: board mil, Y up; rotations in degrees counter-clockwise. Each function returns a new record
 * (unknown trailing fields kept) and never mutates its input.
 */
import { type Rec, recType } from '../core/records.ts';
import {
  Dimension, Fill, Line, Pad, PcbArc, PcbAttr, PcbComponent, PcbImage, PcbObj, PcbPoly, PcbString, Pour, Region,
  Teardrop, Via, kindOf, type FieldTable, type RecordKind,
} from '@copperplate/format/records';
import { flipLayer } from './layers.ts';
import { apply, normDeg, rotateAbout } from '../core/geometry.ts';
import { isPolyPad } from '@copperplate/board';

type PtFn = (x: number, y: number) => [number, number];

const isNum = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v);
const r4 = (v: number): number => Math.round(v * 10000) / 10000 || 0; // never -0

/** Map every point of a FORMAT.md path; `addRot` is added to R rectangle rotations. */
export function mapPath(path: unknown, f: PtFn, addRot = 0): unknown {
  if (!Array.isArray(path)) return path;
  if (Array.isArray(path[0])) return path.map((p) => mapPath(p, f, addRot)); // a list of paths (a pad of several rings)
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

/** A point field pair of a record kind: both must hold JSON numbers to be mapped. */
type Kind = RecordKind<FieldTable>;
const POINTS: Readonly<Record<string, { kind: Kind; pts: Array<[string, string]>; rot?: string; rotIfNum?: boolean; paths?: string }>> = {
  LINE: { kind: Line, pts: [['x1', 'y1'], ['x2', 'y2']] },
  ARC: { kind: PcbArc, pts: [['x1', 'y1'], ['x2', 'y2']] },
  VIA: { kind: Via, pts: [['x', 'y']] },
  PAD: { kind: Pad, pts: [['x', 'y']], rot: 'angle' },
  COMPONENT: { kind: PcbComponent, pts: [['x', 'y']], rot: 'angle' },
  ATTR: { kind: PcbAttr, pts: [['x', 'y']], rot: 'angle', rotIfNum: true },
  STRING: { kind: PcbString, pts: [['x', 'y']], rot: 'angle' },
  POLY: { kind: PcbPoly, pts: [], paths: 'path' },
  FILL: { kind: Fill, pts: [], paths: 'paths' },
  POUR: { kind: Pour, pts: [], paths: 'paths' },
  REGION: { kind: Region, pts: [], paths: 'paths' },
  TEARDROP: { kind: Teardrop, pts: [], paths: 'path' },
  IMAGE: { kind: PcbImage, pts: [['x', 'y']] },
  OBJ: { kind: PcbObj, pts: [['x', 'y']] },
};

/** Apply a point map to one record (positions, paths, ends). Rotation-aware fields get `addRot`. */
export function mapRecord(r: Rec, f: PtFn, addRot = 0): Rec {
  const t = recType(r);
  if (t === 'DIMENSION') {
    const coords = Dimension.raw(r, 'coords');
    if (!Array.isArray(coords)) return r.slice();
    const a = coords.slice();
    for (let i = 0; i + 1 < a.length; i += 2) if (isNum(a[i]) && isNum(a[i + 1])) { const [x, y] = f(a[i] as number, a[i + 1] as number); a[i] = r4(x); a[i + 1] = r4(y); }
    return Dimension.with(r, { coords: a });
  }
  const spec = POINTS[t];
  if (!spec) return r;
  const { kind } = spec;
  const patch: Record<string, unknown> = {};
  for (const [kx, ky] of spec.pts) {
    const x = kind.raw(r, kx), y = kind.raw(r, ky);
    if (isNum(x) && isNum(y)) { const [nx, ny] = f(x, y); patch[kx] = r4(nx); patch[ky] = r4(ny); }
  }
  if (spec.rot) {
    const a = kind.raw(r, spec.rot);
    if (!spec.rotIfNum || isNum(a)) patch[spec.rot] = normDeg(kind.get(r, spec.rot) + addRot);
  }
  if (spec.paths) {
    const v = kind.raw(r, spec.paths);
    if (Array.isArray(v)) patch[spec.paths] = Array.isArray(v[0]) ? v.map((q) => mapPath(q, f, addRot)) : mapPath(v, f, addRot);
  }
  if (t === 'PAD') {
    const shape = Pad.raw(r, 'shape');
    // pad shape ["POLY", path, ...]: the path moves with the pad
    if (Array.isArray(shape) && isPolyPad(shape)) patch.shape = [shape[0], mapPath(shape[1], f, addRot), ...shape.slice(2)];
  }
  return kind.with(r, patch);
}

export const translateRecord = (r: Rec, dx: number, dy: number): Rec => mapRecord(r, (x, y) => [x + dx, y + dy]);

/** Rotate about (cx, cy) by `angle` degrees CCW. */
export function rotateRecord(r: Rec, cx: number, cy: number, angle: number): Rec {
  const m = rotateAbout(angle, cx, cy);
  return mapRecord(r, (x, y) => { const p = apply(m, x, y); return [p.x, p.y]; }, angle);
}

/** Record types that sit on a layer a flip moves (FORMAT.md); VIA, PAD_NET and settings records do not. */
const LAYERED: ReadonlySet<string> = new Set(['LINE', 'ARC', 'PAD', 'POLY', 'FILL', 'POUR', 'ATTR', 'COMPONENT', 'STRING', 'REGION', 'TEARDROP', 'DIMENSION', 'IMAGE', 'OBJ']);

/** The record module of a PCB record whose type has a `layer` field, else undefined. */
export function layeredKind(r: Rec): Kind | undefined {
  return LAYERED.has(recType(r)) ? kindOf(r, 'pcb') : undefined;
}

/** Move a record to the other side: top/bottom layer pairs swap (components: 1 <-> 2). */
export function flipRecord(r: Rec): Rec {
  const kind = layeredKind(r);
  const layer = kind?.raw(r, 'layer');
  if (!kind || !isNum(layer)) return r;
  return kind.with(r, { layer: flipLayer(layer) });
}

/** Record types with a `net` field an "assign net" sets. */
const NETTED: ReadonlySet<string> = new Set(['LINE', 'ARC', 'VIA', 'PAD', 'POLY', 'FILL', 'POUR', 'TEARDROP', 'PAD_NET']);

/** `r` with its net set, or undefined when its type carries no net. */
export function withNet(r: Rec, net: string): Rec | undefined {
  const kind = NETTED.has(recType(r)) ? kindOf(r, 'pcb') : undefined;
  return kind ? kind.with(r, { net }) : undefined;
}
