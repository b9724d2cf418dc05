/** SQL for accounts, sessions and teams. */
import type { Queryable } from '../db.ts';

export interface UserRow { uuid: string; username: string; nickname: string; password_hash: string }
export interface SessionRow { user_uuid: string; csrf: string; expires_at: Date; username: string; nickname: string }
export interface TeamRow { uuid: string; name: string; kind: string; parent_uuid: string | null; owner_uuid: string; role: string }

export async function insertUser(q: Queryable, u: Omit<UserRow, 'password_hash'> & { passwordHash: string }): Promise<boolean> {
  const r = await q.query('insert into users (uuid, username, nickname, password_hash) values ($1, $2, $3, $4) on conflict do nothing returning uuid', [u.uuid, u.username, u.nickname, u.passwordHash]);
  return r.length === 1;
}

/**
 * Locks the user's row until the transaction ends: quota checks of one user (projects, cache keys)
 * then count and write one at a time, so parallel calls get no more than the quota (issue 11).
 */
export async function lockUser(q: Queryable, userUuid: string): Promise<void> {
  await q.query('select uuid from users where uuid = $1 for update', [userUuid]);
}

export async function userByName(q: Queryable, username: string): Promise<UserRow | undefined> {
  return (await q.query<UserRow & Record<string, unknown>>('select uuid, username, nickname, password_hash from users where lower(username) = lower($1)', [username]))[0];
}

export async function usersByUuid(q: Queryable, uuids: string[]): Promise<Map<string, { uuid: string; username: string; nickname: string }>> {
  const rows = await q.query<{ uuid: string; username: string; nickname: string }>('select uuid, username, nickname from users where uuid = any($1)', [uuids]);
  return new Map(rows.map((r) => [r.uuid, r]));
}

export async function insertSession(q: Queryable, tokenHash: string, userUuid: string, csrf: string, expiresAt: Date): Promise<void> {
  await q.query('insert into sessions (token_hash, user_uuid, csrf, expires_at) values ($1, $2, $3, $4)', [tokenHash, userUuid, csrf, expiresAt]);
}

export async function sessionByHash(q: Queryable, tokenHash: string): Promise<SessionRow | undefined> {
  return (await q.query<SessionRow & Record<string, unknown>>(
    'select s.user_uuid, s.csrf, s.expires_at, u.username, u.nickname from sessions s join users u on u.uuid = s.user_uuid where s.token_hash = $1 and s.expires_at > now()',
    [tokenHash],
  ))[0];
}

export async function deleteSession(q: Queryable, tokenHash: string): Promise<void> {
  await q.query('delete from sessions where token_hash = $1', [tokenHash]);
}

export async function insertTeam(q: Queryable, t: { uuid: string; name: string; kind: string; parentUuid: string | null; ownerUuid: string }): Promise<void> {
  await q.query('insert into teams (uuid, name, kind, parent_uuid, owner_uuid) values ($1, $2, $3, $4, $5)', [t.uuid, t.name, t.kind, t.parentUuid, t.ownerUuid]);
  await q.query("insert into team_members (team_uuid, user_uuid, role) values ($1, $2, 'owner')", [t.uuid, t.ownerUuid]);
}

/** A team or organisation by uuid (its name and kind). */
export async function teamByUuid(q: Queryable, teamUuid: string): Promise<{ uuid: string; name: string; kind: string } | undefined> {
  return (await q.query<{ uuid: string; name: string; kind: string }>('select uuid, name, kind from teams where uuid = $1', [teamUuid]))[0];
}

export async function setTeamMember(q: Queryable, teamUuid: string, userUuid: string, role: string): Promise<void> {
  await q.query('insert into team_members (team_uuid, user_uuid, role) values ($1, $2, $3) on conflict (team_uuid, user_uuid) do update set role = excluded.role', [teamUuid, userUuid, role]);
}

export async function teamsOfUser(q: Queryable, userUuid: string): Promise<TeamRow[]> {
  return q.query<TeamRow & Record<string, unknown>>(
    'select t.uuid, t.name, t.kind, t.parent_uuid, t.owner_uuid, m.role from teams t join team_members m on m.team_uuid = t.uuid where m.user_uuid = $1 order by t.created_at, t.uuid',
    [userUuid],
  );
}

export async function teamMembers(q: Queryable, teamUuid: string): Promise<Array<{ uuid: string; nickname: string; role: string }>> {
  return q.query('select u.uuid, u.nickname, m.role from team_members m join users u on u.uuid = m.user_uuid where m.team_uuid = $1 order by u.username', [teamUuid]);
}

export async function teamRole(q: Queryable, teamUuid: string, userUuid: string): Promise<string | undefined> {
  const r = await q.query<{ role: string }>('select role from team_members where team_uuid = $1 and user_uuid = $2', [teamUuid, userUuid]);
  return r[0]?.role;
}

export async function pruneSessions(q: Queryable): Promise<void> {
  await q.query('delete from sessions where expires_at < now()');
}
