/**
 * Bringing a server version into the local cache without ever losing a pending local edit.
 * Used by sync (a fetched item) and by upload (a stale refusal, code 4090001).
 */
import { mergeItems } from './merge.ts';
import { isPending } from './tickets.ts';
import type { ItemData, LocalItem } from './types.ts';
import type { Kind } from './kinds.ts';

export type ApplyOutcome = 'unchanged' | 'replaced' | 'merged' | 'conflict' | 'accepted' | 'deferred';

/**
 * Decides the new local item given the current one and the server's version `theirs` at
 * `serverTicket` (theirs null = not on the server). Pure: returns the next item (null = delete,
 * undefined = leave) and what happened.
 */
export function applyServerVersion(
  project: string, kind: Kind, key: string, cur: LocalItem | undefined, theirs: ItemData | null, serverTicket: number, modifier: string,
): { next: LocalItem | null | undefined; outcome: ApplyOutcome; conflicts?: string[] } {
  if (!cur) {
    if (!theirs) return { next: undefined, outcome: 'unchanged' };
    return { next: { project, kind, key, ticket: serverTicket, data: theirs, baseTicket: serverTicket, base: null }, outcome: 'replaced' };
  }
  if (!isPending(cur.ticket)) {
    if (cur.ticket >= serverTicket && theirs) return { next: undefined, outcome: 'unchanged' };
    if (!theirs) return { next: null, outcome: 'replaced' };
    return { next: { project, kind, key, ticket: serverTicket, data: theirs, baseTicket: serverTicket, base: null }, outcome: 'replaced' };
  }
  // A pending local edit: never overwritten. A write whose outcome is unknown is settled by the uploader first.
  if (cur.sent) return { next: undefined, outcome: 'deferred' };
  // Nothing to do when the server has not moved from its base.
  if (cur.baseTicket === serverTicket && !cur.held) return { next: undefined, outcome: 'unchanged' };
  if (cur.held && cur.held.serverTicket === serverTicket) return { next: undefined, outcome: 'unchanged' }; // already waiting for the user
  const r = mergeItems(cur.base, cur.data, theirs);
  if (!r.ok) {
    return {
      next: { ...cur, status: 1, held: { reason: 'conflict', theirs, serverTicket, modifier } },
      outcome: 'conflict', conflicts: r.conflicts,
    };
  }
  const sameAsTheirs = JSON.stringify(r.merged) === JSON.stringify(theirs);
  if (sameAsTheirs) {
    // The local edit is already in the cloud (e.g. a write applied whose answer was lost).
    if (!theirs) return { next: null, outcome: 'accepted' };
    return { next: { project, kind, key, ticket: serverTicket, data: theirs, baseTicket: serverTicket, base: null }, outcome: 'accepted' };
  }
  const { held: _h, status: _s, ...rest } = cur;
  return { next: { ...rest, data: r.merged, base: theirs, baseTicket: serverTicket }, outcome: 'merged' };
}
