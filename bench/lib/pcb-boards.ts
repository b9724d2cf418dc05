/** The fixture boards of the PCB render bench and the WebGL pixel test, as the page code takes them. */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { readEpro } from '@copperplate/format';
import { findPcbDoc, pcbDocNames } from '@copperplate/editor/pcb/load';
import type { BoardInput } from './pcb-render-page.ts';

const FIX = '/work/shared/fixtures/epro';

export function fixtureBoards(files = ['STM32G431-mini.epro', 'ExtModule-002.epro']): BoardInput[] {
  const out: BoardInput[] = [];
  for (const f of files) {
    const a = readEpro(new Uint8Array(readFileSync(join(FIX, f))), { name: f });
    const ref = findPcbDoc(a, pcbDocNames(a).pcbs[0].uuid);
    const footprints: Record<string, string> = {};
    for (const [k, v] of a.entries) if (k.startsWith('FOOTPRINT/') && typeof v === 'string') footprints[k.slice(10, -5)] = v;
    out.push({ name: f.replace('.epro', ''), text: ref.text, footprints, poured: [...(ref.project.poured ?? [])], pcbUuid: ref.uuid });
  }
  return out;
}

