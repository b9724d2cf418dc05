/** Reading items and the ticket snapshot (cached per project at its g_ticket; see caches.ts). */
import * as repo from './repo/index.ts';
import type { Ctx } from './context.ts';
import type { SnapshotEntry } from './caches.ts';
import { KIND_DEFS, SNAPSHOT_MAPS, type Kind } from './kinds.ts';
import { unpack } from './codec.ts';
import { noPermission } from './http.ts';
import { TICKET_FORMAT_VERSION } from '@copperplate/model';

/** An item as the API answers it: its fields, key, ticket and content. */
export function itemOut(kind: Kind, r: repo.ItemRow, withData = true): Record<string, unknown> {
  const { _pos: _order, ...fields } = r.fields; // _pos: position in the imported project.json (epro.ts)
  const o: Record<string, unknown> = { ...fields, [KIND_DEFS[kind].key]: r.key, ticket: r.ticket };
  if (withData && KIND_DEFS[kind].content) {
    const s = unpack(r.data);
    if (s !== undefined) o.dataStr = s;
  }
  return o;
}

export async function readItems(ctx: Ctx, projectUuid: string, kind: Kind, ids: string[]): Promise<Array<Record<string, unknown>>> {
  const rows = await repo.itemsByKeys(ctx.db, projectUuid, kind, ids, KIND_DEFS[kind].content);
  const by = new Map(rows.filter((r) => !r.deleted).map((r) => [r.key, r]));
  const out: Array<Record<string, unknown>> = [];
  for (const id of new Set(ids)) {
    const r = by.get(id);
    if (r) out.push(itemOut(kind, r));
  }
  return out;
}

async function entry(ctx: Ctx, projectUuid: string): Promise<SnapshotEntry> {
  const hit = ctx.snapshots.get(projectUuid);
  if (hit) return hit;
  const epoch = ctx.snapshotEpochs.get(projectUuid) ?? 0;
  const s = await repo.snapshotRows(ctx.db, projectUuid, -1);
  if (!s) noPermission();
  const e: SnapshotEntry = { g_ticket: s!.gTicket, rows: s!.rows };
  // a write committed meanwhile may not be in `s`: answer it, but do not cache it
  if ((ctx.snapshotEpochs.get(projectUuid) ?? 0) === epoch) ctx.snapshots.set(projectUuid, e);
  return e;
}

function emptyMaps(): Record<string, Record<string, number>> {
  return Object.fromEntries(SNAPSHOT_MAPS.map((m) => [m, {}]));
}

/**
 * The ticket answer. `since` -1: the full maps of live items. `since` >= 0: only items written after
 * it, plus `deleted: {map: {id: ticket}}` for items removed after it.
 */
export async function ticketSnapshot(ctx: Ctx, projectUuid: string, since: number): Promise<string> {
  const e = await entry(ctx, projectUuid);
  if (since < 0 && e.fullBody) return e.fullBody;
  const maps = emptyMaps();
  const deleted: Record<string, Record<string, number>> = {};
  for (const r of e.rows) {
    if (r.ticket <= since) continue;
    if (r.deleted) {
      if (since >= 0) (deleted[r.map] ??= {})[r.key] = r.ticket;
    } else (maps[r.map] ??= {})[r.key] = r.ticket;
  }
  const result: Record<string, unknown> = { version: TICKET_FORMAT_VERSION, g_ticket: e.g_ticket, ...maps };
  if (since >= 0) result.deleted = deleted;
  const body = JSON.stringify({ code: 0, result });
  if (since < 0) e.fullBody = body;
  return body;
}
