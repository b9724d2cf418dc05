/**
 * Pads of one simple shape (issue 14 part 6): the scene gives them a quad shape (round segment or
 * rounded box) for the WebGL painter and makes their contours only when read. The quad must be the
 * same outline as the contours: same box, points inside the contours inside the quad, points outside
 * outside it, for every shape, turn, hole offset and placement (bottom side mirrored). Hit tests and
 * the ratsnest measure such a primitive on its quad (primDistance): the distance to its contours.
 */
import { describe, expect, it } from 'vitest';
import { componentTransform, contoursBox, distToPolyline, flattenContour, pointInRing } from '@copperplate/board';
import { Line, Pad } from '@copperplate/format/records';
import { primsOf } from '../../src/pcb/build.ts';
import { type PrimShape, primDistance, shapeBox } from '../../src/pcb/prims.ts';
import { padGeometry } from '../../src/pcb/pad.ts';

/** Signed distance of a point to a quad shape (negative inside). */
function dist(s: PrimShape, x: number, y: number): number {
  if (s.k === 'seg') {
    const dx = s.x2 - s.x1, dy = s.y2 - s.y1, l2 = dx * dx + dy * dy;
    const t = l2 > 0 ? Math.max(0, Math.min(1, ((x - s.x1) * dx + (y - s.y1) * dy) / l2)) : 0;
    return Math.hypot(x - s.x1 - dx * t, y - s.y1 - dy * t) - s.hw;
  }
  const lx = (x - s.cx) * s.ux + (y - s.cy) * s.uy, ly = -(x - s.cx) * s.uy + (y - s.cy) * s.ux;
  const r = Math.min(s.r, s.hw, s.hh);
  const qx = Math.abs(lx) - (s.hw - r), qy = Math.abs(ly) - (s.hh - r);
  return Math.hypot(Math.max(qx, 0), Math.max(qy, 0)) + Math.min(Math.max(qx, qy), 0) - r;
}

const pad = (shape: unknown[], angle: number, hole: unknown[] | null = null, off: [number, number, number] = [0, 0, 0]) =>
  Pad.create({ id: 'p1', net: 'N', layer: hole ? 12 : 1, number: '1', x: 30, y: -20, angle, hole, shape, holeOffsetX: off[0], holeOffsetY: off[1], holeAngle: off[2] } as never);

describe('[issue-14] pad quads', () => {
  const shapes: unknown[][] = [['RECT', 60, 40, 0], ['RECT', 60, 40, 25], ['RECT', 40, 40, 100], ['OVAL', 80, 30], ['OVAL', 30, 80], ['ELLIPSE', 50, 50]];
  const placements = [undefined, componentTransform(500, 300, 45, false), componentTransform(-200, 100, 90, true)];
  for (const shape of shapes) for (const angle of [0, 30, 90]) for (const m of placements) {
    it(`${shape.join(' ')} turned ${angle}${m ? ', placed' : ''}: the quad is the contours' outline`, () => {
      const r = pad(shape, angle, ['ROUND', 20, 12], [4, -3, 30]);
      const ps = primsOf(r, { isPcb: !m }, m && { m, bottom: m.a * m.d - m.b * m.c < 0, owner: 'c1' });
      expect(ps.map((p) => p.kind)).toEqual(['pad', 'hole']);
      for (const p of ps) {
        const s = p.shape!;
        expect(s).toBeDefined();
        const cb = contoursBox(p.contours);
        const qb = shapeBox(s);
        for (const k of ['minX', 'minY', 'maxX', 'maxY'] as const) expect(qb[k]).toBeCloseTo(cb[k], 6);
        // the box is the quad's (a quad primitive is its own box: compare its four sides)
        for (const k of ['minX', 'minY', 'maxX', 'maxY'] as const) expect(p.box[k]).toBe(qb[k]);
        const ring = flattenContour(p.contours[0], 0.001);
        for (let i = 0; i < 400; i++) {
          const x = cb.minX - 5 + ((i % 20) / 19) * (cb.maxX - cb.minX + 10), y = cb.minY - 5 + (Math.floor(i / 20) / 19) * (cb.maxY - cb.minY + 10);
          const d = dist(s, x, y);
          if (Math.abs(d) < 0.01) continue; // on the edge
          expect(pointInRing(x, y, ring)).toBe(d < 0);
          expect(primDistance(p, x, y)).toBeCloseTo(d < 0 ? 0 : distToPolyline(x, y, ring, true), 2);
        }
      }
      // the contours made on first read are the pad geometry's
      const g = padGeometry(r);
      if (!m) expect(ps[0].contours).toEqual(g.copper);
    });
  }
  it('a track is measured on its round segment: the distance to its centre line less half its width', () => {
    const [t] = primsOf(Line.create({ id: 't1', net: 'N', layer: 1, x1: 0, y1: 0, x2: 100, y2: 50, width: 10 } as never), { isPcb: true });
    expect(t.shape?.k).toBe('seg');
    const line = flattenContour(t.contours[0], 0.001);
    for (const [x, y] of [[50, 25], [50, 40], [-20, -3], [130, 60], [0, 30], [101, 51]]) expect(primDistance(t, x, y)).toBeCloseTo(Math.max(0, distToPolyline(x, y, line, false) - 5), 6);
  });
  it('a polygon pad has no quad (drawn from its contours)', () => {
    const [p] = primsOf(pad(['POLY', [0, 0, 'L', 20, 0, 'L', 10, 20]], 0), { isPcb: true });
    expect(p.shape).toBeUndefined();
    expect(p.contours.length).toBe(1);
  });
});
