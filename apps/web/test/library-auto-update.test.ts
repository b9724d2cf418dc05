/** The web app's library auto-update timer (LIB-2): it refreshes only after 60 s without an edit. */
import { describe, expect, it } from 'vitest';
import { AUTO_UPDATE_CHECK_MS, startLibraryAutoUpdate, type AutoUpdateClock } from '../src/library/auto-update.ts';
import type { ProjectSession } from '../src/project/types.ts';
import type { SaveState } from '../src/editors/doc-sync.ts';

class FakeTimer implements AutoUpdateClock {
  t = 1_000_000;
  private fns: { ms: number; fn: () => void; next: number }[] = [];
  now() { return this.t; }
  every(ms: number, fn: () => void) { const e = { ms, fn, next: this.t + ms }; this.fns.push(e); return () => void (this.fns = this.fns.filter((x) => x !== e)); }
  async advance(ms: number) {
    const end = this.t + ms;
    for (;;) {
      const due = this.fns.filter((e) => e.next <= end).sort((a, b) => a.next - b.next)[0];
      if (!due) break;
      this.t = due.next;
      due.next += due.ms;
      due.fn();
      await Promise.resolve();
    }
    this.t = end;
  }
}

/** An editor's document sync as the timer sees it: its save state and change notifications. */
function doc() {
  const listeners = new Set<() => void>();
  const d = {
    state: 'saved' as SaveState,
    session: {} as ProjectSession,
    subscribe: (fn: () => void) => (listeners.add(fn), () => void listeners.delete(fn)),
    edit() { d.state = 'pending'; for (const l of listeners) l(); d.state = 'saved'; for (const l of listeners) l(); },
  };
  return d;
}

describe('library auto-update (web)', () => {
  it('[LIB-2] the refresh runs only once 60 s passed without a schematic or PCB edit; an edit puts it off', async () => {
    const clock = new FakeTimer();
    const d = doc();
    const runs: number[] = [];
    const stop = startLibraryAutoUpdate(d, clock, async () => (runs.push(clock.now()), 0));
    const t0 = clock.now();
    await clock.advance(45_000);
    expect(runs).toEqual([]);
    d.edit(); // at t0 + 45 s
    await clock.advance(45_000); // t0 + 90 s: only 45 s since the edit
    expect(runs).toEqual([]);
    await clock.advance(AUTO_UPDATE_CHECK_MS); // t0 + 105 s: 60 s since the edit
    expect(runs).toEqual([t0 + 105_000]);
    stop();
    await clock.advance(10 * AUTO_UPDATE_CHECK_MS);
    expect(runs).toHaveLength(1);
  });
});
