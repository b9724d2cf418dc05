/**
 * GET /api/fonts/kicad (issue 15): the web painter's KiCad stroke font is the one the server read
 * from the installed KiCad (.cache/kicad/newstroke.json, scripts/ensure.mjs --kicad), or null without it.
 */
import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import { existsSync, readFileSync } from 'node:fs';
import { parseKicadStrokeFont } from '@copperplate/board';
import { KICAD_FONT_FILE } from '../src/kicad-font.ts';
import { testServer } from './helpers.ts';
import { Client } from './client.ts';

let s: Awaited<ReturnType<typeof testServer>>;
beforeAll(async () => { s = await testServer('pglite'); }, 120_000);
afterAll(async () => { await s?.stop(); });

describe('KiCad stroke font for the browser [issue-15]', () => {
  it("hands a signed-in user the glyph cache the server reads (null when the machine has none)", async () => {
    const a = await new Client(s.url).signup('kfont');
    const r = await a.call<{ font: unknown }>('GET', '/api/fonts/kicad');
    expect(r.code).toBe(0);
    if (!KICAD_FONT_FILE || !existsSync(KICAD_FONT_FILE)) { expect(r.result!.font).toBeNull(); return; }
    const served = parseKicadStrokeFont(r.result!.font);
    expect(served).not.toBeNull();
    expect(r.result!.font).toEqual(JSON.parse(readFileSync(KICAD_FONT_FILE, 'utf8')));
    expect(served!.glyphs['A'.charCodeAt(0) - served!.first].strokes.length).toBeGreaterThan(0);
  });
});
