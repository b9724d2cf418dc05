/**
 * Text in KiCad's font laid out as KiCad 6 plots it (the demo boards' copper text is checked against
 * pcbnew's Gerbers in packages/convert/test/kicad/gerbers.test.ts, the glyphs read from the installed
 * KiCad against pcbnew's own layout in packages/convert/test/kicad/font.test.ts; these pin the metrics).
 * KiCad's glyphs are not ours to ship, so these use a test font of our own: 'H' is two stems 12 units
 * apart from 1 to 22 units above the baseline with a bar between them, 22 units wide with 5 units
 * either side; '?' is a bare stem (the stand-in for missing characters).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { KICAD_FONT, kicadStrokeFont, kicadTextLayout, layoutText, parseKicadStrokeFont, setKicadStrokeFont } from '../src/index.ts';

const H = { advance: 22, strokes: [[5, -1, 5, -22], [5, -12, 17, -12], [17, -1, 17, -22]] };
const Q = { advance: 10, strokes: [[5, -1, 5, -22]] };
const glyphs = Array.from({ length: 95 }, (_, i) => (i + 32 === 72 ? H : i + 32 === 32 ? { advance: 16, strokes: [] } : Q));
const TEST_FONT = parseKicadStrokeFont({ first: 32, glyphs, kicad: 'test' })!;
beforeAll(() => setKicadStrokeFont(TEST_FONT));
afterAll(() => setKicadStrokeFont(null));

const ext = (strokes: number[][]) => {
  let minX = Infinity, maxX = -Infinity, minY = Infinity, maxY = -Infinity;
  for (const s of strokes) for (let i = 0; i + 1 < s.length; i += 2) { minX = Math.min(minX, s[i]); maxX = Math.max(maxX, s[i]); minY = Math.min(minY, s[i + 1]); maxY = Math.max(maxY, s[i + 1]); }
  return { minX, maxX, minY, maxY };
};
const base = { height: 21, width: 42, thickness: 2, nmPerUnit: 1e6 };

describe('[issue-15] KiCad font layout', () => {
  it('a glyph: X scaled by the width, Y by the height, capitals 1/21 of the height above the baseline, ink half a pen inside the line', () => {
    const l = kicadTextLayout('H', { ...base, hAlign: 0, vAlign: 2 });
    const e = ext(l.strokes);
    expect(e.minX).toBeCloseTo(1 + (5 / 21) * 42, 6);
    expect(e.maxX).toBeCloseTo(1 + (17 / 21) * 42, 6);
    expect(e.minY).toBeCloseTo(1, 6);
    expect(e.maxY).toBeCloseTo(22, 6);
    expect(l.strokeWidth).toBe(2);
  });

  it('justification: centred lines are centred on the anchor, right ones end there; top puts the baseline a height below', () => {
    const c = ext(kicadTextLayout('HH', { ...base, hAlign: 1, vAlign: 1 }).strokes);
    expect(c.minX + c.maxX).toBeCloseTo(0, 6);
    expect(c.minY).toBeCloseTo(1 - 21 / 2, 6);
    const r = kicadTextLayout('H', { ...base, hAlign: 2, vAlign: 0 });
    const e = ext(r.strokes);
    // line width = advance 22/21 * 42 + pen; the ink ends 5/21 * 42 before the advance, half a pen inside
    expect(e.maxX).toBeCloseTo(-1 - (5 / 21) * 42, 6);
    expect(e.minY).toBeCloseTo(1 - 21, 6);
  });

  it('lines are 1.61 heights apart; a bottom-justified block rises by the lines above the last; a trailing newline adds no line', () => {
    const two = ext(kicadTextLayout('H\nH', { ...base, hAlign: 0, vAlign: 2 }).strokes);
    expect(two.minY).toBeCloseTo(1, 6);
    expect(two.maxY).toBeCloseTo(22 + 1.61 * 21, 6);
    expect(kicadTextLayout('H\n', { ...base, hAlign: 0, vAlign: 2 }).strokes).toEqual(kicadTextLayout('H', { ...base, hAlign: 0, vAlign: 2 }).strokes);
  });

  it('italic leans by 1/8 of the height above the baseline; bold widens the pen 1.3 times', () => {
    const up = ext(kicadTextLayout('H', { ...base, hAlign: 0, vAlign: 2, italic: true }).strokes);
    expect(up.maxX).toBeCloseTo(1 + (17 / 21) * 42 + 22 / 8, 6);
    expect(kicadTextLayout('H', { ...base, hAlign: 0, vAlign: 2, bold: true }).strokeWidth).toBeCloseTo(2.6, 9);
  });

  it('layoutText draws STRINGs in font "KiCad Font" with it, the glyph width apart from the height', () => {
    const s = layoutText({ text: 'H', x: 100, y: 50, height: 21, width: 42, strokeWidth: 2, align: 3, angle: 0, mirrored: false, font: KICAD_FONT });
    const e = ext(s.strokes);
    expect(e.minX).toBeCloseTo(100 + 1 + (5 / 21) * 42, 3);
    expect(e.minY).toBeCloseTo(51, 3);
    const narrow = ext(layoutText({ text: 'H', x: 0, y: 0, height: 21, strokeWidth: 2, align: 3, angle: 0, mirrored: false, font: KICAD_FONT }).strokes);
    expect(narrow.maxX - narrow.minX).toBeCloseTo((12 / 21) * 21, 3);
  });

  it('without KiCad\'s glyphs (no KiCad installed), "KiCad Font" text is drawn in our stroke font', () => {
    const spec = { text: 'H', x: 0, y: 0, height: 21, width: 42, strokeWidth: 2, align: 3, angle: 0, mirrored: false, font: KICAD_FONT, strokeFont: 'hershey' as const };
    const withFont = layoutText(spec);
    setKicadStrokeFont(null);
    try {
      expect(kicadStrokeFont()).toBeNull();
      const without = layoutText(spec);
      expect(without.strokes).toEqual(layoutText({ ...spec, font: 'default' }).strokes);
      expect(without.strokes).not.toEqual(withFont.strokes);
      expect(() => kicadTextLayout('H', { ...base, hAlign: 0, vAlign: 2 })).toThrow(/not loaded/);
    } finally {
      setKicadStrokeFont(TEST_FONT);
    }
  });

  it('a font table is refused when malformed (no glyph for the stand-in \'?\', odd coordinates)', () => {
    expect(parseKicadStrokeFont({ first: 32, glyphs: glyphs.slice(0, 20) })).toBeNull();
    expect(parseKicadStrokeFont({ first: 32, glyphs: [{ advance: 1, strokes: [[1, 2, 3]] }, ...glyphs] })).toBeNull();
    expect(parseKicadStrokeFont(null)).toBeNull();
    expect(TEST_FONT.glyphs.length).toBe(95);
  });
});
