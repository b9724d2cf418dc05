/**
 * The unread notification count (SPEC §7 "unread notification count"; the client asks every
 * NOTIFICATION_CHECK_MS, CONST-1): projects the caller is a member of, owned by someone else, that
 * someone else changed since the caller last marked notifications read. The mark is kept in the
 * caller's client cache (key `notifications:read`, a time in ms).
 */
import type { FastifyInstance } from 'fastify';
import * as repo from '../repo/index.ts';
import type { Ctx } from '../context.ts';
import { route } from '../http.ts';

const KEY = 'notifications:read';

export function notificationRoutes(app: FastifyInstance, ctx: Ctx): void {
  route(app, ctx, { method: 'GET', url: '/api/notifications/unread', summary: 'Unread notifications: shared projects changed by others since the last mark -> {count, projects: [{uuid, title, updated_at}]}', access: 'user' }, async ({ user }) => {
    const since = Number((await repo.cacheGet(ctx.db, user.uuid, KEY)) ?? 0) || 0;
    const rows = (await repo.projectsOfUser(ctx.db, user.uuid)).filter((p) => p.owner_uuid !== user.uuid && p.modifier_uuid !== user.uuid && new Date(p.updated_at).getTime() > since);
    return { count: rows.length, projects: rows.map((p) => ({ uuid: p.uuid, title: p.title, updated_at: p.updated_at })) };
  });
  route(app, ctx, { method: 'POST', url: '/api/notifications/read', summary: 'Mark every notification read', access: 'user' }, async ({ user }) => {
    await repo.cacheSet(ctx.db, user.uuid, KEY, String(Date.now())); // compared with the database's updated_at (real time)
    return null;
  });
}
