/** Project calls of SPEC §7: create, list, detail, update, delete, create-board, sheet order, copy, share, scope. */
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { CODES, newDocumentId } from '@copperplate/model';
import { blankProjectData } from '@copperplate/format';
import * as repo from '../repo/index.ts';
import { invalidateSnapshot, type Ctx } from '../context.ts';
import { route, fail, noPermission } from '../http.ts';
import { SCOPES, checkTitle, createProject, projectDetail } from '../projects.ts';
import { NameField } from '../names.ts';
import { applyBulk, type Idempotency } from '../writes.ts';
import { projectDataToRows } from '../epro.ts';

/** A board; `source`/`version`: the building block it was inserted from and that block's g_ticket then (the link "Update from building block" follows). */
const Board = z.object({ name: NameField, sch: z.string().max(128).default(''), pcb: z.string().max(128).default(''), source: z.string().max(128).optional(), version: z.number().int().nonnegative().optional() });
const ScopeValue = z.union([z.literal(0), z.literal(1), z.literal(2), z.literal(3)]);

/** Tells every process that access to a project changed (and drops it here at once). */
export async function accessChanged(ctx: Ctx, projectUuid: string, type: 'access' | 'project_deleted' = 'access'): Promise<void> {
  ctx.access.deleteWhere((k) => k.startsWith(projectUuid + '|'));
  invalidateSnapshot(ctx, projectUuid);
  await ctx.bus.publish({ type, project_uuid: projectUuid, origin: ctx.bus.origin });
}

/** Advances g_ticket for a change of project fields, so that clients re-read the detail. */
async function touchProject(ctx: Ctx, uuid: string, userUuid: string, patch: Parameters<typeof repo.updateProject>[3]): Promise<void> {
  let g = 0;
  await ctx.db.tx(async (q) => {
    const g0 = await repo.lockProjectTicket(q, uuid);
    if (g0 === undefined) noPermission();
    g = g0! + 1;
    await repo.updateProject(q, uuid, userUuid, { ...patch, g_ticket: g });
    await ctx.bus.publish({ type: 'g_ticket', project_uuid: uuid, g_ticket: g, origin: ctx.bus.origin }, q);
  });
  invalidateSnapshot(ctx, uuid);
}

export function projectRoutes(app: FastifyInstance, ctx: Ctx): void {
  route(app, ctx, {
    method: 'POST', url: '/api/projects', summary: 'Create a project (the caller owns it)', access: 'user',
    body: z.object({ title: z.string(), description: z.string().max(10_000).optional(), cbb_project: z.boolean().optional(), scope: ScopeValue.optional(), team_uuid: z.string().optional(), empty: z.boolean().optional() }),
  }, async ({ user, body }) => {
    if (body.scope === SCOPES.team || body.team_uuid) {
      const r = body.team_uuid ? await repo.teamRole(ctx.db, body.team_uuid, user.uuid) : undefined;
      if (!r || r === 'readonly') noPermission();
    }
    // A new project starts with Board1 = a schematic (sheet 1) + a PCB, made here so that every client
    // gets it; `empty` creates none (for scripts that build the project themselves).
    const blank = body.empty ? undefined : projectDataToRows(blankProjectData(body.title, { schematic: newDocumentId(), sheet: newDocumentId(), pcb: newDocumentId() }, body.cbb_project ?? false));
    const id = await createProject(ctx, user.uuid, {
      title: body.title, description: body.description, cbb: body.cbb_project, scope: body.scope ?? (body.team_uuid ? SCOPES.team : SCOPES.personal), teamUuid: body.team_uuid ?? null,
      ...(blank && { defaultSheet: blank.project.defaultSheet, boards: blank.project.boards, extra: blank.project.extra, items: blank.items }),
    }, false);
    return projectDetail(ctx, id, 'owner');
  });

  route(app, ctx, { method: 'GET', url: '/api/projects', summary: 'Recent-project entries of the caller (member projects), newest open first', access: 'user' }, async ({ user }) => {
    const rows = await repo.projectsOfUser(ctx.db, user.uuid);
    const ids = [...new Set(rows.flatMap((r) => [r.owner_uuid, r.modifier_uuid]))];
    const users = await repo.usersByUuid(ctx.db, ids);
    const who = (id: string) => ({ uuid: id, nickname: users.get(id)?.nickname ?? '' });
    // stuck projects first (most recently stuck first), then the rest in their order
    const marks = await repo.marksOfUser(ctx.db, user.uuid);
    const stuckAt = (id: string) => marks.get(id)?.stuckAt ?? 0;
    rows.sort((x, y) => stuckAt(y.uuid) - stuckAt(x.uuid));
    return Promise.all(rows.map(async (r) => ({
      stick: marks.get(r.uuid)?.stuck ?? false,
      star: marks.get(r.uuid)?.starred ?? false,
      projectId: r.uuid,
      projectName: r.title,
      timeOfOpenProject: r.opened_at ? new Date(r.opened_at).getTime() : 0,
      updateTime: new Date(r.updated_at).getTime(),
      cbb_project: r.cbb_project,
      team_uuid: r.team_uuid, // team projects (the web app's team switch)
      owner: who(r.owner_uuid),
      modifier: who(r.modifier_uuid),
      members: (await repo.members(ctx.db, r.uuid)).map((m) => ({ uuid: m.uuid, nickname: m.nickname, role: m.role })),
      filePath: '',
    })));
  });

  route(app, ctx, { method: 'GET', url: '/api/projects/:uuid', summary: 'Project detail', access: 'read' }, async ({ user, project }) => {
    await repo.touchOpened(ctx.db, project.uuid, user.uuid);
    return projectDetail(ctx, project.uuid, project.role);
  });

  route(app, ctx, {
    method: 'POST', url: '/api/projects/:uuid/update', summary: 'Update title, default sheet or boards', access: 'write',
    body: z.object({ title: z.string().optional(), default_sheet: z.string().max(128).optional(), boards: z.array(Board).max(1000).optional(), description: z.string().max(10_000).optional() }),
  }, async ({ user, project, body }) => {
    if (body.title !== undefined) {
      body.title = checkTitle(body.title);
      const p = await repo.projectByUuid(ctx.db, project.uuid);
      if (await repo.projectTitleTaken(ctx.db, p!.owner_uuid, body.title, project.uuid)) fail(CODES.PROJECT_NAME_EXISTS);
    }
    await touchProject(ctx, project.uuid, user.uuid, { title: body.title, default_sheet: body.default_sheet, boards: body.boards });
    return projectDetail(ctx, project.uuid, project.role);
  });

  route(app, ctx, { method: 'POST', url: '/api/projects/:uuid/delete', summary: 'Delete a project (owner only): it goes to the trash for 30 days (GET /api/trash)', access: 'owner' }, async ({ project }) => {
    await repo.trashProject(ctx.db, project.uuid, new Date(ctx.now()));
    await accessChanged(ctx, project.uuid, 'project_deleted');
    return null;
  });

  route(app, ctx, { method: 'POST', url: '/api/projects/:uuid/create-board', summary: 'Add boards', access: 'write', body: z.object({ boards: z.array(Board).min(1).max(100) }) }, async ({ user, project, body }) => {
    const p = await repo.projectByUuid(ctx.db, project.uuid);
    const names = new Set(p!.boards.map((b) => b.name));
    const boards = [...p!.boards];
    for (const b of body.boards) {
      if (names.has(b.name)) fail(CODES.LIBRARY_DUPLICATE_NAME);
      names.add(b.name);
      boards.push(b);
    }
    await touchProject(ctx, project.uuid, user.uuid, { boards });
    return projectDetail(ctx, project.uuid, project.role);
  });

  route(app, ctx, { method: 'POST', url: '/api/projects/:uuid/sheet-order', summary: "Set a schematic's sheet order", access: 'write', body: z.object({ schematic_uuid: z.string().min(1), uuids: z.array(z.string()).max(10_000), base_ticket: z.number().int().optional() }) }, async ({ req, user, project, body }) => {
    const cur = (await repo.itemsByKeys(ctx.db, project.uuid, 'schematics', [body.schematic_uuid], false))[0];
    if (!cur || cur.deleted) fail(CODES.DOCUMENT_NOT_EXISTS, { documentName: body.schematic_uuid });
    const [r] = await applyBulk(ctx, project.uuid, user.uuid, 'schematics', [{ uuid: body.schematic_uuid, sort: body.uuids, base_ticket: body.base_ticket ?? cur!.ticket }], requestId(req));
    return r;
  });

  route(app, ctx, { method: 'POST', url: '/api/projects/:uuid/copy', summary: 'Copy a project (the caller owns the copy)', access: 'read', body: z.object({ title: z.string() }) }, async ({ user, project, body }) => {
    body.title = checkTitle(body.title);
    const p = await repo.projectByUuid(ctx.db, project.uuid);
    const items = await repo.allItems(ctx.db, project.uuid);
    const id = await createProject(ctx, user.uuid, { title: body.title, description: p!.description, cbb: p!.cbb_project, defaultSheet: p!.default_sheet, boards: p!.boards, extra: await repo.projectExtra(ctx.db, project.uuid), items }, true);
    return projectDetail(ctx, id, 'owner');
  });

  route(app, ctx, { method: 'POST', url: '/api/projects/:uuid/members', summary: 'Share: add or change a member (owner only); role none removes', access: 'owner', body: z.object({ username: z.string().min(1).max(64), role: z.enum(['member', 'readonly', 'none']) }) }, async ({ project, body }) => {
    const u = await repo.userByName(ctx.db, body.username);
    if (!u) fail(CODES.NOT_FOUND);
    const mem = await repo.members(ctx.db, project.uuid);
    if (mem.some((m) => m.uuid === u!.uuid && m.role === 'owner')) fail(CODES.BAD_REQUEST, { reason: 'the owner keeps the owner role' });
    if (body.role === 'none') await repo.removeMember(ctx.db, project.uuid, u!.uuid);
    else await repo.setMember(ctx.db, project.uuid, u!.uuid, body.role);
    await accessChanged(ctx, project.uuid);
    return (await repo.members(ctx.db, project.uuid)).map((m) => ({ uuid: m.uuid, nickname: m.nickname, username: m.username, role: m.role }));
  });

  route(app, ctx, { method: 'POST', url: '/api/projects/:uuid/scope', summary: 'Set the ownership scope: personal 0, team 1, systematic 2, public 3 (owner only)', access: 'owner', body: z.object({ scope: ScopeValue, team_uuid: z.string().optional() }) }, async ({ user, project, body }) => {
    if (body.scope === SCOPES.team) {
      const r = body.team_uuid ? await repo.teamRole(ctx.db, body.team_uuid, user.uuid) : undefined;
      if (!r || r === 'readonly') noPermission();
    }
    await repo.setScope(ctx.db, project.uuid, body.scope, body.scope === SCOPES.team ? (body.team_uuid ?? null) : null);
    // org and team mode on the live channel (SPEC §7): the clients of the project hear the workspace it is in now
    const team = body.scope === SCOPES.team && body.team_uuid ? await repo.teamByUuid(ctx.db, body.team_uuid) : undefined;
    await ctx.bus.publish({ type: team?.kind === 'organisation' ? 'orgMode' : 'teamMode', project_uuid: project.uuid, user_uuid: user.uuid, data: { scope: body.scope, team_uuid: team?.uuid ?? null, team_name: team?.name ?? null }, origin: ctx.bus.origin }).catch(() => {});
    await accessChanged(ctx, project.uuid);
    return projectDetail(ctx, project.uuid, project.role);
  });
}

/**
 * The idempotency key of a write: header X-Request-Id, scoped to the call (method and path, which
 * names the project and the kind), if the header is there. `part` tells apart the several writes
 * one call makes.
 */
export function requestId(req: { headers: Record<string, unknown>; method: string; url: string }, part = ''): Idempotency | undefined {
  const h = req.headers['x-request-id'];
  if (typeof h !== 'string' || h.length === 0 || h.length > 128) return undefined;
  const path = req.url.split('?')[0];
  return { requestId: h, call: `${req.method} ${path}${part ? `#${part}` : ''}` };
}
