/**
 * The PCB editor's scene anchors a footprint at its CANVAS origin, as the board model and the
 * fabrication outputs do: Hexapod's (V3) B400 pads are drawn where EasyEDA's Gerbers put them,
 * (20, 0) and (35, 0) mm; before, they were drawn 4.8 x 5.5 mm off.
 */
import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { readEpro } from '@copperplate/format';
import { contoursBox } from '@copperplate/board';
import { findPcbDoc, pcbDocNames, sceneInputOf } from '../../src/pcb/load.ts';
import { PcbScene } from '../../src/pcb/scene.ts';

const MM = 0.0254;

describe('[issue-14] PCB scene: footprints anchored at their CANVAS origin', () => {
  it('Hexapod B400 pads are drawn at EasyEDA\'s positions', () => {
    const a = readEpro(new Uint8Array(readFileSync('/work/shared/fixtures/epro/Hexapod.epro2')), { name: 'Hexapod.epro2' });
    const centres: number[][] = [];
    for (const { name } of pcbDocNames(a).pcbs) {
      const ref = findPcbDoc(a, name);
      const scene = new PcbScene(sceneInputOf(ref.text, ref.project, ref.uuid));
      const id = [...scene.components].find(([, c]) => c.designator === 'B400')?.[0];
      if (!id) continue;
      for (const p of scene.all()) {
        if (p.kind !== 'pad' || p.owner !== id) continue;
        const b = contoursBox(p.contours);
        centres.push([((b.minX + b.maxX) / 2) * MM, ((b.minY + b.maxY) / 2) * MM]);
      }
    }
    const at = (x: number, y: number) => centres.some((c) => Math.abs(c[0] - x) < 0.05 && Math.abs(c[1] - y) < 0.05);
    expect(centres.length).toBeGreaterThanOrEqual(2);
    expect(at(20, 0)).toBe(true);
    expect(at(35, 0)).toBe(true);
  });
});
