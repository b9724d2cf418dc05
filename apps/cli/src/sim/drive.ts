/** Moving the simulation's fake clock until awaited work is done (shared by both simulation runs). */
import type { FakeClock } from '@copperplate/sync';

/**
 * Awaits work that may wait on the clock (delayed requests, retries): time moves in 250 ms steps
 * until it is done (at most 10,000 steps, then the promise is returned as it stands).
 */
export function clockDriver(clock: FakeClock): <T>(p: Promise<T>) => Promise<T> {
  return async <T>(p: Promise<T>): Promise<T> => {
    let done = false;
    const q = p.finally(() => { done = true; });
    q.catch(() => {});
    await clock.advance(0);
    for (let i = 0; !done && i < 10_000; i++) await clock.advance(250);
    return q;
  };
}
