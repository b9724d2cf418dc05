/**
 * Fabrication outputs of the fixture boards, read back with an independent parser (gerber-parser /
 * gerber-plotter): every file parses without warnings, object counts match the board, extents sit
 * inside the board outline, drill hits per tool match the holes; the zip is named as EasyEDA names it.
 */
import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { unzipSync, strFromU8 } from 'fflate';
import { readEpro } from '@copperplate/format';
import { GerberWriter, fabBoard, fabInputFromEpro, fabOutputs, gerberFiles, drillFiles, type FabBoard } from '@copperplate/convert';
import { readBack } from './readback.ts';
import { contoursBox } from '@copperplate/board';

const FIX = new URL('../../../../../shared/fixtures/epro/', import.meta.url);
const load = (name: string): FabBoard => fabBoard(fabInputFromEpro(readEpro(new Uint8Array(readFileSync(new URL(name, FIX))), { name })));
const MM = 0.0254;
const NOW = new Date('2026-01-02T03:04:05Z');

describe('[issue-12] Gerber and drill read back (TriWave-2.1)', () => {
  const b = load('TriWave-2.1.epro');
  const files = gerberFiles(b, { date: '2026-01-02T03:04:05Z' });
  const byName = new Map(files.map((f) => [f.name, f]));

  it('writes the layers EasyEDA writes for this board, under its names', () => {
    expect([...byName.keys()].sort()).toEqual([
      'Gerber_BoardOutlineLayer.GKO', 'Gerber_BottomLayer.GBL', 'Gerber_BottomSilkscreenLayer.GBO', 'Gerber_BottomSolderMaskLayer.GBS',
      'Gerber_DocumentLayer.GDL', 'Gerber_DrillDrawingLayer.GDD', 'Gerber_TopLayer.GTL', 'Gerber_TopPasteMaskLayer.GTP',
      'Gerber_TopSilkscreenLayer.GTO', 'Gerber_TopSolderMaskLayer.GTS',
    ]);
    expect(byName.get('Gerber_TopLayer.GTL')!.text).toContain('%TF.FileFunction,Copper,L1,Top*%');
    expect(byName.get('Gerber_BottomLayer.GBL')!.text).toContain('%TF.FileFunction,Copper,L2,Bot*%');
    expect(byName.get('Gerber_TopSolderMaskLayer.GTS')!.text).toContain('%TF.FilePolarity,Negative*%');
    expect(byName.get('Gerber_TopLayer.GTL')!.text).toMatch(/%TO\.P,[^,*]+,[^*]+\*%/);
    expect(byName.get('Gerber_TopLayer.GTL')!.text).toMatch(/%TO\.N,GND\*%/);
    expect(b.problems).toEqual([]);
  });

  it('top copper: one flash per top and through-hole pad and per via; inside the outline', async () => {
    const rb = await readBack(byName.get('Gerber_TopLayer.GTL')!.text);
    expect(rb.warnings).toEqual([]);
    const topPads = b.pads.filter((p) => p.layer === 1 || p.layer === 12);
    const flashed = topPads.filter((p) => (p.shape as unknown[])[0] !== 'POLY').length;
    expect(rb.ops['op:flash']).toBe(flashed + b.vias.length);
    const o = b.outlineBox;
    const [x0, y0, x1, y1] = rb.box;
    expect(x0).toBeGreaterThanOrEqual(o.minX * MM - 0.01);
    expect(y0).toBeGreaterThanOrEqual(o.minY * MM - 0.01);
    expect(x1).toBeLessThanOrEqual(o.maxX * MM + 0.01);
    expect(y1).toBeLessThanOrEqual(o.maxY * MM + 0.01);
    // The pours are there: regions (fills) plotted.
    expect(rb.plotted.fill).toBeGreaterThan(10);
  });

  it('outline extents are the board outline; masks and paste parse clean', async () => {
    const rb = await readBack(byName.get('Gerber_BoardOutlineLayer.GKO')!.text);
    const o = b.outlineBox;
    expect(rb.box[0]).toBeCloseTo(o.minX * MM - 0.127, 2); // half the 10 mil outline stroke
    expect(rb.box[3]).toBeCloseTo(o.maxY * MM + 0.127, 2);
    for (const n of ['Gerber_TopSolderMaskLayer.GTS', 'Gerber_BottomSolderMaskLayer.GBS', 'Gerber_TopPasteMaskLayer.GTP', 'Gerber_TopSilkscreenLayer.GTO', 'Gerber_DrillDrawingLayer.GDD']) {
      expect((await readBack(byName.get(n)!.text)).warnings, n).toEqual([]);
    }
    const mask = await readBack(byName.get('Gerber_TopSolderMaskLayer.GTS')!.text);
    expect(mask.ops['op:flash']).toBe(b.pads.filter((p) => p.layer === 1 || p.layer === 12).length);
  });

  it('drill files: hits per tool equal the holes, slots routed (G85), plated and non-plated apart', async () => {
    const d = drillFiles(b, { date: 'x' });
    expect(d.map((f) => f.name)).toEqual(['Drill_PTH_Through.DRL', 'Drill_PTH_Through_Via.DRL', 'Drill_NPTH_Through.DRL']);
    const pth = d[0], via = d[1], npth = d[2];
    expect(Object.fromEntries(via.hits)).toEqual({ '0.30500': 55 });
    expect(Object.fromEntries(npth.hits)).toEqual({ '0.64999': 2, '1.40000': 2, '3.87714': 4 });
    expect(Object.fromEntries(pth.hits)).toEqual({ '0.30500': 55, '0.64999': 4, '0.91440': 8, '1.20000': 6 });
    const rb = await readBack(pth.text);
    expect(rb.filetype).toBe('drill');
    expect(rb.warnings).toEqual([]);
    expect(rb.ops['op:flash']).toBe(55 + 8 + 6);
    expect(rb.ops['op:int']).toBe(4); // the 4 slots
  });
});

describe('[issue-12] fabrication zip', () => {
  it('is named Gerber_<board>_<date>.zip and holds the Gerbers and drills; BOM and pick-and-place beside it', () => {
    const input = fabInputFromEpro(readEpro(new Uint8Array(readFileSync(new URL('TriWave-2.1.epro', FIX))), { name: 't' }));
    const res = fabOutputs(input, 'fab', { now: NOW });
    expect(res.files.map((f) => f.name)).toEqual(['Gerber_PCB1_2026-01-02.zip', 'BOM_PCB1_2026-01-02.csv', 'PickAndPlace_PCB1_2026-01-02.csv']);
    const z = unzipSync(res.files[0].data as Uint8Array);
    expect(Object.keys(z)).toContain('Gerber_TopLayer.GTL');
    expect(Object.keys(z)).toContain('Drill_NPTH_Through.DRL');
    expect(Object.keys(z)).not.toContain('PROBLEMS.txt');
    expect(strFromU8(z['Gerber_TopLayer.GTL'])).toContain('%TF.CreationDate,2026-01-02T03:04:05Z*%');
  });
});

describe('[issue-12] bad input: writes what it can and lists every problem', () => {
  it('no outline, an unknown pad shape and a missing footprint are all reported; the zip says it is incomplete', async () => {
    const records: unknown[][] = [
      ['DOCTYPE', 'PCB', '1.8'],
      ['PAD', 'p1', 0, 'N1', 1, '1', 100, -100, 0, null, ['WEIRD', 10, 10], [], 0, 0, 0, 1, 0, null, null, null, null, 0],
      ['PAD', 'p2', 0, 'N1', 1, '2', 200, -100, 0, null, ['RECT', 40, 20, 0], [], 0, 0, 0, 1, 0, null, null, null, null, 0],
      ['LINE', 't1', 0, 'N1', 1, 100, -100, 200, -100, 10, 0],
      ['COMPONENT', 'c1', 0, 1, 500, -500, 0, {}, 0],
      ['ATTR', 'a1', 0, 'c1', 3, null, null, 'Footprint', 'missing-uuid', 0, 0, 'default', 40, 6, 0, 0, 3, 0, 0, 0, 0, 0],
      ['ATTR', 'a2', 0, 'c1', 3, null, null, 'Designator', 'U1', 0, 0, 'default', 40, 6, 0, 0, 3, 0, 0, 0, 0, 0],
    ];
    const res = fabOutputs({ name: 'bad', records }, 'fab', { now: NOW });
    expect(res.problems.some((p) => /no outline/.test(p))).toBe(true);
    expect(res.problems.some((p) => /unknown pad shape "WEIRD"/.test(p))).toBe(true);
    expect(res.problems.some((p) => /U1: footprint missing-uuid not found/.test(p))).toBe(true);
    const z = unzipSync(res.files[0].data as Uint8Array);
    expect(strFromU8(z['PROBLEMS.txt'])).toContain('incomplete');
    const top = await readBack(strFromU8(z['Gerber_TopLayer.GTL']));
    expect(top.ops['op:flash']).toBe(1); // the good pad; the unknown one is left out
    expect(top.ops['op:int']).toBe(1); // the track
  });
});

describe('[issue-12] polygon pads spelled "POLYGON"', () => {
  it('FLIP_C3\'s module ground pad (U5 pad 49, ["POLYGON", path]) is copper, not an unknown shape left out', () => {
    const b = load('FLIP_C3.epro');
    expect(b.problems.filter((p) => /unknown pad shape/.test(p))).toEqual([]);
    const pad = b.pads.find((p) => p.designator === 'U5' && p.number === '49');
    expect((pad?.shape as unknown[])[0]).toBe('POLYGON');
    expect([pad!.net, pad!.layer, pad!.copper.length]).toEqual(['GND', 2, 1]); // U5 sits on the bottom
    // the polygon (57.086 mil square, footprint frame) placed with U5: the same size around the pad's anchor
    const box = contoursBox(pad!.copper);
    expect(box.maxX - box.minX).toBeCloseTo(57.086, 2);
    expect(box.maxY - box.minY).toBeCloseTo(57.086, 2);
    expect(pad!.x > box.minX && pad!.x < box.maxX && pad!.y > box.minY && pad!.y < box.maxY).toBe(true);
  });
});

describe('[issue-12] non-plated holes from multi-layer FILLs at any angle', () => {
  it('a stadium turned 30 degrees is one routed slot between its end-circle centres; a circle is a round hit', async () => {
    const c = Math.cos(Math.PI / 6), s = Math.sin(Math.PI / 6), r = 20;
    const A = [1000, -1000], B = [1000 + 100 * c, -1000 + 100 * s], n = [-s, c];
    const p = (o: number[], k: number) => [o[0] + k * r * n[0], o[1] + k * r * n[1]];
    // Board FILL sweeps are stored x10.
    const stadium = [...p(A, 1), 'L', ...p(B, 1), 'ARC', -1800, ...p(B, -1), 'L', ...p(A, -1), 'ARC', -1800, ...p(A, 1)];
    const records: unknown[][] = [
      ['DOCTYPE', 'PCB', '1.8'],
      ['FILL', 'f1', 0, '', 12, 0, 0, [stadium], 0],
      ['FILL', 'f2', 0, '', 12, 0, 0, [['CIRCLE', 2000, -1000, 30]], 0],
    ];
    const b = fabBoard({ name: 'slots', records });
    expect(b.holes.map((h) => [h.kind, Math.round(h.w * 1000) / 1000, Math.round(h.h * 1000) / 1000])).toEqual([['npth', 140, 40], ['npth', 60, 60]]);
    const npth = drillFiles(b, { date: 'x' }).find((f) => f.kind === 'npth')!;
    const slot = /X(-?[\d.]+)Y(-?[\d.]+)G85X(-?[\d.]+)Y(-?[\d.]+)/.exec(npth.text)!.slice(1).map(Number);
    const ends = [[slot[0], slot[1]], [slot[2], slot[3]]].sort((u, v) => u[0] - v[0]);
    expect(ends[0][0]).toBeCloseTo(A[0] * MM, 4);
    expect(ends[0][1]).toBeCloseTo(A[1] * MM, 4);
    expect(ends[1][0]).toBeCloseTo(B[0] * MM, 4);
    expect(ends[1][1]).toBeCloseTo(B[1] * MM, 4);
    expect(Object.fromEntries(npth.hits)).toEqual({ '1.01600': 1, '1.52400': 1 });
    const rb = await readBack(npth.text);
    expect(rb.warnings).toEqual([]);
    expect(rb.ops['op:int']).toBe(1);
    expect(rb.ops['op:flash']).toBe(1);
  });
});

describe('[issue-12] inner planes without a stored fill keep off the board edge, FILL holes and other nets by the plane clearance plus 0.1 mil', () => {
  const records: unknown[][] = [
    ['DOCTYPE', 'PCB', '1.8'],
    ['LAYER', 15, 'PLANE', 'GND', 3, '#000000', 1, '#000000', 1],
    ['NET', 'GND', null, null, null, null, 1],
    ['POLY', 'o', 0, '', 11, 10, [0, 0, 'L', 1000, 0, 1000, -1000, 0, -1000, 0, 0], 0],
    ['FILL', 'h', 0, '', 12, 0, 0, [['CIRCLE', 500, -500, 50]], 0],
    // A square-cornered pin 1 of another net: its anti-pad is the pad grown by 10.1 mil with round corners.
    ['PAD', 'p1', 0, 'SIG', 12, '1', 250, -250, 0, ['ROUND', 30, 30], ['RECT', 60, 70, 0], null, 0, 0, 0, 1, 0, null, null, null, null, 0],
  ];
  const b = fabBoard({ name: 'plane', records });
  const g1 = gerberFiles(b, { date: 'x' }).find((f) => /InnerLayer1/.test(f.name))!.text;
  const clear = g1.slice(g1.indexOf('%LPC*%'), g1.lastIndexOf('%LPD*%'));
  const code = (def: string) => new RegExp(`%ADD(\\d+)${def.replace('.', '\\.')}\\*%`).exec(g1)?.[1];

  it('the plane region, then in clear polarity the outline stroked 2 x 10.1 mil wide and the hole grown by 10.1 mil (Hexapod: 0.25654 mm, as EasyEDA)', () => {
    expect(b.planes.map((p) => [p.layer, p.net, p.clearance])).toEqual([[15, 'GND', 10]]);
    const edge = code('C,0.51308'), hole = code('C,3.05308');
    expect(edge).toBeDefined();
    expect(hole).toBeDefined();
    expect(clear).toContain(`D${edge}*`);
    expect(clear).toMatch(new RegExp(`D${hole}\\*\\s*X12700000Y-12700000D03`));
  });

  it('the anti-pad of a square pad is a region (gerbv clears only the corner circles of a RoundRect flash in clear polarity; Hexapod G1 0.20% -> 0.04%, G2 0.30% -> 0.10%)', async () => {
    expect(clear).not.toMatch(/RoundRect/);
    expect(g1.slice(0, g1.indexOf('%LPC*%'))).not.toMatch(/%ADD\d+RoundRect/);
    const regions = clear.split('G36*').slice(1).map((r) => [...r.split('G37*')[0].matchAll(/X(-?\d+)Y(-?\d+)/g)].map((m) => [Number(m[1]) / 1e6, Number(m[2]) / 1e6]));
    expect(regions.length).toBe(1);
    const xs = regions[0].map((p) => p[0]), ys = regions[0].map((p) => p[1]);
    const mm = (mil: number) => mil * MM;
    expect(Math.min(...xs)).toBeCloseTo(mm(250 - 30 - 10.1), 4);
    expect(Math.max(...xs)).toBeCloseTo(mm(250 + 30 + 10.1), 4);
    expect(Math.min(...ys)).toBeCloseTo(mm(-250 - 35 - 10.1), 4);
    expect(Math.max(...ys)).toBeCloseTo(mm(-250 + 35 + 10.1), 4);
    expect(clear).toMatch(/G0[23]X/); // the corners are arcs of 10.1 mil
    expect((await readBack(g1)).warnings).toEqual([]);
  });
});

describe('[issue-12] full circles are written from their leftmost point, counter-clockwise, as EasyEDA writes them', () => {
  it('a circle starting at its top (a rotated footprint\'s) is restarted at the left: gerbv draws the same pixels (TriWave GDL 1.85% -> 0.00%)', async () => {
    const w = new GerberWriter({ fileFunction: 'Other,Document', polarity: 'Positive', layerName: 'DocumentLayer', date: 'x' });
    w.stroke({ x0: 100, y0: 60, closed: true, segs: [{ k: 'A', sweep: 180, x: 100, y: -20 }, { k: 'A', sweep: 180, x: 100, y: 60 }] }, 10, 'Other,Document');
    const g = w.finish();
    expect(g).toContain(`X${60 * 25400}Y${20 * 25400}D02*`);
    expect(g).toContain(`G03X${140 * 25400}Y${20 * 25400}I${40 * 25400}J0D01*`);
    expect(g).toContain(`G03X${60 * 25400}Y${20 * 25400}I${-40 * 25400}J0D01*`);
    const rb = await readBack(g);
    expect(rb.warnings).toEqual([]);
    expect(rb.box.map((v) => Math.round(v * 1000) / 1000)).toEqual([55 * MM, -25 * MM, 145 * MM, 65 * MM].map((v) => Math.round(v * 1000) / 1000));
  });
});

describe('[issue-12] a Gerber file of regions only is still a Gerber file to readers', () => {
  // CS2-C4's adapter board (a project not in the fixtures): its bottom paste is two polygon pads, so
  // the file defined no aperture and gerbv refused it ("Unknown file type"): a board house's viewer
  // showed an empty paste layer. EasyEDA defines an aperture in every file.
  it('defines an aperture and gerbv reads it and draws the region', async () => {
    const { spawnSync } = await import('node:child_process');
    const { mkdtempSync, writeFileSync, existsSync, rmSync } = await import('node:fs');
    const { join } = await import('node:path');
    const { tmpdir } = await import('node:os');
    const root = new URL('../../../../', import.meta.url).pathname;
    const w = new GerberWriter({ fileFunction: 'Paste,Bot', polarity: 'Positive', layerName: 'BottomPasteMaskLayer', date: 'x' });
    w.region({ x0: 0, y0: 0, closed: true, segs: [{ k: 'L', x: 40, y: 0 }, { k: 'L', x: 40, y: 30 }, { k: 'L', x: 0, y: 30 }, { k: 'L', x: 0, y: 0 }] }, 'Other,Paste');
    const g = w.finish();
    expect(g).toMatch(/%ADD\d+C,/);
    expect(spawnSync(process.execPath, [join(root, 'scripts/ensure.mjs'), '--gerbv'], { stdio: 'ignore' }).status).toBe(0);
    const dir = mkdtempSync(join(tmpdir(), 'cp-gbp-'));
    try {
      writeFileSync(join(dir, 'x.GBP'), g);
      const r = spawnSync('gerbv', ['-x', 'png', '-D', '300', '-o', join(dir, 'x.png'), join(dir, 'x.GBP')], { encoding: 'utf8' });
      expect(r.stderr).not.toMatch(/Unknown file type|Could not read/);
      expect(existsSync(join(dir, 'x.png'))).toBe(true);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
