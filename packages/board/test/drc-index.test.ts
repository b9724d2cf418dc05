import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { Clipper, FillRule } from '@countertype/clipper2-ts';
import { PieceIndex, boxOfPaths, circlePath, coreDistance, fillPours, pathsDistance, pointInPoly, rectPath, resolveBoard, runDrc, segmentPath, type Core, type Paths64, type PolyWithHoles } from '@copperplate/board';
import { generateBoard } from '../../../bench/lib/gen-board.ts';

/** A square piece with a few square and round holes (clip units). */
const holeArb = fc.record({ x: fc.integer({ min: 1000, max: 39000 }), y: fc.integer({ min: 1000, max: 39000 }), r: fc.integer({ min: 100, max: 2500 }), round: fc.boolean() });
function piece(hs: Array<{ x: number; y: number; r: number; round: boolean }>): PolyWithHoles {
  const holes = Clipper.union(hs.map((h) => (h.round ? circlePath(h.x, h.y, h.r) : rectPath(h.x - h.r, h.y - h.r, h.x + h.r, h.y + h.r))), FillRule.NonZero);
  const inside = Clipper.intersect(holes, [rectPath(500, 500, 39500, 39500)], FillRule.NonZero);
  return { outer: rectPath(0, 0, 40000, 40000), holes: inside.map((p) => (Clipper.area(p) > 0 ? p.slice().reverse() : p)) };
}

function boundaryDistance(x: number, y: number, pc: PolyWithHoles): number {
  let best = Infinity;
  for (const r of [pc.outer, ...pc.holes]) for (let i = 0; i < r.length; i++) {
    const a = r[i], b = r[(i + 1) % r.length], vx = b.x - a.x, vy = b.y - a.y, l = vx * vx + vy * vy;
    const t = l ? Math.max(0, Math.min(1, ((x - a.x) * vx + (y - a.y) * vy) / l)) : 0;
    best = Math.min(best, Math.hypot(a.x + t * vx - x, a.y + t * vy - y));
  }
  return best;
}

describe('[issue-13] piece index (DRC on stored fills)', () => {
  it('distance and inside agree with measuring the whole polygon', () => {
    const fi = new PieceIndex();
    fc.assert(fc.property(fc.array(holeArb, { maxLength: 30 }), fc.integer({ min: -2000, max: 42000 }), fc.integer({ min: -2000, max: 42000 }), fc.integer({ min: 50, max: 3000 }), (hs, x, y, r) => {
      const pc = piece(hs);
      fi.load(pc);
      const item: Paths64 = [circlePath(x, y, r)];
      const box = boxOfPaths(item);
      const core: Core = { n: 1, p: [x, y], r };
      const limit = 1500;
      const want = pathsDistance(item, [pc.outer, ...pc.holes]);
      // as DRC measures: the edges near the item, and 0 when no edge meets it but its centre is in the piece
      const inFill = boundaryDistance(x, y, pc) > 1 && fi.inside(x, y);
      const measure = (d: number) => (d > 0 && inFill ? 0 : d);
      const got = measure(fi.distance(undefined, item, box, limit));
      const gotCore = measure(fi.distance(core, item, box, limit));
      if (want < limit - 1) {
        expect(Math.abs(got - want)).toBeLessThan(1e-6);
        // the exact disc lies outside its inscribed polygon by at most the chord tolerance
        expect(want - gotCore).toBeGreaterThanOrEqual(-1e-6);
        expect(want - gotCore).toBeLessThanOrEqual(21);
      } else expect(got).toBeGreaterThanOrEqual(limit - 1);
      // inside (points on the boundary are either)
      if (boundaryDistance(x, y, pc) > 1) expect(fi.inside(x, y)).toBe(pointInPoly(x, y, pc));
    }), { numRuns: 300, seed: 13 });
  });
  it('core distances agree with the flattened outlines within the chord tolerance', () => {
    const shapes = fc.oneof(
      fc.record({ k: fc.constant(1), x: fc.integer({ min: 0, max: 20000 }), y: fc.integer({ min: 0, max: 20000 }), r: fc.integer({ min: 100, max: 3000 }) }),
      fc.record({ k: fc.constant(2), x: fc.integer({ min: 0, max: 20000 }), y: fc.integer({ min: 0, max: 20000 }), dx: fc.integer({ min: -5000, max: 5000 }), dy: fc.integer({ min: -5000, max: 5000 }), r: fc.integer({ min: 100, max: 2000 }) }),
      fc.record({ k: fc.constant(4), x: fc.integer({ min: 0, max: 20000 }), y: fc.integer({ min: 0, max: 20000 }), w: fc.integer({ min: 200, max: 5000 }), h: fc.integer({ min: 200, max: 5000 }) }),
    );
    const make = (s: { k: number; x: number; y: number; r?: number; dx?: number; dy?: number; w?: number; h?: number }): { core: Core; paths: Paths64 } => {
      if (s.k === 1) return { core: { n: 1, p: [s.x, s.y], r: s.r! }, paths: [circlePath(s.x, s.y, s.r!)] };
      if (s.k === 2) return { core: { n: 2, p: [s.x, s.y, s.x + s.dx!, s.y + s.dy!], r: s.r! }, paths: [segmentPath(s.x, s.y, s.x + s.dx!, s.y + s.dy!, 2 * s.r!)] };
      return { core: { n: 4, p: [s.x, s.y, s.x + s.w!, s.y, s.x + s.w!, s.y + s.h!, s.x, s.y + s.h!], r: 0 }, paths: [rectPath(s.x, s.y, s.x + s.w!, s.y + s.h!)] };
    };
    fc.assert(fc.property(shapes, shapes, (sa, sb) => {
      const a = make(sa), b = make(sb);
      const exact = coreDistance(a.core, b.core), poly = pathsDistance(a.paths, b.paths);
      // polygon vertices are rounded to whole units
      expect(poly - exact).toBeGreaterThanOrEqual(-1);
      expect(poly - exact).toBeLessThanOrEqual(41);
    }), { numRuns: 500, seed: 13 });
  });
  it('a pour filled in tiles connects its pads across tile borders, and a pour clearance halved is found', { timeout: 120_000 }, () => {
    const src = generateBoard(2000);
    const m = resolveBoard(src);
    for (const [id, r] of fillPours(m)) m.stored.set(id, r.polys);
    expect(m.stored.get('pour1')!.length).toBeGreaterThan(1);
    const v = runDrc(m, { skipUnrouted: false }).violations;
    // GND pads meet only through the pours (tile pieces joined along their borders); the N* nets have no tracks between pads
    expect(v.filter((x) => x.rule === 'unrouted' && x.nets?.includes('GND'))).toEqual([]);
    expect(v.filter((x) => x.rule === 'clearance' || x.rule === 'short')).toEqual([]);
    const halved = resolveBoard({ ...src, records: src.records.map((r) => (r[0] === 'RULE' && r[2] === 'copperRegion' ? ['RULE', '7', 'copperRegion', 1, ['mm', 5, 5, 0, 5, 5, 90, 0, 0, 5, 5, 90]] : r)) });
    for (const [id, r] of fillPours(halved)) m.stored.set(id, r.polys);
    const w = runDrc(m).violations.filter((x) => x.rule === 'clearance' && x.items.some((k) => k.startsWith('pour')));
    expect(w.length).toBeGreaterThan(100);
  });
});
