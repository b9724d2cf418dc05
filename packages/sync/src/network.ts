/**
 * The network check (SPEC §7: getOnlineVersion is the network check): the browser's own online flag
 * only says a network interface is up; the engine goes back to its online mode only once the server
 * answers /api/getOnlineVersion. While it does not, the mode stays OFFLINE (edits are kept locally)
 * and the check is tried again every RETRY_MS on the injected clock.
 */
import type { Clock } from './clock.ts';

export interface NetworkMonitorOptions {
  clock: Clock;
  /** The network check: true when the server answered getOnlineVersion. */
  check: () => Promise<boolean>;
  /** The platform's flag (navigator.onLine); false skips the check. */
  platformOnline: () => boolean;
  /** Called with the outcome of each change: true online, false offline. */
  apply: (online: boolean) => void;
  retryMs?: number;
}

export class NetworkMonitor {
  static readonly RETRY_MS = 5_000;
  private timer: number | null = null;
  private seq = 0;
  online: boolean | null = null;
  constructor(private o: NetworkMonitorOptions) {}

  /** Re-checks now (the platform's online/offline events, start-up). */
  async update(): Promise<boolean> {
    const n = ++this.seq;
    if (this.timer !== null) this.o.clock.clearTimeout(this.timer);
    this.timer = null;
    const ok = this.o.platformOnline() && (await this.o.check().catch(() => false));
    if (n !== this.seq) return ok; // a newer update decides
    if (ok !== this.online) {
      this.online = ok;
      this.o.apply(ok);
    }
    if (!ok && this.o.platformOnline()) this.timer = this.o.clock.setTimeout(() => void this.update(), this.o.retryMs ?? NetworkMonitor.RETRY_MS);
    return ok;
  }

  stop(): void {
    this.seq++;
    if (this.timer !== null) this.o.clock.clearTimeout(this.timer);
    this.timer = null;
  }
}
