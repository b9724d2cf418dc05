/**
 * KiCad's stroke font is KiCad's (GPL data), so Copperplate does not ship it: `ensure --kicad` reads
 * it from the installed KiCad (scripts/kicad_newstroke.py) into an uncommitted cache that the apps
 * load (apps/server/src/kicad-font.ts). Checked here: the cache is there after ensure, loads, and text
 * laid out with it (packages/board text-kicad.ts) is pcbnew's own layout of the same text, segment
 * for segment; without it the import report says KiCad text falls back to our stroke font.
 */
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { kicadStrokeFont, kicadTextLayout, setKicadStrokeFont } from '@copperplate/board';
import { kicadToProject } from '@copperplate/convert';
import { KICAD_FONT_FILE, loadKicadFont } from '../../../../apps/server/src/kicad-font.ts';
import { PYTHON, kicadReference } from './reference.ts';

const ref = kicadReference();
const enc = (s: string) => new TextEncoder().encode(s);
const board = `(kicad_pcb (version 20211014) (generator pcbnew) (general (thickness 1.6))
  (layers (0 "F.Cu" signal) (31 "B.Cu" signal) (44 "Edge.Cuts" user))
  (net 0 "")
  (gr_text "HELLO" (at 10 10) (layer "F.Cu") (effects (font (size 1.5 1.5) (thickness 0.3))))
  (gr_text "WORLD" (at 10 20) (layer "B.Cu") (effects (font (size 1.5 1.5) (thickness 0.3)) (justify mirror))))`;
const missing = (r: ReturnType<typeof kicadToProject>['report']) => r.list().filter((e) => /KiCad's stroke font/.test(e.what)).reduce((n, e) => n + e.count, 0);

/** pcbnew's stroke segments of `text` (2.1 mm high, `width` mm wide, centred, bottom), nm, KiCad's Y down. */
function pcbnewSegments(text: string, width: number): number[][] {
  const py = `
import json, sys, pcbnew
t = pcbnew.PCB_TEXT(pcbnew.BOARD())
t.SetText(sys.argv[1]); t.SetTextSize(pcbnew.wxSize(int(sys.argv[2]), 2100000)); t.SetTextThickness(100000)
t.SetHorizJustify(pcbnew.GR_TEXT_HJUSTIFY_CENTER); t.SetVertJustify(pcbnew.GR_TEXT_VJUSTIFY_BOTTOM)
p = [(q.x, q.y) for q in t.TransformToSegmentList()]
print(json.dumps([[p[i][0], p[i][1], p[i + 1][0], p[i + 1][1]] for i in range(0, len(p) - 1, 2)]))`;
  return JSON.parse(execFileSync(PYTHON, ['-c', py, text, String(width * 1e6)], { encoding: 'utf8' }).trim().split('\n').pop()!) as number[][];
}

afterEach(() => setKicadStrokeFont(null));

describe('[issue-15] KiCad\'s stroke font from the installed KiCad', () => {
  it('without it the import report says KiCad text is drawn in our stroke font; with it, not', () => {
    setKicadStrokeFont(null);
    expect(missing(kicadToProject([{ name: 'b.kicad_pcb', data: enc(board) }]).report)).toBe(2);
    setKicadStrokeFont({ first: 63, glyphs: [{ advance: 10, strokes: [] }] });
    expect(missing(kicadToProject([{ name: 'b.kicad_pcb', data: enc(board) }]).report)).toBe(0);
  });

  it.skipIf(!ref.pcbnew)(`ensure --kicad caches it; our layout with it is pcbnew's, segment for segment${ref.pcbnew ? '' : ` (skipped: ${ref.reason})`}`, () => {
    expect(existsSync(KICAD_FONT_FILE), KICAD_FONT_FILE).toBe(true);
    expect(KICAD_FONT_FILE.startsWith(join(import.meta.dirname, '../../../../.cache/'))).toBe(true); // git-ignored
    setKicadStrokeFont(null);
    const f = loadKicadFont();
    expect(f?.glyphs.length).toBe(95);
    expect(kicadStrokeFont()).toBe(f);
    // every printable ASCII character, 2.1 mm high and 3 mm wide: our strokes as KiCad's segments (Y down, nm)
    const text = Array.from({ length: 94 }, (_, i) => String.fromCharCode(33 + i)).join(' ');
    const ours = kicadTextLayout(text, { height: 2.1, width: 3, thickness: 0.1, hAlign: 1, vAlign: 2, nmPerUnit: 1e6 }).strokes
      .flatMap((s) => Array.from({ length: s.length / 2 - 1 }, (_, k) => [s[2 * k], -s[2 * k + 1], s[2 * k + 2], -s[2 * k + 3]].map((v) => v * 1e6)));
    const theirs = pcbnewSegments(text, 3);
    expect(ours.length).toBe(theirs.length);
    // KiCad truncates to its integer nanometre: sorted by the micrometre, every coordinate within 2 nm
    const sorted = (l: number[][]) => l.map((q) => ({ q, k: q.map((v) => Math.round(v / 1000)) })).sort((p, q) => p.k.reduce((d, v, i) => d || v - q.k[i], 0)).map((e) => e.q);
    const a = sorted(ours), b = sorted(theirs);
    const off = a.flatMap((q, i) => q.map((v, k) => Math.abs(v - b[i][k]))).reduce((m, d) => Math.max(m, d), 0);
    expect(off).toBeLessThanOrEqual(2);
  });
});
