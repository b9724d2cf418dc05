/**
 * The web painter's KiCad stroke font (issue 15): what GET /api/fonts/kicad answers is handed to the
 * board package once, so "KiCad Font" text lays out in KiCad's glyphs; a failed or empty answer leaves
 * our stroke font and is asked again next time.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { existsSync, readFileSync } from 'node:fs';
import { KICAD_FONT, kicadStrokeFont, layoutText, setKicadStrokeFont } from '@copperplate/board';
import { loadKicadFont } from '../src/lib/kicad-font.ts';

const CACHE = new URL('../../../.cache/kicad/newstroke.json', import.meta.url);
const spec = { text: 'KiCad', x: 0, y: 0, height: 40, strokeWidth: 6, align: 1, angle: 0, mirrored: false, font: KICAD_FONT };
const shape = () => JSON.stringify(layoutText(spec));

afterEach(() => setKicadStrokeFont(null));

describe('KiCad glyphs in the browser [issue-15]', () => {
  it.skipIf(!existsSync(CACHE))('hands the served font to the painter once: KiCad-font text changes from the fallback', async () => {
    const font = JSON.parse(readFileSync(CACHE, 'utf8'));
    const fallback = shape();
    let calls = 0;
    expect(await loadKicadFont(async () => { calls++; return { font }; })).toBe(true);
    expect(kicadStrokeFont()).not.toBeNull();
    expect(shape()).not.toBe(fallback);
    expect(await loadKicadFont(async () => { calls++; return { font }; })).toBe(true);
    expect(calls).toBe(1);
  });

  it('keeps the fallback without a font (null or a failed call) and asks again after a failure', async () => {
    const fallback = shape();
    expect(await loadKicadFont(async () => { throw new Error('offline'); })).toBe(false);
    expect(kicadStrokeFont()).toBeNull();
    expect(shape()).toBe(fallback);
    let asked = 0;
    expect(await loadKicadFont(async () => { asked++; return { font: null }; })).toBe(false);
    expect(asked).toBe(1);
  });
});
