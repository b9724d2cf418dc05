/**
 * The KiCad reference for the import tests and the bench: Debian's kicad-demos (the demo projects)
 * and kicad (its Python module pcbnew), installed through scripts/ensure.mjs --kicad only when these
 * run. `kicadReference()` says where they are, or why not (then the tests skip with that message).
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '../../../..');
export const DEMOS = '/usr/share/kicad/demos';
/** Debian's python3 (pcbnew is installed for it, not for other pythons on PATH). */
export const PYTHON = '/usr/bin/python3';
export const COUNTS_SCRIPT = join(dirname(fileURLToPath(import.meta.url)), 'pcbnew_counts.py');

export interface KicadReference {
  demos: string | null;
  pcbnew: boolean;
  reason: string;
}

let cached: KicadReference | undefined;
export function kicadReference(): KicadReference {
  if (cached) return cached;
  spawnSync(process.execPath, [join(root, 'scripts/ensure.mjs'), '--kicad'], { stdio: 'inherit', cwd: root });
  const demos = existsSync(DEMOS) ? DEMOS : null;
  let pcbnew = false;
  if (existsSync(PYTHON)) pcbnew = spawnSync(PYTHON, ['-c', 'import pcbnew'], { stdio: 'ignore' }).status === 0;
  const reason = !demos ? `KiCad demos missing (${DEMOS}; Debian package kicad-demos could not be installed)` : !pcbnew ? 'KiCad Python module pcbnew missing (Debian package kicad could not be installed)' : '';
  cached = { demos, pcbnew, reason };
  return cached;
}

/** Every file under `dir` whose name ends with `suffix`, sorted. */
export function findFiles(dir: string, suffix: string): string[] {
  const out: string[] = [];
  for (const name of readdirSync(dir)) {
    const p = join(dir, name);
    if (statSync(p).isDirectory()) out.push(...findFiles(p, suffix));
    else if (name.endsWith(suffix)) out.push(p);
  }
  return out.sort();
}

export interface PcbnewCounts {
  file: string;
  footprints: number;
  pads: number;
  tracks: number;
  arcs: number;
  vias: number;
  zones: number;
  nets: number;
  loadMs?: number;
}

/** pcbnew's counts of every board, in one Python process. */
export function pcbnewCounts(files: string[], extra: string[] = []): PcbnewCounts[] {
  const out = execFileSync(PYTHON, [COUNTS_SCRIPT, ...extra, ...files], { encoding: 'utf8', maxBuffer: 64 << 20, stdio: ['ignore', 'pipe', 'ignore'] });
  return out.split('\n').filter((l) => l.startsWith('{')).map((l) => JSON.parse(l) as PcbnewCounts);
}
