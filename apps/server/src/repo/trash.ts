/** SQL of the trash: a deleted project keeps its rows with `trashed_at` set for 30 days, then is purged. */
import type { Queryable } from '../db.ts';

/** How long a deleted project can be restored. */
export const TRASH_DAYS = 30;
const DAY_MS = 86_400_000;

export interface TrashedRow { uuid: string; title: string; owner_uuid: string; trashed_at: Date }

export async function trashProject(q: Queryable, uuid: string, at: Date): Promise<void> {
  await q.query('update projects set trashed_at = $2 where uuid = $1 and trashed_at is null', [uuid, at.toISOString()]);
}

/** The owner's projects in the trash, most recently deleted first. */
export async function trashedOfOwner(q: Queryable, ownerUuid: string): Promise<TrashedRow[]> {
  const r = await q.query<TrashedRow & Record<string, unknown>>(
    'select uuid, title, owner_uuid, trashed_at from projects where owner_uuid = $1 and trashed_at is not null order by trashed_at desc, title',
    [ownerUuid],
  );
  return r.map((x) => ({ ...x, trashed_at: new Date(x.trashed_at) }));
}

export async function trashedProject(q: Queryable, uuid: string): Promise<TrashedRow | undefined> {
  const r = await q.query<TrashedRow & Record<string, unknown>>('select uuid, title, owner_uuid, trashed_at from projects where uuid = $1 and trashed_at is not null', [uuid]);
  return r[0] ? { ...r[0], trashed_at: new Date(r[0].trashed_at) } : undefined;
}

/** Takes a project out of the trash (with a new title when its own is taken meanwhile). */
export async function restoreProject(q: Queryable, uuid: string, title: string): Promise<void> {
  await q.query('update projects set trashed_at = null, title = $2 where uuid = $1', [uuid, title]);
}

/** Deletes one trashed project for good (its items, members and backups go with it). */
export async function purgeProject(q: Queryable, uuid: string): Promise<void> {
  await q.query('delete from projects where uuid = $1 and trashed_at is not null', [uuid]);
}

/** Deletes every project in the trash for 30 days or more at `now` (ms). Returns how many. */
export async function purgeTrash(q: Queryable, now: number): Promise<number> {
  const r = await q.query<{ uuid: string }>('delete from projects where trashed_at is not null and trashed_at <= $1 returning uuid', [new Date(now - TRASH_DAYS * DAY_MS).toISOString()]);
  return r.length;
}

/** Titles of the owner's projects outside the trash (a restored project must not clash with them). */
/** How many projects a user owns outside the trash (what the per-user project limit counts). */
export async function activeProjectCount(q: Queryable, ownerUuid: string): Promise<number> {
  const r = await q.query<{ n: unknown }>('select count(*) as n from projects where owner_uuid = $1 and trashed_at is null', [ownerUuid]);
  return Number(r[0]?.n ?? 0);
}

export async function activeTitles(q: Queryable, ownerUuid: string): Promise<Set<string>> {
  const r = await q.query<{ title: string }>('select title from projects where owner_uuid = $1 and trashed_at is null', [ownerUuid]);
  return new Set(r.map((x) => x.title));
}
