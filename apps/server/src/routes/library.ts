/**
 * The component library calls of SPEC §7 (issue 16), under /api/components: search (full text and
 * trigram, paging, filters), search-by-ids (batches of 200), list-by-key, get-by-pcb-id, detail (GET
 * and POST), update-canvas, modify, delete, batch-import, plus the library list with the licence and
 * check-updates (LIB-1). Visibility by the scopes of SPEC §3: system (2) and public (3) items for
 * everyone, personal (0) for their owner, team (1) for the team's members.
 */
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { BULK_LIMIT, CODES, ComponentSearchQuerySchema, DOCUMENT_ID_RE, NAMED_ERRORS, SEARCH_BY_IDS_BATCH, newDocumentId } from '@copperplate/model';
import { itemTerms, KICAD_LICENCE, LIB_OWNER, LIB_TYPE, needsRefresh, type LibType } from '@copperplate/library';
import type { Ctx } from '../context.ts';
import { ApiError, fail, noPermission, route } from '../http.ts';
import { projectAccess } from '../auth.ts';
import { readItems } from '../reads.ts';
import * as store from '../library/store.ts';
import { search } from '../library/search.ts';
import { systemIndex } from '../library/system-index.ts';
import { configuredSupplier } from '../library/suppliers.ts';
import type { Queryable } from '../db.ts';

const pathField = z.string().max(128).optional();
const TYPES = [LIB_TYPE.SYMBOL, LIB_TYPE.DEVICE, LIB_TYPE.FOOTPRINT, LIB_TYPE.PANEL] as const;

/** A component as update-canvas and batch-import take it. */
const componentBody = z.object({
  /** ID-1: 32 alphanumerics, optionally _ and a suffix. */
  uuid: z.string().regex(DOCUMENT_ID_RE).optional(),
  docType: z.coerce.number().int().refine((t) => (TYPES as readonly number[]).includes(t), 'docType must be 2 (symbol), 3 (device), 4 (footprint) or 26 (panel part)'),
  title: z.string().min(1).max(128).optional(),
  dataStr: z.string().max(15 * 1024 * 1024).optional(),
  /** Source, version, description, keywords, owner: an update without them keeps the stored ones (a new item: '', '1', '', '', personal). */
  source: z.string().max(256).optional(),
  version: z.string().max(64).optional(),
  description: z.string().max(4000).optional(),
  tags: z.unknown().optional(),
  custom_tags: z.string().max(4000).optional(),
  /** Devices: Symbol, Footprint, Designator, Name (value), Datasheet, Manufacturer Part... */
  attributes: z.record(z.string(), z.string()).optional(),
  keywords: z.string().max(1000).optional(),
  /** 0 personal (default), 1 team (team_uuid), 3 public; 2 (system) is the build's only. */
  owner: z.union([z.literal(0), z.literal(1), z.literal(3)]).optional(),
  team_uuid: z.string().max(64).optional(),
  /** The g_ticket the edit started from: refused (4090001) when the stored item moved past it (the library editor's saves). */
  base_ticket: z.number().int().optional(),
  path: pathField,
});
type ComponentIn = z.infer<typeof componentBody>;


/**
 * ERR-6: a device whose symbol (or footprint) is missing answers 'Get the wrong symbol data.' (or
 * footprint) and is removed from the library. Returns the missing part's message, or ''.
 */
async function checkRelated(q: Queryable, v: store.Viewer, d: store.LibraryRow): Promise<string> {
  if (d.type !== LIB_TYPE.DEVICE) return '';
  const want = [d.symbol_uuid, d.footprint_uuid].filter(Boolean);
  const have = new Set((await store.byIds(q, v, want, false)).map((r) => r.uuid));
  const msg = !d.symbol_uuid || !have.has(d.symbol_uuid) ? NAMED_ERRORS.WRONG_SYMBOL_DATA : d.footprint_uuid && !have.has(d.footprint_uuid) ? NAMED_ERRORS.WRONG_FOOTPRINT_DATA : '';
  if (msg) await store.markDeleted(q, d.uuid);
  return msg;
}

/** May the user write this stored item (its owner, a member of its team; never the system's)? */
function mayWrite(row: { owner: number; owner_uuid: string }, v: store.Viewer): boolean {
  if (row.owner === LIB_OWNER.PERSONAL || row.owner === LIB_OWNER.PUBLIC) return row.owner_uuid === v.user;
  if (row.owner === LIB_OWNER.TEAM) return v.teams.includes(row.owner_uuid);
  return false;
}

/** Writes one component of a user's library (create, or update when its uuid exists and is theirs). */
async function writeComponent(q: Queryable, v: store.Viewer, c: ComponentIn): Promise<{ uuid: string; ticket: number; updateTime: number }> {
  const uuid = c.uuid ?? newDocumentId();
  const found = await store.rawItem(q, uuid);
  if (found && !found.deleted && !mayWrite(found, v)) noPermission();
  const existing = found && !found.deleted ? found : undefined;
  if (c.base_ticket !== undefined && (existing?.g_ticket ?? 0) !== c.base_ticket) fail(CODES.STALE_TICKET);
  // what the body leaves out stays as stored (an update of a team item without `owner` stays the team's)
  const owner = c.owner ?? (existing?.owner as 0 | 1 | 3 | undefined) ?? LIB_OWNER.PERSONAL;
  const teamUuid = c.team_uuid ?? (owner === LIB_OWNER.TEAM && existing?.owner === LIB_OWNER.TEAM ? existing.owner_uuid : undefined);
  if (owner === LIB_OWNER.TEAM && (!teamUuid || !v.teams.includes(teamUuid))) noPermission();
  const ownerUuid = owner === LIB_OWNER.TEAM ? teamUuid! : v.user;
  const source = c.source ?? existing?.source ?? '', version = c.version ?? existing?.version ?? '1';
  const description = c.description ?? existing?.description ?? '', keywords = c.keywords ?? existing?.keywords ?? '';
  const type = c.docType as LibType;
  const title = c.title ?? found?.title ?? '';
  if (!title) fail(CODES.NAME_LENGTH, { documentName: 'title' });
  if (type !== LIB_TYPE.DEVICE && c.dataStr === undefined && !found) fail(CODES.BAD_REQUEST, { reason: 'dataStr: required for a new symbol or footprint' });
  const attrs = c.attributes ?? {};
  if (type === LIB_TYPE.DEVICE) {
    if (!attrs.Symbol) fail(CODES.BAD_REQUEST, { reason: NAMED_ERRORS.DEVICE_SYMBOL_MISSING });
    if (attrs.Symbol === attrs.Footprint) fail(CODES.BAD_REQUEST, { reason: NAMED_ERRORS.SAME_SYMBOL_FOOTPRINT });
    const rel = new Set((await store.byIds(q, v, [attrs.Symbol, attrs.Footprint].filter(Boolean), false)).map((r) => r.uuid));
    if (!rel.has(attrs.Symbol)) fail(CODES.BAD_REQUEST, { reason: NAMED_ERRORS.DEVICE_SYMBOL_MISSING });
    if (attrs.Footprint && !rel.has(attrs.Footprint)) fail(CODES.BAD_REQUEST, { reason: NAMED_ERRORS.DEVICE_FOOTPRINT_MISSING });
  }
  const updateTime = Math.floor(Date.now() / 1000);
  const gTicket = (found?.g_ticket ?? 0) + 1;
  if (existing) await store.keepVersion(q, uuid); // the content this version replaces stays readable
  const doc: Record<string, unknown> = {
    uuid, title, display_title: title, source, version, description,
    tags: c.tags ?? { parent_tag: [], child_tag: [] }, custom_tags: c.custom_tags ?? '[]', updateTime,
  };
  if (type === LIB_TYPE.DEVICE) Object.assign(doc, { images: [], attributes: attrs });
  else Object.assign(doc, { docType: type === LIB_TYPE.FOOTPRINT ? 4 : type === LIB_TYPE.PANEL ? 29 : 2, dataStr: c.dataStr ?? (await store.byIds(q, v, [uuid], true))[0]?.dataStr ?? '' });
  await store.upsertItems(q, [{
    uuid, type, lib: owner === LIB_OWNER.TEAM ? 'Team' : owner === LIB_OWNER.PUBLIC ? 'Public' : 'Personal', title, value: attrs.Name ?? attrs.Value ?? '',
    package: attrs['Supplier Footprint'] ?? '', keywords, description, datasheet: attrs.Datasheet ?? '', manufacturerPart: attrs['Manufacturer Part'] ?? '',
    designator: (attrs.Designator ?? '').replace(/\?$/, ''), symbol: attrs.Symbol, footprint: attrs.Footprint, doc: doc as never,
    owner, ownerUuid, updateTime, source, version, gTicket,
  }]);
  void itemTerms;
  return { uuid, ticket: gTicket, updateTime };
}

export function libraryRoutes(app: FastifyInstance, ctx: Ctx): void {
  // the system library's search index is loaded once the server listens (the first search need not wait)
  app.addHook('onListen', async () => { void systemIndex(ctx.db).catch(() => {}); });
  const viewer = (userUuid: string) => store.viewerOf(ctx.db, userUuid);

  route(app, ctx, {
    method: 'POST', url: '/api/components/search', summary: 'Search the component library: every word as a prefix (name, value, package, keywords, manufacturer part), trigram fallback for typos; filters type (2 symbol, 3 device, 4 footprint, 26 panel part), lib, package prefix, owner scopes; page from 1', access: 'user',
    body: ComponentSearchQuerySchema,
  }, async ({ user, body }) => search(ctx.db, await viewer(user.uuid), { q: body.q, type: body.type, lib: body.lib, package: body.package, owners: body.owner, page: body.page, pageSize: body.pageSize }));

  route(app, ctx, {
    method: 'GET', url: '/api/components/libraries', summary: 'The libraries (name and item count), the last build (counts, time) and the licence and attribution of the KiCad libraries', access: 'user',
  }, async () => ({ libraries: await store.distinctLibs(ctx.db), build: (await store.getMeta(ctx.db, 'build')) ?? null, licence: KICAD_LICENCE }));

  route(app, ctx, {
    method: 'POST', url: '/api/components/search-by-ids', summary: `Components by uuid (at most ${SEARCH_BY_IDS_BATCH}); dataStr "yes" adds the documents. Unknown or invisible uuids are left out`, access: 'user',
    body: z.object({ uuids: z.array(z.string().max(64)).max(SEARCH_BY_IDS_BATCH), dataStr: z.enum(['yes', 'no']).default('no'), path: pathField }),
  }, async ({ user, body }) => store.byIds(ctx.db, await viewer(user.uuid), [...new Set(body.uuids)], body.dataStr === 'yes'));

  route(app, ctx, {
    method: 'POST', url: '/api/components/list-by-key', summary: 'Components by key: source (and version), title, or docType; newest first, at most 100', access: 'user',
    body: z.object({ source: z.string().max(256).optional(), version: z.string().max(64).optional(), title: z.string().max(128).optional(), docType: z.coerce.number().int().optional(), path: pathField })
      .refine((b) => b.source || b.title || b.docType, 'one of source, title or docType is needed'),
  }, async ({ user, body }) => store.listByKey(ctx.db, await viewer(user.uuid), { source: body.source, version: body.version, title: body.title, type: body.docType }));

  route(app, ctx, {
    method: 'POST', url: '/api/components/get-by-pcb-id', summary: 'The library components a PCB of project `path` uses (its devices and footprints that come from the library), with their update times (LIB-1)', access: 'user',
    body: z.object({ pcbId: z.string().min(1).max(64), path: z.string().min(1).max(128) }),
  }, async ({ user, body }) => {
    if (!(await projectAccess(ctx, body.path, user.uuid))) noPermission();
    const [pcb] = await readItems(ctx, body.path, 'pcbs', [body.pcbId]);
    if (!pcb) fail(CODES.DOCUMENT_NOT_EXISTS, { documentName: body.pcbId });
    const ids = [...new Set(String(pcb!.dataStr ?? '').match(/\b[0-9a-f]{32}\b/g) ?? [])].slice(0, 5000);
    const v = await viewer(user.uuid);
    const out: store.LibraryDetail[] = [];
    for (let i = 0; i < ids.length; i += SEARCH_BY_IDS_BATCH) out.push(...(await store.byIds(ctx.db, v, ids.slice(i, i + SEARCH_BY_IDS_BATCH), false)));
    return out;
  });

  const detail = async (userUuid: string, uuid: string) => {
    const v = await viewer(userUuid);
    const [row] = await store.byIds(ctx.db, v, [uuid], true);
    if (!row) fail(CODES.DOCUMENT_NOT_EXISTS, { documentName: uuid });
    const wrong = await checkRelated(ctx.db, v, row);
    if (wrong) throw new ApiError(CODES.DOCUMENT_NOT_EXISTS, wrong);
    if (row.type !== LIB_TYPE.DEVICE) return row;
    const parts = await store.byIds(ctx.db, v, [row.symbol_uuid, row.footprint_uuid].filter(Boolean), true);
    return { ...row, symbol: parts.find((p) => p.uuid === row.symbol_uuid), footprint: parts.find((p) => p.uuid === row.footprint_uuid) ?? null };
  };
  route(app, ctx, {
    method: 'GET', url: '/api/components/detail', summary: "One component with its document; a device with its symbol and footprint. A device whose symbol or footprint is missing answers 'Get the wrong symbol data.' (or footprint) and is removed (ERR-6)", access: 'user',
    query: z.object({ uuid: z.string().min(1).max(64), path: pathField }),
  }, async ({ user, query }) => detail(user.uuid, query.uuid));
  route(app, ctx, {
    method: 'POST', url: '/api/components/detail', summary: 'As GET /api/components/detail, the uuid in the body', access: 'user',
    body: z.object({ uuid: z.string().min(1).max(64), path: pathField }),
  }, async ({ user, body }) => detail(user.uuid, body.uuid));

  route(app, ctx, {
    method: 'POST', url: '/api/components/check-updates', summary: 'LIB-1: of the given components (uuid and the version = update time stored with them), those whose library update time differs, to refresh', access: 'user',
    body: z.object({ items: z.array(z.object({ uuid: z.string().max(64), version: z.union([z.string(), z.number()]).optional() })).max(SEARCH_BY_IDS_BATCH) }),
  }, async ({ user, body }) => {
    const rows = await store.byIds(ctx.db, await viewer(user.uuid), body.items.map((i) => i.uuid), false);
    const latest = new Map(rows.map((r) => [r.uuid, r.update_time]));
    return body.items.filter((i) => latest.has(i.uuid) && needsRefresh(i.version, latest.get(i.uuid)!)).map((i) => ({ uuid: i.uuid, updateTime: latest.get(i.uuid) }));
  });

  route(app, ctx, {
    method: 'POST', url: '/api/components/versions', summary: `The earlier versions of a component you can see (the content each new version replaced; at most ${store.VERSIONS_KEPT}), newest first: g_ticket, title, update_time; with g_ticket, that version with its dataStr`, access: 'user',
    body: z.object({ uuid: z.string().min(1).max(64), g_ticket: z.number().int().optional(), path: pathField }),
  }, async ({ user, body }) => {
    const [row] = await store.byIds(ctx.db, await viewer(user.uuid), [body.uuid], false);
    if (!row) fail(CODES.DOCUMENT_NOT_EXISTS, { documentName: body.uuid });
    const list = await store.versionsOf(ctx.db, body.uuid, body.g_ticket);
    if (body.g_ticket !== undefined && !list.length) fail(CODES.DOCUMENT_NOT_EXISTS, { documentName: `${body.uuid} version ${body.g_ticket}` });
    return body.g_ticket === undefined ? { uuid: body.uuid, current: row!.g_ticket, versions: list } : list[0];
  });

  const supplier = configuredSupplier();
  route(app, ctx, {
    method: 'POST', url: '/api/components/prices', summary: 'Price and stock of parts by manufacturer part number (at most 50) from the supplier adapter the administrator configured (COPPERPLATE_SUPPLIER_FILE: a local price file); `configured: false` and no offers when none is: no network call is made otherwise', access: 'user',
    body: z.object({ mpns: z.array(z.string().min(1).max(128)).max(50) }),
  }, async ({ body }) => {
    if (!supplier) return { configured: false, supplier: null, offers: [] };
    try {
      const offers = await supplier.lookup(body.mpns);
      return { configured: true, supplier: supplier.name, offers };
    } catch (e) {
      throw new ApiError(CODES.BAD_REQUEST, `The supplier did not answer: ${e instanceof Error ? e.message : String(e)}`);
    }
  });

  route(app, ctx, {
    method: 'POST', url: '/api/components/update-canvas', summary: 'Create or update a component of your library (docType 2 symbol, 3 device, 4 footprint, 26 panel part (a PANEL_LIB document); owner 0 personal, 1 team with team_uuid, 3 public); answers project_uuid (path), uuid, ticket, updateTime', access: 'user',
    body: componentBody, bodyLimit: 64 * 1024 * 1024,
  }, async ({ user, body }) => {
    const v = await viewer(user.uuid);
    const r = await ctx.db.tx((q) => writeComponent(q, v, body));
    return { project_uuid: body.path ?? '', ...r };
  });

  route(app, ctx, {
    method: 'POST', url: '/api/components/modify', summary: 'Rename a component of your library', access: 'user',
    body: z.object({ uuid: z.string().min(1).max(64), title: z.string().min(1).max(128), path: pathField }),
  }, async ({ user, body }) => {
    const v = await viewer(user.uuid);
    return ctx.db.tx(async (q) => {
      const row = await store.rawItem(q, body.uuid);
      if (!row || row.deleted) fail(CODES.DOCUMENT_NOT_EXISTS, { documentName: body.uuid });
      if (!mayWrite(row!, v)) noPermission();
      const r = await store.rename(q, body.uuid, body.title, Math.floor(Date.now() / 1000));
      return { uuid: body.uuid, title: body.title, ticket: r.g_ticket, updateTime: r.update_time };
    });
  });

  route(app, ctx, {
    method: 'POST', url: '/api/components/delete', summary: 'Delete a component of your library; refused (4090001) when its stored g_ticket is greater than the given one (LIB-3)', access: 'user',
    body: z.object({ uuid: z.string().min(1).max(64), g_ticket: z.number().int(), path: pathField }),
  }, async ({ user, body }) => {
    const v = await viewer(user.uuid);
    return ctx.db.tx(async (q) => {
      const row = await store.rawItem(q, body.uuid);
      if (!row || row.deleted) fail(CODES.DOCUMENT_NOT_EXISTS, { documentName: body.uuid });
      if (!mayWrite(row!, v)) noPermission();
      if (row!.g_ticket > body.g_ticket) fail(CODES.STALE_TICKET);
      return { uuid: body.uuid, g_ticket: await store.markDeleted(q, body.uuid) };
    });
  });

  route(app, ctx, {
    method: 'POST', url: '/api/components/batch-import', summary: `Create or update up to ${BULK_LIMIT} components of your library (symbols and footprints before the devices naming them); one result per item {success, result, code, message}`, access: 'user',
    body: z.object({ data: z.array(z.unknown()).max(BULK_LIMIT), path: pathField, newProject: z.unknown().optional() }), bodyLimit: 64 * 1024 * 1024,
  }, async ({ user, body }) => {
    const v = await viewer(user.uuid);
    const order = body.data.map((d, i) => ({ d, i })).sort((a, b) => Number((a.d as { docType?: unknown }).docType === 3) - Number((b.d as { docType?: unknown }).docType === 3));
    const results: unknown[] = new Array(body.data.length);
    for (const { d, i } of order) {
      const p = componentBody.safeParse(d);
      if (!p.success) { results[i] = { success: false, result: null, code: CODES.BAD_REQUEST, message: `${p.error.issues[0].path.join('.') || 'item'}: ${p.error.issues[0].message}` }; continue; }
      try {
        const r = await ctx.db.tx((q) => writeComponent(q, v, p.data));
        results[i] = { success: true, result: r, code: 0, message: '' };
      } catch (e) {
        results[i] = { success: false, result: null, code: e instanceof ApiError ? e.code : 500, message: e instanceof ApiError ? e.message : 'create failed' };
      }
    }
    return results;
  });
}
