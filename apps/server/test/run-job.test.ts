/**
 * [issue-11] Heavy jobs run in warm worker threads (workers/run-job.ts): a worker that answered takes
 * the next job (no thread, tsx and module start per call), a failed job's worker too; one that timed
 * out or exited is never reused; workers are retired after maxJobsPerWorker jobs and the idle list is
 * bounded. A tiny worker script stands in for the files worker.
 */
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { CatalogueError } from '@copperplate/model';
import { WORKER_POOL, closeIdleWorkers, idleWorkers, runJobInWorker } from '../src/workers/run-job.ts';

const SCRIPT = new URL('./fixtures/echo-worker.mjs', import.meta.url);
const LIMITS = { timeoutMs: 30_000, maxOldGenerationSizeMb: 64 };
const saved = { ...WORKER_POOL };
type Echo = { threadId: number; n: number; bytes: number };
const run = (kind: string, limits = LIMITS, transfer: ArrayBuffer[] = [], extra: object = {}) => runJobInWorker<Echo>(SCRIPT, { kind, ...extra }, limits, 'echo', transfer);

afterEach(() => {
  closeIdleWorkers();
  Object.assign(WORKER_POOL, saved);
});
afterAll(() => closeIdleWorkers());

describe('[issue-11] warm job workers', () => {
  it('a worker that answered takes the next job; a catalogue error keeps its worker and its code', async () => {
    const a = await run('ok');
    expect(idleWorkers()).toBe(1);
    const b = await run('ok');
    expect([b.threadId, b.n]).toEqual([a.threadId, 2]);
    const err = await run('fail').catch((e: unknown) => e);
    expect(err).toBeInstanceOf(CatalogueError);
    expect((err as CatalogueError).code).toBe(1000010);
    const c = await run('ok');
    expect([c.threadId, c.n]).toEqual([a.threadId, 4]);
    // a transferred buffer arrives in the warm worker
    const buf = new Uint8Array(1000).buffer;
    expect((await run('ok', LIMITS, [buf], { bytes: buf })).bytes).toBe(1000);
  });

  it('jobs at once get workers of their own; the idle list keeps at most keepIdle', async () => {
    WORKER_POOL.keepIdle = 2;
    const r = await Promise.all([run('ok'), run('ok'), run('ok')]);
    expect(new Set(r.map((x) => x.threadId)).size).toBe(3);
    expect(idleWorkers()).toBe(2);
  });

  it('a worker that timed out or exited is not reused; the job fails with the label', async () => {
    const first = await run('ok');
    await expect(run('hang', { ...LIMITS, timeoutMs: 300 })).rejects.toThrow('echo timed out');
    await expect(run('exit')).rejects.toThrow(/echo worker exited \(3\)/);
    const next = await run('ok');
    expect(next.threadId).not.toBe(first.threadId);
    expect(next.n).toBe(1);
  });

  it('a worker is retired after maxJobsPerWorker jobs', async () => {
    WORKER_POOL.maxJobsPerWorker = 2;
    const a = await run('ok');
    const b = await run('ok');
    expect(b.threadId).toBe(a.threadId);
    expect(idleWorkers()).toBe(0);
    const c = await run('ok');
    expect([c.threadId === a.threadId, c.n]).toEqual([false, 1]);
  });

  it('workers of another memory cap are other workers', async () => {
    const a = await run('ok');
    const b = await run('ok', { ...LIMITS, maxOldGenerationSizeMb: 96 });
    expect(b.threadId).not.toBe(a.threadId);
    expect(idleWorkers()).toBe(2);
  });
});
