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

/** `cols` x `rows` free SMD pads on a 50-mil grid and `tracks` tracks joining neighbouring pads (every `every`th column). */
export function generatedBoard(cols: number, rows: number, every: number, name: string): BoardInput {
  const lines = ['["DOCTYPE","PCB","1.8"]', '["HEAD",{"editorVersion":"bench"}]'];
  const pitch = 50;
  let id = 1;
  for (let r = 0; r < rows; r++) for (let c = 0; c < cols; c++) {
    const x = c * pitch, y = -r * pitch, net = `N${r}_${Math.floor(c / every)}`;
    lines.push(JSON.stringify(['PAD', `e${id++}`, 0, net, 1, '1', x, y, 0, null, ['RECT', 24, 16, 20], [], 0, 0, 0, 0, 0, null, null, null, null, 0]));
    if (c % every === 1) lines.push(JSON.stringify(['LINE', `e${id++}`, 0, net, 1, x - pitch, y, x, y, 8, 0]));
  }
  lines.push(JSON.stringify(['POLY', `e${id++}`, 0, '', 11, 10, ['R', -100, 100, cols * pitch + 150, rows * pitch + 150, 0, 0], 0]));
  return { name, text: lines.join('\n'), footprints: {}, poured: [], pcbUuid: 'bench' };
}
