/**
 * `copperplate export` (issue 12) through the real bin: the fabrication zip, BOM and pick-and-place of
 * a fixture board; a board whose stored pour fills are stale is refused with the catalogue message
 * (exit 1, nothing written), and written with --allow-stale.
 */
import { describe, expect, it } from 'vitest';
import { existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { NAMED_ERRORS } from '@copperplate/model';
import { copperplate } from './run-bin.ts';
import { PCB, staleEpro } from '../../../packages/convert/test/fab/stale-archive.ts';

describe('[issue-12] copperplate export', () => {
  it('export fab writes Gerber_<board>_<date>.zip, the BOM and the pick-and-place file', { timeout: 120_000 }, () => {
    const dir = mkdtempSync(join(tmpdir(), 'cp-fab-'));
    try {
      const r = copperplate('export', 'fab', '../shared/fixtures/epro/TriWave-2.1.epro', join(dir, 'out'), '--date', '2026-01-02');
      expect(r.status, r.stderr).toBe(0);
      expect(readdirSync(join(dir, 'out')).sort()).toEqual(['BOM_PCB1_2026-01-02.csv', 'Gerber_PCB1_2026-01-02.zip', 'PickAndPlace_PCB1_2026-01-02.csv']);
    } finally { rmSync(dir, { recursive: true, force: true }); }
  });

  it('stale pour fills: refused with FAB_STALE_FILLS and nothing written; --allow-stale writes them', { timeout: 120_000 }, () => {
    const dir = mkdtempSync(join(tmpdir(), 'cp-fab-stale-'));
    try {
      const file = join(dir, 'stale.epro');
      writeFileSync(file, staleEpro());
      const r = copperplate('export', 'gerber', file, '--doc', PCB, join(dir, 'out'));
      expect(r.status).toBe(1);
      expect(r.stderr).toContain(NAMED_ERRORS.FAB_STALE_FILLS.split('{pours}')[0]);
      expect(r.stderr).toMatch(/stale/);
      expect(r.stderr).not.toMatch(/\n\s+at /); // one line, no stack
      expect(existsSync(join(dir, 'out'))).toBe(false);
      const ok = copperplate('export', 'gerber', file, '--doc', PCB, join(dir, 'out'), '--allow-stale');
      expect(ok.status, ok.stderr).toBe(0);
      expect(readdirSync(join(dir, 'out'))).toContain('Gerber_TopLayer.GTL');
    } finally { rmSync(dir, { recursive: true, force: true }); }
  });
});
