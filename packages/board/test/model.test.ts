/**
 * The resolved board model places a footprint by its CANVAS origin, as the fabrication outputs do:
 * Hexapod's (V3) B400 footprint has its origin at 190,215 mil, and its pads land where EasyEDA's own
 * Gerbers put them, (20, 0) and (35, 0) mm. Pours and DRC read this model: before, they saw B400
 * 4.8 x 5.5 mm off.
 */
import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { readEpro } from '@copperplate/format';
import { CLIP_SCALE, boardSourceFromArchive, listPcbs, resolveBoard } from '@copperplate/board';

const FIX = new URL('../../../../shared/fixtures/epro/Hexapod.epro2', import.meta.url);
const MM = 0.0254;

describe('[issue-13] resolved board model: footprints anchored at their CANVAS origin', () => {
  it('Hexapod B400 pads are where EasyEDA puts them (the fabrication outputs agree)', () => {
    const a = readEpro(new Uint8Array(readFileSync(FIX)), { name: 'Hexapod.epro2' });
    const pads: number[][] = [];
    for (const { uuid } of listPcbs(a)) {
      const m = resolveBoard(boardSourceFromArchive(a, uuid));
      const b400 = m.components.find((c) => c.designator === 'B400');
      if (!b400) continue;
      for (const it of m.items) if (it.owner === b400.id && it.kind === 'pad' && it.cx !== undefined) pads.push([(it.cx / CLIP_SCALE) * MM, (it.cy! / CLIP_SCALE) * MM]);
    }
    const at = (x: number, y: number) => pads.some((p) => Math.abs(p[0] - x) < 0.01 && Math.abs(p[1] - y) < 0.01);
    expect(pads.length).toBeGreaterThanOrEqual(2);
    expect(at(20, 0)).toBe(true);
    expect(at(35, 0)).toBe(true);
  });
});
