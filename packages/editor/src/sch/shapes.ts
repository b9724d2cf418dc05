/**
 * Shape records shared by sheets and symbols (RECT, POLY, CIRCLE, ELLIPSE, ARC, BEZIER, TEXT, OBJ,
 * TABLE with TABEL_CELL), drawn through a transform `m` (symbol frame -> sheet frame; identity on a
 * sheet). Units 0.01 inch, Y up.
 */
import type { EditorDocument } from '../core/document.ts';
import { type Mat, apply, applyFlat, isMirrored, matAngle, normAngle } from '../core/geometry.ts';
import { bool, num, str, type Rec } from '../core/records.ts';
import type { PathSeg, Stroke, Surface, TextStyle } from '../render/surface.ts';
import { COLORS, flipH, flipV, fontStyle, lineStyle } from './styles.ts';

/** Circle through three points (document units); null when they are collinear. */
export function circleThrough(x1: number, y1: number, x2: number, y2: number, x3: number, y3: number): { cx: number; cy: number; r: number } | null {
  const d = 2 * (x1 * (y2 - y3) + x2 * (y3 - y1) + x3 * (y1 - y2));
  if (Math.abs(d) < 1e-9) return null;
  const a = x1 * x1 + y1 * y1, b = x2 * x2 + y2 * y2, c = x3 * x3 + y3 * y3;
  const cx = (a * (y2 - y3) + b * (y3 - y1) + c * (y1 - y2)) / d;
  const cy = (a * (x3 - x2) + b * (x1 - x3) + c * (x2 - x1)) / d;
  return { cx, cy, r: Math.hypot(x1 - cx, y1 - cy) };
}

/** Path of the arc from p1 through pm to p2. */
export function arcSegs(p: number[]): PathSeg[] {
  const [x1, y1, xm, ym, x2, y2] = p;
  const c = circleThrough(x1, y1, xm, ym, x2, y2);
  if (!c) return [{ op: 'M', x: x1, y: y1 }, { op: 'L', x: x2, y: y2 }];
  const ang = (x: number, y: number) => (Math.atan2(y - c.cy, x - c.cx) * 180) / Math.PI;
  const a0 = ang(x1, y1), am = ang(xm, ym), a1 = ang(x2, y2);
  const ccwSpan = (from: number, to: number) => ((to - from) % 360 + 360) % 360;
  const ccw = ccwSpan(a0, am) <= ccwSpan(a0, a1);
  return [{ op: 'A', cx: c.cx, cy: c.cy, r: c.r, a0, a1, ccw }];
}

/**
 * Place text drawn in a symbol frame onto the sheet: the position follows `m`; the text stays
 * readable (never mirrored, never upside down), alignment flips where the direction flipped.
 */
export function placeText(m: Mat, x: number, y: number, rot: number, st: TextStyle): { x: number; y: number; rot: number; st: TextStyle } {
  const p = apply(m, x, y);
  const a = (rot * Math.PI) / 180;
  const d = { x: m[0] * Math.cos(a) + m[2] * Math.sin(a), y: m[1] * Math.cos(a) + m[3] * Math.sin(a) };
  let ang = normAngle((Math.atan2(d.y, d.x) * 180) / Math.PI);
  let h = st.hAlign, v = st.vAlign;
  if (isMirrored(m)) { ang = normAngle(ang + 180); h = flipH(h); }
  if (ang > 90 && ang <= 270) { ang = normAngle(ang - 180); h = flipH(h); v = flipV(v); }
  return { x: p.x, y: p.y, rot: ang, st: { ...st, hAlign: h, vAlign: v } };
}

function rectPoints(r: Rec): number[] {
  const x1 = num(r[2]), y1 = num(r[3]), x2 = num(r[4]), y2 = num(r[5]), rot = num(r[8]);
  let pts = [x1, y1, x2, y1, x2, y2, x1, y2];
  if (rot) {
    const c = Math.cos((rot * Math.PI) / 180), s = Math.sin((rot * Math.PI) / 180);
    pts = pts.map((v, i) => (i % 2 === 0 ? x1 + (v - x1) * c - (pts[i + 1] - y1) * s : y1 + (pts[i - 1] - x1) * s + (v - y1) * c));
  }
  return pts;
}

export interface ShapeCtx {
  /** Document holding the styles (the symbol for symbol records, the sheet for sheet records). */
  styles: EditorDocument;
  m: Mat;
  /** Default colour of lines (symbol body or sheet drawing). */
  color: string;
  /** Resolves `={...}` templates in TEXT and table cells. */
  resolve?: (s: string) => string;
  blobs?: Map<string, string>;
  /** Children (cells) of a TABLE. */
  cells?: (tableId: string) => Rec[];
  /** Give nested records (table cells) their data-id (false inside a placed symbol: ids are the symbol's). */
  ids?: boolean;
}

/** Draw one shape record; returns false when the record type is not a shape. */
export function drawShape(s: Surface, r: Rec, c: ShapeCtx): boolean {
  const t = r[0];
  const st = (i: number, fill?: string | null): Stroke => lineStyle(c.styles, r[i], { color: c.color, width: 1, fill });
  switch (t) {
    case 'RECT':
      s.draw({ t: 'poly', pts: applyFlat(c.m, rectPoints(r)), closed: true, s: st(9) });
      return true;
    case 'POLY': {
      const pts = Array.isArray(r[2]) ? (r[2] as unknown[]).map((v) => num(v)) : [];
      s.draw({ t: 'poly', pts: applyFlat(c.m, pts), closed: bool(r[3]), s: st(4) });
      return true;
    }
    case 'CIRCLE': {
      const p = apply(c.m, num(r[2]), num(r[3]));
      s.draw({ t: 'circle', cx: p.x, cy: p.y, r: num(r[4]), s: st(5) });
      return true;
    }
    case 'ELLIPSE': {
      const p = apply(c.m, num(r[2]), num(r[3]));
      const base = matAngle(c.m);
      const rot = isMirrored(c.m) ? base - num(r[6]) : base + num(r[6]);
      s.draw({ t: 'ellipse', cx: p.x, cy: p.y, rx: num(r[4]), ry: num(r[5]), rot: normAngle(rot), s: st(7) });
      return true;
    }
    case 'ARC': {
      const pts = applyFlat(c.m, [2, 3, 4, 5, 6, 7].map((i) => num(r[i])));
      s.draw({ t: 'path', segs: arcSegs(pts), s: st(8) });
      return true;
    }
    case 'BEZIER': {
      const raw = Array.isArray(r[2]) ? (r[2] as unknown[]).map((v) => num(v)) : [];
      const p = applyFlat(c.m, raw);
      const segs: PathSeg[] = p.length >= 2 ? [{ op: 'M', x: p[0], y: p[1] }] : [];
      for (let i = 2; i + 5 < p.length; i += 6) segs.push({ op: 'C', x1: p[i], y1: p[i + 1], x2: p[i + 2], y2: p[i + 3], x: p[i + 4], y: p[i + 5] });
      s.draw({ t: 'path', segs, s: st(3) });
      return true;
    }
    case 'TEXT': {
      const ts = fontStyle(c.styles, r[6], { color: COLORS.text, hAlign: 'start', vAlign: 'top' });
      const txt = c.resolve ? c.resolve(str(r[5])) : str(r[5]);
      const p = placeText(c.m, num(r[2]), num(r[3]), num(r[4]), ts);
      s.draw({ t: 'text', text: txt, x: p.x, y: p.y, rot: p.rot, st: p.st });
      return true;
    }
    case 'OBJ': {
      // OBJ id, ?, x, y (top-left), w, h, rot, flipped, url
      let href = str(r[9]);
      if (href.startsWith('blob:')) href = c.blobs?.get(href.slice(5)) ?? '';
      const w = num(r[5]), h = num(r[6]);
      const p = apply(c.m, num(r[3]), num(r[4]) - h);
      s.draw({ t: 'image', href, x: p.x, y: p.y, w, h, rot: normAngle(num(r[7]) + matAngle(c.m)) });
      return true;
    }
    case 'TABLE': {
      drawTable(s, r, c);
      return true;
    }
  }
  return false;
}

/** TABLE `id, x, y (top-left), [row heights], [column widths], ...`; cells TABEL_CELL `id, table, text, row, col, rowSpan, colSpan, 4 border styles, font`. */
function drawTable(s: Surface, r: Rec, c: ShapeCtx): void {
  const x0 = num(r[2]), y0 = num(r[3]);
  const rows = Array.isArray(r[4]) ? (r[4] as unknown[]).map((v) => num(v)) : [];
  const cols = Array.isArray(r[5]) ? (r[5] as unknown[]).map((v) => num(v)) : [];
  const rowY = [0]; for (const h of rows) rowY.push(rowY[rowY.length - 1] + h);
  const colX = [0]; for (const w of cols) colX.push(colX[colX.length - 1] + w);
  const border: Stroke = { color: c.color, width: 1 };
  const cells = c.cells?.(str(r[1])) ?? [];
  if (!cells.length) {
    s.draw({ t: 'poly', pts: applyFlat(c.m, [x0, y0, x0 + colX[colX.length - 1], y0, x0 + colX[colX.length - 1], y0 - rowY[rowY.length - 1], x0, y0 - rowY[rowY.length - 1]]), closed: true, s: border });
    return;
  }
  for (const cell of cells) {
    const row = num(cell[4]), col = num(cell[5]), rs = Math.max(1, num(cell[6], 1)), cs = Math.max(1, num(cell[7], 1));
    const xa = x0 + (colX[col] ?? 0), xb = x0 + (colX[Math.min(col + cs, cols.length)] ?? 0);
    const ya = y0 - (rowY[row] ?? 0), yb = y0 - (rowY[Math.min(row + rs, rows.length)] ?? 0);
    s.begin(c.ids === false ? '' : str(cell[1]), 'TABEL_CELL');
    s.draw({ t: 'poly', pts: applyFlat(c.m, [xa, ya, xb, ya, xb, yb, xa, yb]), closed: true, s: lineStyle(c.styles, cell[8], border) });
    const txt = c.resolve ? c.resolve(str(cell[3])) : str(cell[3]);
    if (txt) {
      const ts = fontStyle(c.styles, cell[12], { color: COLORS.text, hAlign: 'middle', vAlign: 'middle' });
      const hx = ts.hAlign === 'start' ? xa + 2 : ts.hAlign === 'end' ? xb - 2 : (xa + xb) / 2;
      const p = placeText(c.m, hx, (ya + yb) / 2, 0, { ...ts, vAlign: 'middle' });
      s.draw({ t: 'text', text: txt, x: p.x, y: p.y, rot: p.rot, st: p.st });
    }
    s.end();
  }
}
