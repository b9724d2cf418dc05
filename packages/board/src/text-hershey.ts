/**
 * PCB stroke text the way EasyEDA Pro lays it out for fabrication (measured on its Gerbers of the
 * fixture boards, ../shared/fixtures/ref): Hershey simplex glyphs (hershey.ts), scaled so that the
 * font's 32 units (descender 7 + 25 above the baseline) plus the stroke width fill the text height;
 * each glyph starts where the previous one's ink ends plus a gap of one stroke width and 4.8 units;
 * the first glyph's ink starts half a stroke width inside the text box, the baseline sits half a
 * stroke width plus the descender above the box's bottom. A space is 17.6 units less one stroke width
 * (between gaps): 11.2 units for TriWave's 6.4-unit strokes, 15.3 for Hexapod's 2.3-unit ones.
 * `grid`: EasyEDA's drill-table text (80 mil, 8-mil strokes: ESP32-MPU6050, Hexapod) has each glyph's
 * scaled coordinates and ink width rounded to 0.1 mil (halves up) before the glyph is placed, and its
 * baseline 0.05 mil lower (the descender rounded down): every point then matches to 0.01 mil, where
 * unrounded glyphs of odd width drift 0.05 mil each. Its silkscreen text fits better unrounded
 * (TriWave top silk: median 1.3 um unrounded, 1.7 um rounded), so the rounding is asked for.
 * Characters outside the font are drawn as a box. Coordinates are mil, Y up, in the text's own frame
 * (origin = bottom-left of the text box); text.ts places the box.
 */
import { hersheyGlyph } from './hershey.ts';

const SPAN = 32, DESCENT = 7, SPACE = 17.6, GAP = 4.8;
const TOFU = { strokes: [[0, 0, 16, 0, 16, 21, 0, 21, 0, 0]], width: 16, advance: 20 };

export interface HersheyLayout {
  /** Polylines in the text's frame (origin at the bottom-left of the box). */
  strokes: number[][];
  width: number;
  height: number;
}

const round10 = (v: number): number => Math.floor(v * 10 + 0.5 + 1e-7) / 10;
const same = (v: number): number => v;

export function hersheyLayout(text: string, height: number, strokeWidth: number, align: number, grid = false): HersheyLayout {
  const sw = strokeWidth;
  const u = Math.max(height - sw, height * 0.1) / SPAN;
  const r = grid ? round10 : same;
  const descent = grid ? Math.floor(DESCENT * u * 10 + 1e-7) / 10 : DESCENT * u;
  const gap = sw + GAP * u;
  const space = Math.max(0, SPACE * u - sw);
  const lines = text.split(/\r?\n/).map((l) => [...l].map((ch) => (ch === ' ' ? null : hersheyGlyph(ch) ?? TOFU)));
  const inkWidth = (gs: (typeof lines)[number]) => {
    let w = 0;
    gs.forEach((g, i) => { w += (g ? r(g.width * u) : space) + (i ? gap : 0); });
    return w;
  };
  const widths = lines.map(inkWidth);
  const W = Math.max(0, ...widths) + sw, H = lines.length * height;
  const hz = Math.floor((Math.min(9, Math.max(1, Math.round(align) || 3)) - 1) / 3);
  const strokes: number[][] = [];
  lines.forEach((gs, i) => {
    const base = (lines.length - 1 - i) * height + sw / 2 + descent;
    let x = (W - sw - widths[i]) * (hz / 2) + sw / 2;
    for (const g of gs) {
      if (g) for (const s of g.strokes) {
        const out: number[] = new Array(s.length);
        for (let k = 0; k + 1 < s.length; k += 2) { out[k] = x + r(s[k] * u); out[k + 1] = base + r(s[k + 1] * u); }
        strokes.push(out);
      }
      x += (g ? r(g.width * u) : space) + gap;
    }
  });
  return { strokes, width: W, height: H };
}
