/**
 * The stored search index of the system library (issue 16): the library build computes the index once
 * (packages/library packIndex: rows, orders, words, prefixes, trigrams), gzips it and writes it into
 * `library_index` in parts of PART_BYTES, keyed by the build's time; a server reads those parts,
 * gunzips them (off the event loop, in libuv's thread pool) and unpacks the index without sorting or
 * tokenising anything. Kept in the database (not a file beside it) so that every server process of a
 * PostgreSQL database, and a PGlite data folder copied elsewhere, find the index of their own build.
 */
import { promisify } from 'node:util';
import { gunzip, gzip } from 'node:zlib';
import { LIB_OWNER, packIndex, SearchIndex, unpackIndex } from '@copperplate/library';
import type { Db, Queryable } from '../db.ts';
import { bytesOf } from '../db.ts';
import { COLS, norm, type LibraryRow } from './store.ts';

const gz = promisify(gzip), gunz = promisify(gunzip);

/** Bytes per stored part (one statement each: no single statement holds PGlite long). */
export const PART_BYTES = 1 << 20;
/** Rows loaded per statement when the index is computed from the table, with a turn of the event loop between batches. */
const LOAD_BATCH = 5_000;
/** The columns of a search row, as the index keeps them (a function: store.ts and this module import each other). */
const rowCols = () => COLS.split(', ') as (keyof LibraryRow & string)[];

const nextTurn = (): Promise<void> => new Promise((r) => setImmediate(r));

/** The system library's rows from the table (not deleted), in uuid order: what an index is made of. */
export async function systemRows(q: Queryable): Promise<LibraryRow[]> {
  const rows: LibraryRow[] = [];
  let after = '';
  for (;;) {
    const batch = await q.query<LibraryRow & Record<string, unknown>>(
      `select ${COLS} from library_items where owner = $1 and not deleted and uuid > $2 order by uuid limit ${LOAD_BATCH}`, [LIB_OWNER.SYSTEM, after]);
    for (const r of batch) rows.push(norm(r));
    if (batch.length < LOAD_BATCH) break;
    after = batch[batch.length - 1].uuid;
    await nextTurn();
  }
  return rows;
}

/** Writes `index` as the stored index of build `builtAt` (other builds' indexes are dropped). Returns the stored size in bytes. */
export async function storeIndex(db: Db, builtAt: string, index: SearchIndex<LibraryRow>): Promise<number> {
  const bytes = await gz(packIndex(index, rowCols()), { level: 6 });
  await db.tx(async (q) => {
    await q.query('delete from library_index where built_at <> $1', [builtAt]);
    const have = await q.query('select 1 as x from library_index where built_at = $1 limit 1', [builtAt]);
    if (have.length) return; // another process stored it first
    for (let at = 0, part = 0; at < bytes.byteLength; at += PART_BYTES, part++) {
      await q.query('insert into library_index (built_at, part, data) values ($1, $2, $3)', [builtAt, part, new Uint8Array(bytes.buffer, bytes.byteOffset + at, Math.min(PART_BYTES, bytes.byteLength - at))]);
    }
  });
  return bytes.byteLength;
}

/** Computes the system library's index from the table and stores it for build `builtAt` (the library build's last step). */
export async function buildStoredIndex(db: Db, builtAt: string): Promise<{ rows: number; bytes: number }> {
  const index = new SearchIndex(await systemRows(db));
  return { rows: index.size, bytes: await storeIndex(db, builtAt, index) };
}

/**
 * The stored index of build `builtAt`, or undefined when there is none (a library built before the
 * index was stored) or it cannot be read. System items deleted since the build (ERR-6) are left out.
 */
export async function readStoredIndex(q: Queryable, builtAt: string): Promise<SearchIndex<LibraryRow> | undefined> {
  const n = Number((await q.query<{ n: unknown }>('select count(*) as n from library_index where built_at = $1', [builtAt]))[0]?.n ?? 0);
  if (!n) return undefined;
  const parts: Uint8Array[] = [];
  for (let part = 0; part < n; part++) {
    const r = await q.query<{ data: unknown }>('select data from library_index where built_at = $1 and part = $2', [builtAt, part]);
    if (!r.length) return undefined; // replaced by a newer build while reading
    parts.push(bytesOf(r[0].data));
    await nextTurn();
  }
  let index: SearchIndex<LibraryRow>;
  try {
    index = unpackIndex<LibraryRow>(new Uint8Array(await gunz(Buffer.concat(parts))));
  } catch {
    return undefined; // another layout (an older server's): computed again from the table
  }
  const gone = new Set((await q.query<{ uuid: string }>('select uuid from library_items where owner = $1 and deleted', [LIB_OWNER.SYSTEM])).map((r) => r.uuid));
  if (gone.size) index.remove((r) => gone.has(r.uuid));
  return index;
}
