/**
 * Projects as files: import an .epro or a library archive (ARC-3: device.json, symbol.json,
 * footprint.json or panel-lib.json instead of project.json; atomic: a refused archive leaves nothing)
 * and export as .epro.
 */
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { CatalogueError, CODES } from '@copperplate/model';
import { eproToProjectData, projectDataToEpro, readEpro, writeEpro, exportFileName, formatFailureReport } from '@copperplate/format';
import * as repo from '../repo/index.ts';
import type { Ctx } from '../context.ts';
import { ApiError, route, fail } from '../http.ts';
import { createProject } from '../projects.ts';
import { projectDataToRows, rowsToProjectData } from '../epro.ts';

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

export function fileRoutes(app: FastifyInstance, ctx: Ctx): void {
  const binary = (_req: unknown, body: Buffer, done: (e: Error | null, b?: unknown) => void) => done(null, body);
  app.addContentTypeParser(['application/octet-stream', 'application/zip'], { parseAs: 'buffer', bodyLimit: IMPORT_BODY_LIMIT }, binary);

  route(app, ctx, {
    method: 'POST', url: '/api/projects/import', summary: 'Create a project from an .epro or a library archive (body: the archive bytes) -> {uuid, report}', access: 'user', bodyLimit: IMPORT_BODY_LIMIT, binaryBody: true,
    query: z.object({ name: z.string().max(256).optional() }),
  }, async ({ req, user, query }) => {
    if (!Buffer.isBuffer(req.body)) fail(CODES.BAD_REQUEST, { reason: 'send the .epro bytes as application/octet-stream' });
    const bytes = new Uint8Array(req.body as Buffer);
    let result: ReturnType<typeof eproToProjectData>;
    try {
      result = eproToProjectData(readEpro(bytes, { name: query.name }));
    } catch (e) {
      asApiError(e);
    }
    const { project, items } = projectDataToRows(result!.data);
    const id = await createProject(ctx, user.uuid, { title: importTitle(project.title, query.name), cbb: project.cbb, defaultSheet: project.defaultSheet, boards: project.boards, extra: project.extra, items }, true);
    req.log.info({ project: id, items: items.length, ok: result!.ok, library: Boolean(result!.data.library) }, 'project imported');
    return { uuid: id, report: { ok: result!.ok, failures: result!.failures, text: formatFailureReport(result!.failures) } };
  });

  route(app, ctx, { method: 'GET', url: '/api/projects/:uuid/export', summary: 'The project as .epro bytes', access: 'read', raw: true }, async ({ reply, project }) => {
    const p = await repo.projectByUuid(ctx.db, project.uuid);
    if (!p) fail(CODES.NO_PERMISSION);
    const items = await repo.allItems(ctx.db, project.uuid);
    let bytes: Uint8Array;
    try {
      bytes = writeEpro(projectDataToEpro(rowsToProjectData(p!, items)));
    } catch (e) {
      asApiError(e);
    }
    reply
      .type('application/zip')
      .header('Content-Disposition', `attachment; filename="${encodeURIComponent(exportFileName(p!.title, '.epro'))}"`)
      .send(Buffer.from(bytes!));
  });
}
