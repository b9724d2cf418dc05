/**
 * In-memory caches that keep the hot paths (session check, access check, ticket snapshot) off the
 * database. Each is invalidated by the bus (other processes) and synchronously by local writes;
 * a short maximum age bounds staleness if a notification is ever lost.
 */
import type { TicketRow } from './repo/index.ts';

export class TtlCache<V> {
  private m = new Map<string, { v: V; at: number }>();
  constructor(private maxAgeMs: number, private maxEntries = 10_000) {}
  get(k: string): V | undefined {
    const e = this.m.get(k);
    if (!e) return undefined;
    if (Date.now() - e.at > this.maxAgeMs) {
      this.m.delete(k);
      return undefined;
    }
    return e.v;
  }
  set(k: string, v: V): void {
    if (this.m.size >= this.maxEntries) this.m.delete(this.m.keys().next().value as string);
    this.m.set(k, { v, at: Date.now() });
  }
  delete(k: string): void {
    this.m.delete(k);
  }
  deleteWhere(pred: (k: string) => boolean): void {
    for (const k of [...this.m.keys()]) if (pred(k)) this.m.delete(k);
  }
  clear(): void {
    this.m.clear();
  }
}

/** A project's ticket rows at one g_ticket, plus the serialized full answer. */
export interface SnapshotEntry {
  g_ticket: number;
  rows: TicketRow[];
  fullBody?: string;
}
