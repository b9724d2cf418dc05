/** KiCad's stroke font for the web app (issue 15): the glyph cache of kicad-font.ts, served. */
import { existsSync, readFileSync } from 'node:fs';
import type { FastifyInstance } from 'fastify';
import { parseKicadStrokeFont } from '@copperplate/board';
import type { Ctx } from '../context.ts';
import { route } from '../http.ts';
import { KICAD_FONT_FILE } from '../kicad-font.ts';

/**
 * GET /api/fonts/kicad: the same glyphs for the web app's painter (apps/web/src/lib/kicad-font.ts), so
 * that "KiCad Font" text of an imported board draws in the browser as in our Gerbers; `{ font: null }`
 * when this server has none (then the browser draws it in our stroke font, as the server does).
 * Read from the cache file once per process; a signed-in user's call.
 */
export function kicadFontRoutes(app: FastifyInstance, ctx: Ctx): void {
  let raw: unknown | undefined;
  route(app, ctx, { method: 'GET', url: '/api/fonts/kicad', summary: "KiCad's stroke font of this installation (read from the installed KiCad), or null", access: 'user' }, async () => {
    if (raw === undefined) {
      raw = null;
      try { if (KICAD_FONT_FILE && existsSync(KICAD_FONT_FILE)) { const v = JSON.parse(readFileSync(KICAD_FONT_FILE, 'utf8')); raw = parseKicadStrokeFont(v) ? v : null; } } catch { raw = null; }
    }
    return { font: raw };
  });
}
