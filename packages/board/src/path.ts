/**
 * The path mini-language of FORMAT.md ("Paths"), used by POLY, FILL, POUR, POURED, REGION, TEARDROP,
 * PAD ["POLY", path] and FONT glyphs: a flat array where leading numbers set the start point, then
 * "L" x,y,... lines, "ARC"/"CARC" sweep,x,y arcs (sweep in degrees, positive counter-clockwise),
 * "C" x1,y1,x2,y2,x3,y3 cubic Bezier, "R" x,y,w,h,rot,radius rectangles ((x,y) = top-left corner,
 * Y up, so the rectangle extends to y-h) and "CIRCLE" cx,cy,r. Numbers met where a command is
 * expected start a new contour.
 * Units: whatever the path holds times `scale` (PCB/footprint paths: mil; POURED: 10 mil, scale 10).
 */
import { type Box, type Mat, apply, emptyBox, flattenArc, flattenCubic, growBox, isMirroring, matScale, rad, arcCenter } from './geom.ts';

export type Seg =
  | { k: 'L'; x: number; y: number }
  | { k: 'A'; sweep: number; x: number; y: number }
  | { k: 'C'; x1: number; y1: number; x2: number; y2: number; x: number; y: number };

/** One contour: a start point and segments. `closed` is set for R and CIRCLE contours. */
export interface Contour {
  x0: number;
  y0: number;
  segs: Seg[];
  closed: boolean;
}

export interface PathOptions {
  /** Multiply coordinates by this (POURED: 10). */
  scale?: number;
  /** Divide ARC sweeps by this (.epcb FILL records store sweeps x10, after KiCad's importer). */
  sweepDivisor?: number;
}

const isNum = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v);

/** Parse a FORMAT.md path into contours. Malformed tails are dropped, never thrown. */
export function parsePath(path: unknown, opts: PathOptions = {}): Contour[] {
  const out: Contour[] = [];
  if (!Array.isArray(path)) return out;
  const s = opts.scale ?? 1;
  const sd = opts.sweepDivisor ?? 1;
  let cur: Contour | null = null;
  let px = 0, py = 0;
  const n = path.length;
  let i = 0;
  const num = (k: number): number | undefined => (isNum(path[k]) ? (path[k] as number) : undefined);
  while (i < n) {
    const v = path[i];
    if (isNum(v)) {
      const y = num(i + 1);
      if (y === undefined) break;
      px = v * s; py = y * s;
      cur = { x0: px, y0: py, segs: [], closed: false };
      out.push(cur);
      i += 2;
      continue;
    }
    if (typeof v !== 'string') break;
    const cmd = v.toUpperCase();
    i++;
    if (cmd === 'L') {
      if (!cur) { cur = { x0: px, y0: py, segs: [], closed: false }; out.push(cur); }
      while (i + 1 < n && isNum(path[i]) && isNum(path[i + 1])) {
        px = (path[i] as number) * s; py = (path[i + 1] as number) * s;
        cur.segs.push({ k: 'L', x: px, y: py });
        i += 2;
      }
    } else if (cmd === 'ARC' || cmd === 'CARC') {
      const sw = num(i), x = num(i + 1), y = num(i + 2);
      if (sw === undefined || x === undefined || y === undefined) break;
      if (!cur) { cur = { x0: px, y0: py, segs: [], closed: false }; out.push(cur); }
      px = x * s; py = y * s;
      cur.segs.push({ k: 'A', sweep: sw / sd, x: px, y: py });
      i += 3;
    } else if (cmd === 'C') {
      const v6 = [0, 1, 2, 3, 4, 5].map((k) => num(i + k));
      if (v6.some((q) => q === undefined)) break;
      const [x1, y1, x2, y2, x, y] = v6 as number[];
      if (!cur) { cur = { x0: px, y0: py, segs: [], closed: false }; out.push(cur); }
      px = x * s; py = y * s;
      cur.segs.push({ k: 'C', x1: x1 * s, y1: y1 * s, x2: x2 * s, y2: y2 * s, x: px, y: py });
      i += 6;
    } else if (cmd === 'R') {
      const x = num(i), y = num(i + 1), w = num(i + 2), h = num(i + 3);
      if (x === undefined || y === undefined || w === undefined || h === undefined) break;
      let rot = 0, r = 0, used = 4;
      if (num(i + 4) !== undefined) {
        rot = num(i + 4) as number; used = 5;
        if (num(i + 5) !== undefined) { r = num(i + 5) as number; used = 6; }
      }
      i += used;
      out.push(rectContour(x * s, y * s, w * s, h * s, rot, r * s));
      cur = null;
    } else if (cmd === 'CIRCLE') {
      const cx = num(i), cy = num(i + 1), r = num(i + 2);
      if (cx === undefined || cy === undefined || r === undefined) break;
      i += 3;
      out.push(circleContour(cx * s, cy * s, r * s));
      cur = null;
    } else {
      break; // unknown command: keep what we have
    }
  }
  return out;
}

/** Full circle as two half arcs, counter-clockwise, starting at (cx+r, cy). */
export function circleContour(cx: number, cy: number, r: number): Contour {
  return {
    x0: cx + r, y0: cy, closed: true,
    segs: [{ k: 'A', sweep: 180, x: cx - r, y: cy }, { k: 'A', sweep: 180, x: cx + r, y: cy }],
  };
}

/**
 * Rectangle with top-left corner (x, y) (Y up), width w, height h (downwards), rotated `rotDeg`
 * counter-clockwise about (x, y), corner radius r. Traced clockwise in Y up like the real files.
 */
export function rectContour(x: number, y: number, w: number, h: number, rotDeg: number, r: number): Contour {
  const rr = Math.max(0, Math.min(r, Math.abs(w) / 2, Math.abs(h) / 2));
  const local: Seg[] = [];
  let x0: number, y0: number;
  if (rr <= 0) {
    x0 = 0; y0 = 0;
    local.push({ k: 'L', x: w, y: 0 }, { k: 'L', x: w, y: -h }, { k: 'L', x: 0, y: -h }, { k: 'L', x: 0, y: 0 });
  } else {
    x0 = rr; y0 = 0;
    local.push(
      { k: 'L', x: w - rr, y: 0 }, { k: 'A', sweep: -90, x: w, y: -rr },
      { k: 'L', x: w, y: -h + rr }, { k: 'A', sweep: -90, x: w - rr, y: -h },
      { k: 'L', x: rr, y: -h }, { k: 'A', sweep: -90, x: 0, y: -h + rr },
      { k: 'L', x: 0, y: -rr }, { k: 'A', sweep: -90, x: rr, y: 0 },
    );
  }
  const c = Math.cos(rad(rotDeg)), sn = Math.sin(rad(rotDeg));
  const tx = (lx: number, ly: number) => ({ x: x + lx * c - ly * sn, y: y + lx * sn + ly * c });
  const p0 = tx(x0, y0);
  const segs: Seg[] = local.map((sg) => {
    const p = tx(sg.x, sg.y);
    return sg.k === 'A' ? { k: 'A', sweep: sg.sweep, x: p.x, y: p.y } : { k: 'L', x: p.x, y: p.y };
  });
  return { x0: p0.x, y0: p0.y, segs, closed: true };
}

/** Apply an affine similarity transform (rotation, mirror, uniform scale, translation) to contours. */
export function transformContours(cs: Contour[], m: Mat): Contour[] {
  const flip = isMirroring(m) ? -1 : 1;
  return cs.map((c) => {
    const p0 = apply(m, c.x0, c.y0);
    return {
      x0: p0.x, y0: p0.y, closed: c.closed,
      segs: c.segs.map((sg): Seg => {
        const p = apply(m, sg.x, sg.y);
        if (sg.k === 'L') return { k: 'L', x: p.x, y: p.y };
        if (sg.k === 'A') return { k: 'A', sweep: sg.sweep * flip, x: p.x, y: p.y };
        const a = apply(m, sg.x1, sg.y1), b = apply(m, sg.x2, sg.y2);
        return { k: 'C', x1: a.x, y1: a.y, x2: b.x, y2: b.y, x: p.x, y: p.y };
      }),
    };
  });
}

/** Flatten a contour to a polyline (flat [x,y,...]); arcs and curves within `tol` (same unit). */
export function flattenContour(c: Contour, tol = 0.5): number[] {
  const out = [c.x0, c.y0];
  let px = c.x0, py = c.y0;
  for (const sg of c.segs) {
    if (sg.k === 'L') out.push(sg.x, sg.y);
    else if (sg.k === 'A') flattenArc(out, px, py, sg.x, sg.y, sg.sweep, tol);
    else flattenCubic(out, px, py, sg.x1, sg.y1, sg.x2, sg.y2, sg.x, sg.y, tol);
    px = sg.x; py = sg.y;
  }
  return out;
}

/** A list of paths ([[...], [...]]) or a single path, parsed as closed contours (mil); `sweepDivisor` for PCB FILL sweeps stored x10. */
export function pathListContours(v: unknown, opts: { scale?: number; sweepDivisor?: number } = {}): Contour[] {
  if (!Array.isArray(v) || v.length === 0) return [];
  const list = Array.isArray(v[0]) ? (v as unknown[]) : [v];
  const out: Contour[] = [];
  for (const p of list) for (const c of parsePath(p, opts)) out.push({ ...c, closed: true });
  return out;
}

/**
 * The box of contours with their curves' true extremes (contoursBox takes a Bezier's control hull),
 * within `tol` (same unit).
 */
export function contoursExtent(cs: Contour[], tol = 0.01): Box {
  const box = emptyBox();
  for (const c of cs) {
    const pts = flattenContour(c, tol);
    for (let i = 0; i + 1 < pts.length; i += 2) growBox(box, pts[i], pts[i + 1], 0);
  }
  return box;
}

/** Bounding box of contours: lines and arcs exact (arc extremes included), Beziers by their control hull. */
export function contoursBox(cs: Contour[], pad = 0, into: Box = emptyBox()): Box {
  for (const c of cs) {
    growBox(into, c.x0, c.y0, pad);
    let px = c.x0, py = c.y0;
    for (const sg of c.segs) {
      growBox(into, sg.x, sg.y, pad);
      if (sg.k === 'C') { growBox(into, sg.x1, sg.y1, pad); growBox(into, sg.x2, sg.y2, pad); }
      else if (sg.k === 'A' && sg.sweep !== 0) {
        const ctr = arcCenter(px, py, sg.x, sg.y, sg.sweep);
        const r = Math.hypot(px - ctr.x, py - ctr.y);
        const a0 = Math.atan2(py - ctr.y, px - ctr.x) * 180 / Math.PI;
        for (let q = -720; q <= 720; q += 90) {
          const t = sg.sweep > 0 ? q - a0 : a0 - q;
          if (t > 0 && t < Math.abs(sg.sweep)) growBox(into, ctr.x + r * Math.cos(q * Math.PI / 180), ctr.y + r * Math.sin(q * Math.PI / 180), pad);
        }
      }
      px = sg.x; py = sg.y;
    }
  }
  return into;
}

/** Number formatting for SVG output: at most 3 decimals, no trailing zeros. */
export function fmt(v: number): string {
  const r = Math.round(v * 1000) / 1000;
  return Object.is(r, -0) ? '0' : String(r);
}

/**
 * SVG path data for contours, in the contours' own frame (mil, Y up; the SVG painter flips Y with a
 * group transform, so sweep-flag 1 = counter-clockwise here).
 */
export function contoursToSvgD(cs: Contour[], closeAll = false): string {
  const parts: string[] = [];
  for (const c of cs) {
    parts.push(`M${fmt(c.x0)} ${fmt(c.y0)}`);
    let px = c.x0, py = c.y0;
    for (const sg of c.segs) {
      if (sg.k === 'L') parts.push(`L${fmt(sg.x)} ${fmt(sg.y)}`);
      else if (sg.k === 'C') parts.push(`C${fmt(sg.x1)} ${fmt(sg.y1)} ${fmt(sg.x2)} ${fmt(sg.y2)} ${fmt(sg.x)} ${fmt(sg.y)}`);
      else {
        const sw = sg.sweep;
        if (sw === 0) parts.push(`L${fmt(sg.x)} ${fmt(sg.y)}`);
        else {
          const ctr = arcCenter(px, py, sg.x, sg.y, sw);
          const r = Math.hypot(px - ctr.x, py - ctr.y);
          if (Math.abs(sw) >= 360) {
            // A full turn back to the start: two halves.
            const ox = 2 * ctr.x - px, oy = 2 * ctr.y - py;
            const f = sw > 0 ? 1 : 0;
            parts.push(`A${fmt(r)} ${fmt(r)} 0 0 ${f} ${fmt(ox)} ${fmt(oy)}`, `A${fmt(r)} ${fmt(r)} 0 0 ${f} ${fmt(sg.x)} ${fmt(sg.y)}`);
          } else {
            parts.push(`A${fmt(r)} ${fmt(r)} 0 ${Math.abs(sw) > 180 ? 1 : 0} ${sw > 0 ? 1 : 0} ${fmt(sg.x)} ${fmt(sg.y)}`);
          }
        }
      }
      px = sg.x; py = sg.y;
    }
    if (c.closed || closeAll) parts.push('Z');
  }
  return parts.join('');
}

/** Contour scaled by a uniform factor about the origin (used for 10-mil POURED data). */
export const scaleContours = (cs: Contour[], k: number): Contour[] => transformContours(cs, { a: k, b: 0, c: 0, d: k, e: 0, f: 0 });

export { matScale };
