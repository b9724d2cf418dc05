/**
 * Runs one heavy job off the event loop in a worker thread, with a memory cap and a time limit. The
 * worker script posts `{ready: true}` once, then answers each job it is sent with `{ok: true, ...result}`
 * or `{ok: false, code, message, catalogue}` (a catalogue error keeps its code).
 *
 * Workers are kept warm: starting one (a thread, tsx, the job's modules) cost 1.5 to 6 s per call
 * under load, more than a small job itself. A worker that answered goes back to a small idle list
 * (per script and memory cap) for the next job; one that timed out, failed or exited is never reused;
 * each is retired after `maxJobsPerWorker` jobs and after `idleMs` without one, so a long-lived
 * worker's leftovers stay bounded. Idle workers do not keep the process alive.
 */
import { Worker } from 'node:worker_threads';
import { CatalogueError } from '@copperplate/model';

/** A job's time limit and its worker's heap: old generation, and the young generation where a job's many short-lived objects want a bigger one (board jobs: @copperplate/board BOARD_WORKER_LIMITS). */
export interface JobLimits { timeoutMs: number; maxOldGenerationSizeMb: number; maxYoungGenerationSizeMb?: number }

type Answer<R> = ({ ok: true } & R) | { ok: false; code: number | string | null; message: string; catalogue: boolean };

/** Pool settings (tests may lower them). */
export const WORKER_POOL = { keepIdle: 2, idleMs: 60_000, maxJobsPerWorker: 16 };

interface Slot { worker: Worker; key: string; jobs: number; ready: Promise<void>; idleTimer?: ReturnType<typeof setTimeout> }

const idle = new Map<string, Slot[]>();

function startWorker(script: URL, limits: JobLimits, key: string): Slot {
  const worker = new Worker(script, { resourceLimits: { maxOldGenerationSizeMb: limits.maxOldGenerationSizeMb, maxYoungGenerationSizeMb: limits.maxYoungGenerationSizeMb } });
  const ready = new Promise<void>((resolve, reject) => {
    const onMsg = (m: { ready?: boolean }) => { if (m && m.ready) { off(); resolve(); } };
    const onErr = (e: Error) => { off(); reject(e); };
    const onExit = (code: number) => { off(); reject(new Error(`worker exited (${code}) before it was ready`)); };
    const off = () => { worker.off('message', onMsg); worker.off('error', onErr); worker.off('exit', onExit); };
    worker.on('message', onMsg).on('error', onErr).on('exit', onExit);
  });
  ready.catch(() => {}); // a start failure is reported to the job that waits for it
  return { worker, key, jobs: 0, ready };
}

function take(script: URL, limits: JobLimits): Slot {
  const key = `${script.href}|${limits.maxOldGenerationSizeMb}|${limits.maxYoungGenerationSizeMb ?? ''}`;
  const list = idle.get(key);
  const slot = list?.pop();
  if (slot) {
    clearTimeout(slot.idleTimer);
    slot.worker.ref();
    return slot;
  }
  return startWorker(script, limits, key);
}

function retire(slot: Slot): void {
  clearTimeout(slot.idleTimer);
  void slot.worker.terminate();
}

function giveBack(slot: Slot): void {
  slot.jobs++;
  const list = idle.get(slot.key) ?? [];
  if (slot.jobs >= WORKER_POOL.maxJobsPerWorker || list.length >= WORKER_POOL.keepIdle) return retire(slot);
  list.push(slot);
  idle.set(slot.key, list);
  slot.worker.unref();
  slot.idleTimer = setTimeout(() => {
    const l = idle.get(slot.key);
    const i = l?.indexOf(slot) ?? -1;
    if (i >= 0) l!.splice(i, 1);
    retire(slot);
  }, WORKER_POOL.idleMs);
  slot.idleTimer.unref?.();
}

/** Idle workers kept for the next job (what the pool holds now). */
export function idleWorkers(): number {
  let n = 0;
  for (const l of idle.values()) n += l.length;
  return n;
}

/** Ends every idle worker (a server closing). */
export function closeIdleWorkers(): void {
  for (const l of idle.values()) for (const s of l.splice(0)) retire(s);
}

/** `label` names the job in timeout and exit errors; `transfer` lists buffers moved to the worker. */
export function runJobInWorker<R>(script: URL, job: unknown, limits: JobLimits, label: string, transfer: ArrayBuffer[] = []): Promise<R> {
  const slot = take(script, limits);
  const { worker } = slot;
  return new Promise<R>((resolve, reject) => {
    let settled = false;
    /** `reusable`: the worker answered and stays sound (a failed job's worker is fine; a crashed one is not). */
    const done = (reusable: boolean, f: () => void) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      worker.off('message', onMsg).off('error', onErr).off('exit', onExit);
      if (reusable) giveBack(slot);
      else retire(slot);
      f();
    };
    const onMsg = (m: Answer<R> | { ready: true }) => {
      if ('ready' in m) return;
      if (m.ok) done(true, () => resolve(m as R));
      else done(true, () => reject(m.catalogue ? new CatalogueError(m.code as number, m.message) : new Error(m.message)));
    };
    const onErr = (e: Error) => done(false, () => reject(e));
    const onExit = (code: number) => done(false, () => reject(new Error(`${label} worker exited (${code})`)));
    const timer = setTimeout(() => done(false, () => reject(new Error(`${label} timed out`))), limits.timeoutMs);
    worker.on('message', onMsg).on('error', onErr).on('exit', onExit);
    slot.ready.then(
      () => { if (!settled) worker.postMessage(job, transfer); },
      (e: Error) => done(false, () => reject(new Error(`${label}: ${e.message}`))),
    );
  });
}
