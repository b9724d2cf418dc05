/**
 * The drill drawing layer as EasyEDA draws it: for TriWave-2.1 and falcon-flight-FFB6.1, every symbol
 * flash of EasyEDA's own Gerber_DrillDrawingLayer.GDD (../shared/fixtures/ref) has a flash of ours at
 * the same place (0.01 mm) with the same symbol (the n-th symbol defined), and nothing else is drawn;
 * the symbol size follows the board (0.56 mm, 0.4 mm on falcon-flight where holes are 0.65 mm apart).
 * Read back by gerber-parser: clean.
 */
import { describe, expect, it } from 'vitest';
import { readFileSync, readdirSync } from 'node:fs';
import { unzipSync, strFromU8 } from 'fflate';
import { readEpro } from '@copperplate/format';
import { fabBoard, fabInputFromEpro, gerberFiles } from '@copperplate/convert';
import { readBack } from './readback.ts';

const FIX = new URL('../../../../../shared/fixtures/', import.meta.url);

/** Flashes: [x, y (mm), index of the aperture among the file's definitions (0 = first)]. */
function flashes(gerber: string): number[][] {
  const dec = Number(/%FSLAX\d(\d)/.exec(gerber)![1]);
  const codes = [...gerber.matchAll(/%ADD(\d+)/g)].map((m) => Number(m[1]));
  const out: number[][] = [];
  let cur = -1;
  for (const line of gerber.split('\n')) {
    const sel = /^(?:G54)?D(\d+)\*$/.exec(line);
    if (sel && Number(sel[1]) >= 10) cur = codes.indexOf(Number(sel[1]));
    const m = /X(-?\d+)Y(-?\d+)D03/.exec(line);
    if (m) out.push([Number(m[1]) / 10 ** dec, Number(m[2]) / 10 ** dec, cur]);
  }
  return out;
}

describe('[issue-12] drill drawing: EasyEDA symbols per drill size', () => {
  for (const [board, icon] of [['TriWave-2.1', '0.28'], ['falcon-flight-FFB6.1', '0.2']] as const) {
    it(`${board}: the same symbol at every hole as EasyEDA's drill drawing`, async () => {
      const b = fabBoard(fabInputFromEpro(readEpro(new Uint8Array(readFileSync(new URL(`epro/${board}.epro`, FIX))), { name: board })));
      const ours = gerberFiles(b, { date: '2026-01-01T00:00:00Z', layers: [56] })[0].text;
      const zipName = readdirSync(new URL(`ref/${board}/`, FIX)).find((f) => f.endsWith('.zip'))!;
      const ref = strFromU8(unzipSync(new Uint8Array(readFileSync(new URL(`ref/${board}/${zipName}`, FIX))))['Gerber_DrillDrawingLayer.GDD']);
      const a = flashes(ours), r = flashes(ref);
      expect(r.length).toBeGreaterThan(50);
      expect(a.length).toBe(r.length);
      const unmatched = r.filter(([x, y, i]) => !a.some(([u, v, j]) => j === i && Math.abs(u - x) <= 0.01 && Math.abs(v - y) <= 0.01));
      expect(unmatched).toEqual([]);
      expect(ours).toContain(`%AMIconRect*4,1,4,${icon},-${icon},`);
      expect((await readBack(ours)).warnings).toEqual([]);
    });
  }
});
