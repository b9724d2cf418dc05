/**
 * The lookup calls of SPEC §7 that read a project's items by something other than their key:
 * document get-by-title, documents by schematic id, schematic get-list-by-key and search-by-name,
 * attribute ticket by hash, copper and font get-by-pcb-id, block-symbol existence; and the two
 * writes that go with them: component modify (rename a symbol or footprint) and update sheet symbol.
 */
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { CODES, DocType } from '@copperplate/model';
import * as repo from '../repo/index.ts';
import type { Ctx } from '../context.ts';
import { route, fail, ApiError } from '../http.ts';
import { BLOCK_SYMBOL_DOCTYPE, KIND_DEFS, type Kind } from '../kinds.ts';
import { applyBulk, type ItemResult } from '../writes.ts';
import { itemOut } from '../reads.ts';
import { requestId } from './projects.ts';
import { BULK_BODY_LIMIT } from './items.ts';

/** The document kind of a docType (sheet 1, PCB 3, panel 26). */
const DOC_KIND: Partial<Record<number, Kind>> = { [DocType.SCH]: 'sheets', [DocType.PCB]: 'pcbs', [DocType.PANEL]: 'panels' };
const Key = z.string().min(1).max(512);

function single(r: ItemResult, projectUuid: string): unknown {
  if (!r.success) throw new ApiError(r.code, r.message);
  const res = r.result as { ticket: number; updateTime: number; key: string };
  return { project_uuid: projectUuid, uuid: res.key, ticket: res.ticket, updateTime: res.updateTime };
}

/** A schematic with its sheets in the schematic's order (sort), then any sheet the order misses. */
async function schematicWithSheets(ctx: Ctx, projectUuid: string, sch: repo.ItemRow) {
  const sheets = await repo.itemsByField(ctx.db, projectUuid, 'sheets', 'schematic_uuid', sch.key, false);
  const sort = Array.isArray(sch.fields.sort) ? (sch.fields.sort as unknown[]).map(String) : [];
  const rank = (k: string) => (sort.indexOf(k) < 0 ? sort.length : sort.indexOf(k));
  sheets.sort((a, b) => rank(a.key) - rank(b.key) || a.key.localeCompare(b.key));
  return { ...itemOut('schematics', sch, false), sheets: sheets.map((s) => itemOut('sheets', s, false)) };
}

export function lookupRoutes(app: FastifyInstance, ctx: Ctx): void {
  route(app, ctx, {
    method: 'POST', url: '/api/projects/:uuid/documents/get-by-title', summary: 'Documents (sheet docType 1, PCB 3, panel 26) whose title is `title` (case-insensitive), with content', access: 'read',
    body: z.object({ title: z.string().min(1).max(128), docType: z.coerce.number().int() }),
  }, async ({ project, body }) => {
    const kind = DOC_KIND[body.docType];
    if (!kind) fail(CODES.BAD_REQUEST, { reason: `docType ${body.docType} is not a document (1 sheet, 3 PCB, 26 panel)` });
    const rows = await repo.itemsByField(ctx.db, project.uuid, kind!, 'title', body.title, true);
    return rows.map((r) => ({ ...itemOut(kind!, r), docType: body.docType }));
  });

  route(app, ctx, {
    method: 'GET', url: '/api/projects/:uuid/schematics/:id/documents', summary: 'The sheets of one schematic, in its order (no content)', access: 'read',
  }, async ({ req, project }) => {
    const id = String((req.params as { id?: string }).id ?? '');
    const [sch] = (await repo.itemsByKeys(ctx.db, project.uuid, 'schematics', [id], false)).filter((r) => !r.deleted);
    if (!sch) fail(CODES.DOCUMENT_NOT_EXISTS, { documentName: id });
    return (await schematicWithSheets(ctx, project.uuid, sch!)).sheets;
  });

  route(app, ctx, {
    method: 'POST', url: '/api/projects/:uuid/schematics/get-list-by-key', summary: 'Schematics whose name or uuid contains `key` (case-insensitive), each with its sheets; at most `limit` (100)', access: 'read',
    body: z.object({ key: z.string().max(128).default(''), limit: z.number().int().min(1).max(100).default(100) }),
  }, async ({ project, body }) => {
    const rows = await repo.itemsMatching(ctx.db, project.uuid, 'schematics', KIND_DEFS.schematics.names, body.key, body.limit);
    return Promise.all(rows.map((r) => schematicWithSheets(ctx, project.uuid, r)));
  });

  route(app, ctx, {
    method: 'POST', url: '/api/projects/:uuid/schematics/search-by-name', summary: 'Schematics named exactly `name` (case-insensitive), each with its sheets', access: 'read',
    body: z.object({ name: z.string().min(1).max(128) }),
  }, async ({ project, body }) => {
    const rows = await repo.itemsByField(ctx.db, project.uuid, 'schematics', 'name', body.name, false);
    return Promise.all(rows.map((r) => schematicWithSheets(ctx, project.uuid, r)));
  });

  route(app, ctx, {
    method: 'GET', url: '/api/projects/:uuid/attributes/ticket', summary: 'Block-symbol attribute groups with this content hash: {paths, tickets}', access: 'read',
    query: z.object({ hash: z.string().min(1).max(128) }),
  }, async ({ project, query }) => {
    const rows = await repo.itemsByField(ctx.db, project.uuid, 'attributes', 'hash', query.hash, false);
    return { paths: rows.map((r) => r.key), tickets: Object.fromEntries(rows.map((r) => [r.key, r.ticket])) };
  });

  for (const kind of ['copper', 'fonts'] as const) {
    route(app, ctx, {
      method: 'POST', url: `/api/projects/:uuid/${kind}/get-by-pcb-id`, summary: `The ${kind === 'copper' ? 'pour fills' : 'text outlines'} of one PCB (paths <pcbId>_<n>), with content`, access: 'read',
      body: z.object({ pcbId: Key }),
    }, async ({ project, body }) => (await repo.itemsByKeyPrefix(ctx.db, project.uuid, kind, body.pcbId + '_', true)).map((r) => itemOut(kind, r)));
  }

  route(app, ctx, {
    method: 'POST', url: '/api/projects/:uuid/block-symbol/exists', summary: 'Whether the project holds a live block symbol (docType 17) with this uuid: {exists, ticket}', access: 'read',
    body: z.object({ uuid: Key }),
  }, async ({ project, body }) => {
    const [r] = (await repo.itemsByKeys(ctx.db, project.uuid, 'symbols', [body.uuid], false)).filter((x) => !x.deleted && Number(x.fields.docType) === BLOCK_SYMBOL_DOCTYPE);
    return { exists: !!r, ticket: r?.ticket ?? 0 };
  });

  route(app, ctx, {
    method: 'POST', url: '/api/projects/:uuid/components/modify', summary: 'Rename a symbol or footprint (title and display title)', access: 'write',
    body: z.object({ uuid: Key, title: z.string(), path: z.string().optional(), base_ticket: z.number().int().optional() }),
  }, async ({ req, user, project, body }) => {
    let kind: Kind | undefined;
    for (const k of ['symbols', 'footprints'] as const) if ((await repo.itemsByKeys(ctx.db, project.uuid, k, [body.uuid], false)).some((r) => !r.deleted)) kind = k;
    if (!kind) fail(CODES.DOCUMENT_NOT_EXISTS, { documentName: body.uuid });
    const [r] = await applyBulk(ctx, project.uuid, user.uuid, kind!, [{ uuid: body.uuid, title: body.title, display_title: body.title, base_ticket: body.base_ticket }], requestId(req), body.base_ticket === undefined);
    return single(r, project.uuid);
  });

  route(app, ctx, {
    method: 'POST', url: '/api/projects/:uuid/sheet-symbol/update', summary: 'Write the content of an existing block (sheet) symbol, docType 17', access: 'write', bodyLimit: BULK_BODY_LIMIT,
    body: z.object({ uuid: Key, dataStr: z.string(), base_ticket: z.number().int().optional() }),
  }, async ({ req, user, project, body }) => {
    const [cur] = (await repo.itemsByKeys(ctx.db, project.uuid, 'symbols', [body.uuid], false)).filter((x) => !x.deleted && Number(x.fields.docType) === BLOCK_SYMBOL_DOCTYPE);
    if (!cur) fail(CODES.DOCUMENT_NOT_EXISTS, { documentName: body.uuid });
    const [r] = await applyBulk(ctx, project.uuid, user.uuid, 'symbols', [{ uuid: body.uuid, dataStr: body.dataStr, docType: BLOCK_SYMBOL_DOCTYPE, base_ticket: body.base_ticket }], requestId(req), body.base_ticket === undefined);
    return single(r, project.uuid);
  });
}
