/**
 * Pads whose copper is not simply centred on their position: a drill offset (KiCad's pad position is
 * the hole, the copper is moved by the offset) and custom pads (anchor plus primitives, carried as
 * one outline when their union is one). And zone fills: KiCad 6+ fill polygons are the copper, ours
 * are drawn with a pen of the minimum thickness, so they are stored shrunk by half of it.
 */
import { describe, expect, it } from 'vitest';
import { Pad, Poured } from '@copperplate/format/records';
import { parseDocuments } from '@copperplate/format';
import { CLIP_SCALE, area, contoursToPaths, parsePath, strokeContours, union } from '@copperplate/board';
import { kicadToProject, pouredOfCopper } from '@copperplate/convert';

const MIL = 1 / 0.0254;
const mod = (pads: string) => `(footprint "T:P" (layer "F.Cu") (attr through_hole)
  (fp_text reference "REF**" (at 0 0) (layer "F.SilkS") (effects (font (size 1 1) (thickness 0.15))))
  ${pads})`;
const padsOf = (text: string) => {
  const { data, report } = kicadToProject([{ name: 'T.kicad_mod', data: new TextEncoder().encode(text) }]);
  const recs = parseDocuments(data.footprints[0].dataStr)[0].records.filter((r) => Pad.is(r)).map((r) => Pad.parse(r));
  return { recs, report };
};

describe('[issue-15] KiCad pads and fills', () => {
  it('a drill offset moves the copper, not the hole: our pad sits at hole + offset (turned with the pad), the hole offset points back', () => {
    const { recs } = padsOf(mod(`(pad "1" thru_hole rect (at 1 2) (size 1.1 1.8) (drill 0.75 (offset 0 0.4)) (layers *.Cu *.Mask))
      (pad "2" thru_hole rect (at 0 0 90) (size 1.1 1.8) (drill 0.75 (offset 0.5 0)) (layers *.Cu *.Mask))`));
    const [a, b] = recs;
    // (1, 2) mm, Y down; copper 0.4 mm further down
    expect(a.x).toBeCloseTo(1 * MIL, 2);
    expect(a.y).toBeCloseTo(-2.4 * MIL, 2);
    expect(a.holeOffsetX).toBeCloseTo(0, 6);
    expect(a.holeOffsetY).toBeCloseTo(0.4 * MIL, 2);
    // turned 90 degrees: the offset along the pad's x goes along the board's y
    expect(Math.hypot(b.x, b.y)).toBeCloseTo(0.5 * MIL, 2);
    expect(Math.abs(b.y)).toBeCloseTo(0.5 * MIL, 2);
    expect(b.holeOffsetX).toBeCloseTo(-0.5 * MIL, 2);
  });

  it('a custom pad of a rectangle anchor and line, arc and polygon primitives is one outline: their union', () => {
    const { recs, report } = padsOf(mod(`(pad "1" smd custom (at 0 0) (size 1 1) (layers "F.Cu")
      (options (clearance outline) (anchor rect))
      (primitives (gr_line (start 0 0) (end 3 0) (width 0.5)) (gr_arc (start 3 0) (mid 3.5 0.5) (end 3 1) (width 0.5))
        (gr_poly (pts (xy -0.5 -0.5) (xy -2 -0.5) (xy -2 0.5) (xy -0.5 0.5)) (width 0))))`));
    expect(report.list().filter((e) => /custom pad/.test(e.what))).toEqual([]);
    const shape = recs[0].shape as unknown[];
    expect(shape[0]).toBe('POLY');
    const paths = contoursToPaths(parsePath(shape[1] as never));
    const got = Math.abs(area(union(paths))) / (CLIP_SCALE * CLIP_SCALE);
    // anchor 1x1 mm + polygon 1.5x1 mm + a 0.5 mm line from the anchor's centre to 3 mm (round end) + the arc
    const anchorAndPoly = (1 + 1.5) * MIL * MIL;
    const line = (2.5 * 0.5 + Math.PI * 0.25 * 0.25 / 2) * MIL * MIL;
    expect(got).toBeGreaterThan(anchorAndPoly + line);
    expect(got).toBeLessThan(anchorAndPoly + line + 1.2 * MIL * MIL); // the arc adds about pi/2 * 0.5 mm * 0.5 mm
  });

  it('two separate islands cannot be one outline: kept approximately and reported', () => {
    const { report } = padsOf(mod(`(pad "1" smd custom (at 0 0) (size 1 1) (layers "F.Cu") (options (anchor circle))
      (primitives (gr_poly (pts (xy 3 3) (xy 4 3) (xy 4 4) (xy 3 4)) (width 0))))`));
    expect(report.list().map((e) => e.what)).toContain('custom pad of several islands or with a hole (its first polygon kept)');
  });

  it('a KiCad 6+ fill (the copper itself) is stored shrunk by half the minimum thickness: drawn with that pen it is the fill again', () => {
    // a 100 x 50 mil rectangle with a 20 x 10 mil hole joined to the outline by a zero-width cut (KiCad's fractured polygon), 10-mil units
    const fill = [0, 0, 'L', 10, 0, 10, 5, 5, 5, 5, 3, 6, 3, 6, 2, 4, 2, 4, 3, 5, 3, 5, 5, 0, 5, 0, 0];
    const islands = pouredOfCopper([fill], 10);
    expect(islands).toHaveLength(1);
    expect(islands[0]).toHaveLength(2); // the outline and the hole
    const rec = Poured.create({ id: 'p', pourId: 'z', f3: 0, isPolygon: true, paths: islands[0] });
    const cs = (Poured.get(rec, 'paths') as unknown[]).flatMap((q) => parsePath(q, { scale: 10 }));
    const drawn = union(contoursToPaths(cs), strokeContours(cs, 10));
    const a = Math.abs(area(drawn)) / (CLIP_SCALE * CLIP_SCALE);
    // 100 x 50 - 20 x 10 = 4800 square mil, less the rounding by the pen (r 5 mil) of the four outer
    // corners and of the four corners where the cut met the edges (8 x (25 - pi 25 / 4) = 43)
    expect(a).toBeGreaterThan(4800 - 8 * 25 * (1 - Math.PI / 4) - 10);
    expect(a).toBeLessThan(4800 + 5);
    // without the shrink the pen would draw 5 mil beyond the fill all around (about 1,700 square mil more)
    const unshrunk = (fill: unknown[]) => parsePath(fill, { scale: 10 });
    const over = Math.abs(area(union(contoursToPaths(unshrunk(fill)), strokeContours(unshrunk(fill), 10)))) / (CLIP_SCALE * CLIP_SCALE);
    expect(over - a).toBeGreaterThan(1000);
  });
});
