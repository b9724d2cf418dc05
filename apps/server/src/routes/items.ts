/** Tickets and documents: the ticket snapshot, batched reads, bulk writes, update-canvas, modify, sort, deletes. */
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { BULK_LIMIT, CODES } from '@copperplate/model';
import * as repo from '../repo/index.ts';
import type { Ctx } from '../context.ts';
import { route, fail, ApiError } from '../http.ts';
import { KINDS, KIND_DEFS, isKind, readLimit, type Kind } from '../kinds.ts';
import { applyBulk, type ItemResult } from '../writes.ts';
import { readItems, ticketSnapshot } from '../reads.ts';
import { requestId } from './projects.ts';
import { byReference } from './content.ts';

/** Bulk and update-canvas bodies may carry whole documents (15 MB each); gzip is inflated within this cap. */
export const BULK_BODY_LIMIT = 64 * 1024 * 1024;

const kindParam = (params: unknown): Kind => {
  const k = (params as { kind?: string }).kind ?? '';
  if (!isKind(k)) fail(CODES.NOT_FOUND);
  return k as Kind;
};

/** One result of a single-item write as an envelope result, or its failure as the envelope. */
function single(r: ItemResult, projectUuid: string): unknown {
  if (!r.success) throw new ApiError(r.code, r.message);
  const res = r.result as { ticket: number; updateTime: number; key: string };
  return { project_uuid: projectUuid, uuid: res.key, ticket: res.ticket, updateTime: res.updateTime };
}

export function itemRoutes(app: FastifyInstance, ctx: Ctx): void {
  route(app, ctx, {
    method: 'GET', url: '/api/projects/:uuid/ticket', summary: 'Ticket snapshot: g_ticket and {id: ticket} maps (g_ticket=-1 full, N>=0 changes after N plus deleted)', access: 'read', raw: true,
    query: z.object({ g_ticket: z.coerce.number().int().min(-1).default(-1) }),
  }, async ({ reply, project, query }) => {
    const body = await ticketSnapshot(ctx, project.uuid, query.g_ticket);
    reply.type('application/json; charset=utf-8').send(body);
  });

  route(app, ctx, {
    method: 'POST', url: '/api/projects/:uuid/read/:kind', summary: `Read items by id (kinds: ${KINDS.join(', ')}); at most 30 ids, 200 for symbols, footprints, devices`, access: 'read',
    body: z.object({ ids: z.array(z.union([z.string(), z.number().transform(String)])).max(200) }),
  }, async ({ req, user, project, body }) => {
    const kind = kindParam(req.params);
    if (body.ids.length > readLimit(kind)) fail(CODES.BAD_REQUEST, { reason: `at most ${readLimit(kind)} ids` });
    return byReference(ctx, req, user.uuid, await readItems(ctx, project.uuid, kind, body.ids)); // CALL-6 when asked
  });

  route(app, ctx, {
    method: 'POST', url: '/api/projects/:uuid/bulk/:kind', summary: 'Bulk write with compare-and-set on base_ticket; one transaction; idempotent with X-Request-Id', access: 'write', bodyLimit: BULK_BODY_LIMIT,
    body: z.object({ data: z.array(z.unknown()).max(BULK_LIMIT) }),
  }, async ({ req, user, project, body }) => applyBulk(ctx, project.uuid, user.uuid, kindParam(req.params), body.data, requestId(req)));

  const canvas = z.object({ uuid: z.string().min(1), dataStr: z.string(), base_ticket: z.number().int().optional() }).passthrough();
  route(app, ctx, {
    method: 'POST', url: '/api/projects/:uuid/components/update-canvas', summary: 'Write a symbol or footprint (docType 4 = footprint); without base_ticket the current ticket is used', access: 'write', bodyLimit: BULK_BODY_LIMIT, body: canvas,
  }, async ({ req, user, project, body }) => {
    const isFoot = Number(body.docType) === 4 || (await repo.itemsByKeys(ctx.db, project.uuid, 'footprints', [body.uuid], false)).some((r) => !r.deleted);
    const kind: Kind = isFoot ? 'footprints' : 'symbols';
    const { path: _p, ...item } = body as Record<string, unknown>;
    const [r] = await applyBulk(ctx, project.uuid, user.uuid, kind, [item], requestId(req), body.base_ticket === undefined);
    return single(r, project.uuid);
  });

  route(app, ctx, {
    method: 'POST', url: '/api/projects/:uuid/documents/update-canvas', summary: 'Write the content of a sheet, PCB or panel', access: 'write', bodyLimit: BULK_BODY_LIMIT, body: canvas,
  }, async ({ req, user, project, body }) => {
    let kind: Kind | undefined;
    for (const k of ['sheets', 'pcbs', 'panels'] as const) if ((await repo.itemsByKeys(ctx.db, project.uuid, k, [body.uuid], false)).some((r) => !r.deleted)) kind = k;
    if (!kind) fail(CODES.DOCUMENT_NOT_EXISTS, { documentName: body.uuid });
    const [r] = await applyBulk(ctx, project.uuid, user.uuid, kind!, [{ uuid: body.uuid, dataStr: body.dataStr, base_ticket: body.base_ticket }], requestId(req), body.base_ticket === undefined);
    return single(r, project.uuid);
  });

  route(app, ctx, {
    method: 'POST', url: '/api/projects/:uuid/schematics/modify', summary: 'Rename a schematic', access: 'write', body: z.object({ uuid: z.string().min(1), name: z.string(), base_ticket: z.number().int().optional() }),
  }, async ({ req, user, project, body }) => {
    const [r] = await applyBulk(ctx, project.uuid, user.uuid, 'schematics', [{ uuid: body.uuid, name: body.name, display_name: body.name, base_ticket: body.base_ticket }], requestId(req), body.base_ticket === undefined);
    return single(r, project.uuid);
  });

  route(app, ctx, {
    method: 'POST', url: '/api/projects/:uuid/schematics/bulk-update-sort', summary: 'Set the tree position of schematics: uuids[i] gets position + i', access: 'write', body: z.object({ uuids: z.array(z.string().min(1)).max(1000), position: z.number().int().default(0) }),
  }, async ({ req, user, project, body }) => applyBulk(ctx, project.uuid, user.uuid, 'schematics', body.uuids.map((uuid, i) => ({ uuid, position: body.position + i })), requestId(req), true));

  const del = (kind: Kind, keys: string[], req: { headers: Record<string, unknown>; method: string; url: string }, user: { uuid: string }, projectUuid: string) => {
    const items = keys.map((k) => ({ [KIND_DEFS[kind].key]: k, deleted: true }));
    return keys.length ? applyBulk(ctx, projectUuid, user.uuid, kind, items, requestId(req, kind), true) : Promise.resolve([]);
  };

  route(app, ctx, { method: 'POST', url: '/api/projects/:uuid/copper/delete', summary: 'Delete a copper pour by path', access: 'write', body: z.object({ path: z.string().min(1) }) }, async ({ req, user, project, body }) => del('copper', [body.path], req, user, project.uuid));
  route(app, ctx, { method: 'POST', url: '/api/projects/:uuid/fonts/delete', summary: 'Delete fonts by path', access: 'write', body: z.object({ paths: z.array(z.string().min(1)).max(1000) }) }, async ({ req, user, project, body }) => del('fonts', body.paths, req, user, project.uuid));
  route(app, ctx, { method: 'POST', url: '/api/projects/:uuid/components/delete', summary: 'Delete a symbol or footprint', access: 'write', body: z.object({ uuid: z.string().min(1) }) }, async ({ req, user, project, body }) => {
    const isFoot = (await repo.itemsByKeys(ctx.db, project.uuid, 'footprints', [body.uuid], false)).some((r) => !r.deleted);
    return del(isFoot ? 'footprints' : 'symbols', [body.uuid], req, user, project.uuid);
  });
  route(app, ctx, {
    method: 'POST', url: '/api/projects/:uuid/delPcbRelatedData', summary: 'Delete what belonged to removed PCBs: footprints (component_uuids), coppers, fonts', access: 'write',
    body: z.object({ component_uuids: z.array(z.string()).max(1000).default([]), copper_uuids: z.array(z.string()).max(1000).default([]), font_hashes: z.array(z.string()).max(1000).default([]) }),
  }, async ({ req, user, project, body }) => ({
    components: await del('footprints', body.component_uuids, req, user, project.uuid),
    coppers: await del('copper', body.copper_uuids, req, user, project.uuid),
    fonts: await del('fonts', body.font_hashes, req, user, project.uuid),
  }));
}
