/**
 * Writes whose answer never came (network lost it, or the tab died mid-upload). Before an item is
 * sent, it records what was sent under which X-Request-Id (`LocalItem.sent`). While that record is
 * there the outcome is unknown; it is settled by asking the server again with the same request id:
 * the server answers the stored answer of the original request (docs/API.md idempotency), or, if
 * the request never arrived, applies this one. Either way the client learns the truth, so the
 * three-way merge always has the right base.
 */
import { CODES } from '@copperplate/model';
import { KIND_INFO, uploadChannel } from './kinds.ts';
import type { Services } from './context.ts';
import type { BulkItem, BulkResult, ItemData, LocalItem } from './types.ts';

export function bulkBody(it: { kind: LocalItem['kind']; key: string; data: ItemData | null; baseTicket: number }): BulkItem {
  const keyField = KIND_INFO[it.kind].key;
  const b: BulkItem = { ...(it.data ?? {}), [keyField]: it.key, base_ticket: it.baseTicket };
  delete (b as ItemData).ticket;
  if (it.data === null) b.deleted = true;
  return b;
}

/**
 * A write of `sentData` (sent while the local ticket was `sentTicket`) was applied with `ticket`:
 * update the local record, never overwriting a newer local edit (UP-5).
 */
export async function applySuccess(s: Services, project: string, kind: LocalItem['kind'], key: string, sentTicket: number, sentData: ItemData | null, ticket: number, updateTime?: number): Promise<void> {
  await s.store.updateItem(project, kind, key, (cur) => {
    if (!cur) return undefined;
    const { status: _s, sent: _x, ...rest } = cur;
    if (cur.ticket === sentTicket) {
      if (sentData === null) return null; // a deletion leaves nothing
      const { held: _h, ...clean } = rest;
      return { ...clean, ticket, data: sentData, baseTicket: ticket, base: null };
    }
    // A newer local edit happened meanwhile: keep it pending, now based on what the server holds.
    return { ...rest, baseTicket: ticket, base: sentData };
  });
  // UP-10: each kind's upload message goes out on its channel (sheet, symbol, blockSymbolAttribute, ...).
  const channel = uploadChannel(kind);
  s.broadcast.post({ type: 'uploaded', project, kind, key, ticket, updateTime, channel, from: s.tabId });
  s.events.emit('upload', { project, kind, key, ticket, updateTime, channel });
}

/**
 * Whether a success answer is about `key`: the server names the key it wrote. An answer naming
 * another key is not this write's (a stored answer of some other request): never taken as saved.
 */
export function answersItem(a: BulkResult, key: string): boolean {
  const k = a.result?.key;
  return k === undefined || k === null || String(k) === key;
}

export type SettleOutcome = 'none' | 'applied' | 'refused' | 'unknown';

/**
 * Settles unanswered writes (see above). Items sent under one request id are asked again together,
 * in their original order; the answer is the stored one (original positions) or a fresh one (body order).
 * Returns 'unknown' when the server could not be asked.
 */
export async function settleSent(s: Services, project: string, ...items: LocalItem[]): Promise<SettleOutcome> {
  const groups = new Map<string, LocalItem[]>();
  for (const it of items) if (it.sent) groups.set(it.sent.requestId, [...(groups.get(it.sent.requestId) ?? []), it]);
  if (!groups.size) return 'none';
  let outcome: SettleOutcome = 'refused';
  for (const [requestId, group] of groups) {
    group.sort((a, b) => a.sent!.index - b.sent!.index);
    const kind = group[0].kind;
    const body = group.map((it) => bulkBody({ kind, key: it.key, data: it.sent!.data, baseTicket: it.sent!.baseTicket }));
    const ans = await s.transport.bulk(project, kind, body, requestId);
    if (!ans.success) return 'unknown';
    const stored = !(ans.result.length === group.length && group.every((it, i) => it.sent!.index === i));
    for (let i = 0; i < group.length; i++) {
      const it = group[i];
      const sent = it.sent!;
      const a = ans.result[stored ? sent.index : i];
      if (a?.success && typeof a.result?.ticket === 'number' && answersItem(a, it.key)) {
        await applySuccess(s, project, kind, it.key, sent.ticket, sent.data, a.result.ticket, a.result.updateTime);
        outcome = 'applied';
        continue;
      }
      await s.store.updateItem(project, kind, it.key, (cur) => {
        if (!cur?.sent || cur.sent.requestId !== requestId) return undefined;
        const { sent: _x, ...rest } = cur;
        // A deletion of what the server no longer has is done.
        if (a?.code === CODES.DOCUMENT_NOT_EXISTS && sent.data === null && cur.ticket === sent.ticket) return null;
        return rest;
      });
    }
  }
  return outcome;
}
