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
  defaultSheet?: string; boards?: repo.Board[]; extra?: Record<string, unknown>;
  /** Items to create with the project, each written at its own ticket 1, 2, ... */
  items?: Array<Omit<repo.ItemRow, 'ticket'>>;
}

/** Creates a project with its items in one transaction (a failure leaves nothing). Returns its uuid. */
export async function createProject(ctx: Pick<Ctx, 'db'> & Partial<Pick<Ctx, 'limits'>>, ownerUuid: string, p: NewProject, uniqueTitle: boolean): Promise<string> {
  const clean = checkTitle(p.title);
  const id = uuid32();
  await ctx.db.tx(async (q) => {
    if (ctx.limits) {
      const owned = await q.query<{ n: unknown }>('select count(*) as n from projects where owner_uuid = $1', [ownerUuid]);
      if (Number(owned[0]?.n ?? 0) >= ctx.limits.projectsPerUser) fail(CODES.QUOTA_EXCEEDED, { reason: `at most ${ctx.limits.projectsPerUser} projects` }, 429);
    }
    let title = clean;
    if (uniqueTitle) title = await freeTitle(q, ownerUuid, clean);
    else if (await repo.projectTitleTaken(q, ownerUuid, title)) fail(CODES.PROJECT_NAME_EXISTS);
    const items = p.items ?? [];
    await repo.insertProject(q, { uuid: id, title, description: p.description ?? '', ownerUuid, cbb: p.cbb ?? false, scope: p.scope ?? 0, teamUuid: p.teamUuid ?? null, defaultSheet: p.defaultSheet, boards: p.boards, extra: p.extra, gTicket: items.length });
    // a few multi-row statements instead of one per item: the transaction (which on PGlite holds the
    // one connection every other request waits for) stays short (issue 11)
    let t = 0;
    for (const batch of insertBatches(items)) await repo.upsertItems(q, id, batch.map((it) => ({ ...it, ticket: ++t })));
  });
  return id;
}

/** Rows per insert statement: at most 50 rows and about 256 KB of content each (PGlite runs each statement in this thread). */
export function* insertBatches<T extends { data: Uint8Array | null }>(items: T[], maxRows = 50, maxBytes = 256 << 10): Generator<T[]> {
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
