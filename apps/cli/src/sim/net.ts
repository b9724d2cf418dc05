/**
 * A network that drops, duplicates, delays and fails requests between one simulated client and the
 * real server, plus "offline" (every call fails) and "kill" (the next bulk write reaches the server
 * but its answer never comes back: the tab died mid-upload).
 */
import { NAMED_ERRORS } from '@copperplate/model';
import type { Answer, BulkItem, BulkResult, Clock, HttpTransport, ItemData, Kind, ProjectDetail, TicketAnswer, Transport } from '@copperplate/sync';
import type { Activity } from './activity.ts';
import type { Rng } from './rng.ts';

export interface Faults { drop: number; dropAnswer: number; duplicate: number; delay: number; fail: number; maxDelayMs: number; }
export const DEFAULT_FAULTS: Faults = { drop: 0.05, dropAnswer: 0.05, duplicate: 0.05, delay: 0.1, fail: 0.03, maxDelayMs: 3000 };
export const NO_FAULTS: Faults = { drop: 0, dropAnswer: 0, duplicate: 0, delay: 0, fail: 0, maxDelayMs: 0 };

export interface NetStats { calls: number; dropped: number; answersLost: number; duplicated: number; delayed: number; failed: number; }

export class FaultyNet implements Transport {
  offline = false;
  /** Wall time spent in real HTTP calls (ms). */
  httpMs = 0;
  faults: Faults = DEFAULT_FAULTS;
  /** When set, the next bulk write is delivered and then the client dies (its answer never arrives). */
  killNext: (() => void) | null = null;
  stats: NetStats = { calls: 0, dropped: 0, answersLost: 0, duplicated: 0, delayed: 0, failed: 0 };

  constructor(private inner: HttpTransport, private rng: Rng, private clock: Clock, private activity: Activity) {}

  private async go<T>(call: () => Promise<Answer<T>>, isBulk = false): Promise<Answer<T>> {
    const net: Answer<T> = { success: false, message: NAMED_ERRORS.NETWORK_ERROR_ANSWER };
    this.stats.calls++;
    if (this.offline) return net;
    const f = this.faults;
    if (this.rng.chance(f.delay)) { this.stats.delayed++; await this.clock.sleep(1 + this.rng.int(f.maxDelayMs)); }
    if (this.offline) return net;
    if (this.rng.chance(f.drop)) { this.stats.dropped++; return net; }
    if (this.rng.chance(f.fail)) { this.stats.failed++; return net; }
    const real = async () => {
      this.activity.start();
      const t = Date.now();
      try { return await call(); } finally { this.activity.end(); this.httpMs += Date.now() - t; }
    };
    if (isBulk && this.killNext) {
      const die = this.killNext;
      this.killNext = null;
      await real();
      die();
      return new Promise<Answer<T>>(() => {}); // never answers: the tab is gone
    }
    const dup = this.rng.chance(f.duplicate);
    const ans = await real();
    if (dup) { this.stats.duplicated++; await real(); }
    if (this.rng.chance(f.dropAnswer)) { this.stats.answersLost++; return net; }
    return ans;
  }

  getDetail(p: string): Promise<Answer<ProjectDetail>> { return this.go(() => this.inner.getDetail(p)); }
  getTickets(p: string, g: number): Promise<Answer<TicketAnswer>> { return this.go(() => this.inner.getTickets(p, g)); }
  read(p: string, k: Kind, ids: string[]): Promise<Answer<ItemData[]>> { return this.go(() => this.inner.read(p, k, ids)); }
  bulk(p: string, k: Kind, d: BulkItem[], r: string): Promise<Answer<BulkResult[]>> { return this.go(() => this.inner.bulk(p, k, d, r), true); }
}
