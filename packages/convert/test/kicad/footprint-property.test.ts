/**
 * KiCad 8 and later write a "Footprint" property on every footprint of a board (the library id, or ""
 * for a footprint placed without one). Copied as an ATTR it named the library id where Copperplate's
 * Footprint ATTR names the footprint's uuid, and our own import refused the converted project with
 * 'Illegal footprint ID' (turnisaa-sgtworms/framework rev1, KiCad 8).
 */
import { describe, expect, it } from 'vitest';
import { kicadToProject } from '@copperplate/convert';
import { eproToProjectData, failureCount, projectDataToEpro, readEpro, writeEpro } from '@copperplate/format';

const board = (fpValue: string) => `(kicad_pcb (version 20240108) (generator "pcbnew") (generator_version "8.0")
  (general (thickness 1.6) (legacy_teardrops no))
  (layers (0 "F.Cu" signal) (31 "B.Cu" signal) (44 "Edge.Cuts" user))
  (net 0 "") (net 1 "GND")
  (footprint "framework:R_Axial" (layer "F.Cu") (uuid "a1") (at 10 20)
    (property "Reference" "R1" (at 0 -1.5 0) (layer "F.SilkS") (uuid "p1") (effects (font (size 1 1) (thickness 0.15))))
    (property "Value" "10k" (at 0 1.5 0) (layer "F.Fab") (uuid "p2") (effects (font (size 1 1))))
    (property "Footprint" "${fpValue}" (at 0 0 0) (layer "F.Fab") (hide yes) (uuid "p3") (effects (font (size 1 1))))
    (property "Datasheet" "~" (at 0 0 0) (layer "F.Fab") (hide yes) (uuid "p4") (effects (font (size 1 1))))
    (pad "1" thru_hole circle (at 0 0) (size 1.6 1.6) (drill 0.8) (layers "*.Cu" "*.Mask") (net 1 "GND") (uuid "d1"))
  )
  (gr_rect (start 0 0) (end 50 40) (stroke (width 0.05) (type default)) (fill no) (layer "Edge.Cuts") (uuid "r1"))
)`;

describe('KiCad footprint "Footprint" property', () => {
  for (const v of ['framework:R_Axial', '']) {
    it(`a board whose footprint says Footprint "${v}" converts to a project our import takes whole`, () => {
      const { data } = kicadToProject([{ name: 'b.kicad_pcb', data: board(v) }]);
      const fpAttrs = data.pcbs[0].dataStr.split('\n').filter((l) => l.startsWith('["ATTR"') && l.includes('"Footprint"'));
      expect(fpAttrs).toHaveLength(1);
      expect(fpAttrs[0]).toContain(data.footprints[0].uuid);
      const r = eproToProjectData(readEpro(writeEpro(projectDataToEpro(data))));
      expect(failureCount(r.failures)).toBe(0);
      // the Datasheet property is still carried
      expect(data.pcbs[0].dataStr).toContain('"Datasheet"');
    });
  }
});
