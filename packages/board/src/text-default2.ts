/**
 * EasyEDA Pro's second built-in PCB stroke font, font name "default2" (STRING and ATTR records), laid
 * out in mil, Y up, in the text's own frame (origin at the anchor; text.ts places and aligns it).
 *
 * What EasyEDA's Gerbers of real boards show (ChisFlash-MBC5's four boards and ChisFlash-MBCX, top
 * silk, texts 15 to 55 mil high; `scripts/compare-silk-text.ts` reads them back): every stroke lies on a
 * grid of a sixth of the text height (u = height / 6); capitals and digits are 4 units wide and 6 high
 * with corners cut by one unit; lower-case letters have an x-height of 4, ascenders of 6 and
 * descenders of 2; each glyph starts where the previous one's advance ends (6 units, 5 for the narrow
 * glyphs I, i, l, 1 and '.'), a space advances 6; the anchor of left-bottom text (alignment 3) is the
 * first glyph's left edge on the baseline; strokes are drawn with the text's stroke width, their
 * centres on the grid (no inset by half a stroke, unlike the "default" font, text-hershey.ts); a dot is
 * a stroke of zero length.
 *
 * The glyphs marked `seen` below are the ones those Gerbers draw, point for point. The others were
 * designed here on the same grid in the same style (EasyEDA publishes no definition of this font); they
 * differ from EasyEDA's wherever its design differs, and the fabrication comparison shows it. Line
 * pitch of multi-line text and the box of centred and right-aligned text are not measured either: the
 * box is the ink's extent (the last glyph's width ends it), lines are 10 units apart.
 */

interface Glyph { adv: number; strokes: number[][] }

// glyph: 'advance:x,y x,y|x,y ...' (polylines in grid units; baseline 0, cap height 6)
const SRC: Record<string, string> = {
  // seen in EasyEDA's Gerbers
  '+': '6:0,3 4,3|2,1 2,5', '-': '6:0,3 4,3', '.': '5:0,0 1,0 1,1 0,1 0,0', _: '6:0,-1 4,-1',
  '0': '6:1,0 0,1 0,5 1,6 3,6 4,5 4,1 3,0 1,0', '1': '5:0,5 1,6 1,0|0,0 2,0',
  '2': '6:0,5 1,6 3,6 4,5 4,4 0,0 4,0', '3': '6:0,5 1,6 3,6 4,5 4,4 3,3 4,2 4,1 3,0 1,0 0,1|2,3 3,3',
  '5': '6:4,6 0,6 0,3 2,4 3,4 4,3 4,1 3,0 1,0 0,1',
  A: '6:0,0 0,4 2,6 4,4 4,0|0,3 4,3', B: '6:0,0 0,6 3,6 4,5 4,4 3,3 4,2 4,1 3,0 0,0|0,3 3,3',
  C: '6:4,1 3,0 1,0 0,1 0,5 1,6 3,6 4,5', D: '6:0,0 0,6 3,6 4,5 4,1 3,0 0,0', F: '6:4,6 0,6 0,0|0,3 2,3',
  G: '6:4,5 3,6 1,6 0,5 0,1 1,0 3,0 4,1 4,3 2,3', I: '5:0,6 2,6|1,6 1,0|0,0 2,0', K: '6:0,0 0,6|0,2 1,3 4,6|1,3 4,0',
  L: '6:0,6 0,0 4,0', M: '6:0,0 0,6 2,4 4,6 4,0', N: '6:0,0 0,6 4,0 4,6', O: '6:1,0 0,1 0,5 1,6 3,6 4,5 4,1 3,0 1,0',
  P: '6:0,0 0,6 3,6 4,5 4,3 3,2 0,2', R: '6:0,0 0,6 3,6 4,5 4,3 3,2 0,2|2,2 4,0',
  S: '6:4,5 3,6 1,6 0,5 0,4 1,3 3,3 4,2 4,1 3,0 1,0 0,1', T: '6:0,6 4,6|2,6 2,0', U: '6:0,6 0,1 1,0 3,0 4,1 4,6',
  V: '6:0,6 0,2 2,0 4,2 4,6', X: '6:0,0 4,6|0,6 4,0',
  a: '6:1,4 3,4 4,3 4,0 1,0 0,1 1,2 4,2', b: '6:0,6 0,0 3,0 4,1 4,3 3,4 0,4', d: '6:4,6 4,0 1,0 0,1 0,3 1,4 4,4',
  e: '6:0,2 4,2 4,3 3,4 1,4 0,3 0,1 1,0 3,0', g: '6:4,4 1,4 0,3 0,1 1,0 4,0|4,4 4,-1 3,-2 2,-2',
  h: '6:0,0 0,6|0,3 1,4 3,4 4,3 4,0', i: '5:0,4 1,4 1,0|0,0 2,0|1,6 1,6', l: '5:0,6 1,6 1,0|0,0 2,0',
  m: '6:0,0 0,4 1,4 2,3 2,0|2,3 3,4 4,3 4,0', n: '6:0,0 0,4 3,4 4,3 4,0', o: '6:1,0 0,1 0,3 1,4 3,4 4,3 4,1 3,0 1,0',
  r: '6:0,0 0,4|0,2 2,4 3,4', s: '6:0,0 3,0 4,1 3,2 1,2 0,3 1,4 4,4', v: '6:0,4 2,0 4,4',
  y: '6:0,4 0,1 1,0 4,0|4,4 4,-1 3,-2 2,-2',
  // designed here in the same style
  E: '6:4,6 0,6 0,0 4,0|0,3 2,3', H: '6:0,0 0,6|4,0 4,6|0,3 4,3', J: '6:4,6 4,1 3,0 1,0 0,1',
  Q: '6:1,0 0,1 0,5 1,6 3,6 4,5 4,1 3,0 1,0|2,2 4,0', W: '6:0,6 0,0 2,2 4,0 4,6', Y: '6:0,6 0,5 2,3 4,5 4,6|2,3 2,0',
  Z: '6:0,6 4,6 4,5 0,1 0,0 4,0',
  '4': '6:3,0 3,6 0,3 0,2 4,2', '6': '6:4,5 3,6 1,6 0,5 0,1 1,0 3,0 4,1 4,3 3,4 1,4 0,3',
  '7': '6:0,6 4,6 4,5 1,2 1,0', '8': '6:1,3 0,4 0,5 1,6 3,6 4,5 4,4 3,3 1,3 0,2 0,1 1,0 3,0 4,1 4,2 3,3',
  '9': '6:0,1 1,0 3,0 4,1 4,5 3,6 1,6 0,5 0,3 1,2 3,2 4,3',
  c: '6:4,4 1,4 0,3 0,1 1,0 4,0', f: '6:4,6 2,6 1,5 1,0|0,4 3,4', j: '5:0,4 2,4 2,-1 1,-2 0,-2|2,6 2,6',
  k: '6:0,0 0,6|0,1 1,2 4,4|1,2 4,0', p: '6:0,-2 0,4 3,4 4,3 4,1 3,0 0,0', q: '6:4,-2 4,4 1,4 0,3 0,1 1,0 4,0',
  t: '6:1,6 1,1 2,0 4,0|0,4 3,4', u: '6:4,4 4,0 1,0 0,1 0,4', w: '6:0,4 0,1 1,0 2,1 2,4|2,1 3,0 4,1 4,4',
  x: '6:0,0 4,4|0,4 4,0', z: '6:0,4 4,4 0,0 4,0',
  ',': '5:0,0 1,0 1,1 0,1 0,0|1,0 0,-1', ':': '5:0,0 1,0 1,1 0,1 0,0|0,4 1,4 1,5 0,5 0,4',
  ';': '5:0,4 1,4 1,5 0,5 0,4|0,0 1,0 1,1 0,1 0,0|1,0 0,-1', '!': '5:1,6 1,2|1,0 1,0',
  '?': '6:0,5 1,6 3,6 4,5 4,4 2,2|2,0 2,0', "'": '5:1,6 1,4', '"': '6:1,6 1,4|3,6 3,4', '`': '5:0,6 1,5',
  '/': '6:0,0 4,6', '\\': '6:0,6 4,0', '|': '5:1,7 1,-1', '(': '5:2,6 1,5 1,1 2,0', ')': '5:0,6 1,5 1,1 0,0',
  '[': '5:2,6 0,6 0,0 2,0', ']': '5:0,6 2,6 2,0 0,0', '{': '6:3,6 2,5 2,4 1,3 2,2 2,1 3,0', '}': '6:1,6 2,5 2,4 3,3 2,2 2,1 1,0',
  '<': '6:4,6 0,3 4,0', '>': '6:0,6 4,3 0,0', '=': '6:0,2 4,2|0,4 4,4', '*': '6:2,1 2,5|0,2 4,4|0,4 4,2',
  '#': '6:1,0 1,6|3,0 3,6|0,2 4,2|0,4 4,4', '%': '6:0,0 4,6|0,6 0,5|4,1 4,0', '^': '6:0,4 2,6 4,4', '~': '6:0,3 1,4 3,2 4,3',
  '&': '6:4,0 0,4 0,5 1,6 2,5 2,4 0,2 0,1 1,0 2,0 4,2', '@': '6:3,2 3,4 1,4 1,2 3,2 4,3 4,5 3,6 1,6 0,5 0,1 1,0 4,0',
  $: '6:4,5 3,6 1,6 0,5 0,4 1,3 3,3 4,2 4,1 3,0 1,0 0,1|2,7 2,-1',
};

const TOFU: Glyph = { adv: 6, strokes: [[0, 0, 4, 0, 4, 6, 0, 6, 0, 0]] };
const SPACE = 6, LINE = 10, CAP = 6;
const glyphs = new Map<string, Glyph>();
function glyph(ch: string): Glyph {
  let g = glyphs.get(ch);
  if (g) return g;
  const src = SRC[ch];
  if (src === undefined) return TOFU;
  const [adv, body] = src.split(':');
  g = { adv: Number(adv), strokes: body.split('|').map((s) => s.trim().split(/\s+/).flatMap((p) => p.split(',').map(Number))) };
  glyphs.set(ch, g);
  return g;
}
/** Ink width of a glyph in grid units (its rightmost point; 0 for a space). */
function inkWidth(g: Glyph): number {
  let w = 0;
  for (const s of g.strokes) for (let k = 0; k < s.length; k += 2) w = Math.max(w, s[k]);
  return w;
}

export interface Default2Layout {
  /** Polylines in the text's frame (mil; origin at the bottom-left of the box, the first line's baseline at the box's bottom for one line). */
  strokes: number[][];
  width: number;
  height: number;
}

/** Lay out `text` in EasyEDA's "default2" stroke font at `height` mil; `align` 1..9 as in text.ts (horizontal part only: lines are aligned within the box). */
export function default2Layout(text: string, height: number, align: number): Default2Layout {
  const u = height / CAP;
  const lines = text.split(/\r?\n/).map((l) => [...l]);
  const widths = lines.map((cs) => {
    let x = 0, ink = 0;
    for (const c of cs) {
      if (c === ' ') { x += SPACE; continue; }
      const g = glyph(c);
      ink = x + inkWidth(g);
      x += g.adv;
    }
    return ink * u;
  });
  const W = Math.max(0, ...widths), H = ((lines.length - 1) * LINE + CAP) * u;
  const hz = Math.floor((Math.min(9, Math.max(1, Math.round(align) || 3)) - 1) / 3);
  const strokes: number[][] = [];
  lines.forEach((cs, i) => {
    const base = (lines.length - 1 - i) * LINE * u;
    let x = (W - widths[i]) * (hz / 2);
    for (const c of cs) {
      if (c === ' ') { x += SPACE * u; continue; }
      const g = glyph(c);
      for (const s of g.strokes) {
        const out: number[] = new Array(s.length);
        for (let k = 0; k + 1 < s.length; k += 2) { out[k] = x + s[k] * u; out[k + 1] = base + s[k + 1] * u; }
        strokes.push(out);
      }
      x += g.adv * u;
    }
  });
  return { strokes, width: W, height: H };
}

/** The font name EasyEDA Pro gives this font in STRING and ATTR records. */
export const DEFAULT2_FONT = 'default2';
