/**
 * KiCad net classes become EasyEDA rules in EasyEDA's layouts, with KiCad's board constraints as the
 * minimums. Before, a class's track width was also the least width (piyopiyo-pcb v2.1: 419 tracks of
 * 0.25 mm, read back as 9.84 mil, "outside 9.8425..100 mil") and the via data was in KiCad's order
 * (every via of piyopiyo and geulis "outside 15.748..3.937 mil").
 */
import { describe, expect, it } from 'vitest';
import { kicadToProject } from '@copperplate/convert';
import { readEpro, writeEpro, projectDataToEpro } from '@copperplate/format';
import { boardSourceFromArchive, listPcbs, resolveBoard, runDrc } from '@copperplate/board';

const PRO = JSON.stringify({
  board: { design_settings: { rules: { min_track_width: 0.15, min_via_diameter: 0.5, min_through_hole_diameter: 0.3, min_copper_edge_clearance: 0.5, min_hole_to_hole: 0.25 } } },
  net_settings: { classes: [{ name: 'Default', clearance: 0.2, track_width: 0.25, via_diameter: 0.8, via_drill: 0.4, microvia_diameter: 0.3, microvia_drill: 0.1 }] },
  meta: { filename: 'p.kicad_pro', version: 1 },
});
/**
 * 0.25 mm and 0.2 mm tracks, a 0.8/0.4 via and a 0.6/0.3 via: all within the constraints; a 0.1 mm
 * track is not. Two tracks 0.15 mm apart (class clearance 0.2 mm) and one 0.5 mm from the edge (centre)
 * (its copper 0.4 mm from it; the board asks 0.5 mm).
 */
const PCB = `(kicad_pcb (version 20241229) (generator "pcbnew") (generator_version "9.0")
  (general (thickness 1.6) (legacy_teardrops no))
  (layers (0 "F.Cu" signal) (2 "B.Cu" signal) (25 "Edge.Cuts" user))
  (net 0 "") (net 1 "A") (net 2 "B")
  (segment (start 5 5) (end 20 5) (width 0.25) (layer "F.Cu") (net 1) (uuid "s1"))
  (segment (start 5 10) (end 20 10) (width 0.2) (layer "F.Cu") (net 2) (uuid "s2"))
  (segment (start 5 30) (end 20 30) (width 0.1) (layer "F.Cu") (net 2) (uuid "s3"))
  (via (at 25 5) (size 0.8) (drill 0.4) (layers "F.Cu" "B.Cu") (net 1) (uuid "v1"))
  (via (at 25 15) (size 0.6) (drill 0.3) (layers "F.Cu" "B.Cu") (net 2) (uuid "v2"))
  (segment (start 30 20) (end 45 20) (width 0.2) (layer "B.Cu") (net 1) (uuid "c1"))
  (segment (start 30 20.35) (end 45 20.35) (width 0.2) (layer "B.Cu") (net 2) (uuid "c2"))
  (segment (start 30 39.5) (end 45 39.5) (width 0.2) (layer "B.Cu") (net 2) (uuid "e1"))
  (gr_rect (start 0 0) (end 50 40) (stroke (width 0.05) (type default)) (fill no) (layer "Edge.Cuts") (uuid "r1"))
)`;

describe('KiCad net classes and constraints as EasyEDA rules (track width, via size, safe spacing, edge and hole clearances)', () => {
  it('tracks and vias within the .kicad_pro constraints pass the DRC; a track under the minimum does not', () => {
    const { data } = kicadToProject([{ name: 'p.kicad_pro', data: PRO }, { name: 'p.kicad_pcb', data: PCB }]);
    const rules = data.pcbs[0].dataStr.split('\n').filter((l) => l.startsWith('["RULE","3"') || l.startsWith('["RULE","5"'));
    expect(rules).toEqual([
      '["RULE","3","Default",1,["mil",5.9055,9.8425,100]]',
      '["RULE","5","Default",1,["mil",19.685,31.4961,196.8504,11.811,15.748,118.1102]]',
    ]);
    const a = readEpro(writeEpro(projectDataToEpro(data)));
    const v = runDrc(resolveBoard(boardSourceFromArchive(a, listPcbs(a)[0].uuid)), { skipUnrouted: true }).violations;
    expect(v.filter((x) => x.rule === 'viaSize' || x.rule === 'holeSize')).toEqual([]);
    expect(v.filter((x) => x.rule === 'trackWidth').map((x) => Math.round(x.actual ?? 0))).toEqual([4]);
    // the class clearance (0.2 mm = 7.874 mil) and the board's edge clearance (0.5 mm) are the DRC's
    const cl = v.filter((x) => x.rule === 'clearance');
    expect(cl.map((x) => x.required)).toEqual([7.874]);
    const edge = v.filter((x) => x.rule === 'outline');
    expect(edge.map((x) => x.required)).toEqual([19.685]);
    expect(edge[0].actual).toBeCloseTo(15.75, 1); // 0.4 mm
  });
});
