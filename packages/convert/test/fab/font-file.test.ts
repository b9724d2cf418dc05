/**
 * Text in a named TrueType font whose glyph outlines EasyEDA keeps in the board's font file
 * FONT/<base64(pcbUuid_0)>.efon, not in the .epcb (ExtBoard-001: every 宋体 label). Before, the
 * silkscreen and the render set such text in the stroke font, the CJK glyphs as boxes.
 */
import { describe, expect, it } from 'vitest';
import { fabBoard, fabInputFromEpro } from '@copperplate/convert';
import { b64 } from '@copperplate/board';
import type { EproArchive } from '@copperplate/format';

const PCB = '52c1f28a78724ecf87d14334c2547b53';
/** A 10 x 10 (10-mil units) square glyph outline: the FONT record of "电源" in 宋体. */
const font = ['FONT', '电源', '宋体', 11.811, 10, false, false, false, 0, 236.2, 118.1, [[0, 0, 'L', 10, 0, 10, 10, 0, 10]]];
const epcb = [
  ['DOCTYPE', 'PCB', '1.8'],
  ['LAYER', 3, 'TOP_SILK', 'Top Silk', 3],
  ['POLY', 'o', 0, '', 11, 10, ['R', 0, 1000, 1000, 1000, 0, 0], 0],
  ['STRING', 'e248', 0, 3, 100, 500, '电源', '宋体', 118.1102, 7.9921, 0, 0, 3, 0, 0, 0, 0, 1],
].map((r) => JSON.stringify(r)).join('\n');

function archive(withFontFile: boolean): EproArchive {
  const entries = new Map<string, string>([[`PCB/${PCB}.epcb`, epcb]]);
  if (withFontFile) entries.set(`FONT/${b64(PCB + '_0')}.efon`, [['DOCTYPE', 'FONT', '1.7'], font].map((r) => JSON.stringify(r)).join('\n'));
  return { projectJson: { pcbs: { [PCB]: 'PCB1' } }, entries };
}

describe('TrueType text whose outlines are in the board font file (.efon)', () => {
  it('the silkscreen draws the stored outlines (a filled area), not stroke-font boxes', () => {
    const b = fabBoard(fabInputFromEpro(archive(true), 'PCB1'));
    const text = b.areas.filter((a) => a.layer === 3 && a.kind === 'text');
    expect(text).toHaveLength(1);
    expect(b.strokes.filter((s) => s.layer === 3)).toEqual([]);
    // the square glyph (10 x 10 in 10-mil units = 100 mil) placed at the text's anchor
    const xs = text[0].cs.flatMap((c) => [c.x0, ...c.segs.map((s) => s.x)]);
    expect(Math.max(...xs) - Math.min(...xs)).toBeCloseTo(100, 3);
  });
  it('without the font file the text falls back to strokes (what it was before)', () => {
    const b = fabBoard(fabInputFromEpro(archive(false), 'PCB1'));
    expect(b.strokes.filter((s) => s.layer === 3).length).toBeGreaterThan(0);
  });
});
