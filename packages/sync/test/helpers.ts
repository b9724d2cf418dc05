import { MemoryStore } from '@copperplate/store';
import { FakeClock, LocalHub, SyncEngine, type LocalStore, type SyncEvents } from '@copperplate/sync';
import { FakeServer } from './fake-server.ts';

/** Lets every pending promise chain run (setImmediate comes after all microtasks). */
export async function macroFlush(): Promise<void> {
  for (let i = 0; i < 10; i++) await new Promise<void>((r) => setImmediate(r));
}

export const SCH = 'S0000000000000000000000000000001';
export const doc = (...lines: unknown[][]) => [['DOCTYPE', 'SCH', '1.1'], ['HEAD', { v: 1 }], ...lines].map((l) => JSON.stringify(l)).join('\n');
export const sheet = (key: string, dataStr: string, title = key) => ({ uuid: key, schematic_uuid: SCH, title, display_title: title, sheet_id: 1, dataStr });

export function setup(o: { server?: FakeServer; store?: LocalStore; clock?: FakeClock; hub?: LocalHub; mode?: string; tabId?: string } = {}) {
  const server = o.server ?? new FakeServer();
  const store = o.store ?? new MemoryStore();
  const clock = o.clock ?? new FakeClock(undefined, macroFlush);
  const hub = o.hub ?? new LocalHub();
  const engine = new SyncEngine({ store, transport: server, clock, broadcast: hub.channel(), mode: o.mode, tabId: o.tabId ?? 'tab1' });
  const log: { name: keyof SyncEvents; payload: unknown }[] = [];
  for (const name of ['project-opened', 'project-open-failed', 'project-closed', 'project-synced', 'documents-changed', 'synced', 'check-update', 'upload', 'upload-error', 'processing', 'warning', 'db-warning', 'remote-upload', 'backup-started', 'backup-aborted'] as const) {
    engine.events.on(name, (payload) => log.push({ name, payload }));
  }
  const events = (name: keyof SyncEvents) => log.filter((e) => e.name === name).map((e) => e.payload as any);
  return { server, store, clock, hub, engine, log, events, P: server.uuid };
}
