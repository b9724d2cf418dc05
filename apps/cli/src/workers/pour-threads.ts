/**
 * A pour refill split over Node worker threads (@copperplate/board fillPoursSplit): `n` threads started
 * at once (they load, and fill a small board to compile the fill's code, while the caller reads and
 * resolves the board), each filling the jobs it is given
 * (pour-worker.mjs) with the board jobs' heap limits (BOARD_WORKER_LIMITS). `run` is the RunPourJob to
 * pass to fillPoursSplit / refillArchiveSplit; `close` ends the threads.
 */
import { Worker } from 'node:worker_threads';
import { setFlagsFromString } from 'node:v8';
import { BOARD_WORKER_LIMITS, type PourJob, type PourJobResult } from '@copperplate/board';

/** One job as a thread did it: its own CPU time (Linux; NaN elsewhere), and its wall time, in ms. */
export interface PourThreadStat { cpuMs: number; wallMs: number }

type Answer = { ok: true; result: PourJobResult; cpuMs: number; wallMs: number } | { ok: false; message: string };

export class PourThreads {
  readonly stats: PourThreadStat[] = [];
  /** CPU time (ms) each thread spent starting (tsx and the board package loaded), as each reported it. */
  readonly startCpuMs: number[] = [];
  /** CPU time (ms) each thread spent filling the warm-up board (pour-warm.ts). */
  readonly warmCpuMs: number[] = [];
  private idle: Worker[] = [];
  private waiting: Array<{ resolve: (w: Worker) => void; reject: (e: Error) => void }> = [];
  private failed: Error | undefined;
  private all: Worker[] = [];
  private up: Array<Promise<void>> = [];

  /** `warm`: each thread fills a small board as it starts (pour-warm.ts: its code compiled before the first job). */
  constructor(readonly n = 2, { warm = true, resourceLimits = BOARD_WORKER_LIMITS }: { warm?: boolean; resourceLimits?: { maxYoungGenerationSizeMb: number } } = {}) {
    // V8 starts a new thread's young generation at 1 MB and doubles it only as survivors fill it: a
    // refill keeps many (its fills), and a 100k-pad job made 40 scavenges at growing sizes; started at
    // its limit (a semi-space is a third of the young generation) 22, and 12 s CPU instead of 16 s for
    // the split refill. The flag is the process's: it sizes every isolate made after it (these threads).
    setFlagsFromString(`--min-semi-space-size=${Math.floor(resourceLimits.maxYoungGenerationSizeMb / 3)}`);
    for (let i = 0; i < n; i++) {
      const w = new Worker(new URL('./pour-worker.mjs', import.meta.url), { resourceLimits, workerData: { warm } });
      this.all.push(w);
      const up = new Promise<void>((res, rej) => {
        const fail = (e: Error) => { this.failed = e; for (const x of this.waiting.splice(0)) x.reject(e); rej(e); };
        w.once('error', fail);
        w.once('message', (m: { ready: true; cpuMs: number; warmCpuMs: number }) => { w.off('error', fail); this.startCpuMs.push(m.cpuMs); this.warmCpuMs.push(m.warmCpuMs); this.free(w); res(); });
      });
      up.catch(() => undefined); // reported by ready() and run()
      this.up.push(up);
    }
  }

  /** Resolves when every thread has loaded and waits for jobs. */
  ready(): Promise<void> { return Promise.all(this.up).then(() => undefined); }

  private free(w: Worker): void {
    const next = this.waiting.shift();
    if (next) next.resolve(w);
    else this.idle.push(w);
  }

  /** Fill one job on the next free thread. */
  run = async (job: PourJob, transfer: ArrayBuffer[]): Promise<PourJobResult> => {
    if (this.failed) throw this.failed;
    const w = this.idle.pop() ?? (await new Promise<Worker>((resolve, reject) => this.waiting.push({ resolve, reject })));
    let a: Answer;
    try {
      a = await new Promise<Answer>((resolve, reject) => {
        const onMessage = (m: Answer) => { w.off('error', fail); resolve(m); };
        const fail = (e: Error) => { w.off('message', onMessage); reject(e); };
        w.once('error', fail);
        w.once('message', onMessage);
        w.postMessage(job, transfer);
      });
    } catch (e) {
      void w.terminate(); // a thread that failed takes no more jobs
      throw e;
    }
    this.free(w);
    if (!a.ok) throw new Error(`pour thread: ${a.message}`);
    this.stats.push({ cpuMs: a.cpuMs, wallMs: a.wallMs });
    return a.result;
  };

  async close(): Promise<void> {
    await Promise.all(this.all.map((w) => w.terminate()));
  }
}
