/**
 * KiCad import (issue 15): the demo board video.kicad_pcb (7.4 MB, 189 footprints, 7972 tracks, 808
 * vias, zone fills) imported to Copperplate's documents, beside KiCad's own `pcbnew.LoadBoard` of
 * the same file, timed in one run.
 *
 * What each side measures (both parse the file from disk into their in-memory board model):
 * - ours: kicadToProject of the board's bytes: decode, read, and the PCB, footprint, device and
 *   symbol documents with the pour fills (the V2 text); not the .epro zip. As the server runs it (the
 *   web import and the converter call): in a worker thread with the server's KiCad job limits
 *   (KICAD_JOB_LIMITS, whose young generation is the board jobs'), the goal's figure; and in this
 *   process's main thread with V8's default heap (as `copperplate convert` runs it), printed beside.
 * - pcbnew: LoadBoard in one Python process of Debian's KiCad (`import pcbnew` done once, not timed;
 *   packages/convert/test/kicad/pcbnew_time.py): its parser, BOARD, nets and connectivity.
 * Headline, warm: each side warmed up first (ours: WARMUP imports: the first 5-6 imports of a process
 * or worker are slower while V8 compiles our code and grows its young generation; pcbnew: one load), then ROUNDS rounds alternating ours (worker, main thread) and pcbnew, each round K imports in a row per
 * side: CPU time of the K (ours: its collector's work on the earlier imports' garbage included;
 * pcbnew: the freeing of each board) / K. Medians over the rounds, the ratio on CPU time (the machine
 * is shared: wall time mostly measures the neighbours; printed beside it). The median of each round's
 * own ratio (both sides timed within seconds of each other, under the same load) is printed beside.
 * First import: FIRST fresh processes of each side, the first import only (our process has loaded its
 * modules, Python has imported pcbnew): in Node this includes V8 compiling our code. Printed, no goal.
 * Needs Debian's kicad and kicad-demos (scripts/ensure.mjs --kicad); without them it says so and
 * reports nothing.
 */
import { spawn, execFileSync } from 'node:child_process';
import { createInterface } from 'node:readline';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import { kicadToProject } from '@copperplate/convert';
import { KICAD_JOB_LIMITS } from '@copperplate/server/workers/kicad';
import { kicadReference, pcbnewCounts, PYTHON } from '../packages/convert/test/kicad/reference.ts';
import { report } from './lib/report.ts';

const ROUNDS = Number(process.env.KICAD_BENCH_ROUNDS ?? 7);
const K = Number(process.env.KICAD_BENCH_K ?? 3);
const WARMUP = Number(process.env.KICAD_BENCH_WARMUP ?? 8);
const FIRST = Number(process.env.KICAD_BENCH_FIRST ?? 3);
const ref = kicadReference();
if (!ref.demos || !ref.pcbnew) {
  console.log(`kicad: skipped (${ref.reason})`);
  process.exit(0);
}
const file = join(ref.demos, 'video/video.kicad_pcb');
const bytes = new Uint8Array(readFileSync(file));

interface Time { wall: number; cpu: number }

/** K imports in a row; CPU and wall per import. */
function ours(k: number): Time {
  const c = process.cpuUsage();
  const t = performance.now();
  for (let i = 0; i < k; i++) kicadToProject([{ name: 'video.kicad_pcb', data: bytes }]);
  const wall = performance.now() - t;
  const d = process.cpuUsage(c);
  return { wall: wall / k, cpu: (d.user + d.system) / 1000 / k };
}

// ours as the server runs it: a worker thread with the server's KiCad job limits, asked for K imports at a time
const workerUrl = new URL('./kicad-import.worker.ts', import.meta.url).href;
const worker = new Worker(`import('tsx/esm/api').then((m) => { m.register(); return import(${JSON.stringify(workerUrl)}); });`, {
  eval: true, resourceLimits: { maxOldGenerationSizeMb: KICAD_JOB_LIMITS.maxOldGenerationSizeMb, maxYoungGenerationSizeMb: KICAD_JOB_LIMITS.maxYoungGenerationSizeMb },
});
const fromWorker = (): Promise<Time & { ready?: boolean }> => new Promise((res, rej) => {
  const onMessage = (v: Time) => { worker.off('error', onError); res(v); };
  const onError = (e: Error) => { worker.off('message', onMessage); rej(e); };
  worker.once('message', onMessage).once('error', onError);
});
async function oursInWorker(k: number): Promise<Time> {
  worker.postMessage({ file, k });
  return fromWorker();
}

// pcbnew in one Python process, asked for K loads at a time
const py = spawn(PYTHON, [join(import.meta.dirname, '../packages/convert/test/kicad/pcbnew_time.py')], { stdio: ['pipe', 'pipe', 'ignore'] });
const replies = createInterface({ input: py.stdout! })[Symbol.asyncIterator]();
async function reply(): Promise<{ ready?: boolean; cpu: number[]; wall: number[]; blockCpu: number; blockWall: number }> {
  for (;;) {
    const r = await replies.next();
    if (r.done) throw new Error('pcbnew_time.py ended');
    if (r.value.startsWith('{')) return JSON.parse(r.value);
  }
}
async function pcbnew(k: number): Promise<Time & { each: number[] }> {
  py.stdin!.write(`${file}\t${k}\n`);
  const r = await reply();
  return { wall: r.blockWall / k, cpu: r.blockCpu / k, each: r.cpu };
}

await reply(); // pcbnew imported
await fromWorker(); // the worker is ready
const pcbnewFirstHere = (await pcbnew(1)).each[0]; // its warm-up
for (let i = 0; i < WARMUP; i++) { ours(1); await oursInWorker(1); }
const a: Time[] = []; // ours, worker (the server's limits)
const m: Time[] = []; // ours, main thread (V8's default heap)
const b: Time[] = []; // pcbnew
for (let i = 0; i < ROUNDS; i++) {
  a.push(await oursInWorker(K));
  m.push(ours(K));
  b.push(await pcbnew(K));
}
py.stdin!.end();
await worker.terminate();

// first import of a fresh process, each side
const firstOurs: Time[] = [];
const firstPcbnew: Time[] = [];
for (let i = 0; i < FIRST; i++) {
  const out = execFileSync(process.execPath, ['--import', 'tsx', join(import.meta.dirname, 'kicad-first.ts'), file], { encoding: 'utf8', cwd: join(import.meta.dirname, '..') });
  firstOurs.push(JSON.parse(out.trim().split('\n').pop()!) as Time);
  const [p] = pcbnewCounts([file], ['--time', '--repeat=1']);
  firstPcbnew.push({ wall: p.loadMs!, cpu: (p as { loadCpuMs?: number }).loadCpuMs! });
}

const med = (x: Time[], k: keyof Time) => x.map((v) => v[k]).sort((p, q) => p - q)[Math.floor(x.length / 2)];
const oursWall = med(a, 'wall'), oursCpu = med(a, 'cpu'), kWall = med(b, 'wall'), kCpu = med(b, 'cpu'), mainCpu = med(m, 'cpu');
const fo = med(firstOurs, 'cpu'), fk = med(firstPcbnew, 'cpu');
const paired = a.map((t, i) => t.cpu / b[i].cpu).sort((p, q) => p - q)[Math.floor(a.length / 2)];
const load = (await import('node:os')).loadavg()[0];
console.log(`kicad: ours = kicadToProject in Node (decode, read, PCB/footprint/device/symbol documents, fills) in a worker with the server's KiCad job limits (young generation ${KICAD_JOB_LIMITS.maxYoungGenerationSizeMb} MB), as the server imports; pcbnew = LoadBoard in Python (parse, BOARD, connectivity)`);
console.log(`kicad: warm = after ${WARMUP} imports (ours) / 1 load (pcbnew); ${ROUNDS} rounds alternating, ${K} in a row per side and round; load average ${load.toFixed(1)}`);
console.log(`kicad: per round, ours CPU ${a.map((t) => t.cpu.toFixed(0)).join(' ')} ms (main thread, default heap: ${m.map((t) => t.cpu.toFixed(0)).join(' ')}); pcbnew CPU ${b.map((t) => t.cpu.toFixed(0)).join(' ')} ms (pcbnew's first load in its process: ${pcbnewFirstHere.toFixed(0)} ms)`);
report('kicad', [
  { name: 'kicad: ours import video.kicad_pcb, warm, server worker (median CPU per import)', value: oursCpu, unit: 'ms' },
  { name: 'kicad: pcbnew.LoadBoard video.kicad_pcb, warm (median CPU per load)', value: kCpu, unit: 'ms' },
  { name: 'kicad: ours / pcbnew CPU time, warm', value: oursCpu / kCpu, unit: 'x', goal: '< 0.5' },
  { name: 'kicad: ours / pcbnew CPU time, warm, median of the rounds\' own ratios', value: paired, unit: 'x' },
  { name: 'kicad: ours import video.kicad_pcb, warm, main thread with V8\'s default heap (median CPU per import)', value: mainCpu, unit: 'ms' },
  { name: 'kicad: ours / pcbnew CPU time, warm, main thread with V8\'s default heap', value: mainCpu / kCpu, unit: 'x' },
  { name: 'kicad: ours import video.kicad_pcb, warm, server worker (median wall per import)', value: oursWall, unit: 'ms' },
  { name: 'kicad: pcbnew.LoadBoard video.kicad_pcb, warm (median wall per load)', value: kWall, unit: 'ms' },
  { name: 'kicad: ours / pcbnew wall time, warm (shared machine: mostly the neighbours)', value: oursWall / kWall, unit: 'x' },
  { name: 'kicad: ours first import in a fresh Node process (median CPU; V8 compiling our code included)', value: fo, unit: 'ms' },
  { name: 'kicad: pcbnew first LoadBoard in a fresh Python process (median CPU)', value: fk, unit: 'ms' },
  { name: 'kicad: ours / pcbnew CPU time, first import', value: fo / fk, unit: 'x' },
]);
