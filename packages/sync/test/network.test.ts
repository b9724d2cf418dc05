/** The network check (SPEC §7): getOnlineVersion, not the platform's flag, decides the online mode. */
import { describe, expect, it } from 'vitest';
import { FakeClock, NetworkMonitor } from '@copperplate/sync';
import { macroFlush } from './helpers.ts';

describe('network check', () => {
  it('[issue-17] the platform says online: the mode follows only once getOnlineVersion answers, retried every 5 s; offline at once', async () => {
    const clock = new FakeClock(undefined, macroFlush);
    let platform = false;
    let server = false;
    let checks = 0;
    const modes: boolean[] = [];
    const net = new NetworkMonitor({ clock, platformOnline: () => platform, check: async () => (checks++, server), apply: (on) => modes.push(on) });
    await net.update();
    expect([modes, checks]).toEqual([[false], 0]); // platform offline: no call
    platform = true;
    await net.update();
    expect([modes, checks]).toEqual([[false], 1]); // the interface is up but the server does not answer
    await clock.advance(NetworkMonitor.RETRY_MS);
    expect(checks).toBe(2);
    server = true;
    await clock.advance(NetworkMonitor.RETRY_MS);
    expect([modes, checks]).toEqual([[false, true], 3]);
    await clock.advance(NetworkMonitor.RETRY_MS * 3);
    expect(checks).toBe(3); // no polling while online
    platform = false;
    await net.update();
    expect(modes).toEqual([false, true, false]);
    net.stop();
  });
});
