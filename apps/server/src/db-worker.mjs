// Worker thread of the embedded database (issue 11): PGlite runs here, off the server's event loop.
// Under load it took 33 of every 60 s of the main thread (getOnlineVersion p99 137-325 ms); here it
// only costs the main thread a message per statement. Plain JavaScript: no loader needed.
//
// Messages in: {id, op: 'query', sql, params, tx?} | {id, op: 'begin', tx} | {id, op: 'end', tx, commit}
//   | {id, op: 'listen', channel} | {id, op: 'close'}.
// Messages out: {id, rows} | {id, error} | {notify: channel, payload}; {ready: true} | {failed} once.
// PGlite runs one statement at a time, and a statement outside a transaction waits until the open
// transaction ends (its query() and transaction() share one lock), so the order is PGlite's own.
import { cpSync, existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { PGLITE_BYTEA } from './pglite-bytea.mjs';

/** The fields of a PostgreSQL error worth keeping (all strings). */
const ERROR_FIELDS = ['code', 'detail', 'hint', 'constraint', 'table', 'column', 'schema', 'severity', 'position', 'where', 'routine', 'dataType'];
function errorOf(e) {
  const out = { message: e && e.message ? String(e.message) : String(e), name: e && e.name ? String(e.name) : 'Error' };
  for (const f of ERROR_FIELDS) if (e && typeof e[f] === 'string') out[f] = e[f];
  return out;
}

/** Big bytea answers move to the main thread instead of being copied (only buffers they own whole). */
function transferables(rows) {
  const list = [];
  for (const row of rows) {
    for (const k in row) {
      const v = row[k];
      if (v instanceof Uint8Array && v.byteLength >= 4096 && v.byteOffset === 0 && v.byteLength === v.buffer.byteLength && !list.includes(v.buffer)) list.push(v.buffer);
    }
  }
  return list;
}

const send = (id, rows) => {
  try {
    parentPort.postMessage({ id, rows }, transferables(rows));
  } catch (e) {
    parentPort.postMessage({ id, error: errorOf(e) });
  }
};
const fail = (id, e) => parentPort.postMessage({ id, error: errorOf(e) });

let db;
/** Open transactions: their statements, in the order they came. */
const txs = new Map();

async function runTx(tx, first) {
  // the statements of one transaction arrive one by one (the main thread runs the caller's code between them)
  const inbox = [];
  let wake;
  txs.set(tx, { push(m) { inbox.push(m); wake?.(); } });
  const next = async () => {
    while (!inbox.length) await new Promise((r) => (wake = r));
    wake = undefined;
    return inbox.shift();
  };
  let end;
  try {
    await db.transaction(async (t) => {
      parentPort.postMessage({ id: first.id, rows: [] }); // begun
      for (;;) {
        const m = await next();
        if (m.op === 'end') {
          end = m;
          if (!m.commit) await t.rollback();
          return;
        }
        try {
          send(m.id, (await t.query(m.sql, m.params)).rows);
        } catch (e) {
          fail(m.id, e);
        }
      }
    });
    if (end) parentPort.postMessage({ id: end.id, rows: [] });
  } catch (e) {
    if (end) fail(end.id, e);
    else fail(first.id, e);
  } finally {
    txs.delete(tx);
  }
}

parentPort.on('message', (m) => {
  if (m.tx !== undefined && m.op !== 'begin') {
    const t = txs.get(m.tx);
    if (t) t.push(m);
    else fail(m.id, new Error('no such transaction'));
    return;
  }
  switch (m.op) {
    case 'query':
      db.query(m.sql, m.params).then((r) => send(m.id, r.rows), (e) => fail(m.id, e));
      break;
    case 'begin':
      void runTx(m.tx, m);
      break;
    case 'listen':
      db.listen(m.channel, (payload) => parentPort.postMessage({ notify: m.channel, payload })).then(() => send(m.id, []), (e) => fail(m.id, e));
      break;
    case 'close':
      db.close().then(() => send(m.id, []), (e) => fail(m.id, e));
      break;
    default:
      fail(m.id, new Error(`unknown database call ${m.op}`));
  }
});

/**
 * A new data folder (no cluster in it yet) starts as a copy of COPPERPLATE_PGLITE_TEMPLATE, when set:
 * a cluster PGlite's initdb made and nothing else (scripts/vitest-pglite.ts makes one per PGlite
 * version for the test suite, where initdb took ~5 of the ~7 s of every server's start). The same
 * cluster PGlite would make; migrations then run as on any new folder.
 */
function fromTemplate(dir) {
  const t = process.env.COPPERPLATE_PGLITE_TEMPLATE;
  if (!t || !existsSync(join(t, 'PG_VERSION')) || existsSync(join(dir, 'PG_VERSION'))) return;
  if (existsSync(dir) && readdirSync(dir).some((f) => f !== 'server.pid')) return;
  cpSync(t, dir, { recursive: true });
}

try {
  fromTemplate(workerData.dataDir);
  db = new PGlite(workerData.dataDir, { extensions: { pg_trgm }, ...PGLITE_BYTEA }); // pg_trgm: the component library's trigram search
  await db.waitReady;
  parentPort.postMessage({ ready: true });
} catch (e) {
  parentPort.postMessage({ failed: errorOf(e) });
}
