/**
 * Reading KiCad graphic primitives, texts and point lists (shared by boards, footprints and custom
 * pad primitives). Input: s-expression lists in KiCad units (mm, Y down); output in mil, Y up,
 * through a `Frame` that also un-mirrors back-side footprint geometry.
 */
import { child, flag, num, numOf, points, str, val, type SList } from './sexpr.ts';
import type { KGraphic, KText, Path } from './pcb-model.ts';
import { arcSweep, mil, milY, normAngle, r4 } from './units.ts';

/** Maps a KiCad point (mm, Y down) to Copperplate (mil, Y up); `flip` un-mirrors a back footprint. */
export interface Frame {
  flip: boolean;
  /** Rotation of the parent (a footprint's angle), subtracted from absolute item angles. */
  parentRot: number;
}
export const BOARD_FRAME: Frame = { flip: false, parentRot: 0 };

export function px(_f: Frame, x: number): number {
  return mil(x);
}
export function py(f: Frame, y: number): number {
  return f.flip ? mil(y) : milY(y);
}
/** An absolute KiCad item angle to an angle in the frame. */
export function pangle(f: Frame, a: number): number {
  const rel = a - f.parentRot;
  return normAngle(f.flip ? -rel : rel);
}

/** KiCad layer names with F./B. swapped (a back footprint seen from the top). */
export function flipLayer(name: string): string {
  if (name.startsWith('F.')) return 'B.' + name.slice(2);
  if (name.startsWith('B.')) return 'F.' + name.slice(2);
  return name;
}
export function layerOf(f: Frame, l: SList | undefined): string {
  const name = str(child(l, 'layer'));
  return f.flip ? flipLayer(name) : name;
}

function xy(l: SList | undefined): [number, number] {
  return [num(l, 1), num(l, 2)];
}

/** Stroke width (mil): `(width w)` (KiCad 6) or `(stroke (width w) ...)` (KiCad 7+). */
export function strokeWidth(l: SList): number {
  const w = child(l, 'width') ?? child(child(l, 'stroke'), 'width');
  return mil(num(w, 1));
}

/** `(fill solid|yes|none|no)` (KiCad 6 to 9). */
export function isFilled(l: SList): boolean {
  const f = child(l, 'fill');
  if (!f) return false;
  const v = str(f, 1);
  if (v === 'solid' || v === 'yes' || v === 'true') return true;
  if (v === 'type') return false;
  const t = child(f, 'type');
  return t ? str(t, 1) !== 'none' : false;
}

/** Points list `(pts (xy ..) (arc (start) (mid) (end)) ..)` to a path. `close` repeats the first point. */
export function ptsToPath(f: Frame, pts: SList | undefined, close: boolean, scale = 1): Path {
  const path: Path = [];
  if (!pts) return path;
  let lastX = 0, lastY = 0, inLine = false, first = true;
  let fx = 0, fy = 0;
  const addXY = (x: number, y: number) => {
    if (first) { path.push(x, y); fx = x; fy = y; first = false; }
    else {
      if (!inLine) { path.push('L'); inLine = true; }
      path.push(x, y);
    }
    lastX = x; lastY = y;
  };
  for (let i = 1; i < pts.length; i++) {
    const p = pts[i];
    if (typeof p === 'string' || typeof p === 'number') continue;
    if (p instanceof Float64Array) {
      if (scale === 1) for (let j = 0; j < p.length; j += 2) addXY(px(f, p[j]), py(f, p[j + 1]));
      else for (let j = 0; j < p.length; j += 2) addXY(r4(mil(p[j]) / scale), r4(py(f, p[j + 1]) / scale));
      continue;
    }
    const S = (v: number) => (scale === 1 ? v : r4(v / scale));
    if (p[0] === 'xy') {
      addXY(S(px(f, num(p, 1))), S(py(f, num(p, 2))));
    } else if (p[0] === 'arc') {
      const [sx0, sy0] = xy(child(p, 'start')), [mx0, my0] = xy(child(p, 'mid')), [ex0, ey0] = xy(child(p, 'end'));
      const sx = S(px(f, sx0)), sy = S(py(f, sy0)), mx = S(px(f, mx0)), my = S(py(f, my0)), ex = S(px(f, ex0)), ey = S(py(f, ey0));
      if (first) { path.push(sx, sy); fx = sx; fy = sy; first = false; }
      else if (sx !== lastX || sy !== lastY) {
        if (!inLine) { path.push('L'); inLine = true; }
        path.push(sx, sy);
      }
      path.push('ARC', arcSweep(sx, sy, mx, my, ex, ey), ex, ey);
      inLine = false;
      lastX = ex; lastY = ey;
    }
  }
  if (close && !first && (lastX !== fx || lastY !== fy)) {
    if (!inLine) path.push('L');
    path.push(fx, fy);
  }
  return path;
}

/**
 * A zone fill's `(pts ...)` as one closed ring in 10 mil (the unit of POURED fills), Y up: flat x, y
 * pairs, the first point repeated at the end when KiCad does not (ptsToPath's values, without a JS
 * array per fill); undefined when it holds arcs.
 */
export function fillRing(pts: SList | undefined): Float64Array | undefined {
  if (!pts) return new Float64Array(0);
  let n = 0;
  for (let i = 1; i < pts.length; i++) {
    const p = pts[i];
    if (p instanceof Float64Array) n += p.length;
    else if (Array.isArray(p)) { if (p[0] !== 'xy') return undefined; n += 2; }
  }
  const out = new Float64Array(n + 2);
  let k = 0;
  for (let i = 1; i < pts.length; i++) {
    const p = pts[i];
    if (p instanceof Float64Array) {
      for (let j = 0; j + 1 < p.length; j += 2) { out[k++] = r4(mil(p[j]) / 10); out[k++] = r4(milY(p[j + 1]) / 10); }
    } else if (Array.isArray(p)) { out[k++] = r4(mil(num(p, 1)) / 10); out[k++] = r4(milY(num(p, 2)) / 10); }
  }
  if (k >= 2 && (out[k - 2] !== out[0] || out[k - 1] !== out[1])) { out[k++] = out[0]; out[k++] = out[1]; }
  return k === out.length ? out : out.slice(0, k);
}

/**
 * A graphic item (gr_* / fp_* / pad primitive), or undefined when the keyword is not a graphic.
 * `layerOverride`: custom pad primitives have no layer of their own.
 */
export function readGraphic(f: Frame, l: SList, layerOverride?: string): KGraphic | undefined {
  const kw = l[0] as string;
  const kind = kw.replace(/^(gr|fp)_/, '');
  const layer = layerOverride ?? layerOf(f, l);
  const width = strokeWidth(l);
  const locked = flag(l, 'locked');
  const P = (k: string): [number, number] => {
    const [x, y] = xy(child(l, k));
    return [px(f, x), py(f, y)];
  };
  switch (kind) {
    case 'line': {
      const [x1, y1] = P('start'), [x2, y2] = P('end');
      return { kind: 'line', layer, width, x1, y1, x2, y2, locked };
    }
    case 'arc': {
      if (child(l, 'mid')) {
        const [x1, y1] = P('start'), [mx, my] = P('mid'), [x2, y2] = P('end');
        return { kind: 'arc', layer, width, x1, y1, x2, y2, sweep: arcSweep(x1, y1, mx, my, x2, y2), locked };
      }
      // KiCad 5 form: (start = centre) (end = arc start) (angle, clockwise on screen)
      const [cx, cy] = P('start'), [x1, y1] = P('end');
      const angle = f.flip ? numOf(l, 'angle') : -numOf(l, 'angle');
      const a = (angle * Math.PI) / 180;
      const dx = x1 - cx, dy = y1 - cy;
      const x2 = r4(cx + dx * Math.cos(a) - dy * Math.sin(a)), y2 = r4(cy + dx * Math.sin(a) + dy * Math.cos(a));
      return { kind: 'arc', layer, width, x1, y1, x2, y2, sweep: r4(angle), locked };
    }
    case 'circle': {
      const [cx, cy] = P('center'), [ex, ey] = P('end');
      return { kind: 'circle', layer, width, cx, cy, r: r4(Math.hypot(ex - cx, ey - cy)), fill: isFilled(l), locked };
    }
    case 'rect': {
      const [x1, y1] = P('start'), [x2, y2] = P('end');
      return { kind: 'rect', layer, width, x1, y1, x2, y2, fill: isFilled(l), locked };
    }
    case 'poly':
      return { kind: 'poly', layer, width, path: ptsToPath(f, child(l, 'pts'), true), fill: isFilled(l) || !child(l, 'fill'), locked };
    case 'curve': {
      const raw = points(child(l, 'pts'));
      const pts: number[] = [];
      for (let i = 0; i < raw.length; i += 2) pts.push(px(f, raw[i]), py(f, raw[i + 1]));
      return { kind: 'curve', layer, width, pts, locked };
    }
    default:
      return undefined;
  }
}

/** `(effects (font (size h w) (thickness t) bold italic) (justify ..) hide)` of a text. */
export function readText(f: Frame, l: SList, role: string, text: string): KText {
  const at = child(l, 'at');
  const eff = child(l, 'effects');
  const font = child(eff, 'font');
  const size = child(font, 'size');
  const just = child(eff, 'justify');
  const justify = just ? (just.slice(1).filter((x) => typeof x === 'string') as string[]) : [];
  return {
    role,
    text,
    x: px(f, num(at, 1)),
    y: py(f, num(at, 2)),
    rot: pangle(f, num(at, 3)),
    layer: layerOf(f, l),
    size: mil(num(size, 1)),
    width: mil(num(size, 2, num(size, 1))),
    thickness: mil(numOf(font, 'thickness', 0.15)),
    hidden: flag(l, 'hide') || flag(eff, 'hide'),
    // a back footprint's texts are mirrored in KiCad; seen from the top (its frame un-flipped) they are not
    mirrored: justify.includes('mirror') !== f.flip,
    justify: justify.filter((j) => j !== 'mirror'),
    bold: flag(font, 'bold'),
    italic: flag(font, 'italic'),
  };
}

/** Text of a `(gr_text "..." ...)`, `(fp_text kind "..." ...)` or `(property "K" "V" ...)`. */
export function textValue(l: SList): string {
  const kw = l[0];
  if (kw === 'fp_text' || kw === 'property') return str(l, 2);
  return str(l, 1);
}

export { val };
