/**
 * Segments and vias read straight from the text (pcb-direct.ts) give exactly what the tree reader gives, in
 * every spelling of KiCad 6 to 9; forms it does not know fall back to the tree (same board, same
 * refusals).
 */
import { describe, expect, it } from 'vitest';
import { CatalogueError } from '@copperplate/model';
import { readKicadPcb, readSexprs, type Words } from '@copperplate/convert';
import { directSegment, directVia } from '../../src/kicad/pcb-direct.ts';

const words: Words = { get: (i, j) => text.slice(i, j) };
let text = '';

/** directSegment of one item alone: its end, or -1. */
function direct(item: string, nets: string[] = ['', 'GND', '+5V']): number {
  text = item;
  return item.startsWith('(via') ? directVia(item, 0, words, nets, []) : directSegment(item, 0, words, nets, []);
}

const board = (items: string) => `(kicad_pcb (version 20221018) (generator pcbnew)
  (net 0 "") (net 1 "GND") (net 2 "+5V")
${items}
)`;

function both(src: string) {
  return { direct: readKicadPcb(src, 'b.kicad_pcb'), tree: readKicadPcb(src, 'b.kicad_pcb', { direct: false }) };
}

function error(f: () => unknown): string {
  try { f(); } catch (e) { if (e instanceof CatalogueError) return e.message; throw e; }
  return 'no error';
}

const SPELLINGS = [
  // KiCad 6/7, one line, tstamp
  '(segment (start 96.52 161.163) (end 96.52 158.496) (width 0.23) (layer "B.Cu") (net 1) (tstamp 8f981673-6036-4b2f-8b37-f8611296408b))',
  // KiCad 8/9: a line per child, tabs, uuid quoted, (locked yes)
  '(segment\n\t\t(start -1.5 2)\n\t\t(end 3 -4.25)\n\t\t(width 0.2)\n\t\t(locked yes)\n\t\t(layer "F.Cu")\n\t\t(net 2)\n\t\t(uuid "0a875b76-8130-486c-a455-cf4ba0bc456d")\n\t)',
  // KiCad 6 bare flag, net by name, (net N "name"), (locked no), no net at all
  '(segment locked (start 1 1) (end 2 2) (width 0.25) (layer "In1.Cu") (net "GND") (tstamp 1))',
  '(segment (start 1 1) (end 2 2) (width 0.25) (layer F.Cu) (net 7 "Other") (tstamp 2))',
  '(segment (start 0 0) (end 0.5 0) (width 0.1) (locked no) (layer "B.Cu"))',
  '(segment (start 0 0) (end 1 0) (width 0.1) (locked) (layer "B.Cu") (net 0))',
];

const VIAS = [
  // KiCad 6
  '(via (at 128.27 151.765) (size 0.889) (drill 0.4) (layers "F.Cu" "B.Cu") (net 2) (tstamp 0d99967a-6010-4386-ae12-ff5584f9b1db))',
  // KiCad 6 blind, micro, locked as bare words; KiCad 7 flags as lists
  '(via blind locked (at 1 2) (size 0.6) (drill 0.3) (layers "F.Cu" "In2.Cu") (net 1) (tstamp 1))',
  '(via micro (at 1 2) (size 0.3) (drill 0.1) (layers "F.Cu" "In1.Cu") (net "GND") (tstamp 2))',
  '(via (at -3 4.5) (size 0.8) (drill 0.4) (layers "F.Cu" "B.Cu") (remove_unused_layers) (keep_end_layers) (free) (zone_layer_connections "In1.Cu") (net 1) (uuid "a-b"))',
  // KiCad 8/9: a line per child, (locked yes), (free yes), (remove_unused_layers no)
  '(via\n\t\t(at 5 6)\n\t\t(size 0.6)\n\t\t(drill 0.3)\n\t\t(layers "F.Cu" "B.Cu")\n\t\t(locked yes)\n\t\t(free yes)\n\t\t(remove_unused_layers no)\n\t\t(net 2)\n\t\t(uuid "c")\n\t)',
  '(via (at 0 0) (size 0.6) (drill 0.3) (layers "F.Cu" "B.Cu") (remove_unused_layers yes) (net 0 ""))',
];

describe('[issue-15] KiCad segments read straight from the text', () => {
  it('takes every spelling of KiCad 6 to 9 and reads what the tree reads', () => {
    for (const s of SPELLINGS) expect(direct(s), s).toBe(s.length);
    const { direct: d, tree: t } = both(board(SPELLINGS.join('\n')));
    expect(d.tracks.length).toBe(SPELLINGS.length);
    expect(d.tracks).toEqual(t.tracks);
    expect(d.tracks.map((x) => [x.net, x.locked])).toEqual([['GND', false], ['+5V', true], ['GND', true], ['Other', false], ['', false], ['', true]]);
  });

  it('takes the vias of KiCad 6 to 9 and reads what the tree reads', () => {
    for (const s of VIAS) expect(direct(s), s).toBe(s.length);
    const { direct: d, tree: t } = both(board(VIAS.join('\n')));
    expect(d.vias.length).toBe(VIAS.length);
    expect(d.vias).toEqual(t.vias);
    expect(d.vias.map((v) => [v.kind, v.net, v.locked, v.removeUnused])).toEqual([
      ['through', '+5V', false, false], ['blind', 'GND', true, false], ['micro', 'GND', false, false],
      ['through', 'GND', false, true], ['through', '+5V', true, false], ['through', '', false, true],
    ]);
    const odd = [
      '(via (at 1 2) (size 0.6) (drill 0.3) (layers "F.Cu" "B.Cu") (net 1) (teardrops (enabled no)))', // a nested list
      '(via (at 1 2 90) (size 0.6) (drill 0.3) (layers "F.Cu" "B.Cu") (net 1))', // a third coordinate
      '(via (at 1 2) (size 0.6) (layers "F.Cu" "B.Cu") (net 1))', // no drill
      '(via buried (at 1 2) (size 0.6) (drill 0.3) (layers "F.Cu" "B.Cu"))', // a word it does not know
      '(via (at 1 2) (size 0.6) (drill 0.3) (layers "F.Cu") (net 1))', // one layer
    ];
    for (const s of odd) expect(direct(s), s).toBe(-1);
    const o = both(board(odd.join('\n')));
    expect(o.direct).toEqual(o.tree);
    expect(o.direct.vias.length).toBe(odd.length);
  });

  it('leaves other forms to the tree, which reads them as before', () => {
    const odd = [
      '(segment (start 1 1) (end 2 2) (width "0.25") (layer "F.Cu") (net 1))', // a quoted number
      '(segment (start 1e-3 1) (end 2 2) (width 0.25) (layer "F.Cu") (net 1))', // an exponent: text in the tree
      '(segment (start 007 1) (end 2 2) (width 0.25) (layer "F.Cu") (net 1))', // a leading zero: text in the tree
      '(segment (start 1 1) (end 2 2) (width 0.25) (layer "F\\".Cu") (net 1))', // an escape
      '(segment (start 1 1) (end 2 2) (width 0.25) (layer "F.Cu") (net 1) (foo 3))', // a child it does not know
      '(segment (start 1 1) (end 2 2) (layer "F.Cu") (net 1))', // no width
      '(segment (start 1 1) (start 3 3) (end 2 2) (width 0.25) (layer "F.Cu"))', // a child twice
      '(segment (start 1 1) (end 2 2) (width 0.25) (layer "F.Cu") (net 1) hidden)', // a bare word other than locked
      '(segments (start 1 1) (end 2 2) (width 0.25) (layer "F.Cu") (net 1))', // another keyword
    ];
    for (const s of odd) expect(direct(s), s).toBe(-1);
    const { direct: d, tree: t } = both(board(odd.join('\n')));
    expect(d).toEqual(t);
    expect(d.tracks.length).toBe(odd.length - 1);
  });

  it('a net number declared only later: the tree reads the rest of the board, as before', () => {
    const src = `(kicad_pcb (version 20221018)
  (net 0 "")
  (segment (start 0 0) (end 1 0) (width 0.2) (layer "F.Cu") (net 0) (tstamp a))
  (segment (start 0 0) (end 2 0) (width 0.2) (layer "F.Cu") (net 5) (tstamp b))
  (segment (start 0 0) (end 3 0) (width 0.2) (layer "F.Cu") (net 0) (tstamp c))
  (net 5 "LATE")
)`;
    expect(direct('(segment (start 0 0) (end 2 0) (width 0.2) (layer "F.Cu") (net 5))', [''])).toBe(-1);
    const { direct: d, tree: t } = both(src);
    expect(d).toEqual(t);
    expect(d.tracks.map((x) => x.net)).toEqual(['', 'LATE', '']);
  });

  it('a file cut inside a segment is refused as the tree reader refuses it', () => {
    const full = board(SPELLINGS[0] + '\n' + SPELLINGS[1]);
    for (const cut of [full.indexOf('(width 0.2)') + 4, full.indexOf('"0a875b76') + 5, full.length - 3]) {
      const src = full.slice(0, cut);
      const e = error(() => readKicadPcb(src, 'cut.kicad_pcb'));
      expect(e).toBe(error(() => readKicadPcb(src, 'cut.kicad_pcb', { direct: false })));
      expect(e).toContain('truncated');
      expect(error(() => readSexprs(src, { file: 'cut.kicad_pcb' }))).toBe(e);
    }
  });
});
