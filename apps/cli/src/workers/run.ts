/**
 * Run a board job in a worker thread (never on the caller's event loop) with the board package's heap
 * limits (BOARD_WORKER_LIMITS: a large young generation); resolves with its result.
 */
import { Worker } from 'node:worker_threads';
import { BOARD_WORKER_LIMITS } from '@copperplate/board';
import type { BoardJob, BoardJobResult } from './board-job.ts';

export function runInWorker(job: BoardJob): Promise<BoardJobResult> {
  return new Promise((resolve, reject) => {
    const w = new Worker(new URL('./board-worker.mjs', import.meta.url), { workerData: job, resourceLimits: BOARD_WORKER_LIMITS });
    w.once('message', (m: BoardJobResult) => { resolve(m); void w.terminate(); });
    w.once('error', reject);
    w.once('exit', (code) => { if (code !== 0 && code !== 1) reject(new Error(`board worker exited with ${code}`)); });
  });
}
