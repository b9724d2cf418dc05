/** Runs design rule checks off the event loop: one worker thread per job, with a memory cap and a time limit. */
import type { BoardJob, DrcJobResult } from './board-job.ts';
import { runJobInWorker } from './run-job.ts';

export const BOARD_JOB_LIMITS = { timeoutMs: 300_000, maxOldGenerationSizeMb: 2048 };

export function runDrcInWorker(job: BoardJob): Promise<DrcJobResult> {
  return runJobInWorker<DrcJobResult>(new URL('./board-worker.mjs', import.meta.url), job, BOARD_JOB_LIMITS, 'design rule check');
}
