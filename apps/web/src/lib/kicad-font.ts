/**
 * KiCad's stroke font for the painter (issue 15): text of a board imported from KiCad is kept in
 * "KiCad Font", whose glyphs (KiCad's GPL data) are not part of the app; the server reads them from the
 * installed KiCad and hands them out (GET /api/fonts/kicad). Asked once per signed-in page; until the
 * answer (or when the server has none) that text draws in our own stroke font, as before.
 */
import { kicadStrokeFont, parseKicadStrokeFont, setKicadStrokeFont } from '@copperplate/board';
import { request } from '../api/http.ts';

let asked: Promise<boolean> | null = null;

/** Fetch and hand over KiCad's glyphs (once; again after a failed call, not after a null answer). Resolves true when they are in. */
export function loadKicadFont(get: () => Promise<{ font: unknown }> = () => request<{ font: unknown }>('GET', '/api/fonts/kicad', { relogin: false })): Promise<boolean> {
  if (kicadStrokeFont()) return Promise.resolve(true);
  asked ??= get().then(
    ({ font }) => {
      const f = parseKicadStrokeFont(font);
      if (f) { setKicadStrokeFont(f); asked = null; } // from now on the font itself says it is in
      return !!f;
    },
    () => { asked = null; return false; },
  );
  return asked;
}
