import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { readEpro } from '@copperplate/format';
import { boardSourceFromArchive, fillPours, listPcbs, resolveBoard, runDrc, type BoardSource } from '@copperplate/board';

const a = readEpro(new Uint8Array(readFileSync('../shared/fixtures/epro/STM32G431-mini.epro')));
const uuid = listPcbs(a)[0].uuid;
const base = boardSourceFromArchive(a, uuid);
const withRecords = (f: (recs: unknown[][]) => unknown[][]): BoardSource => ({ ...base, records: f(base.records.map((r) => [...r])) });
const errorsOf = (src: BoardSource) => runDrc(resolveBoard(src), { skipUnrouted: false }).violations.filter((v) => v.severity === 'error');

describe('[issue-13] DRC', () => {
  it('the STM32 fixture has no errors as EasyEDA left it', () => {
    expect(errorsOf(base)).toEqual([]);
  });
  it('finds a track moved onto a pad of another net (short)', () => {
    // The top-layer PB15 track e724 ends on its pad; move its far end onto the PC6 pad next to it.
    const v = errorsOf(withRecords((rs) => rs.map((r) => (r[0] === 'LINE' && r[1] === 'e724' ? ((r[5] = 2505), (r[6] = -2030), r) : r))));
    expect(v.some((x) => x.rule === 'short' && x.nets?.includes('PB15') && x.nets?.includes('PC6'))).toBe(true);
  });
  it('finds a via shrunk below the via rule', () => {
    const via = base.records.find((r) => r[0] === 'VIA')!;
    const v = errorsOf(withRecords((rs) => rs.map((r) => (r[0] === 'VIA' && r[1] === via[1] ? ((r[8] = 8), r) : r))));
    expect(v.some((x) => x.rule === 'viaSize' && x.items[0] === via[1])).toBe(true);
    expect(v.some((x) => x.rule === 'annularRing' && x.items[0] === via[1])).toBe(true);
  });
  it('finds a pour clearance halved (a fill made with half the COPPER rule clearance)', () => {
    const halved = resolveBoard(withRecords((rs) => rs.map((r) => (r[0] === 'RULE' && r[1] === '7' ? [...r.slice(0, 4), ['mm', 5, 5, ...(r[4] as unknown[]).slice(3)]] : r))));
    const fills = fillPours(halved);
    const model = resolveBoard(base);
    for (const [id, res] of fills) model.stored.set(id, res.polys);
    model.storedSpokes.clear();
    const v = runDrc(model).violations.filter((x) => x.severity === 'error');
    expect(v.some((x) => x.rule === 'clearance' && x.message.includes('fill'))).toBe(true);
    // and the fill made with the rule as written passes
    const ok = resolveBoard(base);
    for (const [id, res] of fillPours(ok)) ok.stored.set(id, res.polys);
    ok.storedSpokes.clear();
    expect(runDrc(ok).violations.filter((x) => x.rule === 'clearance' || x.rule === 'short')).toEqual([]);
  });
  it('finds a track narrower than the rule and a track across the board edge', () => {
    const v = errorsOf(withRecords((rs) => [...rs, ['LINE', 'tnew', 0, 'PA0', 1, 2190, -1400, 2300, -1400, 3]]));
    expect(v.some((x) => x.rule === 'trackWidth' && x.items[0] === 'tnew')).toBe(true);
    expect(v.some((x) => x.rule === 'outline' && x.items[0] === 'tnew')).toBe(true);
  });
  it('finds a via and a track of another net lying wholly inside a stored fill (short, measured from their centre line)', () => {
    // A GND fill on a 1000 x 600 board; a PA0 via and track in the middle of it, far from every edge of the fill.
    const src: BoardSource = { records: [
      ['LAYER', 1, 'TOP', 'Top', 3], ['LAYER', 2, 'BOTTOM', 'Bottom', 3],
      ['POLY', 'o', 0, '', 11, 10, ['R', 0, 600, 1000, 600, 0, 0], 0],
      ['POUR', 'p1', 0, 'GND', 1, 0.2, 'POUR1', 0, [['R', 0, 600, 1000, 600, 0, 0]], ['SOLID', 8], 0, 0],
      ['POURED', 'p1e0', 'p1', 0, 1, [['CIRCLE', 50, 30, 25]], 0], // 10-mil units: a disc of radius 250 mil at (500, 300), over 64 vertices (edge index)
      ['VIA', 'v1', 0, 'PA0', '', 500, 300, 12, 24, 0, null, null, 0],
      ['LINE', 't1', 0, 'PA0', 1, 300, 200, 400, 200, 10],
      ['LINE', 't2', 0, 'PA0', 2, 300, 200, 400, 200, 10],
    ] };
    const m = resolveBoard(src);
    expect(m.stored.get('p1')?.length).toBe(1);
    expect(m.stored.get('p1')![0].outer.length).toBeGreaterThan(64);
    const v = runDrc(m, { skipUnrouted: true }).violations;
    expect(v.some((x) => x.rule === 'short' && x.items.includes('v1'))).toBe(true);
    expect(v.some((x) => x.rule === 'short' && x.items.includes('t1'))).toBe(true);
    expect(v.some((x) => x.items.includes('t2'))).toBe(false); // bottom layer: no fill there
  });
});

describe('[issue-13] DRC footprint overlap by courtyard', () => {
  const falcon = readEpro(new Uint8Array(readFileSync('../shared/fixtures/epro/falcon-flight-FFB6.1.epro')));
  const fsrc = boardSourceFromArchive(falcon, listPcbs(falcon)[0].uuid);
  const overlaps = (src: BoardSource) => runDrc(resolveBoard(src), { skipUnrouted: true }).violations.filter((v) => v.rule === 'footprintOverlap');
  it('falcon-flight: U10 and C19 (copper boxes overlap, courtyards apart) are not reported', () => {
    const m = resolveBoard(fsrc);
    const u10 = m.components.find((c) => c.designator === 'U10')!, c19 = m.components.find((c) => c.designator === 'C19')!;
    expect(u10.courtyard?.length).toBeGreaterThan(0);
    expect(u10.box.maxX > c19.box.minX && c19.box.maxY > u10.box.minY).toBe(true); // the old test's false positive
    expect(overlaps(fsrc).some((v) => v.items.includes(u10.id) && v.items.includes(c19.id))).toBe(false);
  });
  it('a part moved onto another part is reported where their courtyards meet', () => {
    const m = resolveBoard(fsrc);
    const u10 = m.components.find((c) => c.designator === 'U10')!, c19 = m.components.find((c) => c.designator === 'C19')!;
    // move C19 onto U10's position
    const comp = fsrc.records.find((r) => r[0] === 'COMPONENT' && r[1] === u10.id)!;
    const moved = { ...fsrc, records: fsrc.records.map((r) => (r[0] === 'COMPONENT' && r[1] === c19.id ? [...r.slice(0, 4), comp[4], comp[5], ...r.slice(6)] : r)) };
    const v = overlaps(moved).find((x) => x.items.includes(u10.id) && x.items.includes(c19.id));
    expect(v).toBeDefined();
    expect(Math.abs(v!.x - Number(comp[4]))).toBeLessThan(60);
  });
});
