/**
 * Text in a named font whose outlines the board does not store (Hexapod, an EasyEDA Pro 3 board: its
 * reverse Verdana labels) is set from a substitute (Debian's fonts-arkpandora Veranda, installed by
 * scripts/ensure.mjs --fonts; FONT_SUBSTITUTES): our TrueType reader gives Veranda's glyphs, set in
 * Verdana's advance widths (verdana-widths.ts), and each of EasyEDA's twelve reverse boxes on the top
 * silk has one of ours with the same corners' height and anchor within 0.01 mm (Verdana's 2059 + 430
 * line box grown by the expansion) and a length within 0.09 mm. Without the font file the stroke font
 * stands in. Read back by gerber-parser: clean.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { existsSync, readFileSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { unzipSync, strFromU8 } from 'fflate';
import { readEpro } from '@copperplate/format';
import { FONT_SUBSTITUTES, fabBoard, fabInputFromEpro, gerberFiles, substituteFonts } from '@copperplate/convert';
import { layoutText, parseFamily, parseTtf } from '@copperplate/board';
import { readBack } from './readback.ts';

const FIX = new URL('../../../../../shared/fixtures/', import.meta.url);
const VERANDA = FONT_SUBSTITUTES.Verdana.regular;
const fromDisk = (p: string) => (existsSync(p) ? new Uint8Array(readFileSync(p)) : undefined);

beforeAll(() => {
  if (Object.values(FONT_SUBSTITUTES).some((f) => !existsSync(f.regular))) spawnSync(process.execPath, [join(import.meta.dirname, '../../../../scripts/ensure.mjs'), '--fonts'], { stdio: 'inherit' });
});

/** Region boxes [minX, minY, maxX, maxY] (mm) of a Gerber, optionally between two comments. */
function regionBoxes(g: string, from = '', to = ''): number[][] {
  const dec = Number(/%FSLAX\d(\d)/.exec(g)![1]);
  const i = from ? g.indexOf(from) : 0, j = to ? g.indexOf(to) : g.length;
  return g.slice(i, j).split('G36*').slice(1).map((r) => {
    const pts = [...r.split('G37*')[0].matchAll(/X(-?\d+)Y(-?\d+)/g)].map((m) => [Number(m[1]) / 10 ** dec, Number(m[2]) / 10 ** dec]);
    const xs = pts.map((p) => p[0]), ys = pts.map((p) => p[1]);
    return [Math.min(...xs), Math.min(...ys), Math.max(...xs), Math.max(...ys)];
  });
}

describe('[issue-12] named fonts without stored outlines: set from a metric-compatible substitute', () => {
  it('the TrueType reader: Veranda\'s advances, glyphs with their counters', () => {
    const f = parseTtf(fromDisk(VERANDA)!);
    expect(f.unitsPerEm).toBe(2048);
    expect([f.ascent, f.descent]).toEqual([1901, -483]); // Vera's line box: FONT_SUBSTITUTES gives Verdana's
    expect(['+', '5', 'V', 'B'].map((c) => f.glyph(c).advance)).toEqual([1716, 1303, 1401, 1405]);
    expect(f.glyph('B').contours.length).toBe(3);
    expect(f.glyph('o').contours.length).toBe(2);
    expect(f.glyph(' ').contours.length).toBe(0);
  });

  it('Hexapod: EasyEDA\'s reverse Verdana boxes on the top silk, anchored and sized as ours', async () => {
    const a = readEpro(new Uint8Array(readFileSync(new URL('epro/Hexapod.epro2', FIX))), { name: 'Hexapod' });
    const b = fabBoard(fabInputFromEpro(a, undefined, { fonts: substituteFonts(fromDisk) }));
    const ours = gerberFiles(b, { date: '2026-01-01T00:00:00Z', layers: [3] })[0].text;
    const ref = strFromU8(unzipSync(new Uint8Array(readFileSync(new URL('ref/Hexapod/Gerber_HexapodPCB_R2_2026-08-06.zip', FIX))))['Gerber_TopSilkscreenLayer.GTO']);
    const H = 2.02273; // 1.5 mm Verdana: (2059 + 430) / 2048 em + 2 x 0.1 mm
    const isBox = (r: number[]) => Math.abs(r[3] - r[1] - H) < 0.01 || Math.abs(r[2] - r[0] - H) < 0.01;
    const refBoxes = regionBoxes(ref, 'G04 Text Start', 'G04 Text End').filter(isBox);
    const ourBoxes = regionBoxes(ours).filter(isBox);
    expect(refBoxes.length).toBe(12);
    for (const r of refBoxes) {
      // Across the text both edges match; along it the anchored end (which end depends on the rotation).
      const vertical = Math.abs(r[2] - r[0] - H) < 0.01;
      const [a0, a1, l0, l1] = vertical ? [0, 2, 1, 3] : [1, 3, 0, 2];
      const near = (u: number, v: number) => Math.abs(u - v) < 0.01;
      const hit = ourBoxes.find((o) => near(o[a0], r[a0]) && near(o[a1], r[a1]) && (near(o[l0], r[l0]) || near(o[l1], r[l1])));
      expect(hit, `box at ${r[0]},${r[1]}`).toBeDefined();
      // Along the text: Verdana's advances (verdana-widths.ts; Veranda's left "LCD I2C" 0.227 mm and
      // "On/Off" 0.222 mm short); "VBAT" stays 0.087 mm long (EasyEDA kerns A-T; Verdana's kerning is not known here).
      const len = (x: number[]) => (vertical ? x[3] - x[1] : x[2] - x[0]);
      expect(Math.abs(len(hit!) - len(r)), `box at ${r[0]},${r[1]}`).toBeLessThan(0.09);
    }
    expect((await readBack(ours)).warnings).toEqual([]);
  });

  it('Verdana set from Veranda keeps Verdana\'s advance widths, the glyph centred in them (Veranda is Vera under Verdana\'s name)', () => {
    const look = substituteFonts(fromDisk);
    const face = look('Verdana')!, f = face.font;
    expect([f.glyph('I').advance, f.glyph('/').advance, f.glyph(' ').advance]).toEqual([604, 690, 651]); // Vera's
    expect(['I', '/', ' ', 'B'].map((c) => face.advances?.get(c))).toEqual([862, 930, 721, undefined]); // Verdana's; B is the same in both
    expect(look('Verdana Bold')!.advances?.get('I')).toBe(1118);
    expect(look('Verdana Italic')!.advances).toBeUndefined();
    const h = 59.0551, s = h / 2048;
    const l = layoutText({ text: 'LCD I2C', x: 0, y: 0, height: h, strokeWidth: 6, align: 3, angle: 0, mirrored: false, font: 'Verdana', strokeFont: 'hershey' }, undefined, look);
    expect(l.rect!.w).toBeCloseTo((1141 + 1430 + 1577 + 721 + 862 + 1303 + 1430) * s, 6);
    // the I (Vera's 604 wide) sits in the middle of Verdana's 862
    const iStart = (1141 + 1430 + 1577 + 721) * s;
    const xs = l.fill.flatMap((c) => [c.x0, ...c.segs.map((q) => q.x)]).filter((x) => x > iStart && x < iStart + 862 * s);
    const mid = (Math.min(...xs) + Math.max(...xs)) / 2;
    expect(mid).toBeCloseTo(iStart + (862 * s) / 2, 1);
  });

  it('without the font file the stroke font stands in', () => {
    const a = readEpro(new Uint8Array(readFileSync(new URL('epro/Hexapod.epro2', FIX))), { name: 'Hexapod' });
    const none = fabBoard(fabInputFromEpro(a, undefined, { fonts: substituteFonts(() => undefined) }));
    const withFont = fabBoard(fabInputFromEpro(a, undefined, { fonts: substituteFonts(fromDisk) }));
    const contours = (x: typeof none) => x.areas.filter((r) => r.kind === 'text' && r.layer === 3).reduce((n, r) => n + r.cs.length, 0);
    expect(contours(withFont)).toBeGreaterThan(contours(none) + 50);
    expect(none.strokes.filter((s) => s.clear && s.layer === 3).length).toBeGreaterThan(0);
    expect(withFont.strokes.filter((s) => s.clear && s.layer === 3).length).toBe(0);
  });

  it('family names as boards write them: style words stripped and kept, any case; unknown families get none', () => {
    expect(parseFamily('Consolas Bold')).toEqual({ family: 'Consolas', bold: true, italic: false });
    expect(parseFamily('arial')).toEqual({ family: 'Arial', bold: false, italic: false });
    expect(parseFamily('Verdana-BoldItalic')).toEqual({ family: 'Verdana', bold: true, italic: true });
    expect(parseFamily('Times New Roman Italic')).toEqual({ family: 'Times New Roman', bold: false, italic: true });
    expect(parseFamily('Comic Sans MS').family).toBeUndefined();
    expect(parseFamily('Bold').family).toBeUndefined();
    const look = substituteFonts(fromDisk);
    for (const name of Object.keys(FONT_SUBSTITUTES)) expect(look(name), name).toBeDefined();
    expect(look('Consolas Bold')!.font).not.toBe(look('Consolas')!.font);
    expect(look('Consolas', { bold: true })!.font).toBe(look('Consolas Bold')!.font);
    expect(look('Comic Sans MS')).toBeUndefined();
  });

  it('the original font, when installed, is looked for first and used with its own metrics; missing, the substitute', () => {
    // a stand-in for Microsoft's Verdana Bold where ttf-mscorefonts-installer puts it (DejaVu Sans Bold's bytes)
    const stand = fromDisk('/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf')!;
    const asked: string[] = [];
    // (no other original, whatever this machine has installed)
    const originals = /^\/usr\/(share\/fonts\/truetype\/msttcorefonts|local\/share\/fonts)\//;
    const look = substituteFonts((p) => { asked.push(p); return p === '/usr/share/fonts/truetype/msttcorefonts/Verdana_Bold.ttf' ? stand : originals.test(p) ? undefined : fromDisk(p); });
    const bold = look('Verdana', { bold: true })!;
    expect(asked[0]).toBe('/usr/share/fonts/truetype/msttcorefonts/Verdana_Bold.ttf');
    expect(bold.font.glyph('B').advance).toBe(parseTtf(stand).glyph('B').advance);
    // its own line box and advances: none of the substitute's corrections
    expect([bold.ascent, bold.descent, bold.advances, bold.advance]).toEqual([undefined, undefined, undefined, undefined]);
    // the regular style is not installed here: both places looked at, then Veranda with Verdana's metrics
    const regular = look('Verdana')!;
    expect(asked).toEqual(expect.arrayContaining(['/usr/share/fonts/truetype/msttcorefonts/Verdana.ttf', '/usr/local/share/fonts/Verdana.ttf', VERANDA]));
    expect(regular.ascent).toBe(2059);
    expect(regular.advances?.size).toBeGreaterThan(0);
    // Consolas by its Windows file names
    const seen: string[] = [];
    substituteFonts((p) => { seen.push(p); return undefined; })('Consolas Bold');
    expect(seen.slice(0, 2)).toEqual(['/usr/share/fonts/truetype/msttcorefonts/consolab.ttf', '/usr/local/share/fonts/consolab.ttf']);
  });

  it('Consolas (no free clone): a monospace substitute scaled to its advance, cap height and line box', () => {
    // STM-C4 (a real board, not in the fixtures): "Consolas Bold" silk text at 98.4252 mil; EasyEDA's
    // Gerber has 54.1 mil per character, 62 mil capitals and lines 115 mil apart. Its top silk
    // differed by 9.25% of the layer in the stroke font, by 1.99% with this (the rest is glyph design:
    // Consolas' slashed zero, its g).
    const h = 98.4252, em = h / 2048;
    const t = { text: 'HHHH\nH', x: 0, y: 0, height: h, strokeWidth: 8, align: 3, angle: 0, mirrored: false, font: 'Consolas Bold', strokeFont: 'hershey' as const, bold: false, italic: false };
    const l = layoutText(t, undefined, substituteFonts(fromDisk));
    expect(l.ttf).toBe(true);
    expect(l.rect!.w).toBeCloseTo(4 * 1126 * em, 6);
    expect(l.rect!.h).toBeCloseTo(2 * (1884 + 514) * em, 6);
    // the lower line's H: baseline the descent above the box bottom, cap height Consolas'
    let top = -Infinity, bottom = Infinity;
    for (const c of l.fill) for (const p of [{ x: c.x0, y: c.y0 }, ...c.segs]) if (p.y < (1884 + 514) * em) { top = Math.max(top, p.y); bottom = Math.min(bottom, p.y); }
    expect(bottom).toBeCloseTo(514 * em, 1);
    expect(top - bottom).toBeCloseTo(1307 * em, 1);
  });
});
