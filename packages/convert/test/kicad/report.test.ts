/**
 * The import report names every kind of item that was not carried, with its count: the kinds we
 * know we drop (text boxes, targets, images...) and any keyword we do not know at all.
 */
import { describe, expect, it } from 'vitest';
import { kicadToProject } from '@copperplate/convert';

const enc = (s: string) => new TextEncoder().encode(s);

describe('[issue-15] KiCad import report', () => {
  it('counts each kind of item not carried, known or unknown, on boards, footprints and sheets', () => {
    const board = `(kicad_pcb (version 20211014) (host pcbnew 5.1) (generator pcbnew) (general (thickness 1.6))
      (layers (0 "F.Cu" signal) (31 "B.Cu" signal) (44 "Edge.Cuts" user))
      (net 0 "")
      (target plus (at 10 10) (size 5) (width 0.1) (layer "Edge.Cuts"))
      (target x (at 20 10) (size 5) (width 0.1) (layer "Edge.Cuts"))
      (gr_wormhole (at 1 1))
      (footprint "L:F" (layer "F.Cu") (at 5 5) (fp_teleporter (at 0 0)) (zone (net 0) (layer "F.Cu") (polygon (pts (xy 0 0) (xy 1 0) (xy 1 1))))))`;
    const sch = `(kicad_sch (version 20211123) (generator eeschema) (uuid u1) (paper "A4") (lib_symbols)
      (text_box "note" (at 10 10 0) (size 20 10))
      (hologram (at 1 1)) (hologram (at 2 2)))`;
    const { report } = kicadToProject([{ name: 'b.kicad_pcb', data: enc(board) }, { name: 's.kicad_sch', data: enc(sch) }]);
    const got = Object.fromEntries(report.list().map((e) => [`${e.group}: ${e.what}`, e.count]));
    expect(got).toMatchObject({
      'Pcb: target': 2,
      'Pcb: board item gr_wormhole': 1,
      'Footprint: footprint item fp_teleporter': 1,
      'Footprint: footprint zone': 1,
      'Page: text_box': 1,
      'Page: item hologram': 2,
    });
    // settings and headers are not items: not reported
    expect(Object.keys(got).filter((k) => /host|generator|paper|lib_symbols|layers/.test(k))).toEqual([]);
    expect(report.text()).toContain('Pcb: target (x2');
  });
});
