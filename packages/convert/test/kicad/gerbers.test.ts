/**
 * Our Gerbers of an imported KiCad board against KiCad's own plots (pcbnew's plot API), copper layer by
 * copper layer: pixels lit in one picture only (gerbv, 600 dpi) at most 0.5% of KiCad's copper area.
 * The board is video.kicad_pcb (the bench's board: four copper layers, large zone fills on the inner
 * planes). scripts/kicad-gerbers.mjs does the work (and compares every demo board when run alone).
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { kicadReference } from './reference.ts';

const ref = kicadReference();
const root = join(import.meta.dirname, '../../../..');
const gerbv = () => spawnSync(process.execPath, [join(root, 'scripts/ensure.mjs'), '--gerbv'], { stdio: 'ignore' }).status === 0 && existsSync('/usr/bin/gerbv');

describe.skipIf(!ref.demos || !ref.pcbnew)(`[issue-15] Gerbers of an imported KiCad board against pcbnew's plots${ref.reason ? ` (skipped: ${ref.reason})` : ''}`, () => {
  it('video.kicad_pcb: every copper layer differs from KiCad\'s by at most 0.5% of its copper area', () => {
    expect(gerbv()).toBe(true);
    const out = mkdtempSync(join(tmpdir(), 'cp-kicad-gerbers-'));
    try {
      const r = spawnSync(process.execPath, [join(root, 'scripts/kicad-gerbers.mjs'), join(ref.demos!, 'video/video.kicad_pcb'), '--dpi', '600', '--out', out, '--json'], { encoding: 'utf8', maxBuffer: 64 << 20 });
      expect(r.status).toBe(0);
      const [board] = JSON.parse(r.stdout.trim().split('\n').pop()!) as Array<{ error?: string; layers: Array<{ layer: string; pct: number; ref: number; missing?: string }> }>;
      expect(board.error).toBeUndefined();
      console.log(board.layers.map((l) => `${l.layer}: ${l.pct.toFixed(3)}% of ${l.ref} px`).join('\n'));
      expect(board.layers.map((l) => l.layer)).toEqual(['F.Cu', 'In1.Cu', 'In2.Cu', 'B.Cu']);
      for (const l of board.layers) {
        expect(l.ref).toBeGreaterThan(0);
        expect(l.pct, l.layer).toBeLessThanOrEqual(0.5);
      }
    } finally {
      rmSync(out, { recursive: true, force: true });
    }
  }, 900_000);
});
