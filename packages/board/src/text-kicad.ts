/**
 * Text in KiCad's stroke font ("KiCad Font", its newstroke glyphs) laid out the way KiCad 6 plots it
 * (its STROKE_FONT and EDA_TEXT line positions, measured against pcbnew's Gerbers of the demo boards):
 *
 * - a glyph is scaled by the text size: X by the glyph width, Y by the glyph height; one font unit is
 *   1/21 of the size, the font's Y is offset by 10 units (so capitals stand on the baseline, 1/21 of the
 *   height above it) and each glyph advances by its right bearing less its left one;
 * - a line is as wide as its advances times the width plus the pen; its ink starts half a pen inside;
 *   horizontal justification moves it by 0, half or all of that width;
 * - vertical justification puts the first baseline at the anchor (bottom), half the height below it
 *   (centre) or the height below it (top); lines are 1.61 heights apart (rounded to KiCad's nanometre),
 *   and a block of n lines moves up by (n-1) pitches (bottom) or half that (centre);
 * - italic leans X by 1/8 of the height above the baseline and widens the line by 1/8 of the pitch;
 *   bold text is drawn with a pen 1.3 times wider;
 * - `~{...}` is drawn with an overbar; characters the font lacks are drawn as '?'; a text ending in a
 *   newline has no empty last line (KiCad's line split drops it).
 *
 * The glyphs are KiCad's (GPL data), so they are not part of Copperplate: `node scripts/ensure.mjs
 * --kicad` reads them from the KiCad installed on the machine (scripts/kicad_newstroke.py) into an
 * uncommitted cache, and the apps hand them over with `setKicadStrokeFont` (apps/server/src/kicad-font.ts).
 * Without them `layoutText` draws "KiCad Font" text in our own stroke font (`kicadStrokeFont()` is null).
 *
 * Output: polylines in the text's own frame (origin at the anchor, X along the text, Y up), before
 * the text's rotation and mirroring (text.ts applies those: KiCad mirrors about the anchor too).
 */
export const KICAD_FONT = 'KiCad Font';

const SCALE = 1 / 21, PITCH = 1.61, ITALIC = 1 / 8, BOLD = 1.3, OVERBAR = 1.22;

/**
 * A glyph of KiCad's stroke font in font units (the em is 21): the advance, and polylines with X from
 * the glyph's left edge and Y down from the baseline (capitals span -22..-1: they stand 1 unit above it).
 */
export interface KicadGlyph { advance: number; strokes: number[][] }
/** KiCad's stroke font: the glyphs of the code points first, first+1, ... ('?' stands in for the rest). */
export interface KicadStrokeFont { first: number; glyphs: readonly KicadGlyph[]; source?: string }

let font: KicadStrokeFont | null = null;
interface Glyph { strokes: number[][]; advance: number }
let cache: Glyph[] = [];

/** Hand over KiCad's stroke font (or take it away: null). */
export function setKicadStrokeFont(f: KicadStrokeFont | null): void {
  font = f;
  cache = [];
}
/** The stroke font handed over, or null: then "KiCad Font" text is drawn in our own stroke font. */
export function kicadStrokeFont(): KicadStrokeFont | null {
  return font;
}

/** A stroke font from its JSON form ({ first, glyphs: [{ advance, strokes }], kicad? }), or null when malformed. */
export function parseKicadStrokeFont(v: unknown): KicadStrokeFont | null {
  if (!v || typeof v !== 'object') return null;
  const o = v as { first?: unknown; glyphs?: unknown; kicad?: unknown };
  if (typeof o.first !== 'number' || !Number.isInteger(o.first) || o.first < 0 || !Array.isArray(o.glyphs) || !o.glyphs.length) return null;
  const glyphs: KicadGlyph[] = [];
  for (const g of o.glyphs as unknown[]) {
    const q = g as { advance?: unknown; strokes?: unknown };
    if (!q || typeof q.advance !== 'number' || !Number.isFinite(q.advance) || !Array.isArray(q.strokes)) return null;
    for (const s of q.strokes as unknown[]) if (!Array.isArray(s) || s.length % 2 || !s.every((n) => typeof n === 'number' && Number.isFinite(n))) return null;
    glyphs.push({ advance: q.advance, strokes: q.strokes as number[][] });
  }
  if (o.first > 63 || o.first + glyphs.length <= 63) return null; // '?' stands in for missing glyphs
  return { first: o.first, glyphs, source: typeof o.kicad === 'string' ? `KiCad ${o.kicad}` : undefined };
}

/** Glyph of a code point (font units of the size: X right from the pen position, Y down from the baseline). */
function glyph(code: number): Glyph {
  const f = font;
  if (!f) throw new Error("KiCad's stroke font is not loaded (setKicadStrokeFont)");
  const idx = code >= f.first && code - f.first < f.glyphs.length ? code - f.first : 63 - f.first;
  const hit = cache[idx];
  if (hit) return hit;
  const src = f.glyphs[idx];
  const strokes = src.strokes.map((s) => s.map((v) => v * SCALE));
  const g = { strokes, advance: src.advance * SCALE };
  cache[idx] = g;
  return g;
}

export interface KicadTextStyle {
  /** Glyph height and width (the text size), pen width, all in the caller's unit. */
  height: number;
  width: number;
  thickness: number;
  /** 0 left, 1 centre, 2 right. */
  hAlign: number;
  /** 0 top, 1 centre, 2 bottom. */
  vAlign: number;
  italic?: boolean;
  bold?: boolean;
  /** The caller's unit in nanometres (KiCad rounds the line pitch to whole nanometres); 25400 for mil. */
  nmPerUnit?: number;
}

export interface KicadTextLayout {
  strokes: number[][];
  /** Pen width the strokes are drawn with (bold: 1.3 times the thickness). */
  strokeWidth: number;
  /** The block's extent in the text frame (pen included). */
  box: { x: number; y: number; w: number; h: number };
}

/** One line without `~{`/`}` overbar marks: its characters and which are overbarred. */
function overbars(line: string): { chars: number[]; bar: boolean[] } {
  const chars: number[] = [], bar: boolean[] = [];
  let on = false;
  const cps = [...line];
  for (let i = 0; i < cps.length; i++) {
    const c = cps[i];
    if (c === '~' && cps[i + 1] === '{' && !on) { on = true; i++; continue; }
    if (c === '}' && on) { on = false; continue; }
    chars.push(c.codePointAt(0)!);
    bar.push(on);
  }
  return { chars, bar };
}

export function kicadTextLayout(text: string, st: KicadTextStyle): KicadTextLayout {
  const h = st.height, w = st.width;
  const pen = st.bold ? st.thickness * BOLD : st.thickness;
  const nm = st.nmPerUnit ?? 25400;
  const pitch = Math.round(h * PITCH * nm) / nm;
  const lines = text.split('\n').map((l) => l.replace(/\r$/, ''));
  if (lines.length > 1 && lines[lines.length - 1] === '') lines.pop(); // KiCad splits "a\n" into one line
  const n = lines.length;
  // first baseline, Y down from the anchor
  const first = st.vAlign === 0 ? h : st.vAlign === 1 ? h / 2 - ((n - 1) * pitch) / 2 : -(n - 1) * pitch;
  const strokes: number[][] = [];
  let minX = Infinity, maxX = -Infinity;
  const space = glyph(32).advance * w;
  lines.forEach((line, li) => {
    const base = first + li * pitch;
    const { chars, bar } = overbars(line);
    let adv = 0;
    for (const c of chars) adv += glyph(c).advance; // a tab counts as '?' here, as in KiCad
    let T = adv * w + pen;
    if (st.italic) T += h * PITCH * ITALIC;
    let x = pen / 2 - (st.hAlign === 1 ? T / 2 : st.hAlign === 2 ? T : 0);
    const x0 = x - pen / 2;
    minX = Math.min(minX, x0); maxX = Math.max(maxX, x0 + T);
    const put = (gx: number, gy: number, out: number[]) => {
      const yd = gy * h; // Y down from the baseline
      out.push(x + gx * w - (st.italic ? yd * ITALIC : 0), -(base + yd));
    };
    chars.forEach((c, ci) => {
      if (c === 9) { // tabs stop at every fourth space
        const four = 4 * space, rel = x - (pen / 2 - (st.hAlign === 1 ? T / 2 : st.hAlign === 2 ? T : 0));
        x += four - (rel % four);
        return;
      }
      const g = glyph(c);
      if (bar[ci]) {
        const y = -(base - (h * OVERBAR + pen));
        strokes.push([x, y, x + g.advance * w, y]);
      }
      for (const s of g.strokes) {
        const out: number[] = [];
        for (let k = 0; k + 1 < s.length; k += 2) put(s[k], s[k + 1], out);
        strokes.push(out);
      }
      x += g.advance * w;
    });
  });
  const top = first - h - pen / 2, bottom = first + (n - 1) * pitch + pen / 2 + h * 0.3;
  return { strokes, strokeWidth: pen, box: { x: minX, y: -bottom, w: maxX - minX, h: bottom - top } };
}
