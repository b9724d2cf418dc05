/**
 * DRC of every PCB of every V2 fixture board: counts per rule and the violations themselves.
 *   npx tsx scripts/drc-fixtures.ts [--all]
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { readEpro } from '@copperplate/format';
import { boardSourceFromArchive, listPcbs, resolveBoard, runDrc } from '@copperplate/board';

const FIXTURES = ['ExtModule-002.epro', 'STM32G431-mini.epro', 'ExtModule-003.epro', 'TriWave-2.1.epro', 'falcon-flight-FFB6.1.epro', 'FLIP_C3.epro'];
const all = process.argv.includes('--all');
for (const f of FIXTURES) {
  const a = readEpro(new Uint8Array(readFileSync(join('../shared/fixtures/epro', f))));
  for (const pcb of listPcbs(a)) {
    const m = resolveBoard(boardSourceFromArchive(a, pcb.uuid));
    const r = runDrc(m);
    const counts: Record<string, number> = {};
    for (const v of r.violations) counts[v.rule] = (counts[v.rule] ?? 0) + 1;
    console.log(`== ${f} ${pcb.name} (${pcb.uuid}): ${r.errors} errors, ${r.warnings} warnings, ${r.ms} ms ${JSON.stringify(counts)}`);
    const seen = new Map<string, number>();
    for (const v of r.violations) {
      const k = v.rule + v.message.replace(/[\d.]+/g, '#');
      seen.set(k, (seen.get(k) ?? 0) + 1);
      if (!all && (seen.get(k) ?? 0) > 3) continue;
      console.log(`  ${v.severity} ${v.rule} @(${v.x}, ${v.y}) L${v.layer ?? '-'} ${v.message} [${v.items.join(', ')}]`);
    }
  }
}
