/**
 * The refill split over Node worker threads (workers/pour-threads.ts, what `copperplate pour` runs)
 * against the sequential refill: the same fills, pour by pour, with the jobs and fills moved between
 * threads as transferred buffers; and `copperplate pour` writes the same project with 1 or 2 threads.
 */
import { describe, expect, it } from 'vitest';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { readEpro } from '@copperplate/format';
import { type SplitStats, boardSourceFromArchive, fillPours, fillPoursSplit, listPcbs, resolveBoard } from '@copperplate/board';
import { PourThreads } from '../src/workers/pour-threads.ts';
import { generateBoard } from '../../../bench/lib/gen-board.ts';
import { copperplate } from './run-bin.ts';

describe('[issue-13] pour refill split over worker threads', () => {
  it('falcon-flight and a generated board: the same fills as the sequential refill', { timeout: 180_000 }, async () => {
    const a = readEpro(new Uint8Array(readFileSync('../shared/fixtures/epro/falcon-flight-FFB6.1.epro')));
    const boards = [resolveBoard(boardSourceFromArchive(a, listPcbs(a)[0].uuid)), resolveBoard(generateBoard(2000))];
    const threads = new PourThreads(2);
    try {
      for (const m of boards) {
        const seq = fillPours(m);
        const stats = {} as SplitStats;
        const par = await fillPoursSplit(m, {}, threads.run, 2, stats);
        expect(stats.jobs).toBe(2);
        expect([...par.keys()]).toEqual([...seq.keys()]);
        for (const [id, r] of seq) {
          const s = par.get(id)!;
          expect(s.removedIslands).toBe(r.removedIslands);
          expect(s.polys).toEqual(r.polys);
        }
      }
      expect(threads.stats.length).toBe(4);
    } finally { await threads.close(); }
  });
  it('copperplate pour writes the same project with --threads 1 and 2', { timeout: 180_000 }, () => {
    const dir = mkdtempSync(join(tmpdir(), 'cp-pour-threads-'));
    try {
      const FIX = '../shared/fixtures/epro/falcon-flight-FFB6.1.epro';
      const one = copperplate('pour', FIX, '--doc', 'PCB_Blimp_V6.0', join(dir, '1.epro'), '--threads', '1');
      expect(one.status, one.stderr).toBe(0);
      const two = copperplate('pour', FIX, '--doc', 'PCB_Blimp_V6.0', join(dir, '2.epro'));
      expect(two.status, two.stderr).toBe(0);
      expect(two.stdout).toMatch(/refilled 4 pours/);
      expect(Buffer.compare(readFileSync(join(dir, '1.epro')), readFileSync(join(dir, '2.epro')))).toBe(0);
    } finally { rmSync(dir, { recursive: true, force: true }); }
  });
});
