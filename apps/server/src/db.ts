/**
 * The database connection: PGlite (embedded PostgreSQL in a data folder) by default, PostgreSQL via
 * `pg` when a URL is given. Both speak the same SQL; the repository (./repo) is the only user.
 */
import { Worker } from 'node:worker_threads';
import pg from 'pg';
export { PGLITE_BYTEA } from './pglite-bytea.mjs';

export type Row = Record<string, unknown>;

/** A query runner: the database itself or one transaction. */
export interface Queryable {
  query<T extends Row = Row>(sql: string, params?: unknown[]): Promise<T[]>;
}

export interface Db extends Queryable {
  readonly kind: 'pglite' | 'postgres';
  /** Runs `fn` in one transaction: committed when it resolves, rolled back when it throws. */
  tx<T>(fn: (q: Queryable) => Promise<T>): Promise<T>;
  /** Subscribes to NOTIFY on `channel`. */
  listen(channel: string, cb: (payload: string) => void): Promise<void>;
  close(): Promise<void>;
}

/**
 * PGlite in a worker thread of its own (db-worker.mjs). It used to run in the server's thread: under
 * load (issue 11 bench: 200 clients, imports running) it took 33 of 60 s of the main thread, which
 * was ~95% busy, and getOnlineVersion's p99 was 137-325 ms. Now the main thread only posts each
 * statement and reads its answer; a transaction keeps PGlite for itself from `begin` to `end` while
 * the caller's code runs here between its statements.
 */
export async function openPglite(dataDir: string): Promise<Db> {
  const worker = new Worker(new URL('./db-worker.mjs', import.meta.url), { workerData: { dataDir } });
  const waiting = new Map<number, { resolve(rows: Row[]): void; reject(e: Error): void }>();
  const handlers = new Map<string, Array<(payload: string) => void>>();
  let nextId = 1;
  let nextTx = 1;
  let dead: Error | undefined;
  const ready = new Promise<void>((resolve, reject) => {
    worker.on('message', (m: { ready?: true; failed?: WorkerError; id?: number; rows?: Row[]; error?: WorkerError; notify?: string; payload?: string }) => {
      if (m.ready) return resolve();
      if (m.failed) return reject(errorFrom(m.failed));
      if (m.notify !== undefined) {
        for (const h of handlers.get(m.notify) ?? []) h(m.payload ?? '');
        return;
      }
      const w = waiting.get(m.id!);
      if (!w) return;
      waiting.delete(m.id!);
      if (m.error) w.reject(errorFrom(m.error));
      else w.resolve(m.rows!);
    });
    const lost = (e: Error) => {
      dead ??= e;
      reject(e);
      for (const w of waiting.values()) w.reject(e);
      waiting.clear();
    };
    worker.on('error', lost);
    worker.on('exit', (code) => lost(new Error(`the database worker exited (${code})`)));
  });
  const call = <T extends Row>(m: Record<string, unknown>): Promise<T[]> => {
    if (dead) return Promise.reject(dead);
    const id = nextId++;
    return new Promise<T[]>((resolve, reject) => {
      waiting.set(id, { resolve: resolve as (rows: Row[]) => void, reject });
      worker.postMessage({ ...m, id });
    });
  };
  try {
    await ready;
  } catch (e) {
    await worker.terminate();
    throw e;
  }
  return {
    kind: 'pglite',
    query: <T extends Row>(sql: string, params: unknown[] = []) => call<T>({ op: 'query', sql, params }),
    async tx(fn) {
      const tx = nextTx++;
      await call({ op: 'begin', tx });
      let r;
      try {
        r = await fn({ query: <T extends Row>(sql: string, params: unknown[] = []) => call<T>({ op: 'query', sql, params, tx }) });
      } catch (e) {
        await call({ op: 'end', tx, commit: false }).catch(() => {});
        throw e;
      }
      await call({ op: 'end', tx, commit: true });
      return r;
    },
    async listen(channel, cb) {
      if (!handlers.has(channel)) {
        handlers.set(channel, []);
        await call({ op: 'listen', channel });
      }
      handlers.get(channel)!.push(cb);
    },
    async close() {
      if (dead) return;
      await call({ op: 'close' }).catch(() => {});
      dead = new Error('the database is closed');
      await worker.terminate();
    },
  };
}

interface WorkerError { message: string; name: string; [field: string]: string }
/** An error from the worker, with PostgreSQL's fields (code, detail, constraint...) kept. */
function errorFrom(w: WorkerError): Error {
  return Object.assign(new Error(w.message), w);
}

export async function openPostgres(url: string, poolSize = 10): Promise<Db> {
  const pool = new pg.Pool({ connectionString: url, max: poolSize });
  pool.on('error', () => {}); // idle client errors (server restart) are retried by the pool
  await pool.query('select 1');
  let listener: pg.Client | undefined;
  const handlers = new Map<string, Array<(p: string) => void>>();
  return {
    kind: 'postgres',
    async query<T extends Row>(sql: string, params: unknown[] = []) {
      return (await pool.query(sql, params)).rows as T[];
    },
    async tx(fn) {
      const c = await pool.connect();
      try {
        await c.query('BEGIN');
        const r = await fn({ query: async <T extends Row>(sql: string, params: unknown[] = []) => (await c.query(sql, params)).rows as T[] });
        await c.query('COMMIT');
        return r;
      } catch (e) {
        await c.query('ROLLBACK').catch(() => {});
        throw e;
      } finally {
        c.release();
      }
    },
    async listen(channel, cb) {
      if (!listener) {
        listener = new pg.Client({ connectionString: url });
        listener.on('error', () => {});
        await listener.connect();
        listener.on('notification', (m) => {
          for (const h of handlers.get(m.channel) ?? []) h(m.payload ?? '');
        });
      }
      if (!handlers.has(channel)) {
        handlers.set(channel, []);
        await listener.query(`LISTEN ${channel}`);
      }
      handlers.get(channel)!.push(cb);
    },
    async close() {
      await listener?.end().catch(() => {});
      await pool.end();
    },
  };
}

/** Bytes from a bytea column (PGlite gives Uint8Array, pg gives Buffer). */
export function bytesOf(v: unknown): Uint8Array {
  if (v instanceof Uint8Array) return v;
  throw new Error('expected bytea');
}
