/**
 * [issue-12] Boards nobody here has seen: seeded generated boards (generate-board.ts: every pad
 * shape, slots, parts on both sides at any angle, text, holes, a stored pour) export with no problem
 * listed, and an independent parser (gerber-parser / gerber-plotter) reads every file back without a
 * warning: copper inside the outline, the outline's extents the board's, one drill hit per hole, the
 * pick-and-place and BOM holding every part. (scripts/fab-boards.mjs runs the same boards and every
 * kicad-demos board through the CLI and gerbv.)
 */
import { describe, expect, it } from 'vitest';
import { strFromU8, unzipSync } from 'fflate';
import { fabInputFromEpro, fabOutputs } from '@copperplate/convert';
import { generateBoard } from './generate-board.ts';
import { readBack } from './readback.ts';

const MM = 0.0254;

describe('[issue-12] fabrication of generated boards', () => {
  for (const seed of [1, 2, 3, 4]) {
    it(`seed ${seed}: no problem; every file reads back clean; counts and extents`, { timeout: 120_000 }, async () => {
      const g = generateBoard(seed);
      const res = fabOutputs(fabInputFromEpro(g.archive, g.pcbUuid), 'fab', { now: new Date('2026-01-01T00:00:00Z') });
      const b = res.board;
      expect(res.problems).toEqual([]);
      expect(b.components.length).toBe(g.expect.components);
      const zip = unzipSync(res.files[0].data as Uint8Array);
      expect(zip['PROBLEMS.txt']).toBeUndefined();
      const o = b.outlineBox;
      let drillHits = 0, viaHits = 0;
      for (const [name, bytes] of Object.entries(zip)) {
        if (!/\.(G[A-Z0-9]+|DRL)$/.test(name)) continue;
        const rb = await readBack(strFromU8(bytes));
        expect(rb.warnings, name).toEqual([]);
        const hits = (rb.ops['op:flash'] ?? 0) + (rb.ops['op:int'] ?? 0);
        if (name === 'Drill_PTH_Through_Via.DRL') { viaHits = hits; continue; }
        if (name.endsWith('.DRL')) { drillHits += hits; continue; }
        const [x0, y0, x1, y1] = rb.box;
        if (name === 'Gerber_BoardOutlineLayer.GKO') {
          expect(x0).toBeCloseTo(o.minX * MM - 0.127, 2); // half the 10-mil outline pen
          expect(y1).toBeCloseTo(o.maxY * MM + 0.127, 2);
        } else if (/\.(GTL|GBL)$/.test(name)) {
          expect(x0, name).toBeGreaterThanOrEqual(o.minX * MM - 0.01);
          expect(y0, name).toBeGreaterThanOrEqual(o.minY * MM - 0.01);
          expect(x1, name).toBeLessThanOrEqual(o.maxX * MM + 0.01);
          expect(y1, name).toBeLessThanOrEqual(o.maxY * MM + 0.01);
        }
      }
      // One hit per hole (a slot is one routed hit), vias and the multi-layer holes included; the vias
      // again in their own file, as EasyEDA writes them.
      expect(drillHits).toBe(b.holes.length);
      expect(viaHits).toBe(g.expect.vias);
      const padHoles = Object.values(g.expect.footprintPads).reduce((s, n) => s + n, 0);
      expect(b.pads.length).toBe(padHoles + g.expect.freePads);
      expect(b.vias.length).toBe(g.expect.vias);
      const text = (prefix: string) => { const d = res.files.find((f) => f.name.startsWith(prefix))!.data; return typeof d === 'string' ? d : strFromU8(d); };
      const pnp = text('PickAndPlace_').trim().split('\n').slice(1);
      expect(pnp.map((l) => l.split(',')[0]).sort()).toEqual(Object.keys(g.expect.footprintPads).map((d) => `"${d}"`).sort());
      const quantities = text('BOM_').trim().split('\n').slice(1).map((l) => Number(l.split('","')[1]));
      expect(quantities.reduce((s, n) => s + n, 0)).toBe(g.expect.components);
    });
  }
});
