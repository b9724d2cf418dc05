/**
 * The imported project of every KiCad demo board, as a SHA-256 per board: the board file alone (as the
 * kicad bench imports it) and its whole project folder (.kicad_pro, schematics, libraries beside it).
 * Made to prove that a change of the KiCad reader or converter (e.g. for speed) changes no output:
 *
 *   node --import tsx scripts/kicad-import-hashes.ts --save before.txt   # on the old code
 *   node --import tsx scripts/kicad-import-hashes.ts --check before.txt  # on the new: exit 1 on a difference
 *
 * Without an option it prints the lines. Needs Debian's kicad-demos (scripts/ensure.mjs --kicad).
 * The hash covers every document of the ProjectData (JSON, in order), the report's entries and the
 * file -> document map; an import that throws hashes its error message.
 */
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { basename, dirname, join, relative } from 'node:path';
import { kicadToProject, type KicadFile } from '@copperplate/convert';

const DEMOS = '/usr/share/kicad/demos';

function find(dir: string, test: (name: string) => boolean, deep = true): string[] {
  const out: string[] = [];
  for (const name of readdirSync(dir)) {
    const p = join(dir, name);
    if (statSync(p).isDirectory()) { if (deep) out.push(...find(p, test)); } else if (test(name)) out.push(p);
  }
  return out.sort();
}

function hashImport(files: KicadFile[]): string {
  const h = createHash('sha256');
  try {
    const { data, report, documents } = kicadToProject(files);
    h.update(JSON.stringify(data));
    h.update(JSON.stringify(report.list()));
    h.update(JSON.stringify([...documents]));
  } catch (e) {
    h.update('error: ' + String((e as Error).message));
  }
  return h.digest('hex');
}

if (!existsSync(DEMOS)) {
  console.error(`${DEMOS} missing: run node scripts/ensure.mjs --kicad`);
  process.exit(2);
}
const lines: string[] = [];
for (const board of find(DEMOS, (n) => n.endsWith('.kicad_pcb'))) {
  const rel = relative(DEMOS, board);
  lines.push(`${rel} board ${hashImport([{ name: basename(board), data: readFileSync(board) }])}`);
  const dir = dirname(board);
  const folder = find(dir, (n) => /\.kicad_(pro|pcb|sch|sym|mod)$/.test(n)).map((p) => ({ name: relative(dir, p), data: readFileSync(p) }));
  lines.push(`${rel} folder ${hashImport(folder)}`);
}
const [opt, file] = process.argv.slice(2);
if (opt === '--save' && file) {
  writeFileSync(file, lines.join('\n') + '\n');
  console.log(`${lines.length} hashes written to ${file}`);
} else if (opt === '--check' && file) {
  const want = readFileSync(file, 'utf8').trim().split('\n');
  const diff = lines.filter((l, i) => l !== want[i]);
  if (want.length !== lines.length) diff.push(`line count ${lines.length}, saved ${want.length}`);
  for (const d of diff) console.log(`DIFFERS: ${d}`);
  console.log(diff.length ? `${diff.length} of ${lines.length} differ` : `all ${lines.length} identical`);
  process.exit(diff.length ? 1 : 0);
} else console.log(lines.join('\n'));
