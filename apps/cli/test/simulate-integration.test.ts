/**
 * The sync engine against the real server on loopback (no fakes): two browsers with their own
 * IndexedDB (fake-indexeddb), a stale write merged by record id, a real conflict kept with Warning
 * data, DIFF_TICKET on reopen, a no-op sync.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { DexieStore } from '@copperplate/store';
import { FakeClock, LocalHub, SyncEngine, type ProjectSession, type WarningData } from '@copperplate/sync';
import { createSimWorld, type SimWorld } from '../src/sim/harness.ts';

const text = (...recs: unknown[][]) => [['DOCTYPE', 'SCH', '1.1'], ['HEAD', {}], ...recs].map((r) => JSON.stringify(r)).join('\n');
const flush = async () => { for (let i = 0; i < 10; i++) await new Promise<void>((r) => setImmediate(r)); };

describe('sync engine against the real server', () => {
  let world: SimWorld;
  beforeAll(async () => { world = await createSimWorld(2); }, 120_000);
  afterAll(async () => { await world?.close(); });

  const browser = async (i: number, clock: FakeClock, idb = new IDBFactory()) => {
    const store = await new DexieStore({ name: 'cp', indexedDB: idb, IDBKeyRange }).open();
    const engine = new SyncEngine({ store, transport: world.http[i], clock, broadcast: new LocalHub().channel(), tabId: `it-${i}-${Math.random()}` });
    const warnings: WarningData[] = [];
    engine.events.on('warning', (w) => warnings.push(w));
    return { store, engine, warnings, idb };
  };
  /**
   * Until every given session has nothing running or scheduled and nothing left to upload (held
   * conflicts aside): fake time advances for the engine's waits, real time passes for the server's
   * answers. A state, not a count of ticks (a fixed count ended before the uploads under load).
   */
  const settle = async (clock: FakeClock, ...sessions: ProjectSession[]) => {
    const busy = async (s: ProjectSession) => s.busy || (await s.s.store.listPending(s.uuid)).some((i) => !i.held);
    for (;;) {
      let any = false;
      for (const s of sessions) if (await busy(s)) any = true;
      if (!any) return;
      await clock.advance(500);
      await new Promise((r) => setTimeout(r, 5));
    }
  };

  it('[UP-2][SYNC-3][OPEN-3][OPEN-4] concurrent edits of different records merge; the same record gives Warning data; nothing is lost', async () => {
    const clock = new FakeClock(1_700_000_000_000, flush);
    const p = await world.http[0].createProject(`integration ${Date.now()}`);
    expect(p.success).toBe(true);
    const P = p.success ? p.result.uuid : '';
    const a = await browser(0, clock);
    const b = await browser(1, clock);
    const sa = await a.engine.openProject(P);
    await sa.edit('sheets', 'S1', { schematic_uuid: 'sch', title: 'S1', display_title: 'S1', sheet_id: 1, dataStr: text(['TEXT', 'x', 'v0'], ['TEXT', 'y', 'v0']) });
    await settle(clock, sa);
    const sb = await b.engine.openProject(P);
    expect((await sb.get('sheets', 'S1'))?.dataStr).toContain('"x","v0"');

    // Different records: both survive.
    await sa.edit('sheets', 'S1', { ...(await sa.get('sheets', 'S1'))!, dataStr: text(['TEXT', 'x', 'A'], ['TEXT', 'y', 'v0']) });
    await sb.edit('sheets', 'S1', { ...(await sb.get('sheets', 'S1'))!, dataStr: text(['TEXT', 'x', 'v0'], ['TEXT', 'y', 'B']) });
    await settle(clock, sa, sb);
    await sa.sync(true); await sb.sync(true);
    for (const s of [sa, sb]) expect((await s.get('sheets', 'S1'))?.dataStr).toBe(text(['TEXT', 'x', 'A'], ['TEXT', 'y', 'B']));

    // The same record: the later writer keeps both versions and gets the Warning data.
    await sa.edit('sheets', 'S1', { ...(await sa.get('sheets', 'S1'))!, dataStr: text(['TEXT', 'x', 'A2'], ['TEXT', 'y', 'B']) });
    await settle(clock, sa);
    await sb.edit('sheets', 'S1', { ...(await sb.get('sheets', 'S1'))!, dataStr: text(['TEXT', 'x', 'B2'], ['TEXT', 'y', 'B']) });
    await settle(clock, sa, sb);
    const warned = [...a.warnings, ...b.warnings].filter((w) => w.reason === 'conflict');
    expect(warned).toHaveLength(1);
    const loser = a.warnings.length ? sa : sb;
    const held = await loser.held();
    expect(held).toHaveLength(1);
    expect(JSON.stringify([held[0].data, held[0].held!.theirs])).toMatch(/A2[\s\S]*B2|B2[\s\S]*A2/);
    await loser.resolve('upload-local');
    await settle(clock, sa, sb);
    await sa.sync(true); await sb.sync(true);
    expect((await sa.get('sheets', 'S1'))?.dataStr).toBe((await sb.get('sheets', 'S1'))?.dataStr);
    expect(await a.store.listPending(P)).toEqual([]);
    expect(await b.store.listPending(P)).toEqual([]);

    // A no-op sync is one request.
    const before = world.http[0].requests;
    sa.syncer.lastRun = -Infinity;
    expect(await sa.sync(true)).toMatchObject({ ran: true, changed: 0, requests: 1 });
    expect(world.http[0].requests - before).toBe(1);

    // [OPEN-7] b closes; a changes S1; b reopens: DIFF_TICKET reloads from the cloud.
    await b.engine.closeProject(P);
    await sa.edit('sheets', 'S1', { ...(await sa.get('sheets', 'S1'))!, dataStr: text(['TEXT', 'x', 'late'], ['TEXT', 'y', 'B']) });
    await settle(clock, sa);
    const b2 = await b.engine.openProject(P);
    expect((await b2.get('sheets', 'S1'))?.dataStr).toContain('"late"');
    a.engine.dispose(); b.engine.dispose();
  }, 120_000);
});
