import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { readEpro } from '@copperplate/format';
import {
  CLIP_SCALE, MULTI, area, boxOfPaths, intersect, union, boardSourceFromArchive, compareFills, fillPaths, fillPours, listPcbs, offset, resolveBoard, storedFill,
  circlePath, segmentPath, thermalKnockout, pointInPoly, POUR_EXTRA_CLEARANCE, RecordIndex, TileCache, touchedPours, updateBoard, indexBoard, type BoardSource,
} from '@copperplate/board';
import { generateBoard } from '../../../bench/lib/gen-board.ts';

const S = CLIP_SCALE;
/** A 1000 x 600 mil two-layer board with a GND pour on top over the whole board. */
function board(extra: unknown[][], pour: unknown[] = ['POUR', 'p1', 0, 'GND', 1, 0.2, 'POUR1', 0, [['R', -50, 650, 1100, 700, 0, 0]], ['SOLID', 8], 0, 0]): BoardSource {
  return {
    records: [
      ['LAYER', 1, 'TOP', 'Top', 3], ['LAYER', 2, 'BOTTOM', 'Bottom', 3],
      ['POLY', 'o', 0, '', 11, 10, ['R', 0, 600, 1000, 600, 0, 0], 0],
      ['RULE', '7', 'copperRegion', 1, ['mm', 10, 10, 0, 10, 10, 90, 0, 0, 10, 10, 90]],
      pour,
      ['LINE', 'anchor', 0, 'GND', 1, 40, 40, 60, 40, 10], // GND copper so the fill is not an island
      ...extra,
    ],
  };
}
const fillOf = (src: BoardSource, id = 'p1') => fillPours(resolveBoard(src)).get(id)!;
const inside = (polys: ReturnType<typeof fillOf>['polys'], x: number, y: number) => polys.some((p) => pointInPoly(x * S, y * S, p));

describe('clip layer (1 unit = 0.01 mil)', () => {
  it('circles and stadiums have the area of their shapes within the arc tolerance', () => {
    expect(Math.abs(area([circlePath(0, 0, 100000)]) / (Math.PI * 100000 * 100000) - 1)).toBeLessThan(0.002);
    const st = segmentPath(0, 0, 50000, 0, 10000);
    expect(Math.abs(area([st]) / (50000 * 10000 + Math.PI * 5000 * 5000) - 1)).toBeLessThan(0.002);
  });
  it('offset grows a square by the delta on each side', () => {
    const sq = [[{ x: 0, y: 0 }, { x: 100000, y: 0 }, { x: 100000, y: 100000 }, { x: 0, y: 100000 }]];
    const a = area(offset(sq, 10000));
    const exact = 120000 * 120000 - 4 * 10000 * 10000 * (1 - Math.PI / 4);
    expect(Math.abs(a / exact - 1)).toBeLessThan(0.001);
  });
  it('a thermal relief keeps four spokes across the gap', () => {
    const pad = { key: 'a', kind: 'pad' as const, net: 'GND', layer: 1, cx: 0, cy: 0, angle: 0, paths: [circlePath(0, 0, 2000)], box: { minX: -2000, minY: -2000, maxX: 2000, maxY: 2000 } };
    const k = thermalKnockout(pad, { mode: 'spokes', width: 10, gap: 10, angle: 90 });
    const gap = (10 + POUR_EXTRA_CLEARANCE) * S;
    const ring = Math.PI * ((2000 + gap) ** 2 - 2000 ** 2);
    const spokes = 4 * 10 * S * gap;
    expect(Math.abs(area(k) - (ring - spokes + Math.PI * 2000 ** 2)) / ring).toBeLessThan(0.03);
  });
});

describe('pour fill', () => {
  it('keeps the clearance of the COPPER rule (+ EasyEDA extra) from other-net copper and the outline', () => {
    const f = fillOf(board([['LINE', 't', 0, 'SIG', 1, 200, 300, 800, 300, 10]]));
    const c = 10 + POUR_EXTRA_CLEARANCE;
    expect(inside(f.polys, 500, 300 + 5 + c - 0.5)).toBe(false);
    expect(inside(f.polys, 500, 300 + 5 + c + 0.5)).toBe(true);
    expect(inside(f.polys, c - 0.5, 100)).toBe(false);
    expect(inside(f.polys, c + 0.5, 100)).toBe(true);
  });
  it('connects a same-net track directly and removes islands touching no copper of the net', () => {
    // a SIG track walls off a strip at the top; the strip holds no GND copper, so it is removed
    const walls = [['LINE', 'w', 0, 'SIG', 1, -20, 520, 1020, 520, 10], ['LINE', 'g', 0, 'GND', 1, 100, 200, 900, 200, 10]];
    const f = fillOf(board(walls));
    expect(inside(f.polys, 500, 200)).toBe(true); // over the GND track
    expect(inside(f.polys, 500, 570)).toBe(false);
    expect(f.removedIslands).toBe(1);
    const keep = fillOf(board(walls, ['POUR', 'p1', 0, 'GND', 1, 0.2, 'POUR1', 0, [['R', -50, 650, 1100, 700, 0, 0]], ['SOLID', 8], 1, 0]));
    expect(inside(keep.polys, 500, 570)).toBe(true);
  });
  it('relieves same-net pads with spokes and clears other-net pads', () => {
    const pads = [
      ['PAD', 'a', 0, 'GND', 1, '1', 300, 300, 0, null, ['RECT', 40, 40, 0], null, 0, 0, 0, 1, 0, null, null, null, null, 0],
      ['PAD', 'b', 0, 'SIG', 1, '2', 700, 300, 0, null, ['RECT', 40, 40, 0], null, 0, 0, 0, 1, 0, null, null, null, null, 0],
    ];
    const f = fillOf(board(pads));
    const gap = 10 + POUR_EXTRA_CLEARANCE;
    expect(inside(f.polys, 300 + 20 + gap / 2, 300)).toBe(true); // spoke along x
    expect(inside(f.polys, 300 + 20 + gap / 2, 300 + 15)).toBe(false); // relief gap beside it
    expect(inside(f.polys, 700 + 20 + gap / 2, 300)).toBe(false); // other net: no spoke
  });
  it('[issue-13] leaves out the spokes that reach no fill, as EasyEDA does: between pads whose reliefs meet, and past the pour edge', () => {
    // c and d 40 mil wide, 20 mil apart (reliefs of 14.1 mil meet); e alone; f with its top 10.9 mil
    // below the fill's top edge (the board edge at 600 less 14.1 mil), closer than its relief gap
    const pad = (id: string, x: number, y: number) => ['PAD', id, 0, 'GND', 1, '1', x, y, 0, null, ['RECT', 40, 40, 0], null, 0, 0, 0, 1, 0, null, null, null, null, 0];
    const f = fillOf(board([pad('c', 300, 300), pad('d', 360, 300), pad('e', 600, 300), pad('f', 800, 555)]));
    const gap = 10 + POUR_EXTRA_CLEARANCE;
    expect(inside(f.polys, 330, 300)).toBe(false); // between c and d: no spoke
    expect(inside(f.polys, 300 - 20 - gap / 2, 300)).toBe(true); // c's other spokes stay
    expect(inside(f.polys, 300, 300 + 20 + gap / 2)).toBe(true);
    for (const [x, y] of [[620 + gap / 2, 300], [580 - gap / 2, 300], [600, 320 + gap / 2], [600, 280 - gap / 2]]) expect(inside(f.polys, x, y)).toBe(true); // e keeps four
    expect(inside(f.polys, 800, 580)).toBe(false); // f: its upward spoke would end past the fill's edge
    expect(inside(f.polys, 800, 535 - gap / 2)).toBe(true);
  });
  it('knocks out holes, keep-out regions and gives way to a higher-priority pour of another net', () => {
    const recs = [
      ['VIA', 'v', 0, 'GND', '', 200, 200, 12, 24, 0, null, null, 0],
      ['VIA', 'w', 0, 'SIG', '', 300, 200, 12, 24, 0, null, null, 0],
      ['REGION', 'k', 0, 1, 0.2, [7], [['R', 400, 400, 100, 100, 0, 0]], 0, null],
      ['POUR', 'p0', 0, 'VCC', 1, 0.2, 'POUR0', -1, [['R', 700, 500, 200, 200, 0, 0]], ['SOLID', 8], 1, 0],
    ];
    const m = resolveBoard(board(recs));
    const r = fillPours(m);
    const f = r.get('p1')!;
    expect(inside(f.polys, 200, 200)).toBe(true); // same-net via: connected directly, covered
    expect(inside(f.polys, 300, 200)).toBe(false); // other-net via
    expect(inside(f.polys, 300 + 12 + 13, 200)).toBe(false); // its clearance (10 + 4.1 mil)
    expect(inside(f.polys, 300 + 12 + 15, 200)).toBe(true);
    expect(inside(f.polys, 450, 350)).toBe(false); // keep-out
    expect(inside(f.polys, 800, 400)).toBe(false); // the VCC pour's area
    expect(inside(r.get('p0')!.polys, 800, 400)).toBe(true);
  });
  it('a net rule larger than the default clears the pour across a tile border (the search radius counts every rule)', () => {
    // a 4000 mil board is filled in 800 mil tiles from x = 14.1 (outline clearance); the SIG track
    // ends at x = 745, 69 mil before the tile border, and SIG's own rule asks 100 mil to the pour
    const big = Array.from({ length: 10 }, (_, i) => Array.from({ length: i + 1 }, () => 100));
    const small = Array.from({ length: 10 }, (_, i) => Array.from({ length: i + 1 }, () => 6));
    const src: BoardSource = {
      records: [
        ['LAYER', 1, 'TOP', 'Top', 3], ['LAYER', 2, 'BOTTOM', 'Bottom', 3],
        ['POLY', 'o', 0, '', 11, 10, ['R', 0, 600, 4000, 600, 0, 0], 0],
        ['RULE', '1', 'Safe', 1, ['mil', small]], ['RULE', '1', 'Big', 0, ['mil', big]],
        ['RULE_SELECTOR', ['NET', 'SIG'], 0, { 1: 'Big' }],
        ['RULE', '7', 'copperRegion', 1, ['mm', 10, 10, 0, 10, 10, 90, 0, 0, 10, 10, 90]],
        ['POUR', 'p1', 0, 'GND', 1, 0.2, 'POUR1', 0, [['R', -50, 650, 4100, 700, 0, 0]], ['SOLID', 8], 1, 0],
        ['LINE', 'anchor', 0, 'GND', 1, 3000, 40, 3100, 40, 10],
        ['LINE', 't', 0, 'SIG', 1, 200, 300, 740, 300, 10],
      ],
    };
    const f = fillOf(src);
    expect(inside(f.polys, 500, 300 + 5 + 95)).toBe(false); // beside the track, in its own tile
    expect(inside(f.polys, 830, 300)).toBe(false); // 90 mil past its end, in the next tile
    expect(inside(f.polys, 745 + 100 + 5, 300)).toBe(true);
    expect(inside(f.polys, 2000, 300)).toBe(true);
  });
  it('hatches a pour whose fill type is not SOLID', () => {
    const solid = fillOf(board([]));
    const hatched = fillOf(board([], ['POUR', 'p1', 0, 'GND', 1, 0.2, 'POUR1', 0, [['R', -50, 650, 1100, 700, 0, 0]], ['HATCH', 10], 1, 0]));
    const a = Math.abs(area(fillPaths(hatched.polys))), b = Math.abs(area(fillPaths(solid.polys)));
    expect(a).toBeGreaterThan(0.2 * b);
    expect(a).toBeLessThan(0.9 * b);
  });
});

describe('[issue-13] refill of the fixture boards matches EasyEDA', () => {
  // Same-net copper in the pour counts on both sides (as scripts/pour-compare.ts does): FLIP_C3's
  // POUR4 fill leaves its GND track e322 to the track (fill beside it, not over it).
  const cases = ['STM32G431-mini.epro', 'ExtModule-002.epro', 'ExtModule-003.epro', 'TriWave-2.1.epro', 'falcon-flight-FFB6.1.epro', 'FLIP_C3.epro', 'Hexapod.epro2'];
  for (const file of cases) {
    it(`${file}: every pour within 2% of EasyEDA's fill area`, { timeout: 120_000 }, () => {
      const a = readEpro(new Uint8Array(readFileSync(`../shared/fixtures/epro/${file}`)));
      const m = resolveBoard(boardSourceFromArchive(a, listPcbs(a)[0].uuid));
      const res = fillPours(m);
      expect(m.pours.length).toBeGreaterThan(0);
      for (const p of m.pours) {
        const own = m.items.filter((it) => p.net !== '' && it.net === p.net && (it.layer === p.layer || it.layer === MULTI)).flatMap((it) => it.paths);
        const ownIn = own.length ? intersect(union(own), p.outline) : [];
        const withOwn = (ps: ReturnType<typeof fillPaths>) => (ownIn.length ? union(ps, ownIn) : ps);
        const d = compareFills(withOwn(storedFill(m, p.id)), withOwn(fillPaths(res.get(p.id)!.polys)), S);
        expect(d.refPixels, p.name).toBeGreaterThan(0);
        expect(d.percent, `${file} ${p.name}`).toBeLessThan(2);
      }
    });
  }
});

describe('[issue-13] the fill stays inside its own pour outline as EasyEDA\'s does', () => {
  it('a pour inside the board is filled 4 mil inside its outline (the board outline keeps its clearance)', () => {
    // a 400 x 300 mil pour in the middle of the board with a GND track in it
    const m = resolveBoard(board([['LINE', 'g', 0, 'GND', 1, 450, 300, 550, 300, 10]], ['POUR', 'p1', 0, 'GND', 1, 0.2, 'POUR1', 0, [['R', 300, 450, 400, 300, 0, 0]], ['SOLID', 8], 0, 0]));
    const b = boxOfPaths(fillPaths(fillPours(m).get('p1')!.polys));
    expect([b.minX, b.minY, b.maxX, b.maxY].map((v) => v / S)).toEqual([304, 154, 696, 446]);
  });
  it('Hexapod LM66200_GND: our fill has the box of EasyEDA\'s stored fill (4.00 mil inside the pour outline on every side)', { timeout: 120_000 }, () => {
    const a = readEpro(new Uint8Array(readFileSync('../shared/fixtures/epro/Hexapod.epro2')));
    const m = resolveBoard(boardSourceFromArchive(a, listPcbs(a)[1].uuid));
    const p = m.pours.find((q) => q.name === 'LM66200_GND')!;
    const ours = boxOfPaths(fillPaths(fillPours(m, { only: [p.id] }).get(p.id)!.polys)), ref = boxOfPaths(storedFill(m, p.id));
    for (const k of ['minX', 'minY', 'maxX', 'maxY'] as const) expect(Math.abs(ours[k] - ref[k]) / S, k).toBeLessThan(0.05);
  });
});

describe('[issue-13] V3 keep-outs', () => {
  it('a REGION prohibiting "COPPER" clears the pour: ESP32-MPU6050 POUR2 within 2% of EasyEDA (5.88% when ignored)', { timeout: 120_000 }, () => {
    const a = readEpro(new Uint8Array(readFileSync('../shared/fixtures/epro/ESP32-MPU6050.epro2')), { name: 'ESP32-MPU6050.epro2' });
    const m = resolveBoard(boardSourceFromArchive(a, listPcbs(a)[0].uuid));
    expect(m.keepouts.some((k) => k.prohibit.includes('COPPER'))).toBe(true);
    const p = m.pours.find((q) => q.name === 'POUR2')!;
    const d = compareFills(storedFill(m, p.id), fillPaths(fillPours(m).get(p.id)!.polys), S);
    expect(d.percent).toBeLessThan(2);
  });
});

describe('incremental refill', () => {
  it('after moving one part only the tiles in its reach are filled again, and the result equals a full refill', { timeout: 120_000 }, () => {
    const src = generateBoard(2000);
    const m = resolveBoard(src);
    const cache = new TileCache();
    fillPours(m, { cache });
    const moved = { ...src, records: src.records.map((r) => (r[0] === 'COMPONENT' && r[1] === 'c0' ? [...r.slice(0, 4), (r[4] as number) + 40, ...r.slice(5)] : r)) };
    const m2 = resolveBoard(moved);
    const touched = touchedPours(m, m2);
    expect(touched.length).toBe(8); // a through-hole part: every layer
    const miss = cache.misses, hits = cache.hits;
    const inc = fillPours(m2, { only: touched, cache });
    const refilled = cache.misses - miss;
    expect(refilled).toBeGreaterThan(0);
    expect(refilled).toBeLessThan((cache.hits - hits) / 4);
    const full = fillPours(m2);
    for (const id of touched) {
      const d = compareFills(fillPaths(full.get(id)!.polys), fillPaths(inc.get(id)!.polys), 100);
      expect(d.diffPixels).toBe(0);
    }
  });
  it('[issue-13] an in-place update (updateBoard) refills only the tiles in reach and equals a full rebuild and refill', { timeout: 180_000 }, () => {
    const src = generateBoard(2000);
    const m = resolveBoard(src);
    indexBoard(m);
    const cache = new TileCache();
    for (const [id, r] of fillPours(m, { cache })) m.stored.set(id, r.polys);
    const sameModel = (a: typeof m, b: typeof m) => {
      const sig = (x: typeof m) => x.items.map((it) => `${it.key}|${it.layer}|${it.net}|${it.box.minX},${it.box.minY},${it.box.maxX},${it.box.maxY}`).sort().join('\n');
      expect(sig(a)).toBe(sig(b));
      expect(a.holes.map((h) => `${h.key}|${h.cx},${h.cy}`).sort()).toEqual(b.holes.map((h) => `${h.key}|${h.cx},${h.cy}`).sort());
    };
    // move a through-hole part (in place: as many items come back) and a track
    const moved = { ...src, records: src.records.map((r) => (r[0] === 'COMPONENT' && r[1] === 'c0' ? [...r.slice(0, 4), (r[4] as number) + 40, ...r.slice(5)] : r[0] === 'LINE' && r[1] === 't5' ? [...r.slice(0, 5), (r[5] as number) + 30, ...r.slice(6)] : r)) };
    const miss = cache.misses, hits = cache.hits;
    const u = updateBoard(m, moved, ['c0', 't5'], cache);
    expect(u.rebuild).toBe(false);
    expect(u.touched.length).toBe(8); // a through-hole part: every layer
    const inc = fillPours(m, { only: u.touched, cache });
    expect(cache.misses - miss).toBeGreaterThan(0);
    expect(cache.misses - miss).toBeLessThan((cache.hits - hits) / 4);
    const fresh = resolveBoard(moved);
    sameModel(m, fresh);
    const full = fillPours(fresh);
    for (const id of u.touched) expect(compareFills(fillPaths(full.get(id)!.polys), fillPaths(inc.get(id)!.polys), 100).diffPixels).toBe(0);
    // delete a via (fewer items: the arrays are compacted) and refill again
    const noVia = { ...moved, records: moved.records.filter((r) => !(r[0] === 'VIA' && r[1] === 'v8')) };
    const u2 = updateBoard(m, noVia, ['v8'], cache);
    const inc2 = fillPours(m, { only: u2.touched, cache });
    const fresh2 = resolveBoard(noVia);
    sameModel(m, fresh2);
    const full2 = fillPours(fresh2);
    for (const id of u2.touched) expect(compareFills(fillPaths(full2.get(id)!.polys), fillPaths(inc2.get(id)!.polys), 100).diffPixels).toBe(0);
  });
  it('[issue-13] a record index gives a part\'s records as reading every record does, after replacing and adding records', () => {
    const src = generateBoard(2000);
    const recs = new RecordIndex([...src.records]);
    const scan = (ids: string[]) => recs.records.filter((r) => ids.includes(String(r[0] === 'ATTR' ? r[3] : r[0] === 'PAD_NET' ? r[1] : r[1])));
    expect(recs.of(['c0', 't5', 'v8'])).toEqual(scan(['c0', 't5', 'v8']));
    const at = recs.find('c0', 'COMPONENT')!;
    recs.set(at, [...recs.records[at].slice(0, 4), 999, ...recs.records[at].slice(5)]);
    recs.push(['PAD_NET', 'c0', '3', 'GND', 'p3']);
    // a record handed to another part
    const attr = recs.records.findIndex((r) => r[0] === 'ATTR' && r[3] === 'c1');
    recs.set(attr, [...recs.records[attr].slice(0, 3), 'c0', ...recs.records[attr].slice(4)]);
    expect(recs.of(['c0'])).toEqual(scan(['c0']));
    expect(recs.of(['c1'])).toEqual(scan(['c1']));
    expect(recs.of(['c0']).find((r) => r[0] === 'COMPONENT')![4]).toBe(999);
  });
  it('an edit names only the pours within its reach, and a refill of an untouched board reuses every tile', () => {
    // Two pours on the top layer, left and right; a track added near the left one touches only it.
    const two = (extra: unknown[][]): BoardSource => board([
      ['POUR', 'p2', 0, 'GND', 1, 0.2, 'POUR2', 0, [['R', 600, 550, 380, 500, 0, 0]], ['SOLID', 8], 0, 0], ...extra,
    ], ['POUR', 'p1', 0, 'GND', 1, 0.2, 'POUR1', 0, [['R', 20, 550, 380, 500, 0, 0]], ['SOLID', 8], 0, 0]);
    const m1 = resolveBoard(two([]));
    const m2 = resolveBoard(two([['LINE', 'near', 0, 'N1', 1, 100, 300, 200, 300, 10]]));
    const cache = new TileCache();
    expect(touchedPours(m1, m2, cache)).toEqual(['p1']);
    expect(touchedPours(m1, resolveBoard(two([['LINE', 'far', 0, 'N1', 2, 100, 300, 200, 300, 10]])))).toEqual([]); // other layer
    fillPours(m1, { cache });
    const h = cache.hits, miss = cache.misses;
    fillPours(resolveBoard(two([])), { cache });
    expect(cache.misses - miss).toBe(0);
    expect(cache.hits - h).toBeGreaterThan(0);
  });
});
