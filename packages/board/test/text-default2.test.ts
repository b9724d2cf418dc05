/**
 * EasyEDA's "default2" stroke font (text-default2.ts) against the strokes EasyEDA Pro 2.2.40 wrote in
 * the top silkscreen Gerber of a real board (moribaka/ChisFlash-MBC5 v1.21, STRING records "TDO",
 * 30 mil with 8-mil strokes, and "Designed by mori", 15 mil with 4-mil strokes, both left-bottom at 0°):
 * the segments below are that Gerber's, in mil relative to each text's anchor. EasyEDA writes every
 * segment on its own and a dot as a stroke of zero length; ours are polylines, so both sides are cut
 * into pieces between the grid points they pass and compared as sets.
 */
import { describe, expect, it } from 'vitest';
import { DEFAULT2_FONT, layoutText } from '../src/index.ts';

const EASYEDA: Record<string, { height: number; stroke: number; segments: string }> = {
  TDO: {
    height: 30, stroke: 8,
    segments: '0,30,20,30 10,0,10,30 30,0,30,30 30,0,45,0 30,30,45,30 45,0,50,5 45,30,50,25 50,5,50,25 60,5,60,25 60,5,65,0 60,25,65,30 65,0,75,0 65,30,75,30 75,0,80,5 75,30,80,25 80,5,80,25',
  },
  'Designed by mori': {
    height: 15, stroke: 4,
    segments: '0,0,0,15 0,0,7.5,0 0,15,7.5,15 7.5,0,10,2.5 7.5,15,10,12.5 10,2.5,10,12.5 15,2.5,15,5 15,2.5,17.5,0 15,5,15,7.5 15,5,25,5 15,7.5,17.5,10 17.5,0,22.5,0 17.5,10,22.5,10 22.5,10,25,7.5 25,5,25,7.5 30,0,37.5,0 30,7.5,32.5,5 30,7.5,32.5,10 32.5,5,37.5,5 32.5,10,40,10 37.5,0,40,2.5 37.5,5,40,2.5 45,0,47.5,0 45,10,47.5,10 47.5,0,47.5,10 47.5,0,50,0 47.5,15,47.5,15 57.5,2.5,57.5,7.5 57.5,2.5,60,0 57.5,7.5,60,10 60,0,67.5,0 60,10,67.5,10 62.5,-5,65,-5 65,-5,67.5,-2.5 67.5,-2.5,67.5,0 67.5,0,67.5,10 72.5,0,72.5,10 72.5,10,80,10 80,10,82.5,7.5 82.5,0,82.5,7.5 87.5,2.5,87.5,5 87.5,2.5,90,0 87.5,5,87.5,7.5 87.5,5,97.5,5 87.5,7.5,90,10 90,0,95,0 90,10,95,10 95,10,97.5,7.5 97.5,5,97.5,7.5 102.5,2.5,102.5,7.5 102.5,2.5,105,0 102.5,7.5,105,10 105,0,112.5,0 105,10,112.5,10 112.5,0,112.5,10 112.5,10,112.5,15 132.5,0,132.5,10 132.5,0,140,0 132.5,10,132.5,15 132.5,10,140,10 140,0,142.5,2.5 140,10,142.5,7.5 142.5,2.5,142.5,7.5 147.5,2.5,147.5,10 147.5,2.5,150,0 150,0,157.5,0 152.5,-5,155,-5 155,-5,157.5,-2.5 157.5,-2.5,157.5,0 157.5,0,157.5,10 177.5,0,177.5,10 177.5,10,180,10 180,10,182.5,7.5 182.5,0,182.5,7.5 182.5,7.5,185,10 185,10,187.5,7.5 187.5,0,187.5,7.5 192.5,2.5,192.5,7.5 192.5,2.5,195,0 192.5,7.5,195,10 195,0,200,0 195,10,200,10 200,0,202.5,2.5 200,10,202.5,7.5 202.5,2.5,202.5,7.5 207.5,0,207.5,5 207.5,5,207.5,10 207.5,5,212.5,10 212.5,10,215,10 222.5,0,225,0 222.5,10,225,10 225,0,225,10 225,0,227.5,0 225,15,225,15',
  },
};

/** Segments (mil) cut at every grid point (unit = height / 6) they pass; a zero-length segment stays a point. */
function pieces(segs: number[][], u: number): Set<string> {
  const out = new Set<string>();
  const key = (x: number, y: number) => `${Math.round(x / u)},${Math.round(y / u)}`;
  for (const [x0, y0, x1, y1] of segs) {
    const dx = Math.round((x1 - x0) / u), dy = Math.round((y1 - y0) / u);
    const n = Math.max(1, gcd(Math.abs(dx), Math.abs(dy)));
    if (dx === 0 && dy === 0) { out.add(`.${key(x0, y0)}`); continue; }
    for (let i = 0; i < n; i++) {
      const a = key(x0 + ((x1 - x0) * i) / n, y0 + ((y1 - y0) * i) / n), b = key(x0 + ((x1 - x0) * (i + 1)) / n, y0 + ((y1 - y0) * (i + 1)) / n);
      out.add(a < b ? `${a}-${b}` : `${b}-${a}`);
    }
  }
  return out;
}
const gcd = (a: number, b: number): number => (b ? gcd(b, a % b) : a);
const segmentsOf = (strokes: number[][]) => strokes.flatMap((s) => (s.length === 4 && s[0] === s[2] && s[1] === s[3] ? [s] : s.slice(0, -2).map((_, k, a) => (k % 2 ? null : s.slice(k, k + 4))).filter((v): v is number[] => !!v && v.length === 4)));

describe('EasyEDA default2 stroke font', () => {
  for (const [text, ref] of Object.entries(EASYEDA)) {
    it(`"${text}" draws EasyEDA's strokes, grid point for grid point, at the anchor`, () => {
      const s = layoutText({ text, x: 0, y: 0, height: ref.height, strokeWidth: ref.stroke, align: 3, angle: 0, mirrored: false, font: DEFAULT2_FONT });
      expect(s.strokeWidth).toBe(ref.stroke);
      const u = ref.height / 6;
      const theirs = pieces(ref.segments.split(' ').map((q) => q.split(',').map(Number)), u);
      const ours = pieces(segmentsOf(s.strokes), u);
      expect([...ours].filter((p) => !theirs.has(p)).sort()).toEqual([]);
      expect([...theirs].filter((p) => !ours.has(p)).sort()).toEqual([]);
      // every stroke point lies on the grid (no inset by half a stroke)
      for (const st of s.strokes) for (const v of st) expect(Math.abs(v / u - Math.round(v / u))).toBeLessThan(1e-9);
    });
  }

  it('places rotated, mirrored and right-aligned text by the same box', () => {
    const base = { text: 'Ti', x: 100, y: 50, height: 60, strokeWidth: 6, angle: 0, mirrored: false, font: DEFAULT2_FONT };
    const left = layoutText({ ...base, align: 3 });
    const right = layoutText({ ...base, align: 9 });
    // T (advance 6) + i (ink 2 wide): 8 units of 10 mil; right-aligned text ends at the anchor
    expect(left.rect?.w).toBeCloseTo(80, 9);
    expect(Math.max(...right.strokes.flatMap((s) => s.filter((_, k) => k % 2 === 0)))).toBeCloseTo(100, 9);
    const turned = layoutText({ ...base, align: 3, angle: 90 });
    // 90° counter-clockwise: the T's bar (y = 6 units) goes to x = anchor - 60
    expect(Math.min(...turned.strokes.flatMap((s) => s.filter((_, k) => k % 2 === 0)))).toBeCloseTo(40, 9);
    const mirrored = layoutText({ ...base, align: 3, mirrored: true });
    expect(Math.min(...mirrored.strokes.flatMap((s) => s.filter((_, k) => k % 2 === 0)))).toBeCloseTo(20, 9);
  });

  it('draws a character outside the font as a box, and a space as an advance', () => {
    const s = layoutText({ text: 'A Ω', x: 0, y: 0, height: 6, strokeWidth: 1, align: 3, angle: 0, mirrored: false, font: DEFAULT2_FONT });
    const box = s.strokes[s.strokes.length - 1];
    expect(box).toEqual([12, 0, 16, 0, 16, 6, 12, 6, 12, 0]);
  });
});
