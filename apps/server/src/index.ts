/**
 * The Copperplate server ("the cloud" of SPEC §1, §6, §7): `startServer()` opens the database
 * (PGlite in `dataDir`, or PostgreSQL at `databaseUrl`), migrates it, and listens on loopback.
 */
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyServerOptions } from 'fastify';
import { openPglite, openPostgres, type Db } from './db.ts';
import { migrate } from './migrations.ts';
import { migrateLibrary } from './library/schema.ts';
import { Bus } from './bus.ts';
import { makeCtx, wireInvalidation, type Ctx } from './context.ts';
import { buildApp, type TrustProxy } from './app.ts';
import { closeIdleWorkers } from './workers/run-job.ts';
import type { Limits } from './limiter.ts';
import { dropOrphanStateParts, dropUnfinishedProjects, pruneAnswers, pruneSessions, purgeTrash } from './repo/index.ts';

/** How long a stopping server waits for open connections before it closes them (ms). */
export const CLOSE_GRACE_MS = 5_000;

export interface ServerOptions {
  port?: number;
  host?: string;
  /** PGlite data folder (ignored when databaseUrl is set). */
  dataDir?: string;
  /** PostgreSQL connection string; defaults to none (PGlite). */
  databaseUrl?: string;
  /** Fastify/pino logger options (false: silent). */
  logger?: FastifyServerOptions['logger'];
  /** Folder of the built web app (default apps/web/dist). */
  webDir?: string;
  /** Proxies whose X-Forwarded-For/-Proto are believed (see app.ts TrustProxy); default none. */
  trustProxy?: TrustProxy;
  /** Attempt limits and quotas (limiter.ts DEFAULT_LIMITS). */
  limits?: Partial<Limits>;
  /** The clock (ms since the epoch; default Date.now): the trash's 30 days are counted on it. */
  now?: () => number;
}

export interface RunningServer {
  url: string;
  port: number;
  /** The server's shared state (tests reach its caches and job slots through it). */
  ctx: Ctx;
  close(): Promise<void>;
}

/** The file a server keeps in its PGlite folder while it runs (its process id). */
export const PID_FILE = 'copperplate-server.pid';

/** The process id of another live server that has `dataDir` open, if any. */
export function serverHolding(dataDir: string): number | undefined {
  const f = join(dataDir, PID_FILE);
  if (!existsSync(f)) return undefined;
  const pid = Number(readFileSync(f, 'utf8').trim());
  if (!Number.isInteger(pid) || pid <= 0 || pid === process.pid) return undefined;
  try {
    process.kill(pid, 0);
    return pid;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM' ? pid : undefined;
  }
}

/**
 * Opens the database. A PGlite folder is for one process: when a running server has it open, this
 * refuses with a clear message instead of writing where that server never looks (issue 11).
 */
export async function openDatabase(o: { dataDir?: string; databaseUrl?: string }): Promise<Db> {
  if (o.databaseUrl) return openPostgres(o.databaseUrl);
  if (!o.dataDir) throw new Error('startServer needs dataDir or databaseUrl');
  const holder = serverHolding(o.dataDir);
  if (holder !== undefined) throw new Error(`The data folder ${o.dataDir} is open by a running Copperplate server (process ${holder}). Stop that server first, or make the change through its HTTP API.`);
  mkdirSync(o.dataDir, { recursive: true });
  return openPglite(o.dataDir);
}

export async function startServer(o: ServerOptions): Promise<RunningServer> {
  const db = await openDatabase(o);
  try {
    await migrate(db);
    await migrateLibrary(db); // the component library's tables (library/schema.ts)
    await dropUnfinishedProjects(db); // big projects a crash left half-written (projects.ts createProject)
    await dropOrphanStateParts(db); // backup and version parts a crash left without their row (repo/states.ts)
    const bus = new Bus(db);
    const { app, ctx } = await buildApp((a) => makeCtx(db, bus, a.log, o.limits, o.now), { logger: o.logger, webDir: o.webDir, trustProxy: o.trustProxy });
    wireInvalidation(ctx);
    await bus.start();
    await pruneAnswers(db, 48);
    await pruneSessions(db);
    await purgeTrash(db, ctx.now());
    // housekeeping: stored answers of idempotent writes (48 h), expired sessions, projects 30 days in the trash
    const housekeeping = setInterval(() => {
      void pruneAnswers(db, 48).then(() => pruneSessions(db)).then(() => purgeTrash(db, ctx.now())).catch((e: unknown) => app.log.warn({ err: e }, 'housekeeping failed'));
    }, 3_600_000);
    housekeeping.unref();
    app.addHook('onClose', async () => clearInterval(housekeeping));
    const addr = await app.listen({ port: o.port ?? 0, host: o.host ?? '127.0.0.1' });
    const pidFile = !o.databaseUrl && o.dataDir ? join(o.dataDir, PID_FILE) : undefined;
    if (pidFile) writeFileSync(pidFile, String(process.pid));
    const port = Number(new URL(addr).port);
    const host = o.host ?? '127.0.0.1';
    const url = `http://${host.includes(':') ? `[${host}]` : host}:${port}`;
    let closed = false;
    return {
      url,
      port,
      ctx,
      async close() {
        if (closed) return;
        closed = true;
        // Requests in flight get CLOSE_GRACE_MS to finish; a connection still open then (an upload that
        // was refused and is still being sent, a client that never reads) is closed, so stopping never
        // waits for ever on a stranger
        const force = setTimeout(() => app.server.closeAllConnections(), CLOSE_GRACE_MS);
        try {
          await app.close();
        } finally {
          clearTimeout(force);
        }
        await db.close();
        closeIdleWorkers();
        if (pidFile) rmSync(pidFile, { force: true });
      },
    };
  } catch (e) {
    await db.close().catch(() => {});
    throw e;
  }
}

export { createUser } from './routes/auth.ts';
export { migrate } from './migrations.ts';
