/**
 * A panel document resolved for drawing and output: the plate (canvas settings, its outline), and
 * every record as contours in the panel frame (mil, Y down (?)): cut contours (outline, cut-outs),
 * printed shapes and text, dimensions and auxiliary lines. Records are read through the typed modules
 * of `@copperplate/format/records` (records/panel/). Pure.
 */
import { PanelCanvas, PanelPoly, PanelString, PanelDimension, AuxLine, PANEL_LAYER, isCutLayer, panelSize, type Raw } from '@copperplate/format/records';
import { layoutText } from '@copperplate/board';
import { type Contour, type Matrix, IDENTITY, applyM, parsePanelPaths, readMatrix, transformContour } from './path.ts';
import { roundedRect } from './shapes.ts';

export interface PanelSettings {
  /** Plate size (mil). */
  width: number;
  height: number;
  originX: number;
  originY: number;
  material: string;
  thickness: string;
  print: string;
  craft: string;
  coverColor: string;
  backgroundColor: string;
}

export type PanelItem =
  | { kind: 'poly'; id: string; layer: number; contours: Contour[]; fill: string; stroke: string; strokeWidth: number; closed: boolean }
  | { kind: 'text'; id: string; layer: number; text: string; x: number; y: number; size: number; angle: number; color: string; align: string;
      /** Font family ('default' = our stroke font), bold, italic; `turn` = the placement's rotation in degrees (SVG sense, Y down). */
      font: string; bold: boolean; italic: boolean; turn: number;
      /** Glyph outlines (EasyEDA's stored path, or our stroke-font polylines as open contours). */
      contours: Contour[]; stroked: boolean; strokeWidth: number }
  | { kind: 'dimension'; id: string; layer: number; lines: [number, number, number, number][]; label: string; lx: number; ly: number; angle: number; size: number }
  | { kind: 'aux'; id: string; layer: number; x: number; y: number; angle: number; color: string };

export interface PanelModel {
  settings: PanelSettings;
  /** The plate's edge: OUTLINE polys, else the canvas rectangle. */
  outline: Contour[];
  /** Cut-outs and holes (CUT layer contours). */
  cutouts: Contour[];
  items: PanelItem[];
  box: { minX: number; minY: number; maxX: number; maxY: number };
}

/** Colour of the bare plate by material when the canvas names no background colour. */
export const MATERIAL_COLOUR: Readonly<Record<string, string>> = {
  acrylic: '#dfe9ee', aluminium: '#c8ccd0', aluminum: '#c8ccd0', pvc: '#f2f2f0', pc: '#e8eef0', abs: '#ecebe6', fr4: '#3f7f3a',
};
export const plateColour = (s: PanelSettings): string => (s.backgroundColor || MATERIAL_COLOUR[s.material.toLowerCase()] || '#e4e4e4');

/** A colour as SVG accepts it (cmyk() converted; "" -> fallback). */
export function cssColour(c: string, fallback: string): string {
  const m = /^cmyk\((\d+),(\d+),(\d+),(\d+)\)$/i.exec(c.trim());
  if (m) {
    const [C, M, Y, K] = m.slice(1).map((v) => Number(v) / 100);
    const ch = (x: number) => Math.round(255 * (1 - x) * (1 - K));
    return `rgb(${ch(C)},${ch(M)},${ch(Y)})`;
  }
  return c.trim() === '' ? fallback : c;
}

export function panelSettings(records: readonly Raw[]): PanelSettings {
  const r = records.find((x) => PanelCanvas.is(x));
  const c = PanelCanvas.parse(r ?? ['CANVAS']);
  const w = panelSize(c.width), h = panelSize(c.height);
  return {
    width: Number.isFinite(w) && w > 0 ? w : panelSize('100mm'), height: Number.isFinite(h) && h > 0 ? h : panelSize('50mm'),
    originX: c.originX, originY: c.originY, material: c.material, thickness: c.thickness, print: c.print, craft: c.craft,
    coverColor: c.coverColor, backgroundColor: c.backgroundColor,
  };
}

function dimensionItem(r: Raw): PanelItem | null {
  const d = PanelDimension.parse(r);
  const p = Array.isArray(d.points) ? (d.points as unknown[]).map(Number) : [];
  if (p.length < 8 || p.some((v) => !Number.isFinite(v))) return null;
  const [x1, y1, x2, y2, x3, y3, x4, y4] = p;
  const len = Math.hypot(x3 - x2, y3 - y2);
  const unit = d.unit || 'mm';
  const k = unit === 'mil' ? 1 : unit === 'inch' ? 1 / 1000 : unit === 'cm' ? 0.00254 : 0.0254;
  const prec = d.precision > 0 ? Math.min(6, d.precision) : 2;
  const angle = (Math.atan2(y3 - y2, x3 - x2) * 180) / Math.PI;
  return {
    kind: 'dimension', id: d.id, layer: d.layer,
    lines: [[x1, y1, x2, y2], [x4, y4, x3, y3], [x2, y2, x3, y3]],
    label: `${(len * k).toFixed(prec)}${unit}`, lx: (x2 + x3) / 2, ly: (y2 + y3) / 2, angle, size: 50,
  };
}

function textItem(r: Raw): PanelItem {
  const t = PanelString.parse(r);
  const m: Matrix = readMatrix(t.matrix);
  const glyphs = parsePanelPaths(t.path, true);
  const size = t.fontSize > 0 ? t.fontSize : 39.37;
  const base = {
    kind: 'text' as const, id: t.id, layer: t.layer, text: t.text, x: m[2], y: m[5], size, angle: t.rotation, color: t.color || '#000000', align: t.align,
    font: t.font || 'default', bold: t.fontWeight > 400 || t.fontWeight === 1, italic: t.italic, turn: (Math.atan2(m[3], m[0]) * 180) / Math.PI,
  };
  if (glyphs.length) return { ...base, contours: glyphs.map((c) => transformContour(c, m)), stroked: false, strokeWidth: 0 };
  // no stored outlines (text we wrote): the stroke font, laid out Y up about the anchor, then Y flipped
  const [h, v] = t.align.split('_');
  const align = ({ LEFT: 0, CENTER: 1, RIGHT: 2 }[h] ?? 0) * 3 + ({ TOP: 0, MIDDLE: 1, BOTTOM: 2 }[v] ?? 2) + 1;
  const sw = Math.max(2, size * (t.fontWeight > 400 || t.fontWeight === 1 ? 0.16 : 0.1));
  const shape = layoutText({ text: t.text, x: 0, y: 0, height: size, strokeWidth: sw, align, angle: -t.rotation, mirrored: false, font: 'default' });
  const cs: Contour[] = shape.strokes.map((s) => {
    const pts = [];
    for (let i = 0; i + 1 < s.length; i += 2) pts.push({ x: s[i], y: -s[i + 1], b: 0 });
    return { pts, closed: false };
  });
  return { ...base, contours: cs.map((c) => transformContour(c, m)), stroked: true, strokeWidth: sw };
}

/** Resolve a panel document's records. */
export function resolvePanel(records: readonly Raw[]): PanelModel {
  const settings = panelSettings(records);
  const items: PanelItem[] = [];
  const outline: Contour[] = [];
  const cutouts: Contour[] = [];
  for (const r of records) {
    if (PanelPoly.is(r)) {
      const p = PanelPoly.parse(r);
      if (!p.visible) continue;
      const cut = isCutLayer(p.layer);
      const m = readMatrix(p.matrix);
      const contours = parsePanelPaths(p.paths, cut || p.autoClose).map((c) => (m === IDENTITY ? c : transformContour(c, m)));
      items.push({
        kind: 'poly', id: p.id, layer: p.layer, contours, fill: p.displayFill ? p.fillColor : '', stroke: p.displayStroke ? p.strokeColor : '',
        strokeWidth: p.strokeWidth, closed: contours.every((c) => c.closed),
      });
      if (p.layer === PANEL_LAYER.OUTLINE) outline.push(...contours.filter((c) => c.closed));
      else if (p.layer === PANEL_LAYER.CUT) cutouts.push(...contours.filter((c) => c.closed));
    } else if (PanelString.is(r)) {
      if (PanelString.get(r, 'visible')) items.push(textItem(r));
    } else if (PanelDimension.is(r)) {
      const d = dimensionItem(r);
      if (d && PanelDimension.get(r, 'visible')) items.push(d);
    } else if (AuxLine.is(r)) {
      const a = AuxLine.parse(r);
      if (a.visible) items.push({ kind: 'aux', id: a.id, layer: a.layer, x: a.x, y: a.y, angle: a.rotation, color: a.color || '#00a0ff' });
    }
  }
  if (!outline.length) outline.push(roundedRect(settings.originX + settings.width / 2, settings.originY + settings.height / 2, settings.width, settings.height));
  const box = { minX: Infinity, minY: Infinity, maxX: -Infinity, maxY: -Infinity };
  const grow = (x: number, y: number) => { box.minX = Math.min(box.minX, x); box.minY = Math.min(box.minY, y); box.maxX = Math.max(box.maxX, x); box.maxY = Math.max(box.maxY, y); };
  for (const c of outline) for (const p of c.pts) grow(p.x, p.y);
  for (const it of items) {
    if (it.kind === 'poly' || it.kind === 'text') for (const c of it.contours) for (const p of c.pts) grow(p.x, p.y);
    else if (it.kind === 'dimension') for (const l of it.lines) { grow(l[0], l[1]); grow(l[2], l[3]); }
  }
  return { settings, outline, cutouts, items, box };
}

export { applyM };
