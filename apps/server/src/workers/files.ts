/**
 * Project-file jobs off the event loop (issue 11): imports, exports, fabrication outputs and their
 * preview, design rule checks, SPICE netlists and runs (issue 18), and the packing and reading of
 * backups and versions (state-job.ts) each run in a worker thread of its own
 * (runJobInWorker: memory cap, time limit), which also inflates and parses the stored documents. A
 * user may have `limits.filesJobsPerUser` jobs (these, KiCad imports and conversions) queued or
 * running at once; one more is refused with 4290002 before its work starts. At most `FILES_JOB_THREADS` workers run at once on the whole
 * server (the rest wait their turn), so many users importing never take every core or all memory.
 */
import { availableParallelism } from 'node:os';
import { CODES } from '@copperplate/model';
import { fail } from '../http.ts';
import type { Ctx } from '../context.ts';
import type { ExportJob, ExportJobResult, ImportJob, ImportJobResult, ProjectRows } from './files-job.ts';
import type { FabJob, FabJobResult, FabPreview } from './fab-job.ts';
import type { BoardJob, DrcJobResult } from './board-job.ts';
import type { SpiceJob, SpiceJobResult, SpiceRunAnswer } from './spice-job.ts';
import { SPICE_LIMITS } from '../spice/ngspice.ts';
import { INLINE_STATE_BYTES, runStateJob, type StateJob } from './state-job.ts';
import * as repo from '../repo/index.ts';
import { runJobInWorker } from './run-job.ts';
import { BOARD_WORKER_LIMITS } from '@copperplate/board';

export const FILES_JOB_LIMITS = { timeoutMs: 120_000, maxOldGenerationSizeMb: 1536 };
/** Design rule checks of big boards take longer and more memory, and a bigger young generation (fewer collections of Clipper's short-lived points). */
export const BOARD_JOB_LIMITS = { timeoutMs: 300_000, maxOldGenerationSizeMb: 2048, ...BOARD_WORKER_LIMITS };
/**
 * Worker threads running import/export jobs at once on this server (a bound on memory: each may use
 * FILES_JOB_LIMITS). At least twice the per-user cap, so that one user's jobs never fill every slot.
 */
export const FILES_JOB_THREADS = Math.max(4, availableParallelism());

/** Jobs per user (queued or running) and a first-come queue for the thread slots. */
export class JobSlots {
  private perUser = new Map<string, number>();
  private running = 0;
  private waiting: Array<() => void> = [];
  constructor(readonly threads: number) {}

  /** Jobs of `user` queued or running. */
  count(user: string): number { return this.perUser.get(user) ?? 0; }

  /** Runs `job` when a thread slot is free; refused (4290002, HTTP 429) when `user` has `max` jobs already. */
  async run<T>(user: string, max: number, job: () => Promise<T>): Promise<T> {
    if (this.count(user) >= max) fail(CODES.TOO_MANY_REQUESTS, {}, 429);
    this.perUser.set(user, this.count(user) + 1);
    try {
      if (this.running >= this.threads) await new Promise<void>((r) => this.waiting.push(r));
      else this.running++;
      try {
        return await job();
      } finally {
        const next = this.waiting.shift();
        if (next) next(); // the slot passes to the next job in line
        else this.running--;
      }
    } finally {
      const n = this.count(user) - 1;
      if (n > 0) this.perUser.set(user, n);
      else this.perUser.delete(user);
    }
  }
}

const script = new URL('./files-worker.mjs', import.meta.url);

/** Reads, parses and prepares the rows of an uploaded archive in a worker thread. */
export function importInWorker(ctx: Ctx, user: string, job: Omit<ImportJob, 'kind'>): Promise<ImportJobResult> {
  return ctx.filesJobs.run(user, ctx.limits.filesJobsPerUser, () =>
    runJobInWorker<ImportJobResult>(script, { kind: 'import', ...job }, FILES_JOB_LIMITS, 'import', [job.bytes.buffer as ArrayBuffer]));
}

/** Writes a project's .epro bytes in a worker thread. */
export function exportInWorker(ctx: Ctx, user: string, job: Omit<ExportJob, 'kind'>): Promise<ExportJobResult> {
  return ctx.filesJobs.run(user, ctx.limits.filesJobsPerUser, () =>
    runJobInWorker<ExportJobResult>(script, { kind: 'export', ...job }, FILES_JOB_LIMITS, 'export'));
}

/** The project as stored, for a job (contents stay compressed: the worker inflates them). */
export async function projectRows(ctx: Ctx, uuid: string): Promise<ProjectRows> {
  const project = await repo.projectByUuid(ctx.db, uuid);
  if (!project) fail(CODES.NO_PERMISSION);
  const items = await repo.allItems(ctx.db, uuid);
  return { project: project!, items, extra: await repo.projectExtra(ctx.db, uuid) };
}

/** Fabrication outputs (or their preview) in a worker thread, under the per-user cap. */
export function fabInWorker(ctx: Ctx, user: string, fab: FabJob & { kind: Exclude<FabJob['kind'], 'preview'> }): Promise<FabJobResult>;
export function fabInWorker(ctx: Ctx, user: string, fab: FabJob & { kind: 'preview' }): Promise<FabPreview>;
export function fabInWorker(ctx: Ctx, user: string, fab: FabJob): Promise<FabJobResult | FabPreview> {
  return ctx.filesJobs.run(user, ctx.limits.filesJobsPerUser, () =>
    runJobInWorker<FabJobResult | FabPreview>(script, { kind: fab.kind === 'preview' ? 'fab-preview' : 'fab', fab }, FILES_JOB_LIMITS, 'fabrication export'));
}

/** A design rule check in a worker thread, under the per-user cap. */
export function drcInWorker(ctx: Ctx, user: string, board: BoardJob): Promise<DrcJobResult> {
  return ctx.filesJobs.run(user, ctx.limits.filesJobsPerUser, () => runJobInWorker<DrcJobResult>(script, { kind: 'drc', board }, BOARD_JOB_LIMITS, 'design rule check'));
}

/** SPICE jobs: the ngspice time limit plus time to read the project and the results. */
export const SPICE_JOB_LIMITS = { timeoutMs: SPICE_LIMITS.timeoutMs + 60_000, maxOldGenerationSizeMb: FILES_JOB_LIMITS.maxOldGenerationSizeMb };

/** A SPICE netlist (`netlistOnly`: the result) or run (the answer's JSON bytes) in a worker thread (workers/spice-job.ts), under the per-user cap. */
export function spiceInWorker(ctx: Ctx, user: string, job: SpiceJob): Promise<SpiceJobResult | SpiceRunAnswer> {
  return ctx.filesJobs.run(user, ctx.limits.filesJobsPerUser, () => runJobInWorker<SpiceJobResult | SpiceRunAnswer>(script, { kind: 'spice', job }, SPICE_JOB_LIMITS, 'SPICE simulation'));
}

/**
 * A backup or version job (state-job.ts): in a worker thread under the per-user cap, or in this
 * thread when its input (`bytes`: stored bytes it reads, compressed contents included) is below
 * INLINE_STATE_BYTES.
 */
export function stateInWorker<R>(ctx: Ctx, user: string, job: StateJob, bytes: number): Promise<R> {
  if (bytes < INLINE_STATE_BYTES) return runStateJob(job) as Promise<R>;
  return ctx.filesJobs.run(user, ctx.limits.filesJobsPerUser, () => runJobInWorker<R>(script, { kind: 'state', job }, FILES_JOB_LIMITS, 'backup'));
}

/** Stored bytes of items (their compressed contents) and of other stored blobs: what a state job reads. */
export const storedBytes = (items: Array<{ data: Uint8Array | null }>, ...more: Array<Uint8Array | null | undefined>): number =>
  items.reduce((n, it) => n + (it.data?.length ?? 0), 0) + more.reduce((n, b) => n + (b?.length ?? 0), 0);
