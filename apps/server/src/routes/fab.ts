/**
 * Fabrication outputs of a project's PCB (issue 12): Gerber X2 + Excellon in EasyEDA's zip, or one
 * kind (gerber, drill, bom, pnp, netlist). The work (inflating the stored documents included) runs in
 * a files worker thread under the per-user cap (workers/files.ts), never on the event loop. Problems (no outline, unknown pad shapes, missing footprints) go in the header
 * X-Copperplate-Problems (URI-encoded JSON list) and, for the zip, into PROBLEMS.txt inside it.
 */
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { CatalogueError, CODES } from '@copperplate/model';
import { FAB_KINDS, type FabKind } from '@copperplate/convert';
import type { Ctx } from '../context.ts';
import { ApiError, route } from '../http.ts';
import { fabInWorker, projectRows } from '../workers/files.ts';
import type { FabJobResult } from '../workers/fab-job.ts';

const TYPES: Record<string, string> = { zip: 'application/zip', csv: 'text/csv; charset=utf-8', xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', ipc: 'text/plain; charset=utf-8' };

export function fabRoutes(app: FastifyInstance, ctx: Ctx): void {
  const query = z.object({
    kind: z.enum(FAB_KINDS as unknown as [string, ...string[]]).default('fab'),
    pcb: z.string().max(256).optional(),
    layers: z.string().regex(/^\d+(,\d+)*$/).optional(),
    xlsx: z.enum(['0', '1']).optional(),
    refill: z.enum(['0', '1']).optional(),
  });
  /** A catalogue error of the job as the API answers it: stale fills are 409 (the client may retry with ?refill=1). */
  const apiError = (e: CatalogueError): ApiError =>
    e.code === 'FAB_STALE_FILLS' ? new ApiError(CODES.BAD_REQUEST, e.message, 409, { reason: 'FAB_STALE_FILLS' }) : new ApiError(typeof e.code === 'number' ? e.code : CODES.BAD_REQUEST, e.message);
  route(app, ctx, {
    method: 'GET', url: '/api/projects/:uuid/fabrication', access: 'read', raw: true, query,
    summary: 'Fabrication outputs of a PCB (?pcb= name or uuid, default the first; ?kind=fab|gerber|drill|bom|pnp|netlist; ?layers=1,2,11; ?xlsx=1; ?refill=1 refills stale pour fills first, else 409 FAB_STALE_FILLS): Gerber_<board>_<date>.zip or the file; problems in X-Copperplate-Problems',
  }, async ({ req, reply, project, user, query: q }) => {
    const rows = await projectRows(ctx, project.uuid);
    let out: FabJobResult;
    try {
      out = await fabInWorker(ctx, user.uuid, { rows, pcb: q.pcb, kind: q.kind as FabKind, now: Date.now(), layers: q.layers?.split(',').map(Number), xlsx: q.xlsx === '1', refill: q.refill === '1' });
    } catch (e) {
      if (e instanceof CatalogueError) throw apiError(e);
      throw e;
    }
    req.log.info({ project: project.uuid, board: out!.board, kind: q.kind, bytes: out!.bytes.length, problems: out!.problems.length }, 'fabrication outputs');
    const ext = out!.name.split('.').pop()!.toLowerCase();
    reply
      .type(TYPES[ext] ?? 'application/octet-stream')
      .header('X-Copperplate-Problems', encodeURIComponent(JSON.stringify(out!.problems)).slice(0, 8000))
      .header('Content-Disposition', `attachment; filename="${encodeURIComponent(out!.name)}"`)
      .send(Buffer.from(out!.bytes));
  });

  route(app, ctx, {
    method: 'GET', url: '/api/projects/:uuid/fabrication/preview', access: 'read', query: query.pick({ pcb: true, layers: true, refill: true }),
    summary: 'The Gerbers of a PCB drawn back by an independent reader (gerber-to-svg): {board, problems, layers: [{name, svg}]}',
  }, async ({ project, user, query: q }) => {
    const rows = await projectRows(ctx, project.uuid);
    try {
      return await fabInWorker(ctx, user.uuid, { rows, pcb: q.pcb, kind: 'preview', now: Date.now(), layers: q.layers?.split(',').map(Number), refill: q.refill === '1' });
    } catch (e) {
      if (e instanceof CatalogueError) throw apiError(e);
      throw e;
    }
  });
}
