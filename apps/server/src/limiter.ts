/** Login attempt limits: failures per account and per address within a sliding window. */
export const LOGIN_LIMITS = { WINDOW_MS: 15 * 60_000, PER_ACCOUNT: 10, PER_ADDRESS: 50 } as const;

export class LoginLimiter {
  private fails = new Map<string, number[]>();

  private recent(k: string, now: number): number[] {
    const a = (this.fails.get(k) ?? []).filter((t) => now - t < LOGIN_LIMITS.WINDOW_MS);
    if (a.length) this.fails.set(k, a);
    else this.fails.delete(k);
    return a;
  }

  /** True when another attempt for this account from this address is allowed now. */
  allowed(account: string, address: string, now = Date.now()): boolean {
    return this.recent('u:' + account.toLowerCase(), now).length < LOGIN_LIMITS.PER_ACCOUNT && this.recent('a:' + address, now).length < LOGIN_LIMITS.PER_ADDRESS;
  }

  failed(account: string, address: string, now = Date.now()): void {
    for (const k of ['u:' + account.toLowerCase(), 'a:' + address]) {
      const a = this.recent(k, now);
      a.push(now);
      this.fails.set(k, a);
    }
    if (this.fails.size > 100_000) this.fails.clear();
  }

  succeeded(account: string): void {
    this.fails.delete('u:' + account.toLowerCase());
  }
}
