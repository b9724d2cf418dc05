/**
 * Pads whose copper is not simply centred on their position: a drill offset (KiCad's pad position is
 * the hole, the copper is moved by the offset) and custom pads (anchor plus primitives, carried as
 * one outline when their union is one). And zone fills: KiCad 6+ fill polygons are the copper, so
 * their pen (the pour's line width, drawn around our fills) is 0.
 */
import { describe, expect, it } from 'vitest';
import { Pad, Pour, Poured } from '@copperplate/format/records';
import { parseDocuments } from '@copperplate/format';
import { CLIP_SCALE, area, contoursToPaths, padShapeContours, parsePath, union } from '@copperplate/board';
import { kicadToProject } from '@copperplate/convert';

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

  it('a custom pad of separate islands and with a hole keeps every ring of the union (a list of paths): the outputs nest them', () => {
    const { recs, report } = padsOf(mod(`(pad "1" smd custom (at 0 0) (size 1 1) (layers "F.Cu") (options (anchor circle))
      (primitives (gr_poly (pts (xy 3 3) (xy 4 3) (xy 4 4) (xy 3 4)) (width 0)) (gr_circle (center 0 0) (end 2 0) (width 0.4))))`));
    expect(report.list().filter((e) => /custom pad/.test(e.what))).toEqual([]);
    const shape = recs[0].shape as unknown[];
    expect(shape[0]).toBe('POLY');
    const rings = padShapeContours(shape);
    // the anchor disc, the ring around it (its outline and its hole) and the square island
    expect(rings).toHaveLength(4);
    const signed = contoursToPaths(rings).map((r) => area([r]) / (CLIP_SCALE * CLIP_SCALE) / (MIL * MIL));
    // holes run the other way: the signed sum is the copper, disc pi*0.5^2 + square 1 + ring pi*(2.2^2 - 1.8^2)
    expect(Math.abs(signed.reduce((a, b) => a + b, 0))).toBeCloseTo(Math.PI * 0.25 + 1 + Math.PI * (2.2 ** 2 - 1.8 ** 2), 1);
  });

  it('polygon pads are placed in the footprint frame (EasyEDA keeps them there): a turned, moved custom pad', () => {
    const { recs } = padsOf(mod(`(pad "1" smd custom (at 5 -2 90) (size 1 1) (layers "F.Cu") (options (anchor rect))
      (primitives (gr_poly (pts (xy 0.4 -0.5) (xy 3 -0.5) (xy 3 0.5) (xy 0.4 0.5)) (width 0))))`));
    const cs = padShapeContours(recs[0].shape);
    expect(cs).toHaveLength(1);
    let minX = Infinity, maxX = -Infinity, minY = Infinity, maxY = -Infinity;
    for (const p of [{ x: cs[0].x0, y: cs[0].y0 }, ...cs[0].segs]) { minX = Math.min(minX, p.x); maxX = Math.max(maxX, p.x); minY = Math.min(minY, p.y); maxY = Math.max(maxY, p.y); }
    // at (5, 2) mm Y up; the arm along the pad's x (to 3 mm) points up the board after a 90 degree turn
    expect((minX + maxX) / 2).toBeCloseTo(5 * MIL, 1);
    expect(maxX - minX).toBeCloseTo(1 * MIL, 1);
    expect(minY).toBeCloseTo(1.5 * MIL, 1);
    expect(maxY).toBeCloseTo(5 * MIL, 1);
  });

  it('KiCad 6+ fills (the copper itself) get a pen of 0 and are drawn as they are; KiCad 5 stroked fills keep the minimum thickness as pen', () => {
    const board = (thick: string) => `(kicad_pcb (version 20211014) (generator pcbnew) (general (thickness 1.6))
      (layers (0 "F.Cu" signal) (31 "B.Cu" signal) (44 "Edge.Cuts" user)) (net 0 "") (net 1 "GND")
      (zone (net 1) (net_name "GND") (layer "F.Cu") (tstamp z1) (hatch edge 0.508) (connect_pads (clearance 0.4))
        (min_thickness 0.254) ${thick} (fill yes (thermal_gap 0.4) (thermal_bridge_width 0.3))
        (polygon (pts (xy 0 0) (xy 10 0) (xy 10 10) (xy 0 10)))
        (filled_polygon (layer "F.Cu") (pts (xy 0.5 0.5) (xy 9.5 0.5) (xy 9.5 9.5) (xy 0.5 9.5)))))`;
    const pen = (thick: string) => {
      const { data, report } = kicadToProject([{ name: 'z.kicad_pcb', data: new TextEncoder().encode(board(thick)) }]);
      const recs = parseDocuments(data.pcbs[0].dataStr).find((b) => b.docType === 'PCB')!.records;
      const pour = recs.find((r) => Pour.is(r))!;
      expect(parseDocuments(data.coppers[0].dataStr)[0].records.filter((r) => Poured.is(r))).toHaveLength(1);
      return { pen: (Pour.get(pour, 'pourType') as unknown[])[1], report: report.list().map((e) => e.what) };
    };
    const six = pen('(filled_areas_thickness no)');
    expect(six.pen).toBe(0);
    expect(six.report).toContain('zone minimum thickness (the fills are carried exactly; a refill in Copperplate does not apply it)');
    expect(pen('').pen).toBe(0); // KiCad 7+: no token, the fills are exact
    const five = pen('(filled_areas_thickness yes)');
    expect(five.pen).toBeCloseTo(10, 3); // 0.254 mm
    expect(five.report).toEqual([]);
  });
});
