/**
 * The drill drawing layer as EasyEDA draws it: for the four fixture boards with EasyEDA Gerbers, every
 * symbol flash of EasyEDA's own Gerber_DrillDrawingLayer.GDD (../shared/fixtures/ref) has a flash of
 * ours at the same place (0.01 mm) with the same symbol (the n-th symbol defined): sizes with equal hit
 * counts ordered plated first, then by their first hole in the board (Hexapod's four sizes of 2 hits,
 * TriWave's four). The symbol size follows the board (0.56 mm, 0.4 mm on falcon-flight where holes are
 * 0.65 mm apart). The boards EasyEDA Pro 2 saved (TriWave, falcon-flight) get no drill table, as
 * EasyEDA Pro 2 drew none: their drill drawing holds only the flashes. Read back by gerber-parser: clean.
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
  for (const [board, icon] of [['TriWave-2.1.epro', '0.28'], ['falcon-flight-FFB6.1.epro', '0.2'], ['Hexapod.epro2', '0.28'], ['ESP32-MPU6050.epro2', '0.28']] as const) {
    it(`${board}: the same symbol at every hole as EasyEDA's drill drawing`, async () => {
      const b = fabBoard(fabInputFromEpro(readEpro(new Uint8Array(readFileSync(new URL(`epro/${board}`, FIX))), { name: board })));
      const file = gerberFiles(b, { date: '2026-01-01T00:00:00Z', layers: [56] })[0];
      const ours = file.text;
      const name = board.replace(/\.epro2?$/, '');
      const zipName = readdirSync(new URL(`ref/${name}/`, FIX)).find((f) => f.endsWith('.zip'))!;
      const ref = strFromU8(unzipSync(new Uint8Array(readFileSync(new URL(`ref/${name}/${zipName}`, FIX))))['Gerber_DrillDrawingLayer.GDD']);
      const a = flashes(ours), r = flashes(ref);
      expect(r.length).toBeGreaterThan(50);
      expect(a.length).toBe(r.length);
      const unmatched = r.filter(([x, y, i]) => !a.some(([u, v, j]) => j === i && Math.abs(u - x) <= 0.01 && Math.abs(v - y) <= 0.01));
      expect(unmatched).toEqual([]);
      expect(ours).toContain(`%AMIconRect*4,1,4,${icon},-${icon},`);
      // EasyEDA Pro 2 (TriWave, falcon-flight) drew no table: nothing but the flashes.
      if (/^2\./.test(b.editorVersion ?? '')) expect(file.stats.draws + file.stats.regions).toBe(0);
      else expect(file.stats.draws).toBeGreaterThan(100);
      expect((await readBack(ours)).warnings).toEqual([]);
    });
  }
});
