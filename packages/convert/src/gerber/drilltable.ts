/**
 * The drill table EasyEDA Pro 3 draws on the drill drawing layer beside the board (measured on its
 * Gerbers of ESP32-MPU6050 and Hexapod, ../shared/fixtures/ref; EasyEDA Pro 2 drew none, TriWave and
 * falcon-flight): one row per drill size in the drill drawing's symbol order under a header row
 * (Mark, Count, Size, Plated, Shape, Via/Pad, Pad Shape, Layer Pair), its top-left corner 20 mm to the
 * right of the board outline's box at the outline's top. Rows are 228.57 mil high (1600/7); text is
 * the stroke font (Hershey, text-hershey.ts) 80 mil high with 8-mil strokes, its box centred in the row
 * and half a row from the cell's left line; a column is as wide as its widest text box plus one and a
 * half rows (the Mark column at least two and a half rows). Lines are 10 mil wide; the vertical ones
 * stop a line width above the bottom line, as EasyEDA's do. The Mark column shows the row's symbol as
 * filled outlines (EasyEDA's own polygons, mm, from the anchor half a row right of the cell's left line
 * and a quarter row below its top, Y up).
 */
import { type Contour, hersheyLayout } from '@copperplate/board';
import type { FabBoard, FabHole, FabPad } from '../fab/board.ts';
import type { DrillGroup } from './drillmap.ts';
import type { GerberWriter } from './writer.ts';

const MM = 1 / 0.0254;
export const TABLE_ROW = 1600 / 7;
export const TABLE_GAP = 20 * MM;
const TEXT_H = 80, TEXT_SW = 8, LINE_W = 10;
const HEADER = ['Mark', 'Count', 'Size', 'Plated', 'Shape', 'Via/Pad', 'Pad Shape', 'Layer Pair'];

/** Keyhole outlines of the table symbols (flat mm [x, y, ...] from the anchor), in the symbols' order; the ring is drawn with arcs. */
const SQUARE = [0, 0, 2.794, 0, 2.794, -2.794, 0, -2.794, 0, -0.254, 0.254, -0.254, 0.254, -2.54, 2.54, -2.54, 2.54, -0.254, 0.254, -0.254, 0, -0.254];
const TABLE_ICONS: number[][][] = [
  [SQUARE],
  [], // ring
  [[0, 0, 3.048, 0, 1.524, -2.6396, 0.1467, -0.254, 0.4399, -0.254, 1.524, -2.1316, 2.6081, -0.254, 0.4399, -0.254, 0.1467, -0.254]],
  [[2.9698, -2.5718, 1.9136, -2.4569, 1.4849, -3.429, 1.0561, -2.4569, 0, -2.5718, 0.6276, -1.7145, 0.2304, -1.172, 0.5453, -1.172, 0.9423, -1.7145, 0.5453, -2.257, 1.2136, -2.1844, 1.4849, -2.7993, 1.7562, -2.1844, 2.4244, -2.257, 2.0274, -1.7145, 2.4242, -1.1722, 1.7559, -1.2449, 1.4849, -0.6297, 1.2136, -1.2446, 0.5453, -1.172, 0.2304, -1.172, 0, -0.8572, 1.0564, -0.972, 1.4849, 0, 1.9136, -0.972, 2.9698, -0.8572, 2.3421, -1.7145]],
  [[3.048, 0, 2.3477, -1.524, 3.048, -3.048, 1.524, -2.3477, 0, -3.048, 0.2376, -2.5309, 0.5171, -2.5309, 1.4178, -2.1168, 1.524, -2.0681, 1.6302, -2.1168, 2.5309, -2.5309, 2.1168, -1.6302, 2.0681, -1.524, 2.1168, -1.4178, 2.5309, -0.5171, 1.6302, -0.9312, 1.524, -0.9799, 1.4178, -0.9312, 0.5171, -0.5171, 0.9312, -1.4178, 0.9799, -1.524, 0.9312, -1.6302, 0.5171, -2.5309, 0.2376, -2.5309, 0.7003, -1.524, 0, 0, 1.524, -0.7003]],
  [[3.048, -2.2167, 2.2169, -2.2167, 2.2169, -3.048, 0.8313, -3.048, 0.8313, -2.2169, 0, -2.2169, 0, -1.0853, 0.254, -1.0853, 0.254, -1.9627, 1.0853, -1.9627, 1.0853, -2.794, 1.9627, -2.794, 1.9627, -1.9629, 2.794, -1.9629, 2.794, -1.0853, 1.9627, -1.0853, 1.9627, -0.254, 1.0853, -0.254, 1.0853, -1.0853, 0.254, -1.0853, 0, -1.0853, 0, -0.8313, 0.8313, -0.8313, 0.8313, 0, 2.2167, 0, 2.2167, -0.8313, 3.048, -0.8313]],
  [[2.794, -2.794, 1.778, -2.794, 1.397, -2.032, 1.016, -2.794, 0, -2.794, 0, -2.54, 0.254, -2.54, 0.859, -2.54, 1.1697, -1.9185, 1.397, -1.4641, 1.6243, -1.9185, 1.935, -2.54, 2.54, -2.54, 2.54, -1.935, 1.9185, -1.6241, 1.4641, -1.397, 1.9185, -1.1699, 2.54, -0.859, 2.54, -0.254, 1.935, -0.254, 1.6243, -0.8755, 1.397, -1.3299, 1.1697, -0.8755, 0.859, -0.254, 0.254, -0.254, 0.254, -0.859, 0.8755, -1.1699, 1.3299, -1.397, 0.8755, -1.6241, 0.254, -1.935, 0.254, -2.54, 0, -2.54, 0, -1.778, 0.762, -1.397, 0, -1.016, 0, 0, 1.016, 0, 1.397, -0.762, 1.778, 0, 2.794, 0, 2.794, -1.016, 2.032, -1.397, 2.794, -1.778]],
  [[1.651, 0, 3.302, -1.651, 1.651, -3.302, 0, -1.651, 0.3592, -1.651, 1.651, -2.9428, 2.9428, -1.651, 1.651, -0.3592, 0.3592, -1.651, 0, -1.651]],
  [SQUARE, [0.508, -0.508, 2.286, -0.508, 2.286, -2.286, 0.508, -2.286, 0.508, -2.032, 0.762, -2.032, 2.032, -2.032, 2.032, -0.762, 0.762, -0.762, 0.762, -2.032, 0.508, -2.032]],
];

/** The ring symbol: outer circle 60 mil, inner 50 mil, joined by a cut-in at the left (a keyhole). */
function ring(x: number, y: number): Contour {
  const r = 1.524 * MM, ri = 1.27 * MM, cx = x + r, cy = y - r;
  return {
    x0: cx - r, y0: cy, closed: true,
    segs: [
      { k: 'A', x: cx + r, y: cy, sweep: -180 }, { k: 'A', x: cx - r, y: cy, sweep: -180 },
      { k: 'L', x: cx - ri, y: cy }, { k: 'A', x: cx + ri, y: cy, sweep: 180 }, { k: 'A', x: cx - ri, y: cy, sweep: 180 },
      { k: 'L', x: cx - r, y: cy },
    ],
  };
}

function polygon(x: number, y: number, mm: number[]): Contour {
  const segs: Contour['segs'] = [];
  for (let i = 2; i + 1 < mm.length; i += 2) segs.push({ k: 'L', x: x + mm[i] * MM, y: y + mm[i + 1] * MM });
  segs.push({ k: 'L', x: x + mm[0] * MM, y: y + mm[1] * MM });
  return { x0: x + mm[0] * MM, y0: y + mm[1] * MM, closed: true, segs };
}

const PAD_SHAPES: Record<string, string> = { ELLIPSE: 'Round', OVAL: 'Oval', RECT: 'Rectangle', POLY: 'Polygon', POLYGON: 'Polygon' };
const padShapeName = (p: FabPad): string => {
  const k = Array.isArray(p.shape) ? String(p.shape[0]) : '';
  return PAD_SHAPES[k] ?? (k ? k[0] + k.slice(1).toLowerCase() : 'Polygon');
};

const milText = (v: number) => (Math.round(v * 10) / 10).toFixed(1);
const mmText = (v: number) => (v * 0.0254).toFixed(3);

/** The cells of one drill size's row (after the Mark column). */
export function drillTableRow(holes: readonly FabHole[], padOf: ReadonlyMap<FabHole, FabPad>): string[] {
  const h = holes[0];
  const d = Math.min(h.w, h.h), l = Math.max(h.w, h.h);
  const slot = l - d > 1e-6;
  const pads = holes.map((x) => padOf.get(x)).filter((p): p is FabPad => !!p && p.hole?.kind === 'pth');
  const isPad = pads.length > 0;
  const size = isPad || slot ? `${milText(d)}x${milText(l)}mil(${mmText(d)}x${mmText(l)}mm)` : `${milText(d)}mil(${mmText(d)}mm)`;
  const shapes = [...new Set(pads.map(padShapeName))];
  return [String(holes.length), size, h.plated ? 'PTH' : 'NPTH', slot ? 'Slot' : 'Round', isPad ? 'Pad' : 'Via', !isPad ? '' : shapes.length === 1 ? shapes[0] : '(Mixed)', 'Top Layer-Bottom Layer'];
}

/** Draw the drill table of `groups` (the drill drawing's order) beside the board. */
export function drillTable(w: GerberWriter, b: FabBoard, groups: readonly DrillGroup[]): void {
  if (!groups.length) return;
  const box = b.outlineBox.minX <= b.outlineBox.maxX ? b.outlineBox : holesBox(b.holes);
  const padOf = new Map<FabHole, FabPad>();
  for (const p of b.pads) if (p.hole) padOf.set(p.hole, p);
  const rows = [HEADER, ...groups.map((g) => ['', ...drillTableRow(g.holes, padOf)])];
  const R = TABLE_ROW;
  const layouts = rows.map((r) => r.map((t) => (t ? hersheyLayout(t, TEXT_H, TEXT_SW, 1, true) : undefined)));
  const widths = HEADER.map((_, c) => Math.max(c === 0 ? 2.5 * R : 0, ...layouts.map((r) => (r[c] ? r[c]!.width + 1.5 * R : 0))));
  const left = box.maxX + TABLE_GAP, top = box.maxY, bottom = top - rows.length * R;
  const xs = [left];
  for (const wd of widths) xs.push(xs[xs.length - 1] + wd);
  const right = xs[xs.length - 1];

  w.comment('Text Start');
  layouts.forEach((r, i) => r.forEach((l, c) => {
    if (!l) return;
    const x = xs[c] + R / 2, y = top - i * R - R / 2 - l.height / 2;
    for (const s of l.strokes) {
      const pts = new Array<number>(s.length);
      for (let k = 0; k + 1 < s.length; k += 2) { pts[k] = x + s[k]; pts[k + 1] = y + s[k + 1]; }
      w.polyline(pts, TEXT_SW, 'Other,Drawing');
    }
  }));
  w.comment('Image Start');
  groups.forEach((_, i) => {
    const x = left + R / 2, y = top - (i + 1) * R - R / 4;
    const icon = i % TABLE_ICONS.length;
    if (icon === 1) w.region(ring(x, y), 'Other,Drawing');
    else for (const p of TABLE_ICONS[icon]) w.region(polygon(x, y, p), 'Other,Drawing');
  });
  w.comment('PolygonModel Start');
  for (let i = rows.length; i >= 0; i--) w.polyline([left, top - i * R, right, top - i * R], LINE_W, 'Other,Drawing');
  for (const x of xs) w.polyline([x, top, x, bottom + LINE_W], LINE_W, 'Other,Drawing');
}

function holesBox(holes: readonly FabHole[]): { maxX: number; maxY: number } {
  let maxX = -Infinity, maxY = -Infinity;
  for (const h of holes) { maxX = Math.max(maxX, h.x + h.w / 2); maxY = Math.max(maxY, h.y + h.h / 2); }
  return { maxX, maxY };
}
