/**
 * The Copperplate server ("the cloud" of SPEC §1, §6, §7): `startServer()` opens the database
 * (PGlite in `dataDir`, or PostgreSQL at `databaseUrl`), migrates it, and listens on loopback.
 */
import { mkdirSync } from 'node:fs';
import type { FastifyServerOptions } from 'fastify';
import { openPglite, openPostgres, type Db } from './db.ts';
import { migrate } from './migrations.ts';
import { Bus } from './bus.ts';
import { makeCtx, wireInvalidation } from './context.ts';
import { buildApp } from './app.ts';
import { pruneAnswers, pruneSessions } from './repo/index.ts';

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
}

export interface RunningServer {
  url: string;
  port: number;
  close(): Promise<void>;
}

export async function openDatabase(o: { dataDir?: string; databaseUrl?: string }): Promise<Db> {
  if (o.databaseUrl) return openPostgres(o.databaseUrl);
  if (!o.dataDir) throw new Error('startServer needs dataDir or databaseUrl');
  mkdirSync(o.dataDir, { recursive: true });
  return openPglite(o.dataDir);
}

export async function startServer(o: ServerOptions): Promise<RunningServer> {
  const db = await openDatabase(o);
  try {
    await migrate(db);
    const bus = new Bus(db);
    const { app, ctx } = await buildApp((a) => makeCtx(db, bus, a.log), { logger: o.logger, webDir: o.webDir });
    wireInvalidation(ctx);
    await bus.start();
    await pruneAnswers(db, 48);
    await pruneSessions(db);
    // housekeeping: stored answers of idempotent writes (48 h) and expired sessions
    const housekeeping = setInterval(() => {
      void pruneAnswers(db, 48).then(() => pruneSessions(db)).catch((e: unknown) => app.log.warn({ err: e }, 'housekeeping failed'));
    }, 3_600_000);
    housekeeping.unref();
    app.addHook('onClose', async () => clearInterval(housekeeping));
    const addr = await app.listen({ port: o.port ?? 0, host: o.host ?? '127.0.0.1' });
    const port = Number(new URL(addr).port);
    const host = o.host ?? '127.0.0.1';
    const url = `http://${host.includes(':') ? `[${host}]` : host}:${port}`;
    let closed = false;
    return {
      url,
      port,
      async close() {
        if (closed) return;
        closed = true;
        await app.close();
        await db.close();
      },
    };
  } catch (e) {
    await db.close().catch(() => {});
    throw e;
  }
}

export { createUser } from './routes/auth.ts';
export { migrate } from './migrations.ts';
