/**
 * KiCad's stroke font for text imported from KiCad (font "KiCad Font", packages/board/src/text-kicad.ts).
 * The glyphs are KiCad's (GPL data), not Copperplate's: `node scripts/ensure.mjs --kicad` reads them
 * from the KiCad installed on this machine (scripts/kicad_newstroke.py) into an uncommitted cache file,
 * and the processes that lay out text (the CLI, the server and its fabrication and KiCad workers) hand
 * it to the board package here. Without the file, KiCad text is drawn in our own stroke font and the
 * KiCad import's report says so.
 */
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { kicadStrokeFont, parseKicadStrokeFont, setKicadStrokeFont, type KicadStrokeFont } from '@copperplate/board';

/** The cache file (.cache/ of the checkout, git-ignored); COPPERPLATE_KICAD_FONT names another ('' for none). */
export const KICAD_FONT_FILE = process.env.COPPERPLATE_KICAD_FONT ?? join(dirname(fileURLToPath(import.meta.url)), '../../../.cache/kicad/newstroke.json');

/** Load KiCad's stroke font from `file` once per process (a thread); returns it, or null when absent or unreadable. */
export function loadKicadFont(file = KICAD_FONT_FILE): KicadStrokeFont | null {
  const have = kicadStrokeFont();
  if (have) return have;
  if (!file || !existsSync(file)) return null;
  let f: KicadStrokeFont | null = null;
  try { f = parseKicadStrokeFont(JSON.parse(readFileSync(file, 'utf8'))); } catch { f = null; }
  if (f) setKicadStrokeFont(f);
  return f;
}
