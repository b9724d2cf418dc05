/** Project services shared by routes, import, copy and restore: detail, creation with items, names. */
import { CODES, TITLE_MAX_BYTES, TITLE_MIN_BYTES, cleanName } from '@copperplate/model';
import * as repo from './repo/index.ts';
import type { Queryable } from './db.ts';
import type { Ctx, Role } from './context.ts';
import { byteLength } from './codec.ts';
import { fail } from './http.ts';
import { uuid32 } from './routes/auth.ts';

/** Ownership scopes (SPEC §3): personal 0, team 1, systematic 2, public 3. */
export const SCOPES = { personal: 0, team: 1, systematic: 2, public: 3 } as const;

/**
 * The title as stored: control characters stripped (issue 11), then 2003 when it is not 1..128
 * UTF-8 bytes and 2001 for path separators.
 */
export function checkTitle(title: string, documentName = 'project name'): string {
  const clean = cleanName(title);
  const n = byteLength(clean);
  if (n < TITLE_MIN_BYTES || n > TITLE_MAX_BYTES) fail(CODES.NAME_LENGTH, { documentName });
  if (/[/\\]/.test(clean)) fail(CODES.ILLEGAL_NAME);
  return clean;
}

/** A title not yet used by the owner: `title`, else `title_1`, `title_2`, ... */
export async function freeTitle(q: Queryable, ownerUuid: string, title: string): Promise<string> {
  if (!(await repo.projectTitleTaken(q, ownerUuid, title))) return title;
  for (let i = 1; i < 1000; i++) {
    const t = `${title}_${i}`;
    if (byteLength(t) <= TITLE_MAX_BYTES && !(await repo.projectTitleTaken(q, ownerUuid, t))) return t;
  }
  return `${title.slice(0, 90)}_${uuid32()}`;
}

export async function projectDetail(ctx: Pick<Ctx, 'db'>, uuid: string, role: Role) {
  const p = await repo.projectByUuid(ctx.db, uuid);
  if (!p) fail(CODES.NO_PERMISSION);
  const mem = await repo.members(ctx.db, uuid);
  const users = await repo.usersByUuid(ctx.db, [p!.owner_uuid, p!.modifier_uuid]);
  const who = (id: string) => ({ uuid: id, nickname: users.get(id)?.nickname ?? '' });
  return {
    uuid: p!.uuid,
    title: p!.title,
    description: p!.description,
    g_ticket: p!.g_ticket,
    updated_at: new Date(p!.updated_at).toISOString(),
    modifier: who(p!.modifier_uuid),
    owner: who(p!.owner_uuid),
    members: mem.map((m) => ({ uuid: m.uuid, nickname: m.nickname, username: m.username, role: m.role })),
    boards: p!.boards,
    default_sheet: p!.default_sheet,
    cbb_project: p!.cbb_project,
    scope: p!.scope,
    team_uuid: p!.team_uuid,
    readonly: role === 'readonly',
    role,
  };
}

export interface NewProject {
  title: string; description?: string; cbb?: boolean; scope?: number; teamUuid?: string | null;
  defaultSheet?: string; boards?: repo.Board[];
  /** The project's extra as stored (codec.ts packExtra; null: none). */
  extra?: Uint8Array | null;
  /** Items to create with the project, each written at its own ticket 1, 2, ... */
  items?: Array<Omit<repo.ItemRow, 'ticket'>>;
}

/** The per-user project limit: projects in the trash do not count (restoring one checks it again). */
/** Refuses when the user owns `limit` projects; call it in the transaction that adds one (it locks the user). */
export async function checkProjectQuota(q: Queryable, limit: number, ownerUuid: string): Promise<void> {
  await repo.lockUser(q, ownerUuid);
  if ((await repo.activeProjectCount(q, ownerUuid)) >= limit) fail(CODES.QUOTA_EXCEEDED, { reason: `at most ${limit} projects` }, 429);
}

/**
 * Content bytes above which a new project is written in several transactions (see createProject):
 * other users' calls get the database between them.
 */
export const STAGED_CREATE_BYTES = 512 << 10;

/**
 * Creates a project with its items. A small one is written in one transaction. A big one (an
 * import: megabytes of documents and images) is written hidden (no member sees it) in a series of
 * short transactions of a few small statements each, and shown by the last one; a failure on the way
 * deletes it, and one a crash left behind is removed at the next start (dropUnfinishedProjects). So
 * a failure leaves nothing, and PGlite (one connection, in this thread) is never held for the whole
 * import (issue 11). Returns its uuid.
 */
export async function createProject(ctx: Pick<Ctx, 'db'> & Partial<Pick<Ctx, 'limits'>>, ownerUuid: string, p: NewProject, uniqueTitle: boolean): Promise<string> {
  const clean = checkTitle(p.title);
  const id = uuid32();
  const items = p.items ?? [];
  const extraParts: Uint8Array[] = [];
  for (let i = 0; p.extra && i < p.extra.length; i += repo.EXTRA_PART_BYTES) extraParts.push(p.extra.subarray(i, i + repo.EXTRA_PART_BYTES));
  const bytes = items.reduce((n, it) => n + (it.data?.length ?? 0), 0) + (p.extra?.length ?? 0);
  const staged = bytes > STAGED_CREATE_BYTES;
  const writeContent = async (tx: (f: (q: Queryable) => Promise<void>) => Promise<void>) => {
    const PART = repo.EXTRA_PART_BYTES;
    let t = 0;
    for (const batch of insertBatches(items, 50, PART)) {
      // a content bigger than a part is written as its first part, then appended to part by part
      await tx((q) => repo.upsertItems(q, id, batch.map((it) => ({ ...it, data: it.data && it.data.length > PART ? it.data.subarray(0, PART) : it.data, ticket: ++t }))));
      for (const it of batch) {
        for (let i = PART; it.data && i < it.data.length; i += PART) await tx((q) => repo.appendItemData(q, id, it.kind, it.key, it.data!.subarray(i, i + PART)));
      }
    }
    for (let i = 0; i < extraParts.length; i++) await tx((q) => repo.insertExtraPart(q, id, i, extraParts[i]));
  };
  await ctx.db.tx(async (q) => {
    if (ctx.limits) await checkProjectQuota(q, ctx.limits.projectsPerUser, ownerUuid);
    let title = clean;
    if (uniqueTitle) title = await freeTitle(q, ownerUuid, clean);
    else if (await repo.projectTitleTaken(q, ownerUuid, title)) fail(CODES.PROJECT_NAME_EXISTS);
    await repo.insertProject(q, { uuid: id, title, description: p.description ?? '', ownerUuid, cbb: p.cbb ?? false, scope: p.scope ?? 0, teamUuid: p.teamUuid ?? null, defaultSheet: p.defaultSheet, boards: p.boards, gTicket: items.length, hidden: staged });
    // a few multi-row statements instead of one per item (issue 11)
    if (!staged) await writeContent((f) => f(q));
  });
  if (!staged) return id;
  try {
    await writeContent((f) => ctx.db.tx(f));
    await ctx.db.tx((q) => repo.addOwner(q, id, ownerUuid));
  } catch (e) {
    await ctx.db.query('delete from projects where uuid = $1', [id]).catch(() => undefined);
    throw e;
  }
  return id;
}

/**
 * Rows per insert statement: at most 50 rows and about 64 KB of content each (PGlite runs each
 * statement in this thread: 64 KB of bytea is a few ms, 256 KB held the event loop ~50 ms under load).
 */
export function* insertBatches<T extends { data: Uint8Array | null }>(items: T[], maxRows = 50, maxBytes = 64 << 10): Generator<T[]> {
  let batch: T[] = [];
  let bytes = 0;
  for (const it of items) {
    const n = it.data?.length ?? 0;
    if (batch.length && (batch.length >= maxRows || bytes + n > maxBytes)) {
      yield batch;
      batch = [];
      bytes = 0;
    }
    batch.push(it);
    bytes += n;
  }
  if (batch.length) yield batch;
}
