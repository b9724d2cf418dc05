/**
 * SQL for the stored states of backups and versions (issue 11): the gzip JSON of a state is cut in
 * parts of at most STATE_PART_BYTES, each written and read by its own statement (PGlite runs each
 * statement in the server's thread: one 3 MB statement held the event loop for hundreds of ms). The
 * parts of a state are written under a fresh key before the backup or version row names it
 * (column `state`), never changed afterwards, and deleted with it; rows stored before migration 7
 * keep their state in their own `data` column.
 */
import type { Queryable } from '../db.ts';

export const STATE_PART_BYTES = 64 << 10;

/** Where a row's state is: the parts `state`, or (stored before migration 7) the row's `data`. */
export interface StoredStateRef { state: string | null; data: Uint8Array | null }

/** Writes `bytes` as the parts of the state `key`, one statement per part (call it outside a transaction). */
export async function writeStateParts(q: Queryable, projectUuid: string, key: string, bytes: Uint8Array): Promise<void> {
  for (let i = 0, part = 0; i < bytes.length || part === 0; i += STATE_PART_BYTES, part++) {
    await q.query('insert into state_parts (key, part, project_uuid, data) values ($1, $2, $3, $4)', [key, part, projectUuid, bytes.subarray(i, i + STATE_PART_BYTES)]);
  }
}

/** The state `key` joined from its parts, one statement per part; undefined when it has none (deleted meanwhile). */
export async function readStateParts(q: Queryable, key: string): Promise<Uint8Array | undefined> {
  const n = Number((await q.query<{ n: unknown }>('select count(*) as n from state_parts where key = $1', [key]))[0]?.n ?? 0);
  const parts: Uint8Array[] = [];
  for (let part = 0; part < n; part++) {
    const r = await q.query<{ data: Uint8Array }>('select data from state_parts where key = $1 and part = $2', [key, part]);
    if (!r.length) return undefined;
    parts.push(r[0].data);
  }
  return n ? new Uint8Array(Buffer.concat(parts)) : undefined;
}

/** The bytes of a row's state (undefined when its parts were deleted meanwhile). */
export async function storedState(q: Queryable, ref: StoredStateRef): Promise<Uint8Array | undefined> {
  return ref.state === null ? (ref.data ?? undefined) : readStateParts(q, ref.state);
}

export async function dropStateParts(q: Queryable, keys: Array<string | null>): Promise<void> {
  const ks = keys.filter((k): k is string => typeof k === 'string');
  if (ks.length) await q.query('delete from state_parts where key = any($1)', [ks]);
}

/** Parts no backup or version names, written more than an hour ago (a crash between writing them and the row). */
export async function dropOrphanStateParts(q: Queryable): Promise<number> {
  const r = await q.query(`delete from state_parts s where created_at < now() - interval '1 hour'
    and not exists (select 1 from backups b where b.state = s.key) and not exists (select 1 from project_versions v where v.state = s.key) returning key`);
  return r.length;
}
