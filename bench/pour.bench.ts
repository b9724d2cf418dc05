/**
 * Pour refill and DRC speed (issue 13):
 *  - refill of every pour of the largest fixture board (falcon-flight-FFB6.1, 4 layers, 4 pours);
 *  - refill and DRC of generated boards (bench/lib/gen-board.ts) with 100k pads on 8 layers, a pour on
 *    every layer; an incremental refill after moving one part (tile cache: only the tiles the move
 *    touched are filled again) after an in-place model update (updateBoard: no full rebuild);
 *  - at 100k the DRC a second time in the same thread (`drc.again`: its code compiled by then; the
 *    goal is on the first run, as `copperplate drc` runs it);
 *  - the refill of the same boards split over two worker threads by layer (fillPoursSplit, as
 *    `copperplate pour` runs it), in a thread of its own: wall, CPU of the process and of each thread,
 *    the critical path (serial part + slowest thread), peak RSS, and the ratio to the sequential refill;
 *  - the same with 300k pads only with POUR_BENCH_BIG=1 (`POUR_BENCH_BIG=1 npm run bench -- pour`), kept out of the
 *    default run: it takes minutes on a shared 2-core machine.
 * POUR_BENCH_ONLY=drc (`POUR_BENCH_ONLY=drc npm run bench -- pour`): only the 100k board's stages up to
 * its DRC (resolve, refill, drc, drc.again; the DRC's conditions as in the full run: a fresh thread, the
 * refill's fills just made), without the fixture, the incremental refills and the split refill.
 * Every stage prints wall and CPU time (this process, user + system) and the load average around it:
 * on a shared machine the wall time is an upper bound; single thread (the generated boards in one
 * worker thread, see `generated`).
 */
import { readFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { readEpro } from '@copperplate/format';
import { Worker } from 'node:worker_threads';
import { BOARD_WORKER_LIMITS, boardSourceFromArchive, fillPours, listPcbs, resolveBoard } from '@copperplate/board';
import { report, type Figure } from './lib/report.ts';

const figures: Figure[] = [];
const load = () => loadavg()[0];
/** Wall and CPU time of one stage (this process, user + system), with the 1-minute load average before and after. */
function timed<T>(fn: () => T): { v: T; wall: number; cpu: number; load: [number, number] } {
  const l0 = load(), c0 = process.cpuUsage(), t0 = performance.now();
  const v = fn();
  const c = process.cpuUsage(c0);
  return { v, wall: performance.now() - t0, cpu: (c.user + c.system) / 1000, load: [l0, load()] };
}
function stage(name: string, r: { wall: number; cpu: number; load: [number, number] }, goal?: string): void {
  figures.push(
    { name: `${name}.wall`, value: r.wall, unit: `ms (load ${r.load[0].toFixed(1)} -> ${r.load[1].toFixed(1)}, ${cpus().length} cores)`, goal },
    { name: `${name}.cpu`, value: r.cpu, unit: 'ms', goal },
  );
}

const only = process.env.POUR_BENCH_ONLY;
if (only !== undefined && only !== 'drc') throw new Error(`POUR_BENCH_ONLY=${only}: only 'drc' is known`);
const drcOnly = only === 'drc';
if (!drcOnly) {
  const a = readEpro(new Uint8Array(readFileSync('../shared/fixtures/epro/falcon-flight-FFB6.1.epro')));
  const m = resolveBoard(boardSourceFromArchive(a, listPcbs(a)[0].uuid));
  fillPours(m); // warm-up
  stage('pour.fixture.falcon.refill', timed(() => fillPours(m)));
}

/**
 * The generated boards run in a worker thread with the heap limits the CLI gives its board worker
 * (BOARD_WORKER_LIMITS: a 384 MB young generation), as `copperplate pour` and `copperplate drc` run
 * them; the figures come back as messages. POUR_BENCH_LIMITS=0: V8's default heap limits (for comparison).
 */
async function generated(pads: number, split = false): Promise<void> {
  const url = new URL('./lib/pour-gen.ts', import.meta.url).href;
  const w = new Worker(`import('tsx/esm/api').then((m) => { m.register(); return import(${JSON.stringify(url)}); });`, { eval: true, workerData: { pads, split, drcOnly }, ...(process.env.POUR_BENCH_LIMITS === '0' ? {} : { resourceLimits: BOARD_WORKER_LIMITS }) });
  // the peak RSS of the process (every thread) between the worker's stage marks, sampled here (this thread waits idle)
  let peak = 0, at0 = 0;
  const sample = setInterval(() => { peak = Math.max(peak, process.memoryUsage.rss()); }, 50);
  const got = await new Promise<Figure[]>((resolve, reject) => {
    w.on('message', (m: Figure[] | { mark: string; end: boolean }) => {
      if (Array.isArray(m)) return resolve(m);
      const rss = process.memoryUsage.rss();
      if (!m.end) { at0 = rss; peak = rss; return; }
      figures.push({ name: `${m.mark}.rss.peak`, value: Math.max(peak, rss) / 2 ** 20, unit: `MB (process; ${(at0 / 2 ** 20).toFixed(0)} MB at its start)` });
    });
    w.once('error', reject);
  });
  clearInterval(sample);
  await w.terminate();
  figures.push(...got);
}

/** The sequential refill's wall time over the split one's (bench/lib/pour-gen.ts splitRefill: a thread of its own, same bench run). */
function ratio(k: string): void {
  const seq = figures.find((f) => f.name === `${k}.refill.wall`), par = figures.find((f) => f.name === `${k}.refill.split2.wall`);
  const seqCpu = figures.find((f) => f.name === `${k}.refill.cpu`), parCpu = figures.find((f) => f.name === `${k}.refill.split2.cpu`);
  if (seq && par) figures.push({ name: `${k}.refill.split2.ratio`, value: seq.value / par.value, unit: 'x (sequential wall / split wall, same bench run)' });
  if (seqCpu && parCpu) figures.push({ name: `${k}.refill.split2.cpuRatio`, value: parCpu.value / seqCpu.value, unit: 'x (split process CPU / sequential process CPU)' });
}

// the sequential stages first: the split's PourThreads set V8's young-generation start size for the
// threads made after them (pour-threads.ts), which the sequential stages' threads keep as before
const big = process.env.POUR_BENCH_BIG === '1';
await generated(100_000);
if (!drcOnly) {
  if (big) await generated(300_000);
  await generated(100_000, true);
  if (big) await generated(300_000, true);
  ratio('pour.gen100k');
  if (big) ratio('pour.gen300k');
}
report('pour', figures);
