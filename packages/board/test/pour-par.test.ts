/**
 * The split refill (pour-par.ts) against the sequential one: the same pours, in the same order, with
 * the same polygons, on every fixture board and a generated one. The jobs go through a structured
 * clone (what postMessage does; the Node worker threads themselves are tested with the CLI).
 */
import { describe, expect, it } from 'vitest';
import { readFileSync, readdirSync } from 'node:fs';
import { readEpro } from '@copperplate/format';
import { type BoardModel, type FillOptions, type PourResult, type RunPourJob, type SplitStats, boardSourceFromArchive, fillPours, fillPoursSplit, listPcbs, resolveBoard, runPourJob, splitLayers } from '@copperplate/board';
import { generateBoard } from '../../../bench/lib/gen-board.ts';

const FIX = '../../../../shared/fixtures/epro/';
const dir = new URL(FIX, import.meta.url);

/** In-process threads: the job and the answer cloned (transferred buffers included) as postMessage clones them. */
const cloned: RunPourJob = async (job, transfer) => {
  const got = structuredClone(job, { transfer });
  const { result, transfer: back } = runPourJob(got);
  return structuredClone(result, { transfer: back });
};

/** Every pour of `a` in `b`, in the same order, with the same polygons and removed islands; none more. */
function expectSame(a: Map<string, PourResult>, b: Map<string, PourResult>): void {
  expect([...b.keys()]).toEqual([...a.keys()]);
  for (const [id, r] of a) {
    const s = b.get(id)!;
    expect({ id, layer: s.layer, net: s.net, removed: s.removedIslands, n: s.polys.length }).toEqual({ id, layer: r.layer, net: r.net, removed: r.removedIslands, n: r.polys.length });
    expect(s.polys).toEqual(r.polys);
  }
}

/** Compares; answers how many jobs the split made (1: it filled on this thread). */
async function compare(m: BoardModel, opts: FillOptions = {}, threads = 2, seq = fillPours(m, opts)): Promise<number> {
  const stats = {} as SplitStats;
  const par = await fillPoursSplit(m, opts, cloned, threads, stats);
  expectSame(seq, par);
  return stats.jobs;
}

describe('split refill', () => {
  const files = readdirSync(dir).filter((f) => /\.epro2?$/.test(f));
  let split = 0;
  for (const f of files) {
    it(`${f}: every PCB's pours as the sequential fill`, async () => {
      const a = readEpro(new Uint8Array(readFileSync(new URL(f, dir))), { name: f });
      for (const pcb of listPcbs(a)) {
        const m = resolveBoard(boardSourceFromArchive(a, pcb.uuid));
        if ((await compare(m)) > 1) split++;
        // all but the first pour refilled, the first kept as stored (an obstacle to those of its layer)
        if (m.pours.length > 2) await compare(m, { only: m.pours.slice(1).map((p) => p.id) });
      }
    }, 120_000);
  }
  it('the fixture boards with pours on two layers or more were split', () => {
    expect(split).toBeGreaterThanOrEqual(5);
  });
  it('a generated board (8 layers, a pour on each) split in 2 and 3 threads', async () => {
    const m = resolveBoard(generateBoard(3000));
    expect(splitLayers(m, undefined, 2).map((l) => l.length)).toEqual([4, 4]);
    const seq = fillPours(m);
    expect(seq.size).toBe(8);
    expect(await compare(m, {}, 2, seq)).toBe(2);
    expect(await compare(m, {}, 3, seq)).toBe(3);
  }, 120_000);
  it('fails when a pour is missing or differs', async () => {
    const m = resolveBoard(generateBoard(2000));
    const seq = fillPours(m);
    const par = await fillPoursSplit(m, {}, cloned);
    const missing = new Map(par);
    missing.delete([...par.keys()][3]);
    expect(() => expectSame(seq, missing)).toThrow();
    const moved = new Map(par);
    const [id, r] = [...par][5];
    const p0 = r.polys[0];
    moved.set(id, { ...r, polys: [{ outer: p0.outer.map((q, i) => (i ? q : { x: q.x + 1, y: q.y })), holes: p0.holes }, ...r.polys.slice(1)] });
    expect(() => expectSame(seq, moved)).toThrow();
  }, 60_000);
});
