/**
 * Runs one heavy job off the event loop: one worker thread per job, with a memory cap and a time
 * limit. The worker script posts `{ready: true}`, takes the job, and answers `{ok: true, ...result}`
 * or `{ok: false, code, message, catalogue}` (a catalogue error keeps its code).
 */
import { Worker } from 'node:worker_threads';
import { CatalogueError } from '@copperplate/model';

export interface JobLimits { timeoutMs: number; maxOldGenerationSizeMb: number }

type Answer<R> = ({ ok: true } & R) | { ok: false; code: number | string | null; message: string; catalogue: boolean };

/** `label` names the job in timeout and exit errors; `transfer` lists buffers moved to the worker. */
export function runJobInWorker<R>(script: URL, job: unknown, limits: JobLimits, label: string, transfer: ArrayBuffer[] = []): Promise<R> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(script, { resourceLimits: { maxOldGenerationSizeMb: limits.maxOldGenerationSizeMb } });
    let settled = false;
    const done = (f: () => void) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      void worker.terminate();
      f();
    };
    const timer = setTimeout(() => done(() => reject(new Error(`${label} timed out`))), limits.timeoutMs);
    worker.on('message', (m: Answer<R> | { ready: true }) => {
      if ('ready' in m) { worker.postMessage(job, transfer); return; }
      if (m.ok) done(() => resolve(m as R));
      else done(() => reject(m.catalogue ? new CatalogueError(m.code as number, m.message) : new Error(m.message)));
    });
    worker.on('error', (e) => done(() => reject(e)));
    worker.on('exit', (code) => done(() => reject(new Error(`${label} worker exited (${code})`))));
  });
}
