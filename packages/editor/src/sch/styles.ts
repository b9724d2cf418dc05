/**
 * FONTSTYLE / LINESTYLE records (FORMAT.md) turned into surface styles, with the schematic defaults.
 * Sizes are document units (0.01 inch). A FONTSTYLE size s draws glyphs about s/2 units tall
 * (as KiCad's importer reads it); SVG font-size is the em size, so we use 0.6 s.
 */
import type { EditorDocument } from '../core/document.ts';
import { num, str, type Rec } from '../core/records.ts';
import type { Stroke, TextStyle } from '../render/surface.ts';

export const COLORS = {
  wire: '#008800',
  bus: '#0000CC',
  junction: '#008800',
  body: '#880000',
  pin: '#880000',
  pinName: '#000000',
  pinNumber: '#880000',
  attr: '#000080',
  netLabel: '#000080',
  text: '#000000',
  frame: '#880000',
  flag: '#000000',
  marker: '#FF0000',
} as const;

export const DEFAULT_FONT_SIZE = 14;
const FONT_EM = 0.6;

export type HAlign = TextStyle['hAlign'];
export type VAlign = TextStyle['vAlign'];

/** Line style by id in `doc` (null when absent), with defaults for what it leaves null. */
export function lineStyle(doc: EditorDocument | undefined, id: unknown, dflt: { color: string; width?: number; fill?: string | null }): Stroke {
  const r = typeof id === 'string' && doc ? doc.get(id) : undefined;
  const s: Stroke = { color: dflt.color, width: dflt.width ?? 1, fill: dflt.fill ?? null };
  if (!r || r[0] !== 'LINESTYLE') return s;
  return strokeOf(r, s);
}

export function strokeOf(r: Rec, s: Stroke): Stroke {
  const color = str(r[2]);
  const dash = num(r[3], 0);
  const fill = str(r[4]);
  const width = num(r[5], s.width);
  const out: Stroke = { ...s, width };
  if (color.startsWith('#')) out.color = color;
  if (fill && fill !== 'none' && fill !== 'transparent') out.fill = fill;
  if (dash === 1) out.dash = [4 * Math.max(width, 1), 2 * Math.max(width, 1)];
  else if (dash === 2) out.dash = [Math.max(width, 1), 2 * Math.max(width, 1)];
  else if (dash === 3) out.dash = [4 * Math.max(width, 1), 2 * Math.max(width, 1), Math.max(width, 1), 2 * Math.max(width, 1)];
  return out;
}

/** Text style by FONTSTYLE id. `dflt` gives alignment/colour when the style leaves them null. */
export function fontStyle(doc: EditorDocument | undefined, id: unknown, dflt: Partial<TextStyle> & { color: string }): TextStyle {
  const r = typeof id === 'string' && doc ? doc.get(id) : undefined;
  const base: TextStyle = { color: dflt.color, size: (dflt.size ?? DEFAULT_FONT_SIZE * FONT_EM), hAlign: dflt.hAlign ?? 'start', vAlign: dflt.vAlign ?? 'bottom', font: dflt.font };
  if (!r || r[0] !== 'FONTSTYLE') return base;
  const color = str(r[3]) || str(r[2]);
  const out: TextStyle = { ...base };
  if (color.startsWith('#')) out.color = color;
  const font = str(r[4]);
  if (font && font.toLowerCase() !== 'default') out.font = font;
  if (r[5] !== null && r[5] !== undefined) out.size = num(r[5], DEFAULT_FONT_SIZE) * FONT_EM;
  if (r[6] === 1 || r[6] === true) out.italic = true;
  if (r[7] === 1 || r[7] === true) out.bold = true;
  if (r[8] === 1 || r[8] === true) out.underline = true;
  if (r[9] === 1 || r[9] === true) out.strike = true;
  if (r[10] !== null && r[10] !== undefined) out.vAlign = (['top', 'middle', 'bottom'] as const)[num(r[10])] ?? out.vAlign;
  if (r[11] !== null && r[11] !== undefined) out.hAlign = (['start', 'middle', 'end'] as const)[num(r[11])] ?? out.hAlign;
  return out;
}

export function flipH(a: HAlign): HAlign { return a === 'start' ? 'end' : a === 'end' ? 'start' : a; }
export function flipV(a: VAlign): VAlign { return a === 'top' ? 'bottom' : a === 'bottom' ? 'top' : a; }
