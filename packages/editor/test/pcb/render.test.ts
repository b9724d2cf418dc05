import { describe, expect, it } from 'vitest';
import { findPcbDoc, pcbDocNames, sceneInputOf } from '../../src/pcb/load.ts';
import { renderPcbSvg } from '../../src/pcb/svg.ts';
import { PcbScene } from '../../src/pcb/scene.ts';
import { primDistance } from '../../src/pcb/prims.ts';
import { mainBlock, parseDocuments } from '@copperplate/format';
import { fixture, fixtureNames } from './fixtures.ts';

/** Records that draw something: every one must appear as an element with its data-id. */
const DRAWABLE = new Set(['LINE', 'ARC', 'VIA', 'PAD', 'POLY', 'FILL', 'POUR', 'POURED', 'REGION', 'TEARDROP', 'STRING', 'DIMENSION', 'IMAGE', 'OBJ', 'COMPONENT']);
function drawableIds(text: string, docType = 'PCB'): string[] {
  const recs = mainBlock(parseDocuments(text), docType)!.records;
  return recs.filter((r) => (DRAWABLE.has(r[0] as string) || (r[0] === 'ATTR' && (r[9] || r[10]) && typeof r[5] === 'number')) && typeof r[1] === 'string').map((r) => r[1] as string);
}
const dataIds = (svg: string) => new Set([...svg.matchAll(/data-id="([^"]*)"/g)].map((m) => m[1]));
const ALL_LAYERS = Array.from({ length: 120 }, (_, i) => i + 1);

describe('PCB SVG render of the fixture boards', () => {
  for (const name of fixtureNames()) {
    const a = fixture(name);
    const { pcbs, footprints } = pcbDocNames(a);
    for (const pcb of pcbs) {
      const ref = findPcbDoc(a, pcb.name);
      for (const side of ['top', 'bottom'] as const) {
        it(`[PCB-DRAW] ${name} / ${pcb.name} from the ${side} matches its snapshot`, async () => {
          const svg = renderPcbSvg(ref.text, { side, project: ref.project, pcbUuid: ref.uuid });
          expect(svg.startsWith('<svg')).toBe(true);
          // every coordinate is a number (FLIP_C3's "POLYGON" pad once drew nothing, and its ratsnest line and the view box were NaN)
          expect(svg).not.toContain('NaN');
          await expect(svg).toMatchFileSnapshot(`__snapshots__/${name}-${side}.svg`);
        });
      }
      it(`[PCB-DRAW] ${name}: every drawable record of the board is an element with its data-id`, () => {
        const ids = drawableIds(ref.text);
        expect(ids.length).toBeGreaterThan(100);
        const svg = renderPcbSvg(ref.text, { project: ref.project, pcbUuid: ref.uuid, layers: ALL_LAYERS });
        const have = dataIds(svg);
        const missing = ids.filter((id) => !have.has(id));
        expect(missing).toEqual([]);
        // the .ecop / in-board POURED fills and the footprints' pads are drawn too
        expect(svg).toMatch(/data-kind="POURED"/);
        expect(svg).toMatch(/data-kind="PAD"[^>]*data-pad=/);
      });
      it(`[PCB-DRAW] ${name}: component transform puts track ends on pads (bottom side mirrored)`, () => {
        const scene = new PcbScene(sceneInputOf(ref.text, ref.project, ref.uuid));
        expect(scene.missingFootprints.size).toBe(0);
        const all = [...scene.all()];
        const pads = all.filter((p) => p.kind === 'pad');
        const copper = all.filter((p) => p.kind === 'track' || p.kind === 'via' || p.kind === 'arc');
        // a track may also end inside copper of its net on its layer: a FILL or a pour's stored fill
        const areas = all.filter((p) => p.kind === 'fill' || p.kind === 'poured');
        let dangling = 0, onPad = 0;
        for (const t of all) {
          if (t.kind !== 'track') continue;
          const c = t.contours[0];
          for (const [x, y] of [[c.x0, c.y0], [c.segs[0].x, c.segs[0].y]]) {
            const p = pads.some((q) => q.net === t.net && primDistance(q, x, y) <= 0.5);
            if (p) onPad++;
            else if (!copper.some((q) => q !== t && q.net === t.net && primDistance(q, x, y) <= 0.5)
              && !areas.some((q) => q.net === t.net && q.layer === t.layer && primDistance(q, x, y) <= 0.5)) dangling++;
          }
        }
        expect(onPad).toBeGreaterThan(100);
        expect(dangling).toBeLessThanOrEqual(4);
      });
    }
    for (const fp of footprints) {
      it(`[PCB-DRAW] ${name} footprint ${fp.name} renders every record (top and bottom snapshot)`, async () => {
        const ref = findPcbDoc(a, fp.uuid);
        expect(ref.kind).toBe('FOOTPRINT');
        const top = renderPcbSvg(ref.text, { project: ref.project, layers: ALL_LAYERS });
        const have = dataIds(top);
        expect(drawableIds(ref.text, 'FOOTPRINT').filter((id) => !have.has(id))).toEqual([]);
        await expect(top).toMatchFileSnapshot(`__snapshots__/footprints/${name}-${fp.uuid}-top.svg`);
        await expect(renderPcbSvg(ref.text, { project: ref.project, side: 'bottom' })).toMatchFileSnapshot(`__snapshots__/footprints/${name}-${fp.uuid}-bottom.svg`);
      });
    }
  }

  it('[PCB-DRAW] an unknown document name is a catalogue error', () => {
    expect(() => findPcbDoc(fixture(fixtureNames()[0]), 'no such board')).toThrow(/document no such board not exists/);
  });

  it('[PCB-DRAW] --layers and --side select what is drawn', () => {
    const a = fixture(fixtureNames()[0]);
    const ref = findPcbDoc(a, pcbDocNames(a).pcbs[0].uuid);
    const svg = renderPcbSvg(ref.text, { project: ref.project, layers: [1, 3, 11] });
    const layers = new Set([...svg.matchAll(/data-layer="(\d+)"/g)].map((m) => Number(m[1])));
    expect([...layers].sort((x, y) => x - y)).toEqual([1, 3, 11]);
    expect(renderPcbSvg(ref.text, { project: ref.project, side: 'bottom' })).toMatch(/scale\(-1,-1\)/);
  });
});
