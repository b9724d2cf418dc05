/**
 * Knows when the simulated world is quiet: counts real I/O in flight (HTTP calls, IndexedDB calls)
 * so the shared fake clock only moves when every client has done what it can at the current time.
 */
import type { LocalStore } from '@copperplate/sync';

export class Activity {
  inflight = 0;
  generation = 0;
  start(): void { this.inflight++; this.generation++; }
  end(): void { this.inflight--; this.generation++; }

  /** Resolves when nothing ran for two macrotask rounds and no I/O is in flight. */
  async quiet(maxMs = 30_000): Promise<void> {
    const t0 = Date.now();
    let calm = 0;
    while (calm < 2) {
      const g = this.generation;
      if (this.inflight > 0) await new Promise((r) => setTimeout(r, 1));
      else await new Promise<void>((r) => setImmediate(r));
      calm = this.inflight === 0 && g === this.generation ? calm + 1 : 0;
      if (process.env.SIM_DEBUG && Date.now() - t0 > 3000 && (Date.now() - t0) % 1000 < 2) console.error(`[quiet] inflight=${this.inflight} gen=${this.generation}`);
      if (Date.now() - t0 > maxMs) throw new Error(`simulation stuck: ${this.inflight} operations in flight for ${maxMs} ms`);
    }
  }

  /** Wraps a LocalStore so that its calls count as activity. */
  store(s: LocalStore): LocalStore {
    return new Proxy(s, {
      get: (target, prop, recv) => {
        const v = Reflect.get(target, prop, recv);
        if (typeof v !== 'function') return v;
        return (...args: unknown[]) => {
          this.start();
          let p: Promise<unknown>;
          try { p = Promise.resolve((v as (...a: unknown[]) => unknown).apply(target, args)); } catch (e) { this.end(); throw e; }
          return p.finally(() => this.end());
        };
      },
    });
  }
}
