/**
 * Injected time (DESIGN §5). The engine never touches real timers: it asks a Clock.
 * FakeClock is a manual clock for tests and simulations: time moves only when `advance` is called.
 */
export interface Clock {
  /** Milliseconds (any epoch; only differences matter). */
  now(): number;
  setTimeout(fn: () => void, ms: number): number;
  clearTimeout(id: number): void;
  sleep(ms: number): Promise<void>;
}

interface Timer { id: number; at: number; fn: () => void; }

export class FakeClock implements Clock {
  private t: number;
  private seq = 0;
  private timers: Timer[] = [];
  /** `flush` lets pending work run between timers; tests in Node pass a macrotask-based one. */
  constructor(start = 1_700_000_000_000, private defaultFlush: () => Promise<void> = microFlush) { this.t = start; }
  now(): number { return this.t; }
  setTimeout(fn: () => void, ms: number): number {
    const id = ++this.seq;
    this.timers.push({ id, at: this.t + Math.max(0, ms), fn });
    return id;
  }
  clearTimeout(id: number): void { this.timers = this.timers.filter((x) => x.id !== id); }
  sleep(ms: number): Promise<void> { return new Promise((r) => this.setTimeout(r, ms)); }
  /** Number of timers waiting. */
  get pending(): number { return this.timers.length; }
  /**
   * Moves time forward by `ms`, firing due timers in time order. Between timers it lets promise
   * callbacks run (`flush`), so work started by a timer can schedule the next one.
   */
  async advance(ms: number, flush: () => Promise<void> = this.defaultFlush): Promise<void> {
    const end = this.t + ms;
    await flush();
    for (;;) {
      this.timers.sort((a, b) => a.at - b.at || a.id - b.id);
      const next = this.timers[0];
      if (!next || next.at > end) break;
      this.timers.shift();
      this.t = Math.max(this.t, next.at);
      next.fn();
      await flush();
    }
    this.t = end;
    await flush();
  }
}

/** Lets pending promise callbacks run (a few rounds of the microtask queue). */
export async function microFlush(): Promise<void> {
  for (let i = 0; i < 50; i++) await Promise.resolve();
}
