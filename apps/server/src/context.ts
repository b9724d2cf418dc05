/** What every route handler shares: the database, the bus, caches, the logger and settings. */
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from './db.ts';
import type { Bus } from './bus.ts';
import { TtlCache, type SnapshotEntry } from './caches.ts';
import type { RouteRecord } from './http.ts';
import { DEFAULT_LIMITS, LoginLimiter, Window, type Limits } from './limiter.ts';
import { FILES_JOB_THREADS, JobSlots } from './workers/files.ts';

export interface SessionUser { uuid: string; username: string; nickname: string; csrf: string; tokenHash: string }
export type Role = 'owner' | 'member' | 'readonly';
export interface ProjectAccess { uuid: string; role: Role }

export interface Ctx {
  db: Db;
  bus: Bus;
  log: FastifyBaseLogger;
  sessions: TtlCache<Omit<SessionUser, 'tokenHash'> & { expires: number }>;
  access: TtlCache<Role | null>;
  snapshots: TtlCache<SnapshotEntry>;
  /** Bumped by every invalidation of a project's snapshot: a read that started before it must not be cached. */
  snapshotEpochs: Map<string, number>;
  limiter: LoginLimiter;
  limits: Limits;
  /** Sign-ups per address and imports per user within the last hour. */
  signups: Window;
  imports: Window;
  /** Import/export jobs in worker threads: a cap per user and a queue for the threads (workers/files.ts). */
  filesJobs: JobSlots;
  routes: RouteRecord[];
  /** Test hook: a bulk write of more items stops for ever after writing this many, inside its transaction (crash tests kill the process there); 0: off. */
  bulkStallAfter: number;
  /** Session lifetime. */
  sessionDays: number;
  /** The clock (ms since the epoch): the trash's 30 days are counted on it (tests inject one). */
  now: () => number;
}

export function makeCtx(db: Db, bus: Bus, log: FastifyBaseLogger, limits: Partial<Limits> = {}, now: () => number = Date.now): Ctx {
  return {
    db,
    bus,
    log,
    sessions: new TtlCache(10_000),
    access: new TtlCache(10_000, 50_000),
    snapshots: new TtlCache(5_000, 1_000),
    snapshotEpochs: new Map(),
    limiter: new LoginLimiter(),
    limits: { ...DEFAULT_LIMITS, ...limits },
    signups: new Window(3_600_000),
    imports: new Window(3_600_000),
    filesJobs: new JobSlots(FILES_JOB_THREADS),
    routes: [],
    bulkStallAfter: Number(process.env.COPPERPLATE_TEST_BULK_STALL_AFTER ?? 0) || 0,
    sessionDays: 30,
    now,
  };
}

/** Drops a project's cached snapshot (and any read of it in flight). */
export function invalidateSnapshot(ctx: Ctx, projectUuid: string): void {
  ctx.snapshots.delete(projectUuid);
  ctx.snapshotEpochs.set(projectUuid, (ctx.snapshotEpochs.get(projectUuid) ?? 0) + 1);
  if (ctx.snapshotEpochs.size > 100_000) ctx.snapshotEpochs.clear();
}

/** Wires the bus to the caches: other processes' writes and access changes drop what they affect. */
export function wireInvalidation(ctx: Ctx): void {
  ctx.bus.on((e) => {
    if (e.type === 'g_ticket') {
      const s = ctx.snapshots.get(e.project_uuid);
      if (!s || s.g_ticket < e.g_ticket) invalidateSnapshot(ctx, e.project_uuid);
    } else if (e.type === 'access' || e.type === 'project_deleted') {
      ctx.access.deleteWhere((k) => k.startsWith(e.project_uuid + '|'));
      invalidateSnapshot(ctx, e.project_uuid);
    } else if (e.type === 'access_all') {
      ctx.access.clear();
    } else if (e.type === 'session_ended') {
      ctx.sessions.delete(e.token_hash);
    }
  });
}
