/** SQL for projects and their members. */
import type { Queryable } from '../db.ts';

export interface Board { name: string; sch: string; pcb: string; source?: string; version?: number }
export interface ProjectRow {
  uuid: string; title: string; description: string; owner_uuid: string; modifier_uuid: string;
  scope: number; team_uuid: string | null; cbb_project: boolean; default_sheet: string;
  boards: Board[]; g_ticket: number; created_at: Date; updated_at: Date;
}
export interface MemberRow { uuid: string; nickname: string; username: string; role: string }

/** The project row's columns: small ones only (the big per-project blobs are in project_extras, read when needed). */
const COLS = 'uuid, title, description, owner_uuid, modifier_uuid, scope, team_uuid, cbb_project, default_sheet, boards, g_ticket, created_at, updated_at';

function norm(r: Record<string, unknown>): ProjectRow {
  return { ...(r as unknown as ProjectRow), g_ticket: Number(r.g_ticket) };
}

export async function insertProject(q: Queryable, p: { uuid: string; title: string; description: string; ownerUuid: string; cbb: boolean; scope: number; teamUuid: string | null; defaultSheet?: string; boards?: Board[]; gTicket?: number; hidden?: boolean }): Promise<void> {
  await q.query(
    `insert into projects (uuid, title, description, owner_uuid, modifier_uuid, scope, team_uuid, cbb_project, default_sheet, boards, g_ticket)
     values ($1, $2, $3, $4, $4, $5, $6, $7, $8, $9, $10)`,
    [p.uuid, p.title, p.description, p.ownerUuid, p.scope, p.teamUuid, p.cbb, p.defaultSheet ?? '', JSON.stringify(p.boards ?? []), p.gTicket ?? 0],
  );
  if (!p.hidden) await addOwner(q, p.uuid, p.ownerUuid);
}

/** Makes the owner the project's first member (a project created `hidden` is seen by no one until then). */
export async function addOwner(q: Queryable, projectUuid: string, ownerUuid: string): Promise<void> {
  await q.query("insert into project_members (project_uuid, user_uuid, role, opened_at) values ($1, $2, 'owner', now())", [projectUuid, ownerUuid]);
}

/** Bytes of one part of a project's extra. */
export const EXTRA_PART_BYTES = 64 << 10;

/** Stores part `part` (0, 1, ...) of the project's extra (codec.ts packExtra, cut in EXTRA_PART_BYTES parts). */
export async function insertExtraPart(q: Queryable, projectUuid: string, part: number, data: Uint8Array): Promise<void> {
  await q.query('insert into project_extras (project_uuid, part, data) values ($1, $2, $3)', [projectUuid, part, data]);
}

/** The project's extra (archive files, project extra, library) as stored (see codec.ts unpackExtra); null when it has none. */
export async function projectExtra(q: Queryable, uuid: string): Promise<Uint8Array | null> {
  // one statement per part: an answer of megabytes held the event loop while PGlite parsed it
  const parts = await q.query<{ part: number }>('select part from project_extras where project_uuid = $1 order by part', [uuid]);
  const r: Uint8Array[] = [];
  for (const p of parts) r.push((await q.query<{ data: Uint8Array }>('select data from project_extras where project_uuid = $1 and part = $2', [uuid, p.part]))[0].data);
  if (!r.length) return null;
  return r.length === 1 ? r[0] : new Uint8Array(Buffer.concat(r));
}

/** Projects a crash left half-created (no member: never shown) more than an hour ago. Returns how many were removed. */
export async function dropUnfinishedProjects(q: Queryable): Promise<number> {
  const r = await q.query(`delete from projects p where created_at < now() - interval '1 hour'
    and not exists (select 1 from project_members m where m.project_uuid = p.uuid) returning uuid`);
  return r.length;
}

export async function projectByUuid(q: Queryable, uuid: string, forUpdate = false): Promise<ProjectRow | undefined> {
  const r = await q.query(`select ${COLS} from projects where uuid = $1 and trashed_at is null${forUpdate ? ' for update' : ''}`, [uuid]);
  return r[0] ? norm(r[0]) : undefined;
}

export async function projectTitleTaken(q: Queryable, ownerUuid: string, title: string, exceptUuid = ''): Promise<boolean> {
  const r = await q.query('select 1 from projects where owner_uuid = $1 and title = $2 and uuid <> $3 and trashed_at is null limit 1', [ownerUuid, title, exceptUuid]);
  return r.length > 0;
}

/** Projects where the user is an explicit member, newest last-open first (UI-4 filters cbb in the client). */
export async function projectsOfUser(q: Queryable, userUuid: string): Promise<Array<ProjectRow & { opened_at: Date | null }>> {
  const r = await q.query(
    `select ${COLS.split(', ').map((c) => 'p.' + c).join(', ')}, m.opened_at from projects p join project_members m on m.project_uuid = p.uuid
     where m.user_uuid = $1 and p.trashed_at is null order by m.opened_at desc nulls last, p.updated_at desc`,
    [userUuid],
  );
  return r.map((x) => ({ ...norm(x), opened_at: (x.opened_at as Date | null) ?? null }));
}

export async function updateProject(q: Queryable, uuid: string, modifierUuid: string, patch: { title?: string; default_sheet?: string; boards?: Board[]; g_ticket?: number }): Promise<void> {
  const sets = ['modifier_uuid = $2', 'updated_at = now()'];
  const params: unknown[] = [uuid, modifierUuid];
  const add = (col: string, v: unknown) => { params.push(v); sets.push(`${col} = $${params.length}`); };
  if (patch.title !== undefined) add('title', patch.title);
  if (patch.default_sheet !== undefined) add('default_sheet', patch.default_sheet);
  if (patch.boards !== undefined) add('boards', JSON.stringify(patch.boards));
  if (patch.g_ticket !== undefined) add('g_ticket', patch.g_ticket);
  await q.query(`update projects set ${sets.join(', ')} where uuid = $1`, params);
}

export async function deleteProject(q: Queryable, uuid: string): Promise<void> {
  await q.query('delete from projects where uuid = $1', [uuid]);
}

export async function members(q: Queryable, projectUuid: string): Promise<MemberRow[]> {
  return q.query<MemberRow & Record<string, unknown>>(
    `select u.uuid, u.nickname, u.username, m.role from project_members m join users u on u.uuid = m.user_uuid
     where m.project_uuid = $1 order by case m.role when 'owner' then 0 when 'member' then 1 else 2 end, u.username`,
    [projectUuid],
  );
}

export async function setMember(q: Queryable, projectUuid: string, userUuid: string, role: string): Promise<void> {
  await q.query('insert into project_members (project_uuid, user_uuid, role) values ($1, $2, $3) on conflict (project_uuid, user_uuid) do update set role = excluded.role', [projectUuid, userUuid, role]);
}

export async function removeMember(q: Queryable, projectUuid: string, userUuid: string): Promise<void> {
  await q.query("delete from project_members where project_uuid = $1 and user_uuid = $2 and role <> 'owner'", [projectUuid, userUuid]);
}

/** The facts access control needs: explicit role, scope, team role. */
export async function accessFacts(q: Queryable, projectUuid: string, userUuid: string): Promise<{ scope: number; role: string | null; team_role: string | null } | undefined> {
  const r = await q.query<{ scope: number; role: string | null; team_role: string | null }>(
    `select p.scope, m.role, tm.role as team_role from projects p
     left join project_members m on m.project_uuid = p.uuid and m.user_uuid = $2
     left join team_members tm on tm.team_uuid = p.team_uuid and tm.user_uuid = $2
     where p.uuid = $1 and p.trashed_at is null`,
    [projectUuid, userUuid],
  );
  return r[0];
}

export async function touchOpened(q: Queryable, projectUuid: string, userUuid: string): Promise<void> {
  await q.query('update project_members set opened_at = now() where project_uuid = $1 and user_uuid = $2', [projectUuid, userUuid]);
}

export async function setScope(q: Queryable, projectUuid: string, scope: number, teamUuid: string | null): Promise<void> {
  await q.query('update projects set scope = $2, team_uuid = $3 where uuid = $1', [projectUuid, scope, teamUuid]);
}
