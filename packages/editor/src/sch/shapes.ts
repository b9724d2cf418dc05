/**
 * Shape records shared by sheets and symbols (RECT, POLY, CIRCLE, ELLIPSE, ARC, BEZIER, TEXT, OBJ,
 * TABLE with TABEL_CELL), drawn through a transform `m` (symbol frame -> sheet frame; identity on a
 * sheet). Units 0.01 inch, Y up.
 */
import type { EditorDocument } from '../core/document.ts';
import { type Mat, apply, transformPoints, isMirroring, matAngle, normAngle } from '../core/geometry.ts';
import { SchArc, SchBezier, SchCircle, SchEllipse, SchObj, SchPoly, SchRect, SchText, Table, TableCell } from '@copperplate/format/records';
import { num, recType, type Rec } from '../core/records.ts';
import type { PathSeg, Stroke, Surface, TextStyle } from '../render/surface.ts';
import { COLORS, DESCENT, flipH, flipV, fontStyle, lineStyle } from './styles.ts';

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

export interface PlacedText { x: number; y: number; rot: number; st: TextStyle; /** Turned 180 degrees to stay readable. */ turned: boolean }

/**
 * Place text drawn in a symbol frame onto the sheet: the position follows `m`; the text stays
 * readable (never mirrored, never upside down), alignment flips where the direction flipped
 * (`keepV`: only the horizontal alignment flips when the text is turned; pins use it).
 */
export function placeText(m: Mat, x: number, y: number, rot: number, st: TextStyle, keepV = false): PlacedText {
  const p = apply(m, x, y);
  const a = (rot * Math.PI) / 180;
  const d = { x: m.a * Math.cos(a) + m.c * Math.sin(a), y: m.b * Math.cos(a) + m.d * Math.sin(a) };
  let ang = normAngle((Math.atan2(d.y, d.x) * 180) / Math.PI);
  let h = st.hAlign, v = st.vAlign;
  if (isMirroring(m)) { ang = normAngle(ang + 180); h = flipH(h); }
  const turned = ang > 90 && ang <= 270;
  if (turned) { ang = normAngle(ang - 180); h = flipH(h); if (!keepV) v = flipV(v); }
  if (v === 'bottom') {
    // bottom-aligned text stands on its descent line, not its baseline: lift the baseline
    const up = ((ang + 90) * Math.PI) / 180, d = DESCENT * st.size;
    return { x: p.x + d * Math.cos(up), y: p.y + d * Math.sin(up), rot: ang, st: { ...st, hAlign: h, vAlign: v }, turned };
  }
  return { x: p.x, y: p.y, rot: ang, st: { ...st, hAlign: h, vAlign: v }, turned };
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: '\u00a0' };

/** TEXT content as EasyEDA shows it: it stores HTML entities ("MCU &amp; Networking"). */
export function decodeEntities(s: string): string {
  if (!s.includes('&')) return s;
  return s.replace(/&(#x[0-9a-fA-F]+|#\d+|[a-z]+);/g, (m, e: string) => {
    if (e[0] === '#') { const n = e[1] === 'x' ? parseInt(e.slice(2), 16) : parseInt(e.slice(1), 10); return Number.isFinite(n) && n > 0 && n < 0x110000 ? String.fromCodePoint(n) : m; }
    return ENTITIES[e] ?? m;
  });
}

function rectPoints(r: Rec): number[] {
  const { x1, y1, x2, y2, rotation: rot } = SchRect.parse(r);
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
  /** Colour of every text, whatever its style says (parts marked not placed). */
  textColor?: string;
}

/**
 * Why a record cannot be drawn (negative or non-finite radius or size, points that are not numbers),
 * or undefined when it can. Painters skip such a record with a warning.
 */
export function shapeProblem(r: Rec): string | undefined {
  const bad = (v: unknown, what: string, min = 0): string | undefined => {
    if (v === null || v === undefined) return undefined;
    const n = typeof v === 'number' ? v : Number(v);
    if (!Number.isFinite(n)) return `${what} is not a number`;
    return n < min ? `negative ${what} (${n})` : undefined;
  };
  switch (recType(r)) {
    case 'CIRCLE': return bad(SchCircle.raw(r, 'r'), 'radius');
    case 'ELLIPSE': return bad(SchEllipse.raw(r, 'rx'), 'radius x') ?? bad(SchEllipse.raw(r, 'ry'), 'radius y');
    case 'OBJ': return bad(SchObj.raw(r, 'width'), 'width') ?? bad(SchObj.raw(r, 'height'), 'height');
    case 'POLY': case 'BEZIER': {
      const pts = recType(r) === 'POLY' ? SchPoly.raw(r, 'points') : SchBezier.raw(r, 'controls');
      if (pts !== null && pts !== undefined && !Array.isArray(pts)) return 'points are not a list';
      if (Array.isArray(pts) && (pts as unknown[]).some((v) => !Number.isFinite(typeof v === 'number' ? v : Number(v)))) return 'a point is not a number';
      return undefined;
    }
  }
  return undefined;
}

/** Draw one shape record; returns false when the record type is not a shape. A record with a `shapeProblem` draws nothing. */
export function drawShape(s: Surface, r: Rec, c: ShapeCtx): boolean {
  const t = recType(r);
  if (shapeProblem(r)) return true;
  const st = (styleId: string, fill?: string | null): Stroke => lineStyle(c.styles, styleId, { color: c.color, width: 1, fill });
  switch (t) {
    case 'RECT':
      s.draw({ t: 'poly', pts: transformPoints(c.m, rectPoints(r)), closed: true, s: st(SchRect.get(r, 'lineStyleId')) });
      return true;
    case 'POLY': {
      const g = SchPoly.parse(r);
      const pts = Array.isArray(g.points) ? (g.points as unknown[]).map((v) => num(v)) : [];
      s.draw({ t: 'poly', pts: transformPoints(c.m, pts), closed: g.closed, s: st(g.lineStyleId) });
      return true;
    }
    case 'CIRCLE': {
      const g = SchCircle.parse(r);
      const p = apply(c.m, g.cx, g.cy);
      s.draw({ t: 'circle', cx: p.x, cy: p.y, r: g.r, s: st(g.lineStyleId) });
      return true;
    }
    case 'ELLIPSE': {
      const g = SchEllipse.parse(r);
      const p = apply(c.m, g.cx, g.cy);
      const base = matAngle(c.m);
      const rot = isMirroring(c.m) ? base - g.rotation : base + g.rotation;
      s.draw({ t: 'ellipse', cx: p.x, cy: p.y, rx: g.rx, ry: g.ry, rot: normAngle(rot), s: st(g.lineStyleId) });
      return true;
    }
    case 'ARC': {
      const g = SchArc.parse(r);
      const pts = transformPoints(c.m, [g.x1, g.y1, g.xMid, g.yMid, g.x2, g.y2]);
      s.draw({ t: 'path', segs: arcSegs(pts), s: st(g.lineStyleId) });
      return true;
    }
    case 'BEZIER': {
      const g = SchBezier.parse(r);
      const raw = Array.isArray(g.controls) ? (g.controls as unknown[]).map((v) => num(v)) : [];
      const p = transformPoints(c.m, raw);
      const segs: PathSeg[] = p.length >= 2 ? [{ op: 'M', x: p[0], y: p[1] }] : [];
      for (let i = 2; i + 5 < p.length; i += 6) segs.push({ op: 'C', x1: p[i], y1: p[i + 1], x2: p[i + 2], y2: p[i + 3], x: p[i + 4], y: p[i + 5] });
      s.draw({ t: 'path', segs, s: st(g.lineStyleId) });
      return true;
    }
    case 'TEXT': {
      const g = SchText.parse(r);
      let ts = fontStyle(c.styles, g.fontStyleId, { color: COLORS.text, hAlign: 'start', vAlign: 'top' });
      if (c.textColor) ts = { ...ts, color: c.textColor };
      const raw = decodeEntities(g.text);
      const txt = c.resolve ? c.resolve(raw) : raw;
      const p = placeText(c.m, g.x, g.y, g.rotation, ts);
      s.draw({ t: 'text', text: txt, x: p.x, y: p.y, rot: p.rot, st: p.st });
      return true;
    }
    case 'OBJ': {
      // OBJ id, ?, x, y (top-left), w, h, rot, flipped, url
      const g = SchObj.parse(r);
      let href = g.content;
      if (href.startsWith('blob:')) href = c.blobs?.get(href.slice(5)) ?? '';
      const w = g.width, h = g.height;
      const p = apply(c.m, g.x, g.y - h);
      s.draw({ t: 'image', href, x: p.x, y: p.y, w, h, rot: normAngle(g.rotation + matAngle(c.m)) });
      return true;
    }
    case 'TABLE': {
      drawTable(s, r, c);
      return true;
    }
  }
  return false;
}

/**
 * TABLE `id, x, y (top-left), [row heights], [column widths], ...`; cells TABEL_CELL `id, table, text,
 * row, col, rowSpan, colSpan, 4 border styles, font`. A cell spanning rows/columns hides the cells it
 * covers (EasyEDA's merged cells). Cell text: the font's alignment (left by default), 4 units padding.
 */
function drawTable(s: Surface, r: Rec, c: ShapeCtx): void {
  const tb = Table.parse(r);
  const x0 = tb.x, y0 = tb.y;
  const rows = Array.isArray(tb.rowHeights) ? (tb.rowHeights as unknown[]).map((v) => num(v)) : [];
  const cols = Array.isArray(tb.colWidths) ? (tb.colWidths as unknown[]).map((v) => num(v)) : [];
  const rowY = [0]; for (const h of rows) rowY.push(rowY[rowY.length - 1] + h);
  const colX = [0]; for (const w of cols) colX.push(colX[colX.length - 1] + w);
  const border: Stroke = { color: c.color, width: 1 };
  const cells = c.cells?.(tb.id) ?? [];
  if (!cells.length) {
    s.draw({ t: 'poly', pts: transformPoints(c.m, [x0, y0, x0 + colX[colX.length - 1], y0, x0 + colX[colX.length - 1], y0 - rowY[rowY.length - 1], x0, y0 - rowY[rowY.length - 1]]), closed: true, s: border });
    return;
  }
  const covered = coveredCells(cells);
  for (const cellRec of cells) {
    const cell = TableCell.parse(cellRec);
    const row = cell.row, col = cell.col, rs = Math.max(1, cell.rowSpan), cs = Math.max(1, cell.colSpan);
    s.begin(c.ids === false ? '' : cell.id, 'TABEL_CELL');
    if (!covered.has(`${row},${col}`)) {
      const xa = x0 + (colX[col] ?? 0), xb = x0 + (colX[Math.min(col + cs, cols.length)] ?? 0);
      const ya = y0 - (rowY[row] ?? 0), yb = y0 - (rowY[Math.min(row + rs, rows.length)] ?? 0);
      s.draw({ t: 'poly', pts: transformPoints(c.m, [xa, ya, xb, ya, xb, yb, xa, yb]), closed: true, s: lineStyle(c.styles, cell.topStyleId, border) });
      const txt = c.resolve ? c.resolve(cell.value) : cell.value;
      if (txt) {
        let ts = fontStyle(c.styles, cell.fontStyleId, { color: COLORS.text, hAlign: 'start', vAlign: 'middle' });
        if (c.textColor) ts = { ...ts, color: c.textColor };
        const hx = ts.hAlign === 'start' ? xa + CELL_PAD : ts.hAlign === 'end' ? xb - CELL_PAD : (xa + xb) / 2;
        const p = placeText(c.m, hx, (ya + yb) / 2, 0, { ...ts, vAlign: 'middle' });
        s.draw({ t: 'text', text: txt, x: p.x, y: p.y, rot: p.rot, st: p.st });
      }
    }
    s.end();
  }
}

const CELL_PAD = 4;

/** "row,col" of the cells hidden under another cell's row/column span. */
export function coveredCells(cells: readonly Rec[]): Set<string> {
  const out = new Set<string>();
  for (const cellRec of cells) {
    const { row, col } = TableCell.parse(cellRec);
    const rs = Math.max(1, TableCell.get(cellRec, 'rowSpan')), cs = Math.max(1, TableCell.get(cellRec, 'colSpan'));
    for (let i = 0; i < rs; i++) for (let j = 0; j < cs; j++) if (i || j) out.add(`${row + i},${col + j}`);
  }
  return out;
}
