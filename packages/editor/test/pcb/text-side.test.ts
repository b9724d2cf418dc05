/**
 * Bottom-layer text is drawn by the PCB painter where the fabrication outputs put it: both place a
 * text record through the board package's one rule (placeText: mirrored after its rotation, so the
 * angle is negated). Text in KiCad's font lays out the same in both (text-kicad.ts), so the painter's
 * strokes must equal the Gerber builder's; a test font of our own stands in for KiCad's glyphs.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { KICAD_FONT, parseKicadStrokeFont, setKicadStrokeFont } from '@copperplate/board';
import { fabBoard } from '@copperplate/convert';
import { PcbString } from '@copperplate/format/records';
import { primsOf } from '../../src/pcb/build.ts';

const bar = { advance: 20, strokes: [[2, -1, 18, -1], [2, -1, 2, -22]] }; // an 'L' of our own
beforeAll(() => setKicadStrokeFont(parseKicadStrokeFont({ first: 32, glyphs: Array.from({ length: 95 }, () => bar) })));
afterAll(() => setKicadStrokeFont(null));

const text = (layer: number, angle: number) => PcbString.create({
  id: 's1', group: 0, layer, x: 100, y: 200, text: 'LLLLLLLLLL', font: KICAD_FONT, height: 40, strokeWidth: 6, bold: false, italic: false,
  origin: 3, angle, reverse: false, expansion: 0, mirror: false, locked: false, glyphWidth: 40,
}) as unknown as unknown[];

/** Direction (degrees) from the anchor to the middle of the strokes: the reading direction of a long line. */
const direction = (strokes: number[][]) => {
  let sx = 0, sy = 0, n = 0;
  for (const s of strokes) for (let i = 0; i + 1 < s.length; i += 2) { sx += s[i]; sy += s[i + 1]; n++; }
  return ((Math.atan2(sy / n - 200, sx / n - 100) * 180) / Math.PI + 360) % 360;
};

describe('[issue-15] bottom-layer text in the painter and the Gerbers', () => {
  it('a bottom-silk text at 30 deg reads at 150 deg (mirrored after its rotation), stroke for stroke as the fabrication outputs draw it', () => {
    for (const [layer, want] of [[3, 30], [4, 150]] as const) {
      const rec = text(layer, 30);
      const [prim] = primsOf(rec as never, { isPcb: true });
      expect(Math.abs(direction(prim.strokes!) - want), `layer ${layer}`).toBeLessThan(8);
      const fab = fabBoard({ name: 't', records: [rec as never] });
      const fabStrokes = fab.strokes.filter((s) => s.layer === layer).map((s) => [s.c.x0, s.c.y0, ...s.c.segs.flatMap((g) => [(g as { x: number }).x, (g as { y: number }).y])]);
      expect(fabStrokes.length).toBe(prim.strokes!.length);
      fabStrokes.forEach((s, i) => s.forEach((v, k) => expect(prim.strokes![i][k]).toBeCloseTo(v, 6)));
    }
  });
});
