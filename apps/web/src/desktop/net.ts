/**
 * The desktop build's network state: the cloud is reachable when the local host's network check
 * (GET /api/getOnlineVersion on the cloud) answers. The page asks the host every `pollMs`; a change
 * sets the engine's mode: OFFLINE while the cloud is away (edits are kept in the local files and
 * queued, UP-7), the build's own network mode (ONLINE or HALF_OFFLINE) when it is back (the queued
 * uploads run).
 */
import type { DesktopClient } from './client.ts';

export interface Timers { setTimeout(fn: () => void, ms: number): unknown; clearTimeout(id: unknown): void }

export class HostNet {
  private up = false;
  private listeners = new Set<() => void>();
  private timer: unknown;
  private stopped = false;
  constructor(private readonly client: DesktopClient, private readonly timers: Timers, private readonly pollMs = 2000) {}

  online(): boolean { return this.up; }
  onChange(fn: () => void): () => void {
    this.listeners.add(fn);
    return () => this.listeners.delete(fn);
  }
  /** Asks the host once; returns whether the cloud is reachable. */
  async check(): Promise<boolean> {
    let next = false;
    try {
      next = (await this.client.status()).cloud === 'online';
    } catch {
      next = false; // the host itself is gone: nothing reaches the cloud
    }
    if (next !== this.up) {
      this.up = next;
      for (const fn of this.listeners) fn();
    }
    return next;
  }
  async start(): Promise<void> {
    await this.check();
    const tick = () => {
      if (this.stopped) return;
      this.timer = this.timers.setTimeout(() => void this.check().finally(tick), this.pollMs);
    };
    tick();
  }
  stop(): void {
    this.stopped = true;
    this.timers.clearTimeout(this.timer);
  }
  /** The engine's mode for the build's network mode and the cloud's state. */
  modeFor(base: string): string {
    return this.up && base !== 'OFFLINE' ? base : 'OFFLINE';
  }
}
