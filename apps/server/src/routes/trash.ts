/**
 * The trash (issue 14): `POST /api/projects/:uuid/delete` moves a project here; its owner lists,
 * restores or purges it; 30 days after the delete it is purged by itself (housekeeping and every
 * listing, on the server's clock `ctx.now`).
 */
import type { FastifyInstance } from 'fastify';
import { renameWithSuffix } from '@copperplate/model';
import * as repo from '../repo/index.ts';
import type { Ctx } from '../context.ts';
import { route, noPermission } from '../http.ts';
import { accessChanged } from './projects.ts';
import { checkProjectQuota } from '../projects.ts';

const DAY_MS = 86_400_000;

export function trashRoutes(app: FastifyInstance, ctx: Ctx): void {
  /** The caller's own trashed project, or 4000002 (not there, not theirs, or purged). */
  async function owned(uuid: string, userUuid: string): Promise<repo.TrashedRow> {
    const t = await repo.trashedProject(ctx.db, uuid);
    if (!t || t.owner_uuid !== userUuid) noPermission();
    return t!;
  }

  route(app, ctx, { method: 'GET', url: '/api/trash', summary: 'The caller\'s deleted projects (kept 30 days): projectId, projectName, trashedAt, purgeAt (ms)', access: 'user' }, async ({ user }) => {
    await repo.purgeTrash(ctx.db, ctx.now());
    return (await repo.trashedOfOwner(ctx.db, user.uuid)).map((t) => ({
      projectId: t.uuid, projectName: t.title, trashedAt: t.trashed_at.getTime(), purgeAt: t.trashed_at.getTime() + repo.TRASH_DAYS * DAY_MS,
    }));
  });

  route(app, ctx, { method: 'POST', url: '/api/trash/:uuid/restore', summary: 'Restore a deleted project (owner); a title taken meanwhile gets a suffix', access: 'user' }, async ({ req, user }) => {
    const uuid = (req.params as { uuid: string }).uuid;
    await repo.purgeTrash(ctx.db, ctx.now());
    const t = await owned(uuid, user.uuid);
    const title = await ctx.db.tx(async (q) => {
      await checkProjectQuota(q, ctx.limits.projectsPerUser, user.uuid);
      const taken = await repo.activeTitles(q, user.uuid);
      const name = renameWithSuffix(t.title, (n) => taken.has(n));
      await repo.restoreProject(q, uuid, name);
      return name;
    });
    await accessChanged(ctx, uuid);
    return { projectId: uuid, projectName: title };
  });

  route(app, ctx, { method: 'POST', url: '/api/trash/:uuid/purge', summary: 'Delete a project in the trash for good (owner)', access: 'user' }, async ({ req, user }) => {
    const uuid = (req.params as { uuid: string }).uuid;
    await owned(uuid, user.uuid);
    await repo.purgeProject(ctx.db, uuid);
    await accessChanged(ctx, uuid, 'project_deleted');
    return null;
  });
}
