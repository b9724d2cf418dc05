/**
 * Attempt limits and per-user quotas (issue 11). Login attempts are counted when they start, before
 * the password check, so parallel guesses get no extra tries; a success gives its attempt back.
 */
export const LOGIN_LIMITS = { WINDOW_MS: 15 * 60_000, PER_ACCOUNT: 10, PER_ADDRESS: 50 } as const;

/** Limits a server may be started with (tests and benches lower or raise them). */
export interface Limits {
  /** Sign-ups per client address per hour. */
  signupsPerAddressPerHour: number;
  /** Projects a user may own. */
  projectsPerUser: number;
  /** Imports a user may start per hour. */
  importsPerUserPerHour: number;
  /** Imports or exports of one user running at once (the rest are refused until one ends). */
  filesJobsPerUser: number;
  /** Client-cache keys a user may keep. */
  cacheKeysPerUser: number;
}
export const DEFAULT_LIMITS: Limits = { signupsPerAddressPerHour: 30, projectsPerUser: 1000, importsPerUserPerHour: 60, filesJobsPerUser: 2, cacheKeysPerUser: 1000 };

/** Timestamps per key within a sliding window. */
export class Window {
  private hits = new Map<string, number[]>();
  constructor(readonly ms: number) {}
  count(k: string, now = Date.now()): number {
    const a = (this.hits.get(k) ?? []).filter((t) => now - t < this.ms);
    if (a.length) this.hits.set(k, a);
    else this.hits.delete(k);
    return a.length;
  }
  /** Counts a hit if fewer than `max` are in the window (check and count in one step). */
  take(k: string, max: number, now = Date.now()): boolean {
    if (this.count(k, now) >= max) return false;
    this.hits.set(k, [...(this.hits.get(k) ?? []), now]);
    if (this.hits.size > 100_000) this.hits.clear();
    return true;
  }
  /** Gives back the newest hit of `k`. */
  giveBack(k: string): void {
    const a = this.hits.get(k);
    if (a?.length) a.pop();
  }
  clear(k: string): void { this.hits.delete(k); }
}

export class LoginLimiter {
  private w = new Window(LOGIN_LIMITS.WINDOW_MS);

  /**
   * Starts an attempt: false when the account or the address has no tries left; otherwise the
   * attempt counts (synchronously, before any await) until `succeeded` gives it back.
   */
  attempt(account: string, address: string, now = Date.now()): boolean {
    const u = 'u:' + account.toLowerCase(), a = 'a:' + address;
    if (this.w.count(u, now) >= LOGIN_LIMITS.PER_ACCOUNT || this.w.count(a, now) >= LOGIN_LIMITS.PER_ADDRESS) return false;
    this.w.take(u, Infinity, now);
    this.w.take(a, Infinity, now);
    return true;
  }

  /** True when another attempt for this account from this address is allowed now. */
  allowed(account: string, address: string, now = Date.now()): boolean {
    return this.w.count('u:' + account.toLowerCase(), now) < LOGIN_LIMITS.PER_ACCOUNT && this.w.count('a:' + address, now) < LOGIN_LIMITS.PER_ADDRESS;
  }

  /** Records a failed attempt that was not started with `attempt`. */
  failed(account: string, address: string, now = Date.now()): void {
    this.w.take('u:' + account.toLowerCase(), Infinity, now);
    this.w.take('a:' + address, Infinity, now);
  }

  succeeded(account: string, address?: string): void {
    this.w.clear('u:' + account.toLowerCase());
    if (address) this.w.giveBack('a:' + address);
  }
}
