/**
 * The drill table beside the board on the drill drawing layer, as EasyEDA Pro 3 draws it: for
 * ESP32-MPU6050 and Hexapod, every text polyline and every table line of EasyEDA's own
 * Gerber_DrillDrawingLayer.GDD (../shared/fixtures/ref) is one of ours with the same vertices within
 * 0.001 mm (texts: the row of each drill size with count, size, plating, shape, via or pad, pad shape
 * and layer pair, in the stroke font with EasyEDA's 0.1-mil glyph grid), and every vertex of its
 * symbol outlines (the ring aside: ours is drawn with arcs) is a vertex of ours within 0.001 mm. The
 * rows themselves: Hexapod's nine as EasyEDA writes them. `drillTable: false` leaves the table out.
 * Read back by gerber-parser: clean, and the plotted extent reaches the table's right edge.
 */
import { describe, expect, it } from 'vitest';
import { readFileSync, readdirSync } from 'node:fs';
import { unzipSync, strFromU8 } from 'fflate';
import { readEpro } from '@copperplate/format';
import { type FabHole, type FabPad, drillGroups, drillTableRow, fabBoard, fabInputFromEpro, gerberFiles } from '@copperplate/convert';
import { readBack } from './readback.ts';

const FIX = new URL('../../../../../shared/fixtures/', import.meta.url);
const board = (f: string) => fabBoard(fabInputFromEpro(readEpro(new Uint8Array(readFileSync(new URL(`epro/${f}`, FIX))), { name: f })));
const refGdd = (name: string) => {
  const zip = readdirSync(new URL(`ref/${name}/`, FIX)).find((f) => f.endsWith('.zip'))!;
  return strFromU8(unzipSync(new Uint8Array(readFileSync(new URL(`ref/${name}/${zip}`, FIX))))['Gerber_DrillDrawingLayer.GDD']);
};

/** Polylines (mm) between two comments of a Gerber: each D02 starts one, D01 continues it. */
function polylines(g: string, from: string, to: string): number[][] {
  const dec = Number(/%FSLAX\d(\d)/.exec(g)![1]);
  const i = g.indexOf(from), j = g.indexOf(to, i + 1);
  const out: number[][] = [];
  for (const m of g.slice(i, j < 0 ? undefined : j).matchAll(/X(-?\d+)Y(-?\d+)D0([12])\*/g)) {
    const x = Number(m[1]) / 10 ** dec, y = Number(m[2]) / 10 ** dec;
    if (m[3] === '2') out.push([x, y]); else out[out.length - 1]?.push(x, y);
  }
  return out;
}

/** Region outlines (mm) between two comments: the vertices of each G36...G37. */
function regions(g: string, from: string, to: string): number[][] {
  const dec = Number(/%FSLAX\d(\d)/.exec(g)![1]);
  const i = g.indexOf(from), j = g.indexOf(to, i + 1);
  return g.slice(i, j).split('G36*').slice(1).map((r) => [...r.split('G37*')[0].matchAll(/X(-?\d+)Y(-?\d+)/g)].flatMap((m) => [Number(m[1]) / 10 ** dec, Number(m[2]) / 10 ** dec]));
}

const same = (a: number[], b: number[], tol: number) => a.length === b.length && a.every((v, k) => Math.abs(v - b[k]) <= tol);

describe('[issue-12] drill table beside the board, as EasyEDA Pro 3 draws it', () => {
  for (const [file, name, rows] of [['ESP32-MPU6050.epro2', 'ESP32-MPU6050', 3], ['Hexapod.epro2', 'Hexapod', 9]] as const) {
    it(`${name}: every text stroke, table line and symbol vertex of EasyEDA's table is ours within 0.001 mm`, async () => {
      const b = board(file);
      const ours = gerberFiles(b, { date: '2026-01-01T00:00:00Z', layers: [56] })[0].text;
      const ref = refGdd(name);
      const refText = polylines(ref, 'G04 Text Start', 'G04 Image Start'), ourText = polylines(ours, 'G04 Text Start', 'G04 Image Start');
      expect(refText.length).toBeGreaterThan(300);
      expect(ourText.length).toBe(refText.length);
      expect(refText.filter((r) => !ourText.some((o) => same(r, o, 0.001))).map((r) => r.slice(0, 2).join(','))).toEqual([]);
      const refLines = polylines(ref, 'G04 PolygonModel Start', 'M02'), ourLines = polylines(ours, 'G04 PolygonModel Start', 'M02');
      expect(refLines.length).toBe(rows + 2 + 9); // a horizontal line above and below each row, 9 vertical ones
      expect(ourLines.length).toBe(refLines.length);
      expect(refLines.filter((r) => !ourLines.some((o) => same(r, o, 0.001)))).toEqual([]);
      // Symbol outlines: each reference vertex is a vertex of one of our regions (the ring, drawn with arcs, aside).
      const refIcons = regions(ref, 'G04 Image Start', 'G04 PolygonModel Start').filter((r) => r.length < 120);
      const ourIcons = regions(ours, 'G04 Image Start', 'G04 PolygonModel Start');
      expect(refIcons.length).toBe(rows === 9 ? 9 : 2);
      for (const r of refIcons) {
        const hit = ourIcons.some((o) => { for (let k = 0; k < r.length; k += 2) if (!o.some((_, q) => q % 2 === 0 && Math.abs(o[q] - r[k]) <= 0.001 && Math.abs(o[q + 1] - r[k + 1]) <= 0.001)) return false; return true; });
        expect(hit, `symbol at ${r[0]},${r[1]}`).toBe(true);
      }
      const rb = await readBack(ours);
      expect(rb.warnings).toEqual([]);
      const right = Math.max(...refLines.flatMap((l) => [l[0], l[2]]));
      expect(rb.box[2]).toBeGreaterThan(right);
    });
  }

  it('Hexapod: the rows EasyEDA writes (count, size, plating, shape, via or pad, pad shape, layer pair)', () => {
    const b = board('Hexapod.epro2');
    const padOf = new Map<FabHole, FabPad>(b.pads.filter((p) => p.hole).map((p) => [p.hole!, p]));
    expect(drillGroups(b).map((g) => drillTableRow(g.holes, padOf).slice(0, 6).join(' | '))).toEqual([
      '2 | 27.6x66.9mil(0.700x1.700mm) | PTH | Slot | Pad | Oval',
      '2 | 27.6x55.1mil(0.700x1.400mm) | PTH | Slot | Pad | Oval',
      '2 | 98.4mil(2.500mm) | NPTH | Round | Via | ',
      '2 | 25.6mil(0.650mm) | NPTH | Round | Via | ',
      '4 | 126.0x126.0mil(3.200x3.200mm) | PTH | Round | Pad | Round',
      '5 | 35.4x35.4mil(0.900x0.900mm) | PTH | Round | Pad | (Mixed)',
      '26 | 39.4x39.4mil(1.000x1.000mm) | PTH | Round | Pad | (Mixed)',
      '32 | 27.6x27.6mil(0.700x0.700mm) | PTH | Round | Pad | Round',
      '200 | 11.8mil(0.300mm) | PTH | Round | Via | ',
    ]);
  });

  it('drillTable: false draws the symbols only', () => {
    const b = board('ESP32-MPU6050.epro2');
    const f = gerberFiles(b, { date: '2026-01-01T00:00:00Z', layers: [56], drillTable: false })[0];
    expect(f.stats.flashes).toBe(b.holes.length);
    expect(f.stats.draws + f.stats.regions).toBe(0);
  });
});
