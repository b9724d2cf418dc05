/**
 * Projects as files: import an .epro or a library archive (ARC-3: device.json, symbol.json,
 * footprint.json or panel-lib.json instead of project.json; atomic: a refused archive leaves nothing)
 * and export as .epro.
 */
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { CatalogueError, CODES } from '@copperplate/model';
import { exportFileName } from '@copperplate/format';
import type { Ctx } from '../context.ts';
import { ApiError, route, fail } from '../http.ts';
import { decryptSecret } from './keys.ts';
import { createProject } from '../projects.ts';
import { reimportProject } from '../reimport.ts';
import { exportInWorker, importInWorker, projectRows } from '../workers/files.ts';

export const IMPORT_BODY_LIMIT = 200 * 1024 * 1024;
/** File extensions the import accepts (.epro projects, library archives); stripped for the fallback title. */
const ARCHIVE_EXTENSION = /\.(epro2?|zip|elib)$/i;

/** The project title of an import: the archive's own title, else the file name without its extension (library archives have none). */
export function importTitle(archiveTitle: string, fileName: string | undefined): string {
  if (archiveTitle) return archiveTitle;
  return (fileName ?? 'Project').replace(ARCHIVE_EXTENSION, '') || 'Project';
}

/** A catalogue error of the format package as an API failure (named errors carry code 4000001). */
function asApiError(e: unknown): never {
  if (e instanceof CatalogueError) throw new ApiError(typeof e.code === 'number' ? e.code : CODES.BAD_REQUEST, e.message);
  throw e;
}

export async function fileRoutes(app: FastifyInstance, ctx: Ctx): Promise<void> {
  // Binary bodies only here (issue 11): the parser lives in this route's own scope, so every other
  // route refuses octet-stream and zip bodies (415) before reading them, and this route reads one
  // only after the session check (access 'user' runs on request, before the body).
  await withBinaryBodies(app, (scope) => {
    importRoute(scope, ctx);
    reimportRoute(scope, ctx);
  });
  exportRoute(app, ctx);
}

/**
 * Registers import routes in a scope of their own that parses octet-stream and zip bodies (every
 * route outside such a scope refuses them with 415 before reading). Such routes must have access
 * 'user' or stricter, so the session is checked before the body is read.
 */
export async function withBinaryBodies(app: FastifyInstance, routes: (scope: FastifyInstance) => void): Promise<void> {
  await app.register(async (scope) => {
    const binary = (_req: unknown, body: Buffer, done: (e: Error | null, b?: unknown) => void) => done(null, body);
    scope.addContentTypeParser(['application/octet-stream', 'application/zip'], { parseAs: 'buffer', bodyLimit: IMPORT_BODY_LIMIT }, binary);
    routes(scope);
  });
}

/**
 * IMP-10: the password of an encrypted archive (never in the address): encrypted with the server's
 * RSA key in X-Archive-Password-Rsa (base64, CONST-4 chunks), or URI-encoded in X-Archive-Password.
 */
async function archivePassword(ctx: Ctx, headers: Record<string, string | string[] | undefined>): Promise<string | undefined> {
  const rsa = headers['x-archive-password-rsa'];
  if (typeof rsa === 'string' && rsa !== '' && rsa.length <= 4096) return (await decryptSecret(ctx, rsa)) ?? '\u0000not decrypted';
  const v = headers['x-archive-password'];
  if (typeof v !== 'string' || v === '' || v.length > 1024) return undefined;
  try {
    return decodeURIComponent(v);
  } catch {
    return undefined;
  }
}

function importRoute(app: FastifyInstance, ctx: Ctx): void {
  route(app, ctx, {
    method: 'POST', url: '/api/projects/import', summary: 'Create a project from an .epro, an .epro2 (EasyEDA Pro V3) or a library archive (body: the archive bytes; an encrypted archive needs X-Archive-Password, URI-encoded) -> {uuid, report}', access: 'user', bodyLimit: IMPORT_BODY_LIMIT, binaryBody: true,
    query: z.object({ name: z.string().max(256).optional() }),
  }, async ({ req, user, query }) => {
    if (!Buffer.isBuffer(req.body)) fail(CODES.BAD_REQUEST, { reason: 'send the .epro bytes as application/octet-stream' });
    // one job too many is refused before it counts against the hourly quota
    if (ctx.filesJobs.count(user.uuid) >= ctx.limits.filesJobsPerUser) fail(CODES.TOO_MANY_REQUESTS, {}, 429);
    if (!ctx.imports.take(user.uuid, ctx.limits.importsPerUserPerHour)) fail(CODES.QUOTA_EXCEEDED, { reason: `at most ${ctx.limits.importsPerUserPerHour} imports per hour` }, 429);
    // reading, inflating, parsing and compressing run in a worker thread (issue 11): other users never wait on them
    let out: Awaited<ReturnType<typeof importInWorker>>;
    try {
      out = await importInWorker(ctx, user.uuid, { bytes: new Uint8Array(req.body as Buffer), name: query.name, password: await archivePassword(ctx, req.headers) });
    } catch (e) {
      asApiError(e);
    }
    const { project, items, report } = out!;
    const id = await createProject(ctx, user.uuid, { title: importTitle(project.title, query.name), cbb: project.cbb, defaultSheet: project.defaultSheet, boards: project.boards, extra: project.extra, items }, true);
    req.log.info({ project: id, items: items.length, ok: report.ok, library: out!.library }, 'project imported');
    return { uuid: id, report };
  });

}

/** IMP-2: reimport an archive into an existing project (reimport.ts); members with edit rights only. */
function reimportRoute(app: FastifyInstance, ctx: Ctx): void {
  route(app, ctx, {
    method: 'POST', url: '/api/projects/:uuid/reimport', summary: 'Reimport an .epro, .epro2 or library archive into this project (body: the archive bytes, as import): documents matched by uuid are replaced when they differ, new ones added, the project\'s others kept; a backup "Before reimport" is taken first; all or nothing -> {report, counts, adjustments, backup, phases, g_ticket}', access: 'write', bodyLimit: IMPORT_BODY_LIMIT, binaryBody: true,
    query: z.object({ name: z.string().max(256).optional() }),
  }, async ({ req, user, project, query }) => {
    if (!Buffer.isBuffer(req.body)) fail(CODES.BAD_REQUEST, { reason: 'send the .epro bytes as application/octet-stream' });
    try {
      const answer = await reimportProject(ctx, project.uuid, user, { bytes: new Uint8Array(req.body as Buffer), name: query.name, password: await archivePassword(ctx, req.headers) });
      req.log.info({ project: project.uuid, added: answer.counts.added, updated: answer.counts.updated }, 'project reimported');
      return answer;
    } catch (e) {
      asApiError(e);
    }
  });
}

function exportRoute(app: FastifyInstance, ctx: Ctx): void {
  route(app, ctx, { method: 'GET', url: '/api/projects/:uuid/export', summary: 'The project as .epro bytes', access: 'read', raw: true }, async ({ reply, project, user }) => {
    const rows = await projectRows(ctx, project.uuid);
    let bytes: Uint8Array;
    try {
      bytes = (await exportInWorker(ctx, user.uuid, rows)).bytes; // off the event loop (issue 11)
    } catch (e) {
      asApiError(e);
    }
    reply
      .type('application/zip')
      .header('Content-Disposition', `attachment; filename="${encodeURIComponent(exportFileName(rows.project.title, '.epro'))}"`)
      .send(Buffer.from(bytes!));
  });
}
