/**
 * Our Gerbers of imported KiCad boards against KiCad's own plots (pcbnew's plot API), copper layer by
 * copper layer: pixels lit in one picture only (gerbv, 600 dpi) at most 0.5% of KiCad's copper area.
 * One test per board of Debian's kicad-demos (all 14). video.kicad_pcb is the bench's board: four copper layers, large zone fills on
 * the inner planes. scripts/kicad-gerbers.mjs does the work (and compares every demo board when run alone).
 * pcbnew's plots and gerbv's pictures of them are kept in ~/.cache/copperplate/kicad-plots (shared by the clones on the machine) by board
 * hash and KiCad version (referencePlots), so only a first run (or KICAD_GERBERS_FRESH=1) makes them.
 * The boards are compared in this process (compareBoard): one `copperplate export fab` and gerbv's
 * pictures each, no script process and no install check per board.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { kicadReference } from './reference.ts';
// @ts-expect-error the comparison script is plain JavaScript (scripts/kicad-gerbers.mjs), without types
import { compareBoard } from '../../../../scripts/kicad-gerbers.mjs';

const ref = kicadReference();
const root = join(import.meta.dirname, '../../../..');
const gerbv = () => spawnSync(process.execPath, [join(root, 'scripts/ensure.mjs'), '--gerbv'], { stdio: 'ignore' }).status === 0 && existsSync('/usr/bin/gerbv');

/** Demo boards (path under kicad-demos) and the copper layers pcbnew plots for each. */
const BOARDS: Array<[string, string[]]> = [
  ['video/video.kicad_pcb', ['F.Cu', 'In1.Cu', 'In2.Cu', 'B.Cu']],
  ['ecc83/ecc83-pp.kicad_pcb', ['F.Cu', 'B.Cu']],
  ['ecc83/ecc83-pp_v2.kicad_pcb', ['F.Cu', 'B.Cu']],
  ['test_pads_inside_pads/test_pads_inside_pads.kicad_pcb', ['F.Cu', 'B.Cu']],
  ['complex_hierarchy/complex_hierarchy.kicad_pcb', ['F.Cu', 'B.Cu']],
  ['flat_hierarchy/flat_hierarchy.kicad_pcb', ['F.Cu', 'B.Cu']],
  ['pic_programmer/pic_programmer.kicad_pcb', ['F.Cu', 'B.Cu']],
  ['interf_u/interf_u.kicad_pcb', ['F.Cu', 'B.Cu']],
  ['microwave/microwave.kicad_pcb', ['F.Cu', 'B.Cu']],
  ['sonde xilinx/sonde xilinx.kicad_pcb', ['F.Cu', 'B.Cu']],
  ['test_xil_95108/carte_test.kicad_pcb', ['F.Cu', 'B.Cu']],
  ['kit-dev-coldfire-xilinx_5213/kit-dev-coldfire-xilinx_5213.kicad_pcb', ['F.Cu', 'In1.Cu', 'In2.Cu', 'B.Cu']],
  ['stickhub/StickHub.kicad_pcb', ['F.Cu', 'B.Cu']],
  ['custom_pads_test/custom_pads_test.kicad_pcb', ['F.Cu', 'B.Cu']],
];

describe.skipIf(!ref.demos || !ref.pcbnew)(`[issue-15] Gerbers of imported KiCad boards against pcbnew's plots${ref.reason ? ` (skipped: ${ref.reason})` : ''}`, () => {
  let out = '';
  beforeAll(() => {
    expect(gerbv()).toBe(true);
    out = mkdtempSync(join(tmpdir(), 'cp-kicad-gerbers-'));
  });
  afterAll(() => {
    if (out) rmSync(out, { recursive: true, force: true });
  });

  it.each(BOARDS)('%s: every copper layer differs from KiCad\'s by at most 0.5% of its copper area', (board, layers) => {
    const res = compareBoard(join(ref.demos!, board), out, 600) as { error?: string; layers: Array<{ layer: string; pct: number; ref: number; missing?: string }> };
    expect(res.error).toBeUndefined();
    console.log(`${board}: ${res.layers.map((l) => `${l.layer} ${l.pct.toFixed(3)}% of ${l.ref} px`).join(', ')}`);
    expect(res.layers.map((l) => l.layer)).toEqual(layers);
    for (const l of res.layers) {
      if (l.layer !== 'B.Cu' || board !== 'microwave/microwave.kicad_pcb') expect(l.ref, l.layer).toBeGreaterThan(0); // microwave has no bottom copper
      expect(l.pct, l.layer).toBeLessThanOrEqual(0.5);
    }
  }, 600_000);
});
