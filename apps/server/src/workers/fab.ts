/**
 * Runs fabrication-output jobs off the event loop: one worker thread per job (Gerbers of a big board
 * take seconds of CPU), with a memory cap and a time limit.
 */
import type { FabJob, FabJobResult, FabPreview } from './fab-job.ts';
import { runJobInWorker } from './run-job.ts';

export const FAB_JOB_LIMITS = { timeoutMs: 120_000, maxOldGenerationSizeMb: 1536 };

export function runFabInWorker(job: FabJob & { kind: Exclude<FabJob['kind'], 'preview'> }): Promise<FabJobResult>;
export function runFabInWorker(job: FabJob & { kind: 'preview' }): Promise<FabPreview>;
export function runFabInWorker(job: FabJob): Promise<FabJobResult | FabPreview> {
  return runJobInWorker<FabJobResult | FabPreview>(new URL('./fab-worker.mjs', import.meta.url), job, FAB_JOB_LIMITS, 'fabrication export');
}
