import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { Clipper, FillRule } from '@countertype/clipper2-ts';
import { area, boxOfPaths, circlePath, fillPaths, growIBox, rectPath, segmentPath, tileFill, tileRegion, type Knock, type Paths64 } from '@copperplate/board';

/** Knock-outs as the pour tiles make them: discs, stadiums and one keep-out that is never loose. */
const shape = fc.oneof(
  fc.record({ k: fc.constant('disc'), x: fc.integer({ min: -2000, max: 42000 }), y: fc.integer({ min: -2000, max: 42000 }), r: fc.integer({ min: 200, max: 3000 }) }),
  fc.record({ k: fc.constant('seg'), x: fc.integer({ min: -2000, max: 42000 }), y: fc.integer({ min: -2000, max: 42000 }), dx: fc.integer({ min: -6000, max: 6000 }), dy: fc.integer({ min: -6000, max: 6000 }), r: fc.integer({ min: 200, max: 1500 }) }),
);
const toKnock = (s: { k: string; x: number; y: number; r: number; dx?: number; dy?: number }, loose: boolean): Knock => {
  const paths: Paths64 = [s.k === 'disc' ? circlePath(s.x, s.y, s.r) : segmentPath(s.x, s.y, s.x + (s.dx ?? 0), s.y + (s.dy ?? 0), 2 * s.r)];
  return { paths, box: growIBox(boxOfPaths(paths), 2), loose };
};
const xorArea = (a: Paths64, b: Paths64) => Math.abs(area(Clipper.xor(a, b, FillRule.NonZero)));

describe('tile fill (knock.ts)', () => {
  it('[issue-13] covers exactly the region minus the knock-outs, for rectangular and other regions', () => {
    const regions = [[rectPath(0, 0, 40000, 40000)], [[{ x: 0, y: 0 }, { x: 40000, y: 0 }, { x: 40000, y: 25000 }, { x: 20000, y: 40000 }, { x: 0, y: 40000 }]]];
    fc.assert(fc.property(fc.array(shape, { maxLength: 40 }), fc.integer({ min: 0, max: 1 }), fc.boolean(), (ss, ri, keepout) => {
      const region = regions[ri];
      const knocks = ss.map((s, i) => toKnock(s, !(keepout && i === 0)));
      const pieces = tileFill(tileRegion(region), knocks);
      const all: Paths64 = knocks.flatMap((k) => k.paths);
      const want = Clipper.difference(region, all, FillRule.NonZero);
      const got = fillPaths(pieces);
      // same region (rounding only), outer rings positive and holes negative
      expect(xorArea(got, want)).toBeLessThan(1e-6 * area(region));
      for (const p of pieces) {
        expect(area([p.outer])).toBeGreaterThan(0);
        for (const h of p.holes) expect(area([h])).toBeLessThan(0);
      }
    }), { numRuns: 300 });
  });
  it('[issue-13] a lone knock-out inside the region becomes a hole without splitting the piece', () => {
    const pieces = tileFill(tileRegion([rectPath(0, 0, 40000, 40000)]), [toKnock({ k: 'disc', x: 20000, y: 20000, r: 1000 }, true), toKnock({ k: 'disc', x: 5000, y: 5000, r: 1000 }, true)]);
    expect(pieces.length).toBe(1);
    expect(pieces[0].holes.length).toBe(2);
  });
});
