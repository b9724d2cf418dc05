import { describe, expect, it } from 'vitest';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { readEpro } from '@copperplate/format';
import { boardSourceFromArchive, compareFills, fillPaths, fillStatus, listPcbs, resolveBoard, storedFill, storedStamps } from '@copperplate/board';
import { copperplate } from './run-bin.ts';

const FIX = '../shared/fixtures/epro/STM32G431-mini.epro';
const PCB = 'b7538fca9eb647bb99b8d93291ea64aa';

describe('[issue-13] copperplate pour and drc', () => {
  it('pour refills every pour into the pour file, stamped fresh, close to EasyEDA', { timeout: 180_000 }, () => {
    const dir = mkdtempSync(join(tmpdir(), 'cp-pour-'));
    try {
      const out = join(dir, 'out.epro');
      const r = copperplate('pour', FIX, '--doc', PCB, out);
      expect(r.status, r.stderr).toBe(0);
      expect(r.stdout).toMatch(/refilled 2 pours/);
      const before = readEpro(new Uint8Array(readFileSync(FIX)));
      const after = readEpro(new Uint8Array(readFileSync(out)));
      const src = boardSourceFromArchive(after, listPcbs(after)[0].uuid);
      const m = resolveBoard(src);
      const stamps = storedStamps([...src.records, ...(src.poured ?? [])]);
      const m0 = resolveBoard(boardSourceFromArchive(before, PCB));
      for (const p of m.pours) {
        expect(fillStatus(m, p.id, stamps)).toBe('fresh');
        expect(compareFills(storedFill(m0, p.id), fillPaths(m.stored.get(p.id)!), 100).percent).toBeLessThan(2);
      }
      // an edit in a pour's reach makes its stored fill stale
      const moved = { ...src, records: src.records.map((r) => (r[0] === 'VIA' ? [...r.slice(0, 5), (r[5] as number) + 20, ...r.slice(6)] : r)) };
      const m2 = resolveBoard(moved);
      expect(m2.pours.some((p) => fillStatus(m2, p.id, stamps) === 'stale')).toBe(true);
    } finally { rmSync(dir, { recursive: true, force: true }); }
  });
  it('drc prints a violations list and exits 0 without errors, 1 with errors', { timeout: 180_000 }, () => {
    const ok = copperplate('drc', FIX, '--doc', PCB);
    expect(ok.status, ok.stderr).toBe(0);
    const j = JSON.parse(ok.stdout);
    expect(Array.isArray(j.violations)).toBe(true);
    expect(j.errors).toBe(0);
    const bad = copperplate('drc', '../shared/fixtures/epro/falcon-flight-FFB6.1.epro', '--doc', 'PCB_Blimp_V6.0');
    expect(bad.status).toBe(1);
    expect(JSON.parse(bad.stdout).violations.some((v: { rule: string }) => v.rule === 'trackWidth')).toBe(true);
  });
});
