// Worker thread entry of a split pour refill (pour-threads.ts): loads its code from the command's
// bundle (apps/cli/bundle.mjs) when it is fresh, else registers tsx; fills a small board once
// (workerData.warm: pour-warm.ts, the fill's code compiled before the first job), then fills each job
// it is sent with @copperplate/board's runPourJob and posts the fills back (their buffers transferred),
// with the CPU time of this thread (Linux: /proc/thread-self; NaN elsewhere).
import { parentPort, workerData } from 'node:worker_threads';
import { readFileSync } from 'node:fs';
import { bundledEntry } from '../../bundle.mjs';

/** CPU time (ms, user + system) of the calling thread. */
const threadCpu = () => {
  try {
    const s = readFileSync('/proc/thread-self/stat', 'utf8');
    const f = s.slice(s.lastIndexOf(')') + 2).split(' ');
    return (Number(f[11]) + Number(f[12])) * 10; // utime, stime in clock ticks of 10 ms
  } catch { return NaN; }
};
const par = bundledEntry('pour-par'), warm = bundledEntry('pour-warm');
if (!par || !warm) (await import('tsx/esm/api')).register();
const { runPourJob } = await import(par ?? '@copperplate/board/pour-par');
parentPort.on('message', (job) => {
  const c0 = threadCpu(), t0 = performance.now();
  try {
    const { result, transfer } = runPourJob(job);
    parentPort.postMessage({ ok: true, result, cpuMs: threadCpu() - c0, wallMs: performance.now() - t0 }, transfer);
  } catch (e) {
    parentPort.postMessage({ ok: false, message: e && e.stack ? String(e.stack) : String(e) });
  }
});
const loaded = threadCpu();
if (workerData?.warm) (await import(warm ?? './pour-warm.ts')).warmUp();
parentPort.postMessage({ ready: true, cpuMs: loaded, warmCpuMs: threadCpu() - loaded });
