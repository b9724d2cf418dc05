/** SQL for per-user project marks (stick, star), project versions, and fork/version links. */
import type { Queryable } from '../db.ts';
import { dropStateParts, type StoredStateRef } from './states.ts';

export type VersionRow = { id: string; name: string; description: string; g_ticket: number; creator_uuid: string; created_at: Date; updated_at: Date };

export async function setMark(q: Queryable, userUuid: string, projectUuid: string, mark: 'stuck' | 'starred', on: boolean): Promise<void> {
  const col = mark === 'stuck' ? 'stuck_at' : 'starred_at';
  await q.query(
    `insert into project_user_marks (user_uuid, project_uuid, ${col}) values ($1, $2, case when $3 then now() else null end)
     on conflict (user_uuid, project_uuid) do update set ${col} = case when $3 then coalesce(project_user_marks.${col}, now()) else null end`,
    [userUuid, projectUuid, on],
  );
}

export async function marksOfUser(q: Queryable, userUuid: string): Promise<Map<string, { stuck: boolean; starred: boolean; stuckAt: number }>> {
  const r = await q.query<{ project_uuid: string; stuck_at: Date | null; starred_at: Date | null }>('select project_uuid, stuck_at, starred_at from project_user_marks where user_uuid = $1', [userUuid]);
  return new Map(r.map((x) => [x.project_uuid, { stuck: !!x.stuck_at, starred: !!x.starred_at, stuckAt: x.stuck_at ? new Date(x.stuck_at).getTime() : 0 }]));
}

export async function projectLink(q: Queryable, projectUuid: string): Promise<{ forked_from: string | null; current_version: string | null }> {
  const r = await q.query<{ forked_from: string | null; current_version: string | null }>('select forked_from, current_version from project_links where project_uuid = $1', [projectUuid]);
  return r[0] ?? { forked_from: null, current_version: null };
}

export async function setProjectLink(q: Queryable, projectUuid: string, patch: { forked_from?: string; current_version?: string }): Promise<void> {
  await q.query(
    `insert into project_links (project_uuid, forked_from, current_version) values ($1, $2, $3)
     on conflict (project_uuid) do update set forked_from = coalesce($2, project_links.forked_from), current_version = coalesce($3, project_links.current_version)`,
    [projectUuid, patch.forked_from ?? null, patch.current_version ?? null],
  );
}

/** Inserts a version; false when the project already has a version of that name. */
/** Inserts a version whose state is the parts `state` (states.ts); false when the project already has a version of that name. */
export async function insertVersion(q: Queryable, v: { id: string; projectUuid: string; name: string; description: string; gTicket: number; creatorUuid: string; state: string }): Promise<boolean> {
  const r = await q.query(
    `insert into project_versions (id, project_uuid, name, description, g_ticket, creator_uuid, data, state) values ($1, $2, $3, $4, $5, $6, $7, $8)
     on conflict (project_uuid, name) do nothing returning id`,
    [v.id, v.projectUuid, v.name, v.description, v.gTicket, v.creatorUuid, new Uint8Array(0), v.state],
  );
  return r.length > 0;
}

/** Points version `id` at the state `state` (parts written before); the parts of its previous state are deleted. */
export async function updateVersionState(q: Queryable, projectUuid: string, id: string, gTicket: number, state: string): Promise<void> {
  const old = await q.query<{ state: string | null }>('select state from project_versions where project_uuid = $1 and id = $2', [projectUuid, id]);
  await q.query('update project_versions set data = $5, state = $3, g_ticket = $4, updated_at = now() where project_uuid = $1 and id = $2', [projectUuid, id, state, gTicket, new Uint8Array(0)]);
  await dropStateParts(q, old.map((o) => o.state));
}

export async function listVersions(q: Queryable, projectUuid: string): Promise<VersionRow[]> {
  const r = await q.query<VersionRow>('select id, name, description, g_ticket, creator_uuid, created_at, updated_at from project_versions where project_uuid = $1 order by created_at, id', [projectUuid]);
  return r.map((x) => ({ ...x, g_ticket: Number(x.g_ticket) }));
}

/** A version's row with where its state is: `state` (parts) or, stored before migration 7, `data`. */
export async function versionRow(q: Queryable, projectUuid: string, id: string): Promise<(VersionRow & StoredStateRef) | undefined> {
  const r = await q.query('select id, name, description, g_ticket, creator_uuid, created_at, updated_at, state, case when state is null then data end as data from project_versions where project_uuid = $1 and id = $2', [projectUuid, id]);
  return r[0] ? { ...(r[0] as unknown as VersionRow & StoredStateRef), g_ticket: Number(r[0].g_ticket) } : undefined;
}
