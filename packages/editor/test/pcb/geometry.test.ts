import { describe, expect, it } from 'vitest';
import { arcCenter, apply, contoursBox, contoursToSvgD, flattenArc, flattenContour, holeContours, padShapeContours, parsePath, pointInRing, ringArea } from '@copperplate/board';
import { padGeometry } from '../../src/pcb/pad.ts';
import { LayerTable, flipLayer } from '../../src/pcb/layers.ts';
import { componentTransform } from '../../src/pcb/build.ts';

describe('PCB geometry (mil, Y up)', () => {
  it('[PCB-GEOM] ARC sweep: positive is counter-clockwise, centre from chord and sweep', () => {
    const c = arcCenter(-1, 0, 1, 0, 90);
    expect(c.x).toBeCloseTo(0); expect(c.y).toBeCloseTo(1);
    const half = arcCenter(-1, 0, 1, 0, 180);
    expect(half.x).toBeCloseTo(0); expect(half.y).toBeCloseTo(0);
    const pts: number[] = [];
    flattenArc(pts, -1, 0, 1, 0, 180, 0.01);
    // CCW from (-1,0) to (1,0) about the origin passes below (y < 0).
    expect(Math.min(...pts.filter((_, i) => i % 2 === 1))).toBeLessThan(-0.99);
  });

  it('[PCB-GEOM] path language: start point, L, ARC, C, R (top-left, extends down), CIRCLE', () => {
    const cs = parsePath([0, 0, 'L', 10, 0, 10, 10, 'ARC', 90, 0, 20, 'C', -5, 20, -5, 10, 0, 10]);
    expect(cs).toHaveLength(1);
    expect(cs[0].segs.map((s) => s.k)).toEqual(['L', 'L', 'A', 'C']);
    const r = parsePath(['R', -590.5512, 393.7008, 1181.1024, 787.4016, 0, 0]);
    const b = contoursBox(r);
    expect(b.minX).toBeCloseTo(-590.5512); expect(b.maxX).toBeCloseTo(590.5512);
    expect(b.minY).toBeCloseTo(-393.7008); expect(b.maxY).toBeCloseTo(393.7008);
    const circ = parsePath(['CIRCLE', 5, 5, 2]);
    const cb = contoursBox(circ);
    expect(cb.minX).toBeCloseTo(3, 1); expect(cb.maxY).toBeCloseTo(7, 1);
    expect(contoursToSvgD(circ)).toMatch(/^M7 5A2 2 0 0 1 3 5A2 2 0 0 1 7 5Z$/);
    // rounded rectangle keeps its box; POURED data scales x10
    expect(contoursBox(parsePath(['R', 0, 10, 20, 10, 0, 3])).maxX).toBeCloseTo(20);
    expect(contoursBox(parsePath([1, 2, 'L', 3, 4], { scale: 10 })).maxX).toBe(30);
    // malformed input never throws
    expect(parsePath([1, 'L', 'x'])).toEqual([]);
    expect(parsePath(null)).toEqual([]);
  });

  it('[PCB-GEOM] pad shapes: RECT with radius %, ELLIPSE, OVAL, NGON, POLY; ROUND and SLOT holes', () => {
    const area = (s: unknown) => Math.abs(ringArea(flattenContour(padShapeContours(s)[0], 0.01)));
    expect(area(['RECT', 20, 10, 0])).toBeCloseTo(200, 3);
    expect(area(['RECT', 20, 10, 50])).toBeCloseTo(200 - (4 - Math.PI) * 2.5 ** 2, 0); // radius 50% of half the short side
    expect(area(['RECT', 20, 10, 100])).toBeCloseTo(200 - (4 - Math.PI) * 25, 0);
    expect(area(['ELLIPSE', 10, 10])).toBeCloseTo(Math.PI * 25, 0);
    expect(area(['ELLIPSE', 20, 10])).toBeCloseTo(Math.PI * 50, 0);
    expect(area(['OVAL', 30, 10])).toBeCloseTo(200 + Math.PI * 25, 0);
    expect(area(['NGON', 20, 6])).toBeCloseTo((3 * Math.sqrt(3) / 2) * 100, 1);
    expect(area(['POLY', [0, 0, 'L', 10, 0, 10, 10, 0, 10]])).toBeCloseTo(100);
    expect(padShapeContours(['BOGUS'])).toEqual([]);
    expect(holeContours(['SLOT', 55, 27])).toHaveLength(1);
    const g = padGeometry(['PAD', 'e1', 0, '', 12, '1', 100, 50, 90, ['ROUND', 40, 40], ['RECT', 60, 30, 0], [], 0, 0, 0, 1]);
    const pb = contoursBox(g.copper);
    // rotated 90 degrees: 30 wide, 60 tall, centred at (100, 50)
    expect(pb.maxX - pb.minX).toBeCloseTo(30); expect(pb.maxY - pb.minY).toBeCloseTo(60);
    expect(pointInRing(100, 50, flattenContour(g.hole[0]))).toBe(true);
  });

  it('[PCB-GEOM] layer table: LAYER colours, state bits, stack-up, flips', () => {
    const t = new LayerTable([
      ['LAYER', 1, 'TOP', 'Top Layer', 3, '#ff0000', 1, '#7f0000', 0.5],
      ['LAYER', 15, 'SIGNAL', 'Inner1', 1, '#999966', 1, '#4c4c33', 0.5],
      ['LAYER', 3, 'TOP_SILK', 'Top Silkscreen Layer', 1, '#ffcc00', 1, '#7f6600', 0.5],
      ['LAYER_PHYS', 1, null, 1.4], ['LAYER_PHYS', 101, 'FR4', 20], ['LAYER_PHYS', 15, null, 1.4], ['LAYER_PHYS', 2, null, 1.4],
    ]);
    expect(t.get(1).color).toBe('#ff0000');
    expect(t.get(3).visible).toBe(false); // state 1 = used, not visible
    expect(t.copperLayers()).toEqual([1, 15, 2]);
    expect(t.innerLayers()).toEqual([15]);
    expect(flipLayer(3)).toBe(4); expect(flipLayer(15)).toBe(15);
    const order = t.drawOrder('top');
    expect(order.indexOf(2)).toBeLessThan(order.indexOf(1));
    expect(t.drawOrder('bottom').indexOf(1)).toBeLessThan(t.drawOrder('bottom').indexOf(2));
  });

  it('[PCB-GEOM] component transform: bottom side mirrors y then rotates', () => {
    const top = componentTransform(100, 0, 90, false);
    const p = apply(top, 10, 0);
    expect(p.x).toBeCloseTo(100); expect(p.y).toBeCloseTo(10);
    const bot = componentTransform(0, 0, 0, true);
    const q = apply(bot, 10, 5);
    expect(q.x).toBeCloseTo(10); expect(q.y).toBeCloseTo(-5);
  });
});
