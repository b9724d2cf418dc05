/**
 * Project calls of SPEC §7 beyond create/list/update: stick/unstick and star/unstar (per user),
 * fork (a copy that remembers its origin), and versions (add, show, toggle).
 */
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import * as repo from '../repo/index.ts';
import type { Ctx } from '../context.ts';
import { route } from '../http.ts';
import { checkTitle, createProject, projectDetail } from '../projects.ts';
import { NameField } from '../names.ts';
import { addVersion, listProjectVersions, showVersion, toggleVersion, versionItem } from '../versions.ts';

export function projectExtraRoutes(app: FastifyInstance, ctx: Ctx): void {
  for (const [verb, mark, on] of [['stick', 'stuck', true], ['unstick', 'stuck', false], ['star', 'starred', true], ['unstar', 'starred', false]] as const) {
    route(app, ctx, {
      method: 'POST', url: `/api/projects/:uuid/${verb}`, summary: `${verb[0].toUpperCase()}${verb.slice(1)} the project for the caller (${mark === 'stuck' ? 'stuck projects come first in the recent list' : 'starred projects are marked in the recent list'})`, access: 'read',
    }, async ({ user, project }) => {
      await repo.setMark(ctx.db, user.uuid, project.uuid, mark, on);
      const m = (await repo.marksOfUser(ctx.db, user.uuid)).get(project.uuid);
      return { stick: m?.stuck ?? false, star: m?.starred ?? false };
    });
  }

  route(app, ctx, {
    method: 'POST', url: '/api/projects/:uuid/fork', summary: 'Fork: a copy owned by the caller that remembers the project it came from (forked_from)', access: 'read',
    body: z.object({ title: z.string().optional() }),
  }, async ({ user, project, body }) => {
    const p = await repo.projectByUuid(ctx.db, project.uuid);
    const title = checkTitle(body.title ?? p!.title);
    const items = await repo.allItems(ctx.db, project.uuid);
    const id = await createProject(ctx, user.uuid, { title, description: p!.description, cbb: p!.cbb_project, defaultSheet: p!.default_sheet, boards: p!.boards, extra: await repo.projectExtra(ctx.db, project.uuid), items }, true);
    await repo.setProjectLink(ctx.db, id, { forked_from: project.uuid });
    return { ...(await projectDetail(ctx, id, 'owner')), forked_from: project.uuid };
  });

  route(app, ctx, { method: 'GET', url: '/api/projects/:uuid/versions', summary: 'The versions of the project, oldest first; `current` marks the one the project is on', access: 'read' }, async ({ project }) => listProjectVersions(ctx, project.uuid));

  route(app, ctx, {
    method: 'POST', url: '/api/projects/:uuid/versions', summary: 'Add a version: the current state under a name (3002 when taken)', access: 'write',
    body: z.object({ name: NameField, description: z.string().max(1000).default('') }),
  }, async ({ user, project, body }) => addVersion(ctx, project.uuid, user.uuid, body.name, body.description));

  route(app, ctx, {
    method: 'GET', url: '/api/projects/:uuid/versions/:id', summary: 'Show a version: summary, boards, counts per kind, its schematics, sheets and PCBs', access: 'read',
  }, async ({ req, user, project }) => showVersion(ctx, project.uuid, String((req.params as { id: string }).id), user.uuid));

  route(app, ctx, {
    method: 'GET', url: '/api/projects/:uuid/versions/:id/item', summary: 'One item of a version with its content, to open it read-only (query kind, key)', access: 'read',
    query: z.object({ kind: z.string().min(1).max(32), key: z.string().min(1).max(512) }),
  }, async ({ req, user, project, query }) => versionItem(ctx, project.uuid, String((req.params as { id: string }).id), query.kind, query.key, user.uuid));

  route(app, ctx, {
    method: 'POST', url: '/api/projects/:uuid/versions/:id/toggle', summary: 'Switch the project to a version: the current state is saved into its version first; advances g_ticket', access: 'write',
  }, async ({ req, user, project }) => {
    const r = await toggleVersion(ctx, project.uuid, String((req.params as { id: string }).id), user.uuid);
    return { ...r, versions: await listProjectVersions(ctx, project.uuid) };
  });
}
