/**
 * Bulk writes with compare-and-set on each item's ticket (DESIGN §5): one transaction per request,
 * the project row locked so writers of one project are serialized, every applied item advancing the
 * project's g_ticket, stale items refused with 4090001, and the answer stored under X-Request-Id so
 * that a retry gets the same answer without applying twice.
 */
import { CODES, DOCUMENT_MAX_BYTES, TITLE_MAX_BYTES, TITLE_MIN_BYTES, cleanName, messageForCode } from '@copperplate/model';
import * as repo from './repo/index.ts';
import type { Queryable } from './db.ts';
import { invalidateSnapshot, type Ctx } from './context.ts';
import { KIND_DEFS, bulkItemSchema, mapOf, type Kind } from './kinds.ts';
import { byteLength, pack } from './codec.ts';
import { noPermission } from './http.ts';

export interface ItemResult { success: boolean; result: unknown; code: number; message: string }

const RESERVED = new Set(['base_ticket', 'deleted', 'dataStr', 'ticket', 'g_ticket', 'project_uuid', '_pos']);

const failure = (code: number, params: Record<string, string | number> = {}, result: unknown = null): ItemResult => ({ success: false, result, code, message: messageForCode(code, params) ?? String(code) });

interface Prepared { key: string; base: number; deleted: boolean; fields: Record<string, unknown>; data: Uint8Array | null; hasData: boolean }

/** Validates one item outside the transaction (and compresses its content). */
export function prepareItem(kind: Kind, raw: unknown): Prepared | ItemResult {
  const r = bulkItemSchema(kind).safeParse(raw); // schemas are built once per kind
  if (!r.success) {
    const i = r.error.issues[0];
    return failure(CODES.BAD_REQUEST, { reason: `${i.path.join('.')}: ${i.message}` });
  }
  const it = r.data as Record<string, unknown>;
  const def = KIND_DEFS[kind];
  const key = String(it[def.key]);
  for (const n of def.names) {
    const v = it[n];
    if (v === undefined || v === null) continue;
    if (typeof v !== 'string') return failure(CODES.NAME_LENGTH, { documentName: n });
    const clean = cleanName(v); // control characters never stored (issue 11)
    if (byteLength(clean) < TITLE_MIN_BYTES || byteLength(clean) > TITLE_MAX_BYTES) return failure(CODES.NAME_LENGTH, { documentName: n });
    it[n] = clean;
  }
  const fields: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(it)) if (!RESERVED.has(k)) fields[k] = v;
  const dataStr = it.dataStr as string | undefined;
  if (dataStr !== undefined && byteLength(dataStr) > DOCUMENT_MAX_BYTES) {
    return failure(CODES.DOCUMENT_TOO_BIG, { documentName: String(it.title ?? it.name ?? it.filename ?? key) });
  }
  return { key, base: Number(it.base_ticket ?? 0), deleted: it.deleted === true, fields, data: dataStr === undefined ? null : pack(dataStr), hasData: dataStr !== undefined };
}


/** Applies a bulk write; answers one result per item, in order. `force` skips compare-and-set (server-side deletes). */
/** The idempotency key of a write: the X-Request-Id and the call it came with (method and path). */
export interface Idempotency { requestId: string; call: string }

export async function applyBulk(ctx: Ctx, projectUuid: string, userUuid: string, kind: Kind, items: unknown[], idem?: Idempotency, force = false): Promise<ItemResult[]> {
  const prepared = items.map((raw) => prepareItem(kind, raw));
  let newTicket = -1;
  const answer = await ctx.db.tx(async (q) => {
    const g0 = await repo.lockProjectTicket(q, projectUuid);
    if (g0 === undefined) noPermission();
    const scope = idem && { userUuid, projectUuid, call: idem.call, requestId: idem.requestId };
    if (scope) {
      const stored = await repo.storedAnswer(q, scope);
      if (stored !== undefined) return stored as ItemResult[];
    }
    const out = await applyPrepared(ctx, q, projectUuid, kind, prepared, g0!, force);
    if (out.gTicket !== g0) {
      await repo.setProjectTicket(q, projectUuid, out.gTicket, userUuid);
      await ctx.bus.publish({ type: 'g_ticket', project_uuid: projectUuid, g_ticket: out.gTicket, origin: ctx.bus.origin }, q);
      newTicket = out.gTicket;
    }
    if (scope) await repo.storeAnswer(q, scope, out.results);
    return out.results;
  });
  if (newTicket >= 0) invalidateSnapshot(ctx, projectUuid);
  return answer;
}

async function applyPrepared(ctx: Ctx, q: Queryable, projectUuid: string, kind: Kind, prepared: Array<Prepared | ItemResult>, g0: number, force: boolean): Promise<{ results: ItemResult[]; gTicket: number }> {
  const keys = [...new Set(prepared.filter((p): p is Prepared => 'key' in p).map((p) => p.key))];
  const state = new Map((await repo.itemsByKeys(q, projectUuid, kind, keys, false)).map((r) => [r.key, r]));
  const names = kind === 'schematics' && prepared.some((p) => 'key' in p && typeof p.fields.name === 'string') ? await repo.schematicNames(q, projectUuid) : undefined;
  let g = g0;
  const results: ItemResult[] = [];
  /** Rows written by this batch, by key (the last write of a key wins), stored with one statement. */
  const pending = new Map<string, repo.ItemRow>();
  for (const p of prepared) {
    if (!('key' in p)) {
      results.push(p);
      continue;
    }
    const cur = state.get(p.key);
    const curTicket = cur && !cur.deleted ? cur.ticket : 0;
    if (!force && p.base !== curTicket) {
      results.push(failure(CODES.STALE_TICKET, {}, { ticket: curTicket }));
      continue;
    }
    if (p.deleted && curTicket === 0) {
      results.push(failure(CODES.DOCUMENT_NOT_EXISTS, { documentName: p.key }));
      continue;
    }
    if (names && !p.deleted && nameTaken(names, p.key, p.fields.name, cur && !cur.deleted ? cur.fields.name : undefined)) {
      // ERR-2: a schematic named as another of the project is refused; the client renames it and sends it again
      results.push(failure(CODES.LIBRARY_DUPLICATE_NAME));
      continue;
    }
    g += 1;
    const updateTime = Math.floor(Date.now() / 1000);
    const fields: Record<string, unknown> = p.deleted ? { ...(cur?.fields ?? {}) } : { ...(cur && !cur.deleted ? cur.fields : {}), ...p.fields, updateTime };
    fields[KIND_DEFS[kind].key] = p.key;
    // a write without content keeps the content (of the stored row, or of this batch's earlier write)
    const earlier = pending.get(p.key);
    const data = p.deleted ? null : p.hasData ? p.data : earlier?.deleted ? pack('') : (earlier?.data ?? null);
    const row: repo.ItemRow = { kind, key: p.key, map: mapOf(kind, fields), ticket: g, deleted: p.deleted, fields, data };
    state.set(p.key, row);
    pending.set(p.key, row);
    if (names) {
      if (p.deleted) names.delete(p.key);
      else names.set(p.key, String(fields.name ?? ''));
    }
    results.push({ success: true, result: { key: p.key, ticket: g, updateTime }, code: 0, message: '' });
    if (ctx.bulkStallAfter && results.length === ctx.bulkStallAfter && prepared.length > ctx.bulkStallAfter) {
      // test hook: the items so far written inside the open transaction, then no end until the process is killed
      await repo.upsertItems(q, projectUuid, [...pending.values()]);
      pending.clear();
      process.stderr.write(`[test] bulk write stalled after ${results.length} items\n`);
      await new Promise<never>(() => {});
    }
  }
  await repo.upsertItems(q, projectUuid, [...pending.values()]);
  return { results, gTicket: g };
}

/**
 * Whether writing `name` on schematic `key` (now named `current`) gives it the name of another
 * schematic of the project. A write that keeps the schematic's name is never refused.
 */
function nameTaken(names: Map<string, string>, key: string, name: unknown, current: unknown): boolean {
  if (typeof name !== 'string' || name === current) return false;
  for (const [k, n] of names) if (k !== key && n === name) return true;
  return false;
}
