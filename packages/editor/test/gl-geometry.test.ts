/**
 * The WebGL painter's geometry (issue 14 part 6): circles become one round-segment instance,
 * filled shapes triangles covering their even-odd area (holes left out), tracks one instance per
 * flattened segment, and the cells of a layer hold every item once with boxes that contain them.
 */
import { describe, expect, it } from 'vitest';
import { circleContour, rectContour } from '@copperplate/board';
import { makePrim, type Prim } from '../src/pcb/prims.ts';
import { asCircle, buildGlGeometry, primGeometry } from '../src/view/gl-geometry.ts';

const triArea = (t: number[] | Float32Array) => {
  let a = 0;
  for (let i = 0; i + 5 < t.length; i += 6) a += Math.abs((t[i + 2] - t[i]) * (t[i + 5] - t[i + 1]) - (t[i + 4] - t[i]) * (t[i + 3] - t[i + 1])) / 2;
  return a;
};

describe('[issue-14] WebGL geometry', () => {
  it('a via is one round segment of length 0 with its radius', () => {
    const via = makePrim({ id: 'v', rec: 'VIA', kind: 'via', layer: 12, contours: [circleContour(100, 50, 12)], width: 0, filled: true });
    expect(asCircle(via)).toEqual({ x: 100, y: 50, r: 12 });
    const g = primGeometry(via);
    expect(g.segs).toEqual([100, 50, 100, 50, 12]);
    expect(g.tris).toEqual([]);
  });

  it('a rectangular pad with a hole: triangles cover the even-odd area', () => {
    const outer = rectContour(0, 100, 100, 100, 0, 0);
    const hole = rectContour(25, 75, 50, 50, 0, 0);
    const pad = makePrim({ id: 'p', rec: 'PAD', kind: 'pad', layer: 1, contours: [outer, hole], width: 0, filled: true });
    const g = primGeometry(pad);
    expect(triArea(g.tris)).toBeCloseTo(100 * 100 - 50 * 50, 6);
    expect(g.segs).toEqual([]);
    // an island inside the hole is filled again
    const island = rectContour(40, 60, 20, 20, 0, 0);
    const g2 = primGeometry(makePrim({ ...pad, box: undefined, contours: [outer, hole, island] }));
    expect(triArea(g2.tris)).toBeCloseTo(100 * 100 - 50 * 50 + 20 * 20, 6);
  });

  it('rectangular pads, square, rounded or oval and turned, are one rounded-box instance each', () => {
    const pad = (w: number, h: number, rot: number, r: number) => primGeometry(makePrim({ id: 'p', rec: 'PAD', kind: 'pad', layer: 1, contours: [rectContour(0, 40, w, h, rot, r)], width: 0, filled: true }));
    const check = (g: ReturnType<typeof pad>, w: number, h: number, rot: number, r: number) => {
      expect(g.tris).toEqual([]);
      expect(g.boxes).toHaveLength(7);
      const [cx, cy, hx, hy, ux, uy, rr] = g.boxes;
      const a = (rot * Math.PI) / 180;
      // the centre: (w/2, -h/2) from the top-left corner (0, 40), turned about it
      expect(cx).toBeCloseTo((w / 2) * Math.cos(a) + (h / 2) * Math.sin(a), 6);
      expect(cy).toBeCloseTo(40 + (w / 2) * Math.sin(a) - (h / 2) * Math.cos(a), 6);
      expect([hx, hy].sort()).toEqual([w / 2, h / 2].sort().map((v) => expect.closeTo(v, 6)));
      expect(rr).toBeCloseTo(r, 6);
      // the direction lies along one of the rectangle's sides
      const along = Math.abs(ux * Math.cos(a) + uy * Math.sin(a));
      expect(along < 1e-6 || Math.abs(along - 1) < 1e-6).toBe(true);
    };
    check(pad(60, 40, 30, 10), 60, 40, 30, 10);
    check(pad(60, 40, 0, 0), 60, 40, 0, 0);
    check(pad(60, 20, 45, 10), 60, 20, 45, 10); // oval: the short sides are all arc
    check(pad(20, 20, 0, 10), 20, 20, 0, 10); // round, drawn as a rounded rectangle
  });

  it('a pad of another shape is triangulated within the arc tolerance', () => {
    // a D shape: a half disc of radius 20 on a 40 x 20 rectangle
    const d = { x0: -20, y0: 0, closed: true, segs: [{ k: 'L' as const, x: -20, y: -20 }, { k: 'L' as const, x: 20, y: -20 }, { k: 'L' as const, x: 20, y: 0 }, { k: 'A' as const, sweep: 180, x: -20, y: 0 }] };
    const g = primGeometry(makePrim({ id: 'p', rec: 'PAD', kind: 'pad', layer: 1, contours: [d], width: 0, filled: true }));
    const exact = 40 * 20 + (Math.PI * 20 * 20) / 2;
    expect(g.boxes).toEqual([]);
    expect(Math.abs(triArea(g.tris) - exact)).toBeLessThan(exact * 0.005);
  });

  it('a track is one instance per segment with half its width; a dashed outline is cut into dashes', () => {
    const track = makePrim({ id: 't', rec: 'LINE', kind: 'track', layer: 1, contours: [{ x0: 0, y0: 0, segs: [{ k: 'L', x: 100, y: 0 }, { k: 'L', x: 100, y: 100 }], closed: false }], width: 10, filled: false });
    expect(primGeometry(track).segs).toEqual([0, 0, 100, 0, 5, 100, 0, 100, 100, 5]);
    const dashed = makePrim({ ...track, box: undefined, dashed: true, width: 0 });
    const segs = primGeometry(dashed).segs;
    // 200 mil of 20-on 12-off dashes: 7 dashes, the corner splits one of them
    let on = 0;
    for (let i = 0; i < segs.length; i += 5) on += Math.hypot(segs[i + 2] - segs[i], segs[i + 3] - segs[i + 1]);
    expect(on).toBeCloseTo(6 * 20 + 8, 6);
  });

  it('cells hold every item once, and each cell box contains its items', () => {
    const prims: Prim[] = [];
    for (let i = 0; i < 10_000; i++) {
      const x = (i % 100) * 50, y = Math.floor(i / 100) * 50;
      prims.push(makePrim({ id: `v${i}`, rec: 'VIA', kind: 'via', layer: 12, contours: [circleContour(x, y, 10)], width: 0, filled: true }));
      prims.push(makePrim({ id: `h${i}`, rec: 'VIA', kind: 'hole', layer: 56, contours: [circleContour(x, y, 4)], width: 0, filled: true }));
    }
    const layers = buildGlGeometry(prims);
    expect(layers.map((l) => [l.layer, l.hole, l.segs.length / 5]).sort()).toEqual([[12, false, 10_000], [56, true, 10_000]]);
    const vias = layers.find((l) => !l.hole)!;
    expect(vias.chunks.length).toBeGreaterThan(1);
    let covered = 0;
    for (const c of vias.chunks) {
      expect(c.seg0).toBe(covered);
      covered = c.seg1;
      for (let k = c.seg0; k < c.seg1; k++) {
        const x = vias.segs[5 * k], y = vias.segs[5 * k + 1];
        expect(x >= c.box.minX && x <= c.box.maxX && y >= c.box.minY && y <= c.box.maxY).toBe(true);
      }
    }
    expect(covered).toBe(10_000);
  });
});

describe('[issue-14] WebGL geometry: cell extents for point sprites', () => {
  it("each cell's segExt and boxExt hold every item of the cell (a point sprite of that size covers it), and the largest is reached", () => {
    const prims: Prim[] = [];
    for (let i = 0; i < 3000; i++) {
      const x = (i % 60) * 100, y = Math.floor(i / 60) * 100;
      // tracks of lengths and widths that vary, and rectangular pads turned by varying angles
      const len = 10 + (i % 7) * 15, w = 4 + (i % 5) * 2;
      prims.push(makePrim({ id: `t${i}`, rec: 'LINE', kind: 'track', layer: 1, contours: [{ x0: x, y0: y, segs: [{ k: 'L', x: x + len, y: y + (i % 3) * 10 }], closed: false }], width: w, filled: false }));
      prims.push(makePrim({ id: `p${i}`, rec: 'PAD', kind: 'pad', layer: 1, contours: [rectContour(x + 40, y + 30, 20 + (i % 4) * 5, 12, i % 90, 0)], width: 0, filled: true }));
    }
    const [g] = buildGlGeometry(prims);
    expect(g.chunks.length).toBeGreaterThan(4);
    let maxSeg = 0, maxBox = 0;
    for (const c of g.chunks) {
      let segE = 0, boxE = 0;
      for (let k = c.seg0; k < c.seg1; k++) {
        const o = 5 * k;
        segE = Math.max(segE, Math.max(Math.abs(g.segs[o + 2] - g.segs[o]), Math.abs(g.segs[o + 3] - g.segs[o + 1])) / 2 + g.segs[o + 4]);
      }
      for (let k = c.box0; k < c.box1; k++) boxE = Math.max(boxE, Math.hypot(g.boxes[7 * k + 2], g.boxes[7 * k + 3]));
      expect(c.segExt).toBeCloseTo(segE, 4);
      expect(c.boxExt).toBeCloseTo(boxE, 4);
      maxSeg = Math.max(maxSeg, c.segExt); maxBox = Math.max(maxBox, c.boxExt);
    }
    // the longest track: 100 mil long (half 50) + half width 6; the biggest pad: 35 x 12 (half diagonal)
    expect(g.segs.length / 5).toBe(3000);
    expect(maxSeg).toBeCloseTo(50 + 6, 4);
    expect(maxBox).toBeCloseTo(Math.hypot(35 / 2, 6), 4);
  });
});

describe('[issue-14] WebGL geometry: big primitives cut up', () => {
  it("a pour's fill of many triangles is cut into cells: every triangle once, in a cell whose box holds it", () => {
    // a 100 x 100 grid of square holes in a 5000-mil square: thousands of triangles in one primitive
    const holes = [];
    for (let i = 0; i < 20; i++) for (let j = 0; j < 20; j++) holes.push(rectContour(100 + i * 240, 4900 - j * 240, 100, 100, 0, 0));
    const fill = makePrim({ id: 'f', rec: 'POURED', kind: 'poured', layer: 1, contours: [rectContour(0, 5000, 5000, 5000, 0, 0), ...holes], width: 0, filled: true });
    const vias: Prim[] = [];
    for (let i = 0; i < 3000; i++) vias.push(makePrim({ id: `v${i}`, rec: 'VIA', kind: 'via', layer: 1, contours: [circleContour((i % 60) * 80, Math.floor(i / 60) * 80, 10)], width: 0, filled: true }));
    const [g] = buildGlGeometry([fill, ...vias]);
    const whole = primGeometry(fill).tris.length / 6;
    expect(whole).toBeGreaterThan(128);
    expect(g.split).toEqual([fill]);
    expect(g.prims).not.toContain(fill);
    expect(g.tris.length / 6).toBe(whole);
    expect(triArea(g.tris)).toBeCloseTo(5000 * 5000 - 400 * 100 * 100, 0);
    const cellsWithTris = g.chunks.filter((c) => c.tri1 > c.tri0);
    expect(cellsWithTris.length).toBeGreaterThan(4);
    for (const c of cellsWithTris) for (let v = c.tri0; v < c.tri1; v++) {
      const x = g.tris[2 * v], y = g.tris[2 * v + 1];
      expect(x >= c.box.minX - 1e-3 && x <= c.box.maxX + 1e-3 && y >= c.box.minY - 1e-3 && y <= c.box.maxY + 1e-3).toBe(true);
    }
    // the whole primitives keep their own ranges
    for (let i = 0; i < g.prims.length; i++) expect(g.segEnd[i] - g.segAt[i]).toBe(1);
  });
});
