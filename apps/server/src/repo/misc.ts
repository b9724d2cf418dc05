/** SQL for backups, logs and the per-user client cache. */
import type { Queryable } from '../db.ts';
import { dropStateParts, type StoredStateRef } from './states.ts';

export interface BackupRow { id: string; name: string; description: string; auto: boolean; archive: boolean; g_ticket: number; creator_uuid: string | null; created_at: Date }

/** Inserts a backup whose state is the parts `state` (states.ts); false when the project has a backup of that name. */
export async function insertBackup(q: Queryable, b: { id: string; projectUuid: string; name: string; description: string; auto: boolean; archive: boolean; gTicket: number; creatorUuid: string; state: string }): Promise<boolean> {
  const r = await q.query(
    `insert into backups (id, project_uuid, name, description, auto, archive, g_ticket, creator_uuid, data, state) values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)
     on conflict (project_uuid, name) do nothing returning id`,
    [b.id, b.projectUuid, b.name, b.description, b.auto, b.archive, b.gTicket, b.creatorUuid, new Uint8Array(0), b.state],
  );
  return r.length === 1;
}

/** Keeps the newest `keep` backups (archives not counted) of a project. */
export async function pruneBackups(q: Queryable, projectUuid: string, keep: number): Promise<void> {
  const gone = await q.query<{ state: string | null }>(
    `delete from backups where project_uuid = $1 and not archive and id not in
      (select id from backups where project_uuid = $1 and not archive order by created_at desc, id desc limit $2) returning state`,
    [projectUuid, keep],
  );
  await dropStateParts(q, gone.map((g) => g.state));
}

export async function listBackups(q: Queryable, projectUuid: string): Promise<BackupRow[]> {
  const r = await q.query('select id, name, description, auto, archive, g_ticket, creator_uuid, created_at from backups where project_uuid = $1 order by created_at desc, id desc', [projectUuid]);
  return r.map((x) => ({ ...(x as unknown as BackupRow), g_ticket: Number(x.g_ticket) }));
}

/** A backup's row with where its state is: `state` (parts) or, stored before migration 7, `data`. */
export async function backupRow(q: Queryable, projectUuid: string, id: string): Promise<(BackupRow & StoredStateRef) | undefined> {
  const r = await q.query('select id, name, description, auto, archive, g_ticket, creator_uuid, created_at, state, case when state is null then data end as data from backups where project_uuid = $1 and id = $2', [projectUuid, id]);
  return r[0] ? { ...(r[0] as unknown as BackupRow & StoredStateRef), g_ticket: Number(r[0].g_ticket) } : undefined;
}

export async function insertLogs(q: Queryable, ownerUuid: string, logs: Array<{ type: string; content: string; time: number; project_uuid?: string }>): Promise<void> {
  for (const l of logs) await q.query('insert into logs (owner_uuid, project_uuid, type, content, time) values ($1, $2, $3, $4, $5)', [ownerUuid, l.project_uuid ?? null, l.type, l.content, l.time]);
}

export async function logsOf(q: Queryable, ownerUuid: string, limit: number): Promise<Array<{ id: number; type: string; content: string; time: number; project_uuid: string | null; owner: string }>> {
  const r = await q.query('select id, type, content, time, project_uuid, owner_uuid from logs where owner_uuid = $1 order by id desc limit $2', [ownerUuid, limit]);
  return r.map((x) => ({ id: Number(x.id), type: x.type as string, content: x.content as string, time: Number(x.time), project_uuid: (x.project_uuid as string | null) ?? null, owner: x.owner_uuid as string }));
}

export async function cacheGet(q: Queryable, userUuid: string, key: string): Promise<string | undefined> {
  const r = await q.query<{ value: string }>('select value from client_cache where user_uuid = $1 and key = $2', [userUuid, key]);
  return r[0]?.value;
}

export async function cacheSet(q: Queryable, userUuid: string, key: string, value: string): Promise<void> {
  await q.query('insert into client_cache (user_uuid, key, value) values ($1, $2, $3) on conflict (user_uuid, key) do update set value = excluded.value, updated_at = now()', [userUuid, key, value]);
}
