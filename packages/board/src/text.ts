/**
 * Text layout for PCB text (moved here from the editor: the painters and the fabrication outputs share it) (STRING records, visible ATTRs, dimension labels), in mil with Y up.
 * Alignment codes 1..9 as EasyEDA Pro writes them: (align-1)/3 = horizontal (0 left, 1 centre,
 * 2 right), (align-1)%3 = vertical (0 top, 1 middle, 2 bottom). Rotation is counter-clockwise about
 * the anchor; mirrored text (bottom side, or the mirror flag) is flipped about the anchor's vertical axis.
 * TrueType text uses the FONT record's stored glyph outlines (10-mil units, origin at the bottom-left
 * of the text box, Y up) when one matches the text and font; else, when the caller has the font file
 * (`ttf`: a TrueType font by family, ttf.ts), glyph outlines set from it (layoutTtf); otherwise the
 * stroke font of font.ts.
 */
import { Font, type Raw } from '@copperplate/format/records';
import { type Box, type Mat, IDENTITY, apply, emptyBox, growBox, isMirroring, mirrorX, mul, rotate, scale, translate } from './geom.ts';
import { FONT, glyphStrokes } from './font.ts';
import { type Contour, parsePath, transformContours } from './path.ts';
import { hersheyLayout } from './text-hershey.ts';
import type { TtfFont } from './ttf.ts';
import { KICAD_FONT, kicadStrokeFont, kicadTextLayout } from './text-kicad.ts';
import { isBottomSide } from './placement.ts';
import { DEFAULT2_FONT, default2Layout } from './text-default2.ts';

export interface TextSpec {
  text: string;
  x: number;
  y: number;
  height: number;
  strokeWidth: number;
  align: number;
  angle: number;
  mirrored: boolean;
  font: string;
  /** Stroke font for "default" text: 'simple' (font.ts, the editor's) or 'hershey' (EasyEDA's, text-hershey.ts). */
  strokeFont?: 'simple' | 'hershey';
  /** Reverse text's box expansion (mil): a TrueType text box is grown by it before it is aligned (EasyEDA). */
  expansion?: number;
  /** Glyph width of text in KiCad's font (font "KiCad Font"; text-kicad.ts); the height when absent. */
  width?: number;
  italic?: boolean;
  bold?: boolean;
}

/**
 * A TrueType face for a font family: the font, and the line box EasyEDA sizes the text by (font units,
 * both positive) when it differs from the font's own hhea values (a metric-compatible substitute whose
 * vertical metrics are not the original's).
 */
export interface TtfFace {
  font: TtfFont;
  ascent?: number;
  descent?: number;
  /** A monospaced original set in another font: every advance (font units), and the glyphs' scale across and up (ttf.ts FONT_SUBSTITUTES mono). */
  advance?: number;
  /** The original's advances (font units) where the substitute's differ: the glyph is centred in the original's advance (ttf.ts FONT_SUBSTITUTES widths). */
  advances?: ReadonlyMap<string, number>;
  sx?: number;
  sy?: number;
}
export type TtfLookup = (family: string, style?: { bold?: boolean; italic?: boolean }) => TtfFace | undefined;

export interface TextShape {
  /** Stroke-font polylines in the board frame (flat [x,y,...]); drawn with `strokeWidth`. */
  strokes: number[][];
  /** Filled glyph outlines (TrueType text from a FONT record), board frame. */
  fill: Contour[];
  strokeWidth: number;
  box: Box;
  /** The text box in the text's own frame (x, y, w, h) and that frame's matrix to the board (reverse text fills it). */
  rect?: { m: Mat; x: number; y: number; w: number; h: number };
  /** Set from a TrueType file (layoutTtf): `fill` holds the glyphs only, `rect` the box grown by the expansion. */
  ttf?: boolean;
}

/** FONT records of a document by "font\u0000text" (the stored glyph outlines of TrueType text). */
export type FontIndex = Map<string, Raw>;
export function indexFonts(records: Iterable<Raw>): FontIndex {
  const m: FontIndex = new Map();
  for (const r of records) if (Font.is(r)) { const f = Font.parse(r); m.set(`${f.family}\u0000${f.text}`, r); }
  return m;
}
export const indexFontRecords = indexFonts;

function alignOffset(align: number, w: number, h: number): { ox: number; oy: number } {
  const a = Math.min(9, Math.max(1, Math.round(align) || 3)) - 1;
  const hz = Math.floor(a / 3), vt = a % 3;
  return { ox: -w * (hz / 2), oy: vt === 2 ? 0 : vt === 1 ? -h / 2 : -h };
}

export function textTransform(t: TextSpec): Mat {
  const m = mul(translate(t.x, t.y), rotate(t.angle));
  return t.mirrored ? mul(m, mirrorX) : m;
}

/**
 * Where a PCB text record (STRING, or a visible ATTR) is drawn: the one rule of the painters and the
 * fabrication outputs. Text on a bottom-side layer (isBottomSide of the record's own layer) is
 * mirrored after its rotation, as EasyEDA draws it: the mirror image turned the other way, so the
 * angle is negated and the mirror flag inverted. Inside a footprint placed by `pl` the anchor is
 * placed, the angle turned by the placement's rotation (after a negation on a bottom-side placement)
 * and a bottom-side placement mirrors once more.
 */
export function placeText(t: { x: number; y: number; angle: number; mirror: boolean; layer: number }, pl?: { m: Mat; bottom: boolean }): { x: number; y: number; angle: number; mirrored: boolean } {
  const bottom = isBottomSide(t.layer);
  let x = t.x, y = t.y, angle = bottom ? -t.angle : t.angle, mirrored = bottom !== t.mirror;
  if (pl) {
    const p = apply(pl.m, x, y); x = p.x; y = p.y;
    const rot = (Math.atan2(pl.m.b, pl.m.a) * 180) / Math.PI - (isMirroring(pl.m) ? 180 : 0);
    angle = pl.bottom ? -angle + rot : angle + rot;
    if (pl.bottom) mirrored = !mirrored;
  }
  return { x, y, angle, mirrored };
}

/** Lay out text in the board frame. */
export function layoutText(t: TextSpec, fonts?: FontIndex, ttf?: TtfLookup): TextShape {
  const m = textTransform(t);
  const box = emptyBox();
  if (t.font === DEFAULT2_FONT) return layoutDefault2(t, m, box);
  const fr = t.font && t.font !== 'default' ? fonts?.get(`${t.font}\u0000${t.text}`) : undefined;
  const face = !fr && t.font && t.font !== 'default' && t.font !== KICAD_FONT ? ttf?.(t.font, { bold: t.bold, italic: t.italic }) : undefined;
  if (face) return layoutTtf(t, face, m);
  const f = fr ? Font.parse(fr) : undefined;
  if (f && Array.isArray(f.paths)) {
    const w = f.width, h = f.height;
    const { ox, oy } = alignOffset(t.align, w, h);
    const local: Contour[] = [];
    for (const p of f.paths as unknown[]) for (const c of parsePath(p, { scale: 10 })) local.push({ ...c, closed: true });
    const fill = transformContours(local, mul(m, translate(ox, oy)));
    for (const [x, y] of [[0, 0], [w, 0], [w, h], [0, h]]) { const p = apply(m, ox + x, oy + y); growBox(box, p.x, p.y); }
    return { strokes: [], fill, strokeWidth: 0, box, rect: { m, x: ox, y: oy, w, h } };
  }
  const h = t.height > 0 ? t.height : 40;
  // KiCad's font when the app handed it over (text-kicad.ts); else our stroke font below
  if (t.font === KICAD_FONT && kicadStrokeFont()) {
    const a = Math.min(9, Math.max(1, Math.round(t.align) || 3)) - 1;
    const l = kicadTextLayout(t.text, { height: h, width: t.width && t.width > 0 ? t.width : h, thickness: t.strokeWidth > 0 ? t.strokeWidth : h / 8, hAlign: Math.floor(a / 3), vAlign: a % 3, italic: t.italic, bold: t.bold });
    const strokes = l.strokes.map((s) => {
      const out: number[] = new Array(s.length);
      for (let k = 0; k + 1 < s.length; k += 2) {
        const p = apply(m, s[k], s[k + 1]);
        out[k] = p.x; out[k + 1] = p.y;
        growBox(box, p.x, p.y, l.strokeWidth / 2);
      }
      return out;
    });
    if (box.minX > box.maxX) { const p = apply(m, 0, 0); growBox(box, p.x, p.y, 1); }
    return { strokes, fill: [], strokeWidth: l.strokeWidth, box, rect: { m, ...l.box } };
  }
  if (t.strokeFont === 'hershey') {
    const sw = t.strokeWidth > 0 ? t.strokeWidth : h / 8;
    return placeStrokeLayout(hersheyLayout(t.text, h, sw, t.align), t.align, sw, m, box);
  }
  const lines = t.text.split(/\r?\n/);
  const u = (0.7 * h) / FONT.cap;
  const adv = FONT.advance * u;
  const widths = lines.map((l) => Math.max(0, [...l].length * adv - (adv - FONT.width * u)));
  const W = Math.max(0, ...widths), H = lines.length * h;
  const { ox, oy } = alignOffset(t.align, W, H);
  const strokes: number[][] = [];
  const hz = Math.floor((Math.min(9, Math.max(1, Math.round(t.align) || 3)) - 1) / 3);
  lines.forEach((line, i) => {
    const base = oy + (lines.length - 1 - i) * h + 0.2 * h;
    let x = ox + (W - widths[i]) * (hz / 2);
    for (const ch of line) {
      for (const g of glyphStrokes(ch)) {
        const out: number[] = [];
        for (let k = 0; k + 1 < g.length; k += 2) {
          const p = apply(m, x + g[k] * u, base + g[k + 1] * u);
          out.push(p.x, p.y);
          growBox(box, p.x, p.y, t.strokeWidth / 2);
        }
        strokes.push(out);
      }
      x += adv;
    }
  });
  if (box.minX > box.maxX) { const p = apply(m, 0, 0); growBox(box, p.x, p.y, 1); }
  return { strokes, fill: [], strokeWidth: t.strokeWidth > 0 ? t.strokeWidth : h / 8, box };
}


/** Text in EasyEDA's "default2" stroke font (text-default2.ts), aligned like any text box. */
function layoutDefault2(t: TextSpec, m: Mat, box: Box): TextShape {
  const h = t.height > 0 ? t.height : 40, sw = t.strokeWidth > 0 ? t.strokeWidth : h / 8;
  return placeStrokeLayout(default2Layout(t.text, h, t.align), t.align, sw, m, box);
}

/** A stroke layout in the text's own frame (origin at the box's bottom-left, mil) aligned by `align` and placed by `m`; `box` grows by the ink. */
function placeStrokeLayout(l: { strokes: number[][]; width: number; height: number }, align: number, sw: number, m: Mat, box: Box): TextShape {
  const { ox, oy } = alignOffset(align, l.width, l.height);
  const strokes = l.strokes.map((s) => {
    const out: number[] = new Array(s.length);
    for (let k = 0; k + 1 < s.length; k += 2) {
      const p = apply(m, ox + s[k], oy + s[k + 1]);
      out[k] = p.x; out[k + 1] = p.y;
      growBox(box, p.x, p.y, sw / 2);
    }
    return out;
  });
  if (box.minX > box.maxX) { const p = apply(m, 0, 0); growBox(box, p.x, p.y, 1); }
  return { strokes, fill: [], strokeWidth: sw, box, rect: { m, x: ox, y: oy, w: l.width, h: l.height } };
}

/**
 * Text set in a TrueType font (mil, Y up): the em is the text height; the box is as wide as the
 * advances (and pair kerning) and as high as the face's line box (ascent + descent), grown by the
 * reverse expansion on every side, then aligned like any text box; the baseline sits the expansion
 * plus the descent above the box's bottom, the first pen position the expansion right of its left
 * edge (measured on Hexapod's reverse Verdana texts: their boxes' bottom-left is the anchor).
 */
export function layoutTtf(t: TextSpec, face: TtfFace, m = textTransform(t)): TextShape {
  const f = face.font, h = t.height > 0 ? t.height : 40, s = h / f.unitsPerEm;
  const asc = (face.ascent ?? f.ascent) * s, desc = (face.descent ?? -f.descent) * s, e = t.expansion ?? 0;
  const lines = t.text.split(/\r?\n/);
  const advanceOf = (c: string): number => face.advance ?? face.advances?.get(c) ?? f.glyph(c).advance;
  const widths = lines.map((l) => {
    const cs = [...l];
    let w = 0;
    cs.forEach((c, i) => { w += advanceOf(c) + (i && face.advance === undefined ? f.kern(cs[i - 1], c) : 0); });
    return w * s;
  });
  const W = Math.max(0, ...widths) + 2 * e, lineH = asc + desc, H = lines.length * lineH + 2 * e;
  const { ox, oy } = alignOffset(t.align, W, H);
  const hz = Math.floor((Math.min(9, Math.max(1, Math.round(t.align) || 3)) - 1) / 3);
  const fill: Contour[] = [];
  lines.forEach((l, i) => {
    const cs = [...l];
    let pen = ox + e + (W - 2 * e - widths[i]) * (hz / 2);
    const base = oy + e + (lines.length - 1 - i) * lineH + desc;
    cs.forEach((c, k) => {
      if (k && face.advance === undefined) pen += f.kern(cs[k - 1], c) * s;
      const g = f.glyph(c), adv = advanceOf(c);
      // a glyph whose advance is the original's (face.advances) sits in the middle of it
      const dx = face.advance === undefined && adv !== g.advance ? ((adv - g.advance) / 2) * s : 0;
      if (g.contours.length) fill.push(...transformContours(g.contours, mul(m, mul(translate(pen + dx, base), scale(s * (face.sx ?? 1), s * (face.sy ?? 1))))));
      pen += adv * s;
    });
  });
  const box = emptyBox();
  for (const [x, y] of [[0, 0], [W, 0], [W, H], [0, H]]) { const p = apply(m, ox + x, oy + y); growBox(box, p.x, p.y); }
  return { strokes: [], fill, strokeWidth: 0, box, rect: { m, x: ox, y: oy, w: W, h: H }, ttf: true };
}
