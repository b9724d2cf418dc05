/**
 * The database connection: PGlite (embedded PostgreSQL in a data folder) by default, PostgreSQL via
 * `pg` when a URL is given. Both speak the same SQL; the repository (./repo) is the only user.
 */
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import pg from 'pg';

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

/** Resolves on the next turn of the event loop, after pending I/O has been polled. */
const nextTurn = (): Promise<void> => new Promise((r) => setImmediate(r));

/**
 * One at a time, first come first served, with turns of the event loop between them. PGlite runs in
 * this thread and answers without I/O, so its promises resolve as microtasks: a queue of 200 waiting
 * transactions ran back to back in one microtask drain and no request was even read for seconds
 * (issue 11: getOnlineVersion p99 1,476 ms, writes p99 42 s under load). Now a database call that
 * starts after `sliceMs` of back-to-back work first lets the event loop poll (read requests, answer
 * the ones that need no database); below that, calls follow each other at full speed. `yieldIfDue`
 * is the same check for the statements inside a transaction (a long import's inserts).
 */
export function turnTaking(sliceMs = 5): (<T>(f: () => Promise<T>) => Promise<T>) & { yieldIfDue(): Promise<void> } {
  let tail: Promise<unknown> = Promise.resolve();
  let sliceStart = performance.now();
  const yieldIfDue = async (): Promise<void> => {
    if (performance.now() - sliceStart <= sliceMs) return;
    await nextTurn();
    sliceStart = performance.now();
  };
  const inTurn = <T>(f: () => Promise<T>): Promise<T> => {
    const run = tail.then(async () => {
      await yieldIfDue();
      return f();
    });
    tail = run.catch(() => undefined);
    return run;
  };
  return Object.assign(inTurn, { yieldIfDue });
}

/**
 * bytea in and out of PGlite through Node's native hex codec. PGlite's own (a JS loop of
 * `toString(16)` per byte, `parseInt` per pair) held the event loop 0.5 s per 256 KB written and
 * 0.2 s per 256 KB read (issue 11: every stored document is a bytea); this is about ten times faster.
 */
export const PGLITE_BYTEA = {
  serializers: { 17: (v: Uint8Array) => '\\x' + Buffer.from(v.buffer, v.byteOffset, v.byteLength).toString('hex') },
  parsers: {
    17: (s: string) => {
      const b = Buffer.from(s.slice(2), 'hex');
      return new Uint8Array(b.buffer, b.byteOffset, b.length);
    },
  },
};

export async function openPglite(dataDir: string): Promise<Db> {
  const db = new PGlite(dataDir, { extensions: { pg_trgm }, ...PGLITE_BYTEA }); // pg_trgm: the component library's trigram search
  await db.waitReady;
  const unlisteners: Array<() => Promise<void>> = [];
  const inTurn = turnTaking();
  return {
    kind: 'pglite',
    query<T extends Row>(sql: string, params: unknown[] = []) {
      return inTurn(async () => (await db.query<T>(sql, params)).rows);
    },
    tx(fn) {
      return inTurn(() => db.transaction(async (t) => fn({
        query: async <T extends Row>(sql: string, params: unknown[] = []) => {
          await inTurn.yieldIfDue();
          return (await t.query<T>(sql, params)).rows;
        },
      })));
    },
    async listen(channel, cb) {
      const un = await db.listen(channel, cb);
      unlisteners.push(() => un());
    },
    async close() {
      for (const u of unlisteners) await u().catch(() => {});
      await db.close();
    },
  };
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
