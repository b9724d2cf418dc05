/**
 * Runs KiCad conversions off the event loop: one worker thread per job (the conversion of a big board
 * takes seconds of CPU; a worker keeps the server answering), with a memory cap and a time limit.
 * The young generation is the board jobs' (BOARD_WORKER_LIMITS): a conversion makes many short-lived
 * objects (s-expression lists, records) beside a model that lives to the end, which V8's default
 * young generation copied at every pass (video.kicad_pcb: ~2.3 passes and ~16 MB copied per import,
 * 0.5 and ~6 MB with it; bench/kicad.bench.ts measures the import in a worker with these limits).
 */
import { BOARD_WORKER_LIMITS } from '@copperplate/board';
import type { KicadJob, KicadJobResult } from './kicad-job.ts';
import { runJobInWorker } from './run-job.ts';

export const KICAD_JOB_LIMITS = { timeoutMs: 120_000, maxOldGenerationSizeMb: 1024, ...BOARD_WORKER_LIMITS };

export function runKicadInWorker(job: KicadJob): Promise<KicadJobResult> {
  return runJobInWorker<KicadJobResult>(new URL('./kicad-worker.mjs', import.meta.url), job, KICAD_JOB_LIMITS, 'KiCad conversion', [job.bytes.buffer as ArrayBuffer]);
}
