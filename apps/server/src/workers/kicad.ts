/**
 * Runs KiCad conversions off the event loop: one worker thread per job (the conversion of a big board
 * takes seconds of CPU; a worker keeps the server answering), with a memory cap and a time limit.
 */
import type { KicadJob, KicadJobResult } from './kicad-job.ts';
import { runJobInWorker } from './run-job.ts';

export const KICAD_JOB_LIMITS = { timeoutMs: 120_000, maxOldGenerationSizeMb: 1024 };

export function runKicadInWorker(job: KicadJob): Promise<KicadJobResult> {
  return runJobInWorker<KicadJobResult>(new URL('./kicad-worker.mjs', import.meta.url), job, KICAD_JOB_LIMITS, 'KiCad conversion', [job.bytes.buffer as ArrayBuffer]);
}
