/**
 * FONTSTYLE / LINESTYLE records (FORMAT.md) turned into surface styles, with the schematic defaults.
 * Sizes are document units (0.01 inch). A FONTSTYLE size s is an em of 11/12 s units: EasyEDA's own
 * PDFs draw size 10 as 6.6 pt where 10 units are 7.2 pt (Arial widths; title block sizes 15 and 20
 * agree). A style without a size draws size 10. Colours are those of EasyEDA's PDF export.
 */
import type { EditorDocument } from '../core/document.ts';
import { FontStyle, LineStyle } from '@copperplate/format/records';
import { recType, str, type Rec } from '../core/records.ts';
import type { Stroke, TextStyle } from '../render/surface.ts';

export const COLORS = {
  wire: '#008800',
  bus: '#0000CC',
  junction: '#CC0000',
  body: '#A00000',
  pin: '#A00000',
  pinName: '#000000',
  pinNumber: '#000000',
  /** Designators and power/ground net names. */
  designator: '#000080',
  /** Other component attributes (value, name, net port names). */
  attr: '#0000FF',
  netLabel: '#0000FF',
  text: '#000000',
  /** Lines and shapes drawn on the sheet itself (not in a symbol). */
  sheetShape: '#000000',
  frame: '#A00000',
  flag: '#000000',
  /** No-connect cross on a pin end. */
  noConnect: '#33CC33',
  /** Parts marked not placed (Add into BOM = no): body and texts. */
  notPlaced: '#999999',
  /** End of a pin nothing connects to. */
  openPin: '#999999',
  marker: '#FF0000',
} as const;

export const DEFAULT_FONT_SIZE = 10;
export const FONT_EM = 11 / 12;
/** Below the baseline, as a fraction of the em: EasyEDA's bottom-aligned text sits on its descent line. */
export const DESCENT = 0.18;

export type HAlign = TextStyle['hAlign'];
export type VAlign = TextStyle['vAlign'];

/** Line style by id in `doc` (null when absent), with defaults for what it leaves null. */
export function lineStyle(doc: EditorDocument | undefined, id: unknown, dflt: { color: string; width?: number; fill?: string | null }): Stroke {
  const r = typeof id === 'string' && doc ? doc.get(id) : undefined;
  const s: Stroke = { color: dflt.color, width: dflt.width ?? 1, fill: dflt.fill ?? null };
  if (!r || recType(r) !== 'LINESTYLE') return s;
  return strokeOf(r, s);
}

export function strokeOf(r: Rec, s: Stroke): Stroke {
  const color = str(LineStyle.get(r, 'color'));
  const dash = LineStyle.get(r, 'dash') ?? 0;
  const fill = str(LineStyle.get(r, 'fill'));
  const width = LineStyle.get(r, 'width') ?? s.width;
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
  if (!r || recType(r) !== 'FONTSTYLE') return base;
  const f = FontStyle.parse(r);
  const color = str(f.fillColor) || str(f.color);
  const out: TextStyle = { ...base };
  if (color.startsWith('#')) out.color = color;
  const font = str(f.font);
  if (font && font.toLowerCase() !== 'default') out.font = font;
  if (f.size !== null) out.size = f.size * FONT_EM;
  if (f.italic) out.italic = true;
  if (f.bold) out.bold = true;
  if (f.underline) out.underline = true;
  if (f.strike) out.strike = true;
  if (f.vAlign !== null) out.vAlign = (['top', 'middle', 'bottom'] as const)[f.vAlign] ?? out.vAlign;
  if (f.hAlign !== null) out.hAlign = (['start', 'middle', 'end'] as const)[f.hAlign] ?? out.hAlign;
  return out;
}

export function flipH(a: HAlign): HAlign { return a === 'start' ? 'end' : a === 'end' ? 'start' : a; }
export function flipV(a: VAlign): VAlign { return a === 'top' ? 'bottom' : a === 'bottom' ? 'top' : a; }
