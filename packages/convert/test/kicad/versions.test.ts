/**
 * KiCad 7 to 9 spellings that the demo files (KiCad 6) do not use: (stroke (width)) instead of
 * (width), (fill yes), (uuid ...), footprint properties with positions, (hide yes), arcs in polygon
 * point lists, (layers "F.Cu" "B.Cu") zones, blind and micro vias; and the unit conversion
 * (mm, Y down -> mil, Y up).
 */
import { describe, expect, it } from 'vitest';
import { readKicadPcb, readKicadSch, readKicadSym, kicadToProject, Report } from '@copperplate/convert';

const BOARD_V9 = `(kicad_pcb (version 20241229) (generator "pcbnew") (generator_version "9.0")
  (general (thickness 1.6) (legacy_teardrops no))
  (layers (0 "F.Cu" signal) (2 "B.Cu" signal) (25 "Edge.Cuts" user) (5 "F.SilkS" user "F.Silkscreen"))
  (net 0 "") (net 1 "GND")
  (footprint "Lib:R" (layer "F.Cu") (uuid "a1") (at 10 20 90)
    (property "Reference" "R1" (at 0 -1.5 90) (layer "F.SilkS") (uuid "p1") (effects (font (size 1 1) (thickness 0.15))))
    (property "Value" "10k" (at 0 1.5 90) (layer "F.Fab") (hide yes) (uuid "p2") (effects (font (size 1 1))))
    (fp_line (start -1 -0.5) (end 1 -0.5) (stroke (width 0.12) (type solid)) (layer "F.SilkS") (uuid "l1"))
    (fp_poly (pts (xy 0 0) (xy 1 0) (arc (start 1 0) (mid 1.5 0.5) (end 1 1)) (xy 0 1)) (stroke (width 0)) (fill yes) (layer "F.SilkS") (uuid "q1"))
    (pad "1" smd roundrect (at -1 0 90) (size 1 1.2) (layers "F.Cu" "F.Paste" "F.Mask") (roundrect_rratio 0.25) (net 1 "GND") (uuid "d1"))
    (pad "2" thru_hole oval (at 1 0 90) (size 1.2 2) (drill oval 0.6 1.2) (layers "*.Cu" "*.Mask") (uuid "d2"))
  )
  (segment (start 0 0) (end 25.4 0) (width 0.254) (layer "F.Cu") (net 1) (uuid "s1"))
  (arc (start 0 0) (mid 1 1) (end 2 0) (width 0.2) (layer "B.Cu") (net 1) (uuid "a2"))
  (via blind (at 5 5) (size 0.6) (drill 0.3) (layers "F.Cu" "B.Cu") (net 1) (uuid "v1"))
  (via micro (at 6 5) (size 0.3) (drill 0.1) (layers "F.Cu" "B.Cu") (net 1) (uuid "v2"))
  (gr_rect (start 0 0) (end 50 40) (stroke (width 0.05) (type default)) (fill no) (layer "Edge.Cuts") (uuid "r1"))
  (zone (net 1) (net_name "GND") (layers "F.Cu" "B.Cu") (uuid "z1") (hatch edge 0.5)
    (connect_pads (clearance 0.3)) (min_thickness 0.25) (fill yes (thermal_gap 0.5) (thermal_bridge_width 0.5))
    (polygon (pts (xy 0 0) (xy 10 0) (xy 10 10) (xy 0 10))))
)`;

describe('[issue-15] KiCad 7 to 9 files', () => {
  it('reads a KiCad 9 board: stroke widths, properties, arcs in points, vias by kind, multi-layer zones; mm Y down -> mil Y up', () => {
    const b = readKicadPcb(BOARD_V9, 'v9.kicad_pcb');
    expect(b.version).toBe(20241229);
    const fp = b.footprints[0];
    expect(fp.reference).toBe('R1');
    expect(fp.value).toBe('10k');
    expect(fp.texts.find((t) => t.role === 'value')?.hidden).toBe(true);
    expect(fp.x).toBeCloseTo(393.7008, 3);
    expect(fp.y).toBeCloseTo(-787.4016, 3);
    expect(fp.graphics[0]).toMatchObject({ kind: 'line', width: 4.7244 });
    expect(fp.graphics[1]).toMatchObject({ kind: 'poly', fill: true });
    expect((fp.graphics[1] as { path: unknown[] }).path).toContain('ARC');
    expect(fp.pads.map((p) => [p.shape, p.rot, p.drill?.oval ?? null])).toEqual([['roundrect', 0, null], ['oval', 0, true]]);
    expect(fp.pads[1].drill).toMatchObject({ w: 23.622, h: 47.2441 });
    expect(b.tracks[0]).toMatchObject({ x1: 0, x2: 1000, width: 10, net: 'GND' });
    expect(b.arcs[0].sweep).toBeCloseTo(180, 3); // left, down (below on screen), right: counter-clockwise on screen, in both frames
    expect(b.vias.map((v) => v.kind)).toEqual(['blind', 'micro']);
    expect(b.zones[0].layers).toEqual(['F.Cu', 'B.Cu']);
    expect(b.zones[0].clearance).toBeCloseTo(11.811, 3);
  });

  it('a multi-layer zone becomes one pour per layer; blind/micro via spans are in the report', () => {
    const report = new Report();
    const { data } = kicadToProject([{ name: 'v9.kicad_pcb', data: BOARD_V9 }]);
    const pours = data.pcbs[0].dataStr.split('\n').filter((l) => l.startsWith('["POUR"'));
    expect(pours).toHaveLength(2);
    const r = kicadToProject([{ name: 'v9.kicad_pcb', data: BOARD_V9 }]).report.text();
    expect(r).toContain('blind via layer span F.Cu-B.Cu');
    expect(r).toContain('micro via layer span F.Cu-B.Cu');
    void report;
  });

  it('reads KiCad 8/9 schematic spellings: (hide yes) fields, symbol instances inside the symbol, body_style', () => {
    const s = readKicadSch(`(kicad_sch (version 20250114) (generator "eeschema") (generator_version "9.0") (uuid "u0") (paper "A4")
  (lib_symbols (symbol "Device:R" (pin_numbers (hide yes)) (exclude_from_sim no) (in_bom yes) (on_board yes)
    (property "Reference" "R" (at 2 0 90) (effects (font (size 1.27 1.27))))
    (property "Value" "R" (at 0 0 90) (effects (font (size 1.27 1.27))))
    (symbol "R_0_1" (rectangle (start -1 -2.5) (end 1 2.5) (stroke (width 0.254) (type default)) (fill (type none))))
    (symbol "R_1_1" (pin passive line (at 0 3.81 270) (length 1.27) (name "~" (effects (font (size 1.27 1.27)))) (number "1" (effects (font (size 1.27 1.27)))))
                    (pin passive line (at 0 -3.81 90) (length 1.27) (name "~" (effects (font (size 1.27 1.27)))) (number "2" (effects (font (size 1.27 1.27))))))))
  (symbol (lib_id "Device:R") (at 100 50 0) (unit 1) (body_style 1) (in_bom yes) (on_board yes) (dnp no) (uuid "s1")
    (property "Reference" "R7" (at 102 50 0) (effects (font (size 1.27 1.27))))
    (property "Value" "1k" (at 104 50 0) (effects (font (size 1.27 1.27)) (hide yes)))
    (pin "1" (uuid "p1")) (pin "2" (uuid "p2"))
    (instances (project "x" (path "/u0" (reference "R7") (unit 1)))))
  (wire (pts (xy 100 46.19) (xy 100 40)) (stroke (width 0) (type default)) (uuid "w1"))
  (label "NET_A" (at 100 40 0) (fields_autoplaced yes) (effects (font (size 1.27 1.27))) (uuid "l1"))
)`, 'v9.kicad_sch');
    expect(s.symbols[0]).toMatchObject({ reference: 'R7', value: '1k', style: 1 });
    expect(s.symbols[0].fields.find((f) => f.key === 'Value')?.hidden).toBe(true);
    expect(s.libSymbols[0].pinNumbersHidden).toBe(true);
    expect(s.wires[0]).toEqual([393.7008, -181.8504, 393.7008, -157.4803]);
    expect(s.labels[0]).toMatchObject({ kind: 'label', text: 'NET_A' });
  });

  it('reads a .kicad_sym library with extends (a derived symbol takes its parent\'s units)', () => {
    const syms = readKicadSym(`(kicad_symbol_lib (version 20241209) (generator "kicad_symbol_editor")
  (symbol "Base" (property "Reference" "U" (at 0 0 0) (effects (font (size 1.27 1.27))))
    (symbol "Base_1_1" (pin input line (at -5 0 0) (length 2.54) (name "IN" (effects (font (size 1.27 1.27)))) (number "1" (effects (font (size 1.27 1.27)))))))
  (symbol "Derived" (extends "Base") (property "Value" "Derived" (at 0 0 0) (effects (font (size 1.27 1.27))))))`);
    expect(syms.map((s) => s.name)).toEqual(['Base', 'Derived']);
    expect(syms[1].parts[0].pins[0]).toMatchObject({ name: 'IN', number: '1', type: 'input', x: -19.685 });
  });
});
