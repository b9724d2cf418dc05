/**
 * The one migration set, for PGlite and PostgreSQL alike. Append new steps; never edit an applied one.
 * Runs under an advisory lock so that several server processes starting together migrate once.
 */
import type { Db } from './db.ts';

export const MIGRATIONS: string[] = [
  // 1: accounts, projects, items, idempotency, backups, logs, cache
  `
  create table users (
    uuid text primary key, username text not null unique, nickname text not null,
    password_hash text not null, created_at timestamptz not null default now());
  create table sessions (
    token_hash text primary key, user_uuid text not null references users(uuid) on delete cascade,
    csrf text not null, created_at timestamptz not null default now(), expires_at timestamptz not null);
  create table teams (
    uuid text primary key, name text not null, kind text not null default 'team',
    parent_uuid text references teams(uuid) on delete cascade,
    owner_uuid text not null references users(uuid), created_at timestamptz not null default now());
  create table team_members (
    team_uuid text not null references teams(uuid) on delete cascade,
    user_uuid text not null references users(uuid) on delete cascade,
    role text not null, primary key (team_uuid, user_uuid));
  create table projects (
    uuid text primary key, title text not null, description text not null default '',
    owner_uuid text not null references users(uuid), modifier_uuid text not null references users(uuid),
    scope int not null default 0, team_uuid text references teams(uuid) on delete set null,
    cbb_project boolean not null default false, default_sheet text not null default '',
    boards jsonb not null default '[]', extra jsonb not null default '{}',
    g_ticket bigint not null default 0,
    created_at timestamptz not null default now(), updated_at timestamptz not null default now());
  create table project_members (
    project_uuid text not null references projects(uuid) on delete cascade,
    user_uuid text not null references users(uuid) on delete cascade,
    role text not null, opened_at timestamptz, primary key (project_uuid, user_uuid));
  create index project_members_user on project_members(user_uuid);
  create table items (
    project_uuid text not null references projects(uuid) on delete cascade,
    kind text not null, key text not null, map text not null, ticket bigint not null,
    deleted boolean not null default false, fields jsonb not null, data bytea,
    primary key (project_uuid, kind, key));
  create index items_ticket on items(project_uuid, ticket);
  create table requests (
    user_uuid text not null, request_id text not null, project_uuid text, answer jsonb not null,
    created_at timestamptz not null default now(), primary key (user_uuid, request_id));
  create table backups (
    id text primary key, project_uuid text not null references projects(uuid) on delete cascade,
    name text not null, description text not null default '', auto boolean not null default false,
    archive boolean not null default false, g_ticket bigint not null, creator_uuid text,
    data bytea not null, created_at timestamptz not null default now(), unique (project_uuid, name));
  create table logs (
    id bigserial primary key, owner_uuid text not null, project_uuid text, type text not null,
    content text not null, time bigint not null, created_at timestamptz not null default now());
  create index logs_owner on logs(owner_uuid, id);
  create table client_cache (
    user_uuid text not null, key text not null, value text not null,
    updated_at timestamptz not null default now(), primary key (user_uuid, key));
  `,
  // 2: stored answers scoped by user, project and call (issue 11: one request id on two projects
  // answered the second from the first's stored answer). Old answers are dropped: a retry across
  // the upgrade is refused by compare-and-set (4090001) and merged, never applied twice.
  `
  drop table requests;
  create table requests (
    user_uuid text not null, project_uuid text not null, call text not null, request_id text not null,
    answer jsonb not null, created_at timestamptz not null default now(),
    primary key (user_uuid, project_uuid, call, request_id));
  create index requests_created on requests(created_at);
  `,
  // 3: user names unique without regard to case (issue 11). A database holding two names that differ
  // only in case refuses this step: rename one first.
  `
  create unique index users_username_lower on users (lower(username));
  `,
  // 4: a deleted project goes to the trash for 30 days (issue 14): restorable by its owner until purged.
  `
  alter table projects add column trashed_at timestamptz;
  create index projects_trashed on projects(trashed_at);
  `,
  // 5: per-user marks (stick, star), project versions (named states one can switch between), and
  // the links of a project to the project it was forked from and to its current version (issue 17).
  `
  create table project_user_marks (
    user_uuid text not null references users(uuid) on delete cascade, project_uuid text not null references projects(uuid) on delete cascade,
    stuck_at timestamptz, starred_at timestamptz, primary key (user_uuid, project_uuid));
  create table project_versions (
    id text primary key, project_uuid text not null references projects(uuid) on delete cascade,
    name text not null, description text not null default '', g_ticket bigint not null, creator_uuid text not null,
    created_at timestamptz not null default now(), updated_at timestamptz not null default now(), data bytea not null,
    unique (project_uuid, name));
  create table project_links (
    project_uuid text primary key references projects(uuid) on delete cascade,
    forked_from text, current_version text);
  `,
  // 6: the project's big per-project blobs (images and other archive files, project extra, library:
  // 3.4 MB for Hexapod) move out of the project row that every call reads (issue 11: getOnlineVersion
  // p99 under load). Stored compressed (gzip JSON) in parts of at most 64 KB, each written by its own
  // statement (one big statement holds PGlite, and with it the event loop, for its whole length); rows
  // moved here keep their JSON text in one part (read by its first bytes).
  `
  create table project_extras (
    project_uuid text not null references projects(uuid) on delete cascade, part int not null, data bytea not null,
    primary key (project_uuid, part));
  insert into project_extras (project_uuid, part, data) select uuid, 0, convert_to(extra::text, 'UTF8') from projects where extra <> '{}'::jsonb;
  alter table projects drop column extra;
  `,
  // 7: the stored states of backups and versions (gzip JSON, megabytes for a big project) in parts
  // of at most 64 KB, each written and read by its own statement (repo/states.ts; issue 11: one
  // statement of 3 MB held PGlite, and with it the event loop, for hundreds of ms). A row names its
  // parts by `state`; rows stored before keep theirs in `data`.
  `
  create table state_parts (
    key text not null, part int not null, project_uuid text not null references projects(uuid) on delete cascade,
    data bytea not null, created_at timestamptz not null default now(), primary key (key, part));
  alter table backups add column state text;
  alter table project_versions add column state text;
  `,
];

const LOCK_ID = 74_110_007;

export async function migrate(db: Db): Promise<number> {
  await db.tx(async (q) => {
    await q.query('select pg_advisory_xact_lock($1)', [LOCK_ID]);
    await q.query('create table if not exists cp_migrations (id int primary key, applied_at timestamptz not null default now())');
  });
  let applied = 0;
  for (let i = 0; i < MIGRATIONS.length; i++) {
    const id = i + 1;
    await db.tx(async (q) => {
      await q.query('select pg_advisory_xact_lock($1)', [LOCK_ID]);
      const done = await q.query('select 1 from cp_migrations where id = $1', [id]);
      if (done.length) return;
      for (const stmt of MIGRATIONS[i].split(';').map((s) => s.trim()).filter(Boolean)) await q.query(stmt);
      await q.query('insert into cp_migrations (id) values ($1)', [id]);
      applied++;
    });
  }
  return applied;
}
