/**
 * Variants of real boards (not fixtures) that the model and the DRC read wrongly before:
 * - the board outline as separate segments whose ends miss each other by more than 1 mil but touch under
 *   their stroke (ChisFlash-MBCX: 1.4-mil gaps under 10-mil strokes, stray slivers near the corners).
 *   The chain broke at the gaps and DRC called 1170 items of that board "outside the board outline";
 * - sizes and distances at a rule in mm to 3 decimals (EasyEDA's): STM-C4's tracks 11.8 mil from the edge
 *   under 0.3 mm, geulis's 0.2 mm tracks under a 0.2 mm minimum, were errors.
 */
import { describe, expect, it } from 'vitest';
import { CLIP_SCALE, outlineRegion, resolveBoard, runDrc, type BoardSource, type Contour } from '@copperplate/board';

const area = (ps: ReturnType<typeof outlineRegion>) => ps.reduce((s, p) => {
  let a = 0;
  for (let i = 0; i < p.length; i++) { const q = p[(i + 1) % p.length]; a += p[i].x * q.y - q.x * p[i].y; }
  return s + a / 2;
}, 0) / (CLIP_SCALE * CLIP_SCALE);

/** A 1000 x 800 mil rectangle drawn as four LINEs whose ends miss by `gap` mil, plus two stray slivers. */
function gappyOutline(gap: number, width: number): unknown[][] {
  return [
    ['LINE', 'a', 0, '', 11, 0, 0, 1000, 0, width],
    ['LINE', 'b', 0, '', 11, 1000 + gap, gap, 1000, 800, width],
    ['LINE', 'c', 0, '', 11, 1000 - gap, 800 + gap, 0, 800, width],
    ['LINE', 'd', 0, '', 11, -gap, 800 - gap, 0, gap, width],
    // slivers as EasyEDA leaves them: a 0.05-mil stub near a corner, a zero-length one on an edge
    ['LINE', 's1', 0, '', 11, 988, 0.03, 988.04, 0.01, width],
    ['LINE', 's2', 0, '', 11, 500, 800, 500, 800.006, width],
  ];
}

const lineContours = (recs: unknown[][]): Contour[] => recs.map((r) => ({ x0: r[5] as number, y0: r[6] as number, segs: [{ k: 'L' as const, x: r[7] as number, y: r[8] as number }], closed: false }));

describe('board outline drawn as segments with gaps under the stroke width', () => {
  it('closes into one board region when the gaps are within half the stroke widths', () => {
    const recs = gappyOutline(1.4, 10);
    const region = outlineRegion(lineContours(recs), recs.map((r) => r[9] as number));
    expect(region).toHaveLength(1);
    expect(Math.abs(area(region))).toBeGreaterThan(1000 * 800 * 0.99);
  });

  it('does not join ends farther apart than the strokes reach', () => {
    const recs = gappyOutline(12, 10);
    expect(Math.abs(area(outlineRegion(lineContours(recs), recs.map((r) => r[9] as number))))).toBeLessThan(1000 * 800 * 0.5);
  });

  it('DRC: a via in the middle of such a board is inside its outline, one beyond its edge is not', () => {
    const src: BoardSource = { records: [
      ['LAYER', 1, 'TOP', 'Top', 3], ['LAYER', 2, 'BOTTOM', 'Bottom', 3],
      ...gappyOutline(1.4, 10),
      ['VIA', 'v1', 0, 'N1', '', 500, 400, 12, 24, 0, null, null, 0],
      ['VIA', 'v2', 0, 'N2', '', 1500, 400, 12, 24, 0, null, null, 0],
    ] };
    const v = runDrc(resolveBoard(src), { skipUnrouted: true }).violations;
    expect(v.filter((x) => x.rule === 'outline').map((x) => x.items)).toEqual([['v2']]);
  });
});

describe('copper to the board outline at the rule, as EasyEDA measures it (rules in mm to 3 decimals)', () => {
  // STM-C4's LCD1601 board: tracks 11.8 mil (0.29972 mm) from the edge under a 0.3 mm (11.811 mil) rule
  const board = (gap: number): BoardSource => ({ records: [
    ['LAYER', 1, 'TOP', 'Top', 3], ['LAYER', 2, 'BOTTOM', 'Bottom', 3],
    ['RULE', '2', 'otherClearance', 1, ['mm', 0, 0, 11.811]],
    ['POLY', 'o', 0, '', 11, 10, [0, 0, 'L', 1000, 0, 1000, 800, 0, 800, 0, 0], 0],
    ['LINE', 't1', 0, 'VO', 1, 200, 800 - 5 - gap, 600, 800 - 5 - gap, 10, 0],
  ] });
  const outline = (gap: number) => runDrc(resolveBoard(board(gap)), { skipUnrouted: true }).violations.filter((x) => x.rule === 'outline');
  it('a track 11.8 mil from the edge is at a 0.3 mm rule', () => {
    expect(outline(11.8)).toEqual([]);
  });
  it('a track 11.5 mil from the edge is not', () => {
    expect(outline(11.5).map((x) => x.items)).toEqual([['t1']]);
  });
});

describe('track width and via size at the rule, as EasyEDA measures them (rules in mm to 3 decimals)', () => {
  // geulis (KiCad): 0.2 mm tracks, held in clip units as 7.87 mil, against a 0.2 mm (7.874 mil) minimum
  const board = (w: number): BoardSource => ({ records: [
    ['LAYER', 1, 'TOP', 'Top', 3], ['LAYER', 2, 'BOTTOM', 'Bottom', 3],
    ['RULE', '3', 'trackWidth', 1, ['mil', 7.874, 10, 100]],
    ['POLY', 'o', 0, '', 11, 10, [0, 0, 'L', 1000, 0, 1000, 800, 0, 800, 0, 0], 0],
    ['LINE', 't1', 0, 'A', 1, 200, 400, 600, 400, w, 0],
  ] });
  const widths = (w: number) => runDrc(resolveBoard(board(w)), { skipUnrouted: true }).violations.filter((x) => x.rule === 'trackWidth').map((x) => x.items[0]);
  it('a 7.874-mil track (0.2 mm) meets a 0.2 mm minimum', () => expect(widths(7.874)).toEqual([]));
  it('a 7.8-mil track does not', () => expect(widths(7.8)).toEqual(['t1']));
});

