/**
 * Two things that broke on boards nobody here had seen (moribaka/ChisFlash-MBC5 and ChisFlash-MBCX,
 * EasyEDA Pro 2.2 boards with EasyEDA's own Gerbers beside them):
 * - ChisFlash-MBCX moves its PCB's CANVAS origin to (59.38, -204.05) mil: EasyEDA wrote every layer,
 *   the drills and the positions in that origin's frame, ours were 1.51 x 5.18 mm off (every layer
 *   differed 67-199%; 0.00% once moved);
 * - ChisFlash-MBC5-MAX's battery holder keeps a pad hole ["ROUND", 275.59, 260]: EasyEDA drills it
 *   round, 6.604 mm (260 mil), where we wrote a routed slot.
 * Read back by an independent parser (gerber-parser / gerber-plotter).
 */
import { describe, expect, it } from 'vitest';
import { strFromU8, unzipSync } from 'fflate';
import type { Raw } from '@copperplate/format/records';
import { fabBoard, fabInputFromEpro, fabOutputs, type FabInput } from '@copperplate/convert';
import { holeContours, holeSize } from '@copperplate/board';
import { generateBoard } from './generate-board.ts';
import { readBack } from './readback.ts';

const MM = 0.0254;
const NOW = { now: new Date('2026-01-01T00:00:00Z') };
const asText = (d: string | Uint8Array) => (typeof d === 'string' ? d : strFromU8(d));

describe('[issue-12] outputs in the frame of the PCB\'s CANVAS origin', () => {
  it('a moved origin moves every Gerber, drill file and position by minus the origin (ChisFlash-MBCX was 1.5 x 5.2 mm off)', { timeout: 120_000 }, async () => {
    const g = generateBoard(2);
    const base = fabInputFromEpro(g.archive, g.pcbUuid);
    const ox = 59.3809, oy = -204.0506;
    const moved: FabInput = { ...base, records: [...base.records.filter((r) => r[0] !== 'CANVAS'), ['CANVAS', ox, oy, 'mil', 1, 1, 1, 1, 1, 1, 2, 0, 5] as Raw] };
    const a = fabOutputs(base, 'fab', NOW), b = fabOutputs(moved, 'fab', NOW);
    expect(b.problems).toEqual(a.problems);
    const za = unzipSync(a.files[0].data as Uint8Array), zb = unzipSync(b.files[0].data as Uint8Array);
    const names = Object.keys(za).filter((n) => /\.(G[A-Z0-9]+|DRL)$/.test(n));
    expect(names.length).toBeGreaterThan(8);
    expect(Object.keys(zb).sort()).toEqual(Object.keys(za).sort());
    for (const n of names) {
      const ra = await readBack(strFromU8(za[n])), rb = await readBack(strFromU8(zb[n]));
      expect(rb.warnings, n).toEqual([]);
      expect(rb.ops, n).toEqual(ra.ops);
      if (!(ra.box[0] <= ra.box[2])) continue;
      const want = [ra.box[0] - ox * MM, ra.box[1] - oy * MM, ra.box[2] - ox * MM, ra.box[3] - oy * MM];
      // Excellon coordinates are written with 3 decimals (mm).
      rb.box.forEach((v, i) => expect(Math.abs(v - want[i]), `${n} box[${i}]`).toBeLessThan(0.002));
    }
    // Pick-and-place: every position column moved by minus the origin, nothing else changed.
    const rows = (r: typeof a) => asText(r.files.find((f) => f.name.startsWith('PickAndPlace_'))!.data).trim().split('\n').slice(1).map((l) => l.split(',').map((c) => c.replace(/^"|"$/g, '')));
    const pa = rows(a), pb = rows(b);
    expect(pb.length).toBe(pa.length);
    expect(pa.length).toBeGreaterThan(3);
    pa.forEach((r, i) => {
      const s = pb[i];
      expect(s[0]).toBe(r[0]);
      for (const [col, d] of [[3, ox], [4, oy], [5, ox], [6, oy], [7, ox], [8, oy]] as const) {
        if (r[col] === '') continue;
        expect(Math.abs(parseFloat(s[col]) - (parseFloat(r[col]) - d * MM)), `${r[0]} column ${col}`).toBeLessThan(2e-4);
      }
      expect(s.slice(9)).toEqual(r.slice(9));
    });
  });
});

describe('[issue-12] a "ROUND" pad hole whose width and height differ', () => {
  const pad = (hole: unknown[]): Raw => ['PAD', 'e48', 0, '', 12, '1', 0, 0, 0, hole, ['ELLIPSE', 260, 260], [], 0, 0, 0, 1, 0, 4, 4, 0, 0, 0, null, null, null, null, []] as Raw;
  const outline: Raw[] = [['POLY', 'e1', 0, '', 11, 10, ['R', -500, -500, 1000, 1000, 0, 0], 0] as Raw];

  it('is drilled round at the smaller size, as EasyEDA drills ChisFlash-MBC5-MAX\'s ["ROUND",275.59,260] (6.604 mm), not routed as a slot', async () => {
    expect(holeSize(['ROUND', 275.59, 260])).toEqual({ w: 260, h: 260 });
    expect(holeSize(['SLOT', 55.118, 25.59])).toEqual({ w: 55.118, h: 25.59 });
    const hc = holeContours(['ROUND', 275.59, 260])[0];
    const xs = [hc.x0, ...hc.segs.map((s) => s.x)];
    expect(Math.max(...xs) - Math.min(...xs)).toBeCloseTo(260, 3);
    const b = fabBoard({ name: 'round', records: [['DOCTYPE', 'PCB', '1.8'] as Raw, ...outline, pad(['ROUND', 275.59, 260])] });
    expect(b.holes.map((h) => [h.w, h.h])).toEqual([[260, 260]]);
    const drl = fabOutputs(b, 'drill', NOW).files.find((f) => f.name === 'Drill_PTH_Through.DRL')!;
    const text = asText(drl.data);
    expect(text).not.toMatch(/G85/);
    expect(text).toMatch(/T01C6\.604/);
    const rb = await readBack(text);
    expect(rb.warnings).toEqual([]);
    expect(rb.ops['op:flash']).toBe(1);
    // A slot stays a slot.
    const s = fabBoard({ name: 'slot', records: [['DOCTYPE', 'PCB', '1.8'] as Raw, ...outline, pad(['SLOT', 275.59, 260])] });
    expect(asText(fabOutputs(s, 'drill', NOW).files.find((f) => f.name === 'Drill_PTH_Through.DRL')!.data)).toMatch(/G85/);
  });
});
