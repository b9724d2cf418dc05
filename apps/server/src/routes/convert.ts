/**
 * The converter call of SPEC §7 (`/analyzer/api/convert/from/{from}/to/{to}`) for KiCad (issue 15),
 * and the import of a KiCad project as a new project. The body is the bytes of a zip of a KiCad
 * project folder or of one KiCad file (its name in `?name=`, which picks the kind). The conversion runs
 * in a worker thread (apps/server/src/workers/kicad.ts), never on the event loop.
 */
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { CatalogueError, CODES } from '@copperplate/model';
import type { Ctx } from '../context.ts';
import { ApiError, route, fail } from '../http.ts';
import { createProject } from '../projects.ts';
import { runKicadInWorker } from '../workers/kicad.ts';
import { IMPORT_BODY_LIMIT } from './files.ts';

const KICAD_NAME = /\.(zip|kicad_(pro|pcb|sch|sym|mod))$/i;

function asApiError(e: unknown): never {
  if (e instanceof CatalogueError) throw new ApiError(typeof e.code === 'number' ? e.code : CODES.BAD_REQUEST, e.message);
  throw e;
}

function bodyBytes(body: unknown): Uint8Array {
  if (!Buffer.isBuffer(body)) fail(CODES.BAD_REQUEST, { reason: 'send the KiCad file or zip bytes as application/octet-stream' });
  return new Uint8Array(body as Buffer); // a copy: its buffer is moved to the worker
}

export function convertRoutes(app: FastifyInstance, ctx: Ctx): void {
  const query = z.object({ name: z.string().max(256).regex(KICAD_NAME, 'a .zip or .kicad_pro/.kicad_pcb/.kicad_sch/.kicad_sym/.kicad_mod file name') });

  route(app, ctx, {
    method: 'POST', url: '/analyzer/api/convert/from/:from/to/:to', access: 'user', bodyLimit: IMPORT_BODY_LIMIT, binaryBody: true, raw: true, query,
    summary: 'Convert a KiCad project (zip of its folder) or file (?name= gives its kind) to .epro bytes; from=kicad, to=epro. The header X-Copperplate-Report holds what could not be carried (URI-encoded text)',
  }, async ({ req, reply, user, query: q }) => {
    const { from, to } = req.params as { from: string; to: string };
    if (from !== 'kicad' || to !== 'epro') fail(CODES.BAD_REQUEST, { reason: `conversion from ${from} to ${to} is not supported (kicad to epro is)` });
    let out: Awaited<ReturnType<typeof runKicadInWorker>>;
    try {
      out = await ctx.filesJobs.run(user.uuid, ctx.limits.filesJobsPerUser, () => runKicadInWorker({ name: q.name, bytes: bodyBytes(req.body), want: 'epro' }));
    } catch (e) {
      asApiError(e);
    }
    req.log.info({ name: q.name, bytes: out!.epro!.length, notCarried: out!.report.entries.length }, 'kicad converted');
    reply
      .type('application/zip')
      .header('X-Copperplate-Report', encodeURIComponent(out!.report.text).slice(0, 8000))
      .header('Content-Disposition', `attachment; filename="${encodeURIComponent(q.name.replace(KICAD_NAME, '') || 'kicad')}.epro"`)
      .send(Buffer.from(out!.epro!));
  });

  route(app, ctx, {
    method: 'POST', url: '/api/projects/import/kicad', access: 'user', bodyLimit: IMPORT_BODY_LIMIT, binaryBody: true, query,
    summary: 'Create a project from a KiCad project (zip of its folder) or file (?name=) -> {uuid, report: {text, entries}} (what could not be carried)',
  }, async ({ req, user, query: q }) => {
    let out: Awaited<ReturnType<typeof runKicadInWorker>>;
    try {
      out = await ctx.filesJobs.run(user.uuid, ctx.limits.filesJobsPerUser, () => runKicadInWorker({ name: q.name, bytes: bodyBytes(req.body), want: 'rows' }));
    } catch (e) {
      asApiError(e);
    }
    const { project, items } = out!.rows!;
    const id = await createProject(ctx, user.uuid, { title: project.title || q.name.replace(KICAD_NAME, ''), cbb: project.cbb, defaultSheet: project.defaultSheet, boards: project.boards, extra: project.extra, items }, true);
    req.log.info({ project: id, items: items.length, notCarried: out!.report.entries.length }, 'kicad project imported');
    return { uuid: id, report: out!.report };
  });
}
