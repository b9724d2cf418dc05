/**
 * [issue-11] The embedded database never holds the event loop: PGlite runs in the server's thread and
 * its answers resolve as microtasks, so a queue of waiting database calls used to run back to back in
 * one microtask drain (getOnlineVersion p99 1,476 ms under load). Calls now take turns with the
 * event loop. Real PGlite, no mocks.
 */
import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import { openPglite, turnTaking, type Db } from '../src/db.ts';
import { storage } from './helpers.ts';

describe('PGlite calls take turns with the event loop', () => {
  let db: Db;
  let st: Awaited<ReturnType<typeof storage>>;
  beforeAll(async () => {
    st = await storage('pglite');
    db = await openPglite(st.dataDir!);
  });
  afterAll(async () => {
    await db?.close();
    await st?.cleanup();
  });

  it('a callback scheduled behind 100 queued transactions runs before the last of them ends', async () => {
    let done = 0;
    const all = Array.from({ length: 100 }, () => db.tx(async (q) => {
      await q.query('select count(*) from projects');
      await q.query('select 1');
      done++;
    }));
    // what an incoming request needs: a turn of the event loop (I/O is polled before setImmediate runs)
    const doneWhenPolled = await new Promise<number>((r) => setImmediate(() => r(done)));
    await Promise.all(all);
    expect(done).toBe(100);
    expect(doneWhenPolled).toBeLessThan(100);
  });

  it('calls run one at a time in the order they were made, a failure passing the turn on', async () => {
    const inTurn = turnTaking(0);
    const order: number[] = [];
    let running = 0;
    const calls = Array.from({ length: 20 }, (_, i) => inTurn(async () => {
      expect(running).toBe(0);
      running++;
      await new Promise((r) => setTimeout(r, i % 3));
      running--;
      order.push(i);
      if (i === 5) throw new Error('five');
      return i;
    }));
    const results = await Promise.allSettled(calls);
    expect(order).toEqual(Array.from({ length: 20 }, (_, i) => i));
    expect(results[5].status).toBe('rejected');
    expect(results[6]).toEqual({ status: 'fulfilled', value: 6 });
  });
});
