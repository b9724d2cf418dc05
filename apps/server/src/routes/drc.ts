/**
 * Design rule check of a project's PCB (issue 13): `GET /api/projects/:uuid/drc?pcb=` answers the
 * report of @copperplate/board runDrc (violations with rule, severity, message, position in mil,
 * items, nets, measured and required values; counts) and the state of every pour's stored fill. The
 * check runs in a files worker thread under the per-user cap (workers/files.ts), never on the event loop.
 */
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { CatalogueError, CODES } from '@copperplate/model';
import type { Ctx } from '../context.ts';
import { ApiError, route } from '../http.ts';
import { drcInWorker, projectRows } from '../workers/files.ts';

export function drcRoutes(app: FastifyInstance, ctx: Ctx): void {
  route(app, ctx, {
    method: 'GET', url: '/api/projects/:uuid/drc', access: 'read', query: z.object({ pcb: z.string().max(256).optional() }),
    summary: 'Design rule check of a PCB (?pcb= name or uuid, default the first): {board, violations: [{rule, severity, message, x, y, layer, items, nets, actual, required}], errors, warnings, ms, pours: [{id, name, layer, net, status}]}',
  }, async ({ project, user, query: q }) => {
    const rows = await projectRows(ctx, project.uuid);
    try {
      return await drcInWorker(ctx, user.uuid, { rows, pcb: q.pcb });
    } catch (e) {
      if (e instanceof CatalogueError) throw new ApiError(typeof e.code === 'number' ? e.code : CODES.BAD_REQUEST, e.message);
      throw e;
    }
  });
}
