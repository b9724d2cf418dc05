/** The sync comparison of SPEC §4 (SYNC-1..3) and reading the ticket answer into per-kind maps. */
import { CatalogueError, TICKET_FORMAT_VERSION } from '@copperplate/model';
import { KINDS, MAP_TO_KIND, type Kind } from './kinds.ts';
import type { ProjectMeta, TicketAnswer, TicketMaps } from './types.ts';
import { isPending } from './tickets.ts';

export interface ParsedTickets {
  gTicket: number;
  maps: TicketMaps;
  /** Keys removed on the server after the asked g_ticket (incremental answers only). */
  deleted: Partial<Record<Kind, string[]>>;
}

/**
 * CONST-4: the ticket maps are in format version 1.0. An answer in another format is refused
 * ('invalid response': nothing of it is applied); an answer without `version` is read as 1.0.
 */
export function checkTicketFormat(ans: TicketAnswer): void {
  if (ans.version !== undefined && String(ans.version) !== TICKET_FORMAT_VERSION) {
    throw CatalogueError.named('INVALID_RESPONSE', {}, `: ticket format version ${JSON.stringify(ans.version)}, not ${TICKET_FORMAT_VERSION}`);
  }
}

/**
 * CONST-4: a stored snapshot is used as "the previous snapshot" (SYNC-2 deletions, incremental
 * asks) only when it was stored in ticket format version 1.0; otherwise the next sync asks the
 * full snapshot and deletes nothing on its word.
 */
export function snapshotUsable(meta: Pick<ProjectMeta, 'snapshot' | 'snapshotVersion'>): boolean {
  return !!meta.snapshot && meta.snapshotVersion === TICKET_FORMAT_VERSION;
}

/** Reads a ticket answer (full or incremental); unknown map names are ignored. */
export function parseTicketAnswer(ans: TicketAnswer): ParsedTickets {
  checkTicketFormat(ans);
  const maps: TicketMaps = {};
  const deleted: Partial<Record<Kind, string[]>> = {};
  for (const [name, value] of Object.entries(ans)) {
    const kind = MAP_TO_KIND[name];
    if (!kind || !value || typeof value !== 'object' || Array.isArray(value)) continue;
    const m = (maps[kind] ??= {});
    for (const [k, t] of Object.entries(value as Record<string, unknown>)) if (typeof t === 'number') m[k] = t;
  }
  for (const [name, value] of Object.entries(ans.deleted ?? {})) {
    const kind = MAP_TO_KIND[name] ?? (KINDS.includes(name as Kind) ? (name as Kind) : undefined);
    if (!kind || !value) continue;
    const keys = Array.isArray(value) ? value.map(String) : Object.keys(value);
    (deleted[kind] ??= []).push(...keys);
  }
  return { gTicket: Number(ans.g_ticket), maps, deleted };
}

/** The full server maps after an incremental answer: previous snapshot + changes - deletions. */
export function applyDelta(previous: TicketMaps, delta: ParsedTickets): TicketMaps {
  const out: TicketMaps = {};
  for (const kind of KINDS) {
    const m: Record<string, number> = { ...(previous[kind] ?? {}) };
    for (const [k, t] of Object.entries(delta.maps[kind] ?? {})) m[k] = t;
    for (const k of delta.deleted[kind] ?? []) delete m[k];
    if (Object.keys(m).length) out[kind] = m;
  }
  return out;
}

export interface LocalTicket { ticket: number; }
export type LocalTickets = Partial<Record<Kind, Record<string, LocalTicket>>>;

export interface SyncPlan {
  /** SYNC-1: only on the server: fetch and add. */
  add: { kind: Kind; key: string; ticket: number }[];
  /** SYNC-3: on both sides, local ticket negative, or non-negative and lower than the server's. */
  refetch: { kind: Kind; key: string; ticket: number; local: number }[];
  /** SYNC-2: only local, in the previous snapshot, ticket not newer than the current g_ticket. */
  remove: { kind: Kind; key: string }[];
}

/**
 * SYNC-1..3. `server` = the server's maps now, `local` = local tickets, `previous` = the snapshot
 * stored by the previous sync, `gTicket` = the server's current g_ticket.
 * A local item with a pending ticket (TKT-3) is never removed: it holds an unuploaded edit.
 */
export function compareSnapshots(server: TicketMaps, local: LocalTickets, previous: TicketMaps, gTicket: number): SyncPlan {
  const plan: SyncPlan = { add: [], refetch: [], remove: [] };
  for (const kind of KINDS) {
    const s = server[kind] ?? {};
    const l = local[kind] ?? {};
    const p = previous[kind] ?? {};
    for (const [key, ticket] of Object.entries(s)) {
      const li = l[key];
      if (!li) plan.add.push({ kind, key, ticket });
      else if (li.ticket < 0 || li.ticket < ticket) plan.refetch.push({ kind, key, ticket, local: li.ticket });
    }
    for (const [key, li] of Object.entries(l)) {
      if (key in s) continue;
      if (isPending(li.ticket)) continue;
      if (key in p && li.ticket <= gTicket) plan.remove.push({ kind, key });
    }
  }
  return plan;
}
