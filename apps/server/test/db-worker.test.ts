/**
 * [issue-11] The embedded database runs off the event loop: PGlite lives in a worker thread
 * (db-worker.mjs), so a long statement or a queue of transactions never holds the server's thread
 * (getOnlineVersion p99 137-325 ms under load while PGlite ran here). Transactions keep PGlite for
 * themselves and roll back when their code throws. Real PGlite, no mocks.
 */
import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import { openPglite, type Db } from '../src/db.ts';
import { storage } from './helpers.ts';

const turn = () => new Promise<void>((r) => setImmediate(r));

describe('PGlite in its worker thread', () => {
  let db: Db;
  let st: Awaited<ReturnType<typeof storage>>;
  beforeAll(async () => {
    st = await storage('pglite');
    db = await openPglite(st.dataDir!);
    await db.query('create table t (n int primary key, b bytea)');
  });
  afterAll(async () => {
    await db?.close();
    await st?.cleanup();
  });

  it('the event loop keeps turning while a long statement runs', async () => {
    let done = false;
    const q = db.query<{ n: string }>('select count(*)::text as n from generate_series(1, 1000000)').then((r) => { done = true; return r; });
    let turns = 0;
    while (!done) { await turn(); turns++; }
    expect((await q)[0].n).toBe('1000000');
    // in this thread the statement ran in one piece: not one turn until it ended
    expect(turns).toBeGreaterThan(10);
  });

  it('a callback scheduled behind 100 queued transactions runs before the last of them ends', async () => {
    let done = 0;
    const all = Array.from({ length: 100 }, () => db.tx(async (q) => {
      await q.query('select count(*) from t');
      await q.query('select 1');
      done++;
    }));
    const doneWhenPolled = await new Promise<number>((r) => setImmediate(() => r(done)));
    await Promise.all(all);
    expect(done).toBe(100);
    expect(doneWhenPolled).toBeLessThan(100);
  });

  it('a transaction is alone: a statement from outside waits for its end, and a throw rolls it back', async () => {
    let outside: Promise<Array<{ n: number }>> | undefined;
    await expect(db.tx(async (q) => {
      await q.query('insert into t (n) values (1)');
      outside = db.query<{ n: number }>('select count(*)::int as n from t');
      await q.query('select 1'); // the outside statement has reached the worker by now
      throw new Error('undo');
    })).rejects.toThrow('undo');
    expect((await outside!)[0].n).toBe(0);
    await db.tx(async (q) => { await q.query('insert into t (n) values (2)'); });
    expect(await db.query('select n from t')).toEqual([{ n: 2 }]);
  });

  it('errors keep PostgreSQL\'s fields, and a failed statement fails its transaction', async () => {
    const e = (await db.query('insert into t (n) values (2)').then(() => null, (x: unknown) => x)) as Error & { code?: string; constraint?: string };
    expect(e).toBeInstanceOf(Error);
    expect(e.code).toBe('23505');
    expect(e.constraint).toBe('t_pkey');
    await expect(db.tx(async (q) => {
      await q.query('insert into t (n) values (3)');
      await q.query('insert into t (n) values (2)').catch(() => {}); // swallowed, but the transaction is aborted
    })).rejects.toThrow();
    expect(await db.query('select n from t order by n')).toEqual([{ n: 2 }]);
  });

  it('bytea goes both ways intact, big and small', async () => {
    const big = new Uint8Array(300_000).map((_, i) => (i * 7) & 255);
    await db.query('insert into t (n, b) values (10, $1), (11, $2)', [big, Buffer.from('hi')]);
    const rows = await db.query<{ n: number; b: Uint8Array }>('select n, b from t where n >= 10 order by n');
    expect(rows[0].b).toEqual(big);
    expect(Buffer.from(rows[1].b).toString()).toBe('hi');
  });

  it('NOTIFY reaches a listener on the main thread', async () => {
    const got: string[] = [];
    await db.listen('cp_test', (p) => got.push(p));
    await db.tx(async (q) => { await q.query("select pg_notify('cp_test', 'hello')"); });
    await expect.poll(() => got).toEqual(['hello']);
  });
});
