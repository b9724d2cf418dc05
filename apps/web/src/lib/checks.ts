/**
 * The page's periodic checks (CONST-1): the unread notification count every NOTIFICATION_CHECK_MS
 * (120 s) and the update check every UPDATE_CHECK_MS (1 h: the server's version against the one this
 * page was built with; a newer one asks the user to reload). Time comes from a Clock so that tests
 * drive it; a failed check waits for the next turn.
 */
import { TIMERS } from '@copperplate/model';
import type { Clock } from '@copperplate/sync';

/** The version this page was built with (the server's /api/getOnlineVersion answers its own). */
export const APP_VERSION = '0.1.0';

type Timers = Pick<Clock, 'setTimeout' | 'clearTimeout'>;

/** Runs `check` now and then every `intervalMs`; returns stop. */
export function every(clock: Timers, intervalMs: number, check: () => Promise<void>): () => void {
  let stopped = false;
  let timer: number | undefined;
  const turn = () => {
    if (stopped) return;
    void check().catch(() => undefined).finally(() => {
      if (!stopped) timer = clock.setTimeout(turn, intervalMs);
    });
  };
  turn();
  return () => {
    stopped = true;
    if (timer !== undefined) clock.clearTimeout(timer);
  };
}

/** The notification check: `onCount` gets the unread count when it changes. */
export function startNotificationCheck(clock: Timers, unread: () => Promise<number>, onCount: (n: number) => void): () => void {
  let last = -1;
  return every(clock, TIMERS.NOTIFICATION_CHECK_MS, async () => {
    const n = await unread();
    if (n !== last) onCount((last = n));
  });
}

/** The update check: `onNewVersion` once, when the server's version differs from this page's. */
export function startUpdateCheck(clock: Timers, serverVersion: () => Promise<string>, onNewVersion: (v: string) => void, own = APP_VERSION): () => void {
  let told = false;
  return every(clock, TIMERS.UPDATE_CHECK_MS, async () => {
    const v = await serverVersion();
    if (v !== own && !told) {
      told = true;
      onNewVersion(v);
    }
  });
}
