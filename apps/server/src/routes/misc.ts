/** Backups, archive, logs (own only), the client cache by key (the basic library lists: library/lists.ts), and the OpenAPI document. */
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { NameField } from '../names.ts';
import * as repo from '../repo/index.ts';
import type { Ctx } from '../context.ts';
import { fail, route } from '../http.ts';
import { CODES, LIBRARY_LIST_KINDS, libraryListKey, MAX_BACKUP_LEVEL } from '@copperplate/model';
import { libraryList } from '../library/lists.ts';
import { viewerOf } from '../library/store.ts';
import { backupDetail, backupSummary, makeBackup, restoreBackup } from '../backups.ts';
import { projectDetail } from '../projects.ts';
import { openApiDocument } from '../openapi.ts';

const Name = NameField;

/**
 * The backups call (SPEC §7), as JSON or as the multipart form of the spec: name, description,
 * auto (YES/NO or a boolean), limit (automatic backups kept, at most MAX_BACKUP_LEVEL; sent only
 * when auto is YES), project_uuid (must be the path's), ticket, path; an `upload` part (the client's
 * .epro of the project) is what is backed up when sent, else the cloud copy. The archive call the
 * same way (upload, project_uuid, name, description). Registered in a scope that parses multipart
 * bodies (app.ts), after the session and CSRF checks.
 */
export function backupCreateRoute(app: FastifyInstance, ctx: Ctx): void {
  route(app, ctx, {
    method: 'POST', url: '/api/projects/:uuid/backups', summary: 'Back up the project (JSON or multipart: name, description, auto, limit, project_uuid, ticket, path; 3002 on a duplicate name; at most 10 kept)', access: 'write',
    body: z.object({
      name: Name, description: z.string().max(10_000).default(''),
      auto: z.union([z.boolean(), z.enum(['YES', 'NO']).transform((v) => v === 'YES')]).default(false),
      limit: z.coerce.number().int().min(1).max(MAX_BACKUP_LEVEL).optional(),
      project_uuid: z.string().max(128).optional(),
      ticket: z.coerce.number().int().optional(),
      path: z.string().max(1024).optional(),
      upload: Upload,
    }),
  }, async ({ user, project, body }) => {
    if (body.project_uuid !== undefined && body.project_uuid !== project.uuid) fail(CODES.NO_PERMISSION);
    return makeBackup(ctx, project.uuid, user, { name: body.name, description: body.description, auto: body.auto, archive: false, keep: body.auto && body.limit ? body.limit : MAX_BACKUP_LEVEL, upload: body.upload });
  });

  route(app, ctx, {
    method: 'POST', url: '/api/projects/:uuid/archive', summary: 'Archive the project (multipart or JSON: upload, project_uuid, name, description; a backup kept apart from the 10)', access: 'write',
    body: z.object({ name: Name, description: z.string().max(10_000).default(''), project_uuid: z.string().max(128).optional(), upload: Upload }),
  }, async ({ user, project, body }) => {
    if (body.project_uuid !== undefined && body.project_uuid !== project.uuid) fail(CODES.NO_PERMISSION);
    return makeBackup(ctx, project.uuid, user, { name: body.name, description: body.description, auto: false, archive: true, upload: body.upload });
  });
}

/** The multipart `upload` part: the file's bytes (a field sent as text is not a file and is refused). */
const Upload = z.instanceof(Uint8Array).optional();

export function miscRoutes(app: FastifyInstance, ctx: Ctx): void {
  route(app, ctx, { method: 'GET', url: '/api/projects/:uuid/backups', summary: 'List backups, newest first', access: 'read' }, async ({ project }) => (await repo.listBackups(ctx.db, project.uuid)).filter((b) => !b.archive).map(backupSummary));

  route(app, ctx, { method: 'GET', url: '/api/projects/:uuid/backups/:id', summary: 'Backup detail with its meta (owner, members) and item counts', access: 'read' }, async ({ req, user, project }) => backupDetail(ctx, project.uuid, (req.params as { id: string }).id, user.uuid));

  route(app, ctx, { method: 'POST', url: '/api/projects/:uuid/backups/:id/restore', summary: 'Restore a backup as a new project owned by the caller', access: 'read' }, async ({ req, user, project }) => {
    const id = await restoreBackup(ctx, project.uuid, (req.params as { id: string }).id, user.uuid);
    return projectDetail(ctx, id, 'owner');
  });


  route(app, ctx, { method: 'GET', url: '/api/projects/:uuid/archives', summary: 'List archives', access: 'read' }, async ({ project }) => (await repo.listBackups(ctx.db, project.uuid)).filter((b) => b.archive).map(backupSummary));

  route(app, ctx, {
    method: 'POST', url: '/api/logs', summary: "Upload the caller's log entries", access: 'user',
    body: z.object({ logs: z.array(z.object({ type: z.string().max(32), content: z.string().max(100_000), time: z.number(), project_uuid: z.string().max(128).optional() })).max(1000) }),
  }, async ({ user, body }) => {
    await repo.insertLogs(ctx.db, user.uuid, body.logs);
    return { count: body.logs.length };
  });

  route(app, ctx, { method: 'GET', url: '/api/logs', summary: "The caller's own log entries, newest first", access: 'user', query: z.object({ limit: z.coerce.number().int().min(1).max(1000).default(200) }) }, async ({ user, query }) => repo.logsOf(ctx.db, user.uuid, query.limit));

  route(app, ctx, {
    method: 'GET', url: '/api/cache/:key', summary: 'Client cache value (JSON string) of the caller; the basic library lists (keys basicLibraryList:system|user|userPanel) are kept by the server', access: 'user',
  }, async ({ req, user }) => {
    const key = (req.params as { key: string }).key;
    const list = LIBRARY_LIST_KINDS.find((k) => libraryListKey(k) === key);
    if (list) return JSON.stringify(await libraryList(ctx.db, await viewerOf(ctx.db, user.uuid), list));
    return (await repo.cacheGet(ctx.db, user.uuid, key)) ?? null;
  });

  route(app, ctx, { method: 'POST', url: '/api/cache/:key', summary: 'Set a client cache value (JSON string)', access: 'user', body: z.object({ value: z.string().max(5_000_000) }) }, async ({ req, user, body }) => {
    const key = (req.params as { key: string }).key.slice(0, 256);
    if (LIBRARY_LIST_KINDS.some((k) => libraryListKey(k) === key)) fail(CODES.BAD_REQUEST, { reason: `${key} is kept by the server (the library as it is): read it, change the library` });
    // counted and written with the user locked: parallel new keys get no more than the quota
    await ctx.db.tx(async (q) => {
      await repo.lockUser(q, user.uuid);
      if ((await repo.cacheGet(q, user.uuid, key)) === undefined) {
        const n = await q.query<{ n: unknown }>('select count(*) as n from client_cache where user_uuid = $1', [user.uuid]);
        if (Number(n[0]?.n ?? 0) >= ctx.limits.cacheKeysPerUser) fail(CODES.QUOTA_EXCEEDED, { reason: `at most ${ctx.limits.cacheKeysPerUser} cache keys` }, 429);
      }
      await repo.cacheSet(q, user.uuid, key, body.value);
    });
    return null;
  });

  app.get('/api/openapi.json', async () => openApiDocument(ctx.routes));
}
