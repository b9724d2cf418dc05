/**
 * Front-panel outputs of a project's panel (issue 19), through the API as the CLI's
 * `export panel` and the web editor's downloads make them (packages/convert/src/panel, pure and
 * fast: panels hold a few hundred records): the cutter's DXF or SVG, the picture, the dimensioned
 * drawing. `?panel=` name or uuid (default the first), `?kind=dxf|cut-svg|picture-svg|drawing-svg|drawing-pdf`.
 */
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { CatalogueError, CODES } from '@copperplate/model';
import { projectDataToEpro } from '@copperplate/format';
import { panelDrawingPdf, panelFiles, panelFromEpro } from '@copperplate/convert/panel/index';
import * as repo from '../repo/index.ts';
import type { Ctx } from '../context.ts';
import { ApiError, route, fail } from '../http.ts';
import { rowsToProjectData } from '../epro.ts';

const KINDS = ['dxf', 'cut-svg', 'picture-svg', 'drawing-svg', 'drawing-pdf'] as const;

export function panelRoutes(app: FastifyInstance, ctx: Ctx): void {
  const query = z.object({ kind: z.enum(KINDS).default('dxf'), panel: z.string().max(256).optional() });
  route(app, ctx, {
    method: 'GET', url: '/api/projects/:uuid/panel', access: 'read', raw: true, query,
    summary: 'Outputs of a front panel (?panel= name or uuid, default the first; ?kind=dxf|cut-svg|picture-svg|drawing-svg|drawing-pdf): the file as an attachment',
  }, async ({ reply, project, query: q }) => {
    const p = await repo.projectByUuid(ctx.db, project.uuid);
    if (!p) fail(CODES.NO_PERMISSION);
    // only the panels are read and inflated (the rest of a big project never touches the event loop)
    const items = (await repo.allItems(ctx.db, project.uuid, 'panels'));
    let panel: ReturnType<typeof panelFromEpro>;
    try {
      panel = panelFromEpro(projectDataToEpro(rowsToProjectData(p!, items, null)), q.panel);
    } catch (e) {
      if (e instanceof CatalogueError) throw new ApiError(typeof e.code === 'number' ? e.code : CODES.BAD_REQUEST, e.message);
      throw e;
    }
    const f = q.kind === 'drawing-pdf' ? { ...panelDrawingPdf(panel.name, panel.records), kind: q.kind } : panelFiles(panel.name, panel.records).find((x) => x.kind === q.kind)!;
    reply
      .type(f.kind === 'dxf' ? 'application/dxf' : f.kind === 'drawing-pdf' ? 'application/pdf' : 'image/svg+xml')
      .header('Content-Disposition', `attachment; filename="${encodeURIComponent(f.name)}"`)
      .send(f.data);
  });
}
