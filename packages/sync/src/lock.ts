/**
 * A project lock across tabs (SPEC §7 acquireLock / releaseLock) on the local "project lock" store.
 * Tabs of one browser share the local database, whose transactions are atomic, so a lock is a
 * compare-and-set on one record. A lock is a lease: a tab that dies stops renewing it, and after
 * `LOCK_LEASE_MS` another tab may take it. Each acquisition gets a new fencing ticket; release only
 * succeeds with the ticket of the holder.
 */
import type { Clock } from './clock.ts';
import type { LocalStore, LockRecord } from './types.ts';

export const LOCK_LEASE_MS = 30_000;

export interface LockGrant { lockUuid: string; ticket: number; }

export class ProjectLocks {
  constructor(private store: LocalStore, private clock: Clock, readonly owner: string, private leaseMs = LOCK_LEASE_MS) {}

  /** Takes (or renews, for its holder) the lock; undefined when another live holder has it. */
  async acquireLock(lockUuid: string, type: string): Promise<LockGrant | undefined> {
    const now = this.clock.now();
    const r = await this.store.updateLock(lockUuid, (cur) => {
      if (cur && cur.owner !== this.owner && cur.expiresAt > now) return undefined;
      const ticket = cur && cur.owner === this.owner && cur.expiresAt > now ? cur.ticket : (cur?.ticket ?? 0) + 1;
      const next: LockRecord = { lockUuid, owner: this.owner, type, ticket, expiresAt: now + this.leaseMs };
      return next;
    });
    return r ? { lockUuid, ticket: r.ticket } : undefined;
  }

  /** Releases the lock if `ticket` is the current holder's; returns whether it did. */
  async releaseLock(lockUuid: string, ticket: number): Promise<boolean> {
    let released = false;
    await this.store.updateLock(lockUuid, (cur) => {
      if (!cur || cur.ticket !== ticket || cur.owner !== this.owner) return undefined;
      released = true;
      return { ...cur, expiresAt: 0 };
    });
    return released;
  }

  /** True while `grant` is still the live holder (checked before each upload batch). */
  async holds(grant: LockGrant): Promise<boolean> {
    const cur = await this.store.getLock(grant.lockUuid);
    return !!cur && cur.owner === this.owner && cur.ticket === grant.ticket && cur.expiresAt > this.clock.now();
  }
}
