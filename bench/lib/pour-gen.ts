/**
 * The generated-board stages of bench/pour.bench.ts, run in a worker thread (workerData: { pads, split, drcOnly });
 * posts its figures back. With `split`, a fresh thread: the board resolved, then refilled split over
 * two threads only (as `copperplate pour` does it), apart from the sequential stages' heap. See pour.bench.ts for what each stage is.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { cpus, loadavg } from 'node:os';
import { readFileSync } from 'node:fs';
import { RecordIndex, TileCache, fillPours, fillPoursSplit, indexBoard, resolveBoard, runDrc, updateBoard, type BoardSource, type SplitStats } from '@copperplate/board';
import { PourThreads } from '../../apps/cli/src/workers/pour-threads.ts';
import { generateBoard } from './gen-board.ts';
import type { Figure } from './report.ts';

const figures: Figure[] = [];
const load = () => loadavg()[0];
/** Wall and CPU time of one stage (the process, user + system: the bench's main thread waits idle), with the 1-minute load average before and after. */
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

/** CPU time (ms) of the calling thread (Linux /proc/thread-self; NaN elsewhere). */
function threadCpu(): number {
  try {
    const st = readFileSync('/proc/thread-self/stat', 'utf8');
    const f = st.slice(st.lastIndexOf(')') + 2).split(' ');
    return (Number(f[11]) + Number(f[12])) * 10;
  } catch { return NaN; }
}
/** Tell the bench's main thread (which samples the RSS) where a stage starts and ends. */
const mark = (name: string, end = false) => parentPort!.postMessage({ mark: name, end });

/**
 * The refill split over `n` worker threads by layer (fillPoursSplit with the CLI's PourThreads), its
 * threads started before (as `copperplate pour` starts them while it resolves the board): wall time,
 * CPU of the process (every thread), of this thread (the serial part: jobs encoded, fills decoded) and
 * of each pour thread, and the critical path (serial part + the slowest thread).
 */
async function splitRefill(pads: number, n: number): Promise<void> {
  const k = `pour.gen${pads / 1000}k`, goal = pads === 100_000 ? '(300k) < 20 s' : '< 20000 ms';
  // the threads start first and warm up while this thread resolves the board, as in copperplate pour
  const threads = new PourThreads(n);
  const m = resolveBoard(generateBoard(pads));
  await threads.ready();
  const stats = {} as SplitStats;
  mark(`${k}.split${n}`);
  const l0 = load(), c0 = process.cpuUsage(), tc0 = threadCpu(), t0 = performance.now();
  const res = await fillPoursSplit(m, {}, threads.run, n, stats);
  const wall = performance.now() - t0, c = process.cpuUsage(c0), serial = threadCpu() - tc0, l1 = load();
  mark(`${k}.split${n}`, true);
  await threads.close();
  // what a consumer that wants the fills as objects pays on top (pouredRecords writes from the flat rings)
  const tp0 = threadCpu();
  let points = 0;
  for (const r of res.values()) for (const p of r.polys) { points += p.outer.length; for (const h of p.holes) points += h.length; }
  const asObjects = threadCpu() - tp0;
  const per = threads.stats.map((s) => s.cpuMs);
  const name = `${k}.refill.split${n}`;
  figures.push(
    { name: `${name}.wall`, value: wall, unit: `ms (load ${l0.toFixed(1)} -> ${l1.toFixed(1)}, ${cpus().length} cores; layers ${stats.layers.map((l) => l.join('+')).join(' | ')})`, goal },
    { name: `${name}.cpu`, value: (c.user + c.system) / 1000, unit: 'ms (process: every thread, GC helpers included)' },
    { name: `${name}.cpu.serial`, value: serial, unit: `ms (calling thread: jobs encoded in ${stats.encodeMs} ms wall; the fills come back flat)` },
    ...per.map((v, i) => ({ name: `${name}.cpu.thread${i + 1}`, value: v, unit: 'ms (that thread alone)' })),
    { name: `${name}.cpu.critical`, value: serial + Math.max(...per), unit: 'ms (serial + slowest thread: the wall time on free cores)', goal },
    { name: `${name}.threads.start`, value: Math.max(...threads.startCpuMs), unit: `ms (CPU of the slowest thread to load; then ${threads.warmCpuMs.join(' and ')} ms filling the warm-up board, pour-warm.ts: both before the refill, while the caller resolves the board)` },
    { name: `${name}.polys`, value: asObjects, unit: `ms (calling thread: the ${(points / 1e6).toFixed(1)}M points made objects when first read, not in the figures above)` },
  );
  figures.push({ name: `${name}.pours`, value: res.size, unit: 'pours' });
}

async function generated(pads: number): Promise<void> {
  const goalFill = pads === 100_000 ? '(300k) < 20 s' : '< 20000 ms', goalDrc = pads === 100_000 ? '< 2000 ms' : undefined;
  const src = generateBoard(pads);
  const k = `pour.gen${pads / 1000}k`;
  // the model as an editor holds it: resolved once, indexed for in-place updates, and the records
  // indexed by part (an edit finds its part's records without reading all of them)
  const res = timed(() => { const m = resolveBoard(src); indexBoard(m); return { m, recs: new RecordIndex([...src.records]) }; });
  stage(`${k}.resolve`, res);
  const { m, recs } = res.v;
  const cache = new TileCache();
  mark(`${k}.refill`);
  const tc0 = threadCpu();
  const fill = timed(() => fillPours(m, { cache }));
  const seqThread = threadCpu() - tc0;
  mark(`${k}.refill`, true);
  stage(`${k}.refill`, fill, goalFill);
  figures.push({ name: `${k}.refill.cpu.thread`, value: seqThread, unit: 'ms (the filling thread alone)' });
  for (const [id, r] of fill.v) m.stored.set(id, r.polys);
  stage(`${k}.drc`, timed(() => runDrc(m, { skipUnrouted: false })), goalDrc);
  // the same check again in this thread: its code now compiled (the first run's extra CPU is V8
  // compiling the checks, in its compiler threads, and the scavenges of what the refill left young)
  if (pads === 100_000) stage(`${k}.drc.again`, timed(() => runDrc(m, { skipUnrouted: false })));
  if (wd.drcOnly) return; // POUR_BENCH_ONLY=drc (pour.bench.ts)
  // Move one through-hole part (c0) by 40 mil: its COMPONENT record replaced in the record index, the
  // model updated in place (only c0's records, taken from the index, are resolved again), then the
  // pours it touched refilled from the tile cache. The first move, then the median of five more (the
  // part moved back and forth, as when dragging).
  const at = recs.find('c0', 'COMPONENT')!, c0 = recs.records[at];
  const moved: BoardSource = { ...src, records: recs.records };
  const runs: Array<{ u: ReturnType<typeof timed<ReturnType<typeof updateBoard>>>; f: ReturnType<typeof timed<unknown>>; refilled: number; reused: number }> = [];
  for (let k = 1; k <= 6; k++) {
    recs.set(at, [...c0.slice(0, 4), (c0[4] as number) + 40 * (k % 2), ...c0.slice(5)]);
    const hits0 = cache.hits, miss0 = cache.misses;
    const u = timed(() => updateBoard(m, moved, ['c0'], cache, { records: recs.of(['c0']) }));
    const f = timed(() => fillPours(m, { only: u.v.touched, cache }));
    runs.push({ u, f, refilled: cache.misses - miss0, reused: cache.hits - hits0 });
  }
  const put = (name: string, r: (typeof runs)[number]) => {
    stage(`${name}.update`, r.u);
    stage(`${name}.refill`, r.f);
    stage(`${name}.total`, { wall: r.u.wall + r.f.wall, cpu: r.u.cpu + r.f.cpu, load: [r.u.load[0], r.f.load[1]] }, '< 200 ms');
  };
  put(`${k}.incremental.first`, runs[0]);
  const rest = runs.slice(1).sort((a, b) => a.u.cpu + a.f.cpu - (b.u.cpu + b.f.cpu));
  put(`${k}.incremental.median`, rest[Math.floor(rest.length / 2)]);
  figures.push(
    { name: `${k}.incremental.pours`, value: runs[0].u.v.touched.length, unit: 'pours' },
    { name: `${k}.incremental.tilesRefilled`, value: runs[0].refilled, unit: 'tiles' },
    { name: `${k}.incremental.tilesReused`, value: runs[0].reused, unit: 'tiles' },
  );
}


const wd = workerData as { pads: number; split?: boolean; drcOnly?: boolean };
if (wd.split) await splitRefill(wd.pads, 2);
else await generated(wd.pads);
parentPort!.postMessage(figures);
