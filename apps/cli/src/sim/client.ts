/** One simulated browser: its own IndexedDB (fake-indexeddb factory), cookie jar, network and tab(s). */
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { DexieStore } from '@copperplate/store';
import { HttpTransport, LocalHub, SyncEngine, type FakeClock, type LocalStore, type ProjectSession, type WarningData } from '@copperplate/sync';
import type { Activity } from './activity.ts';
import { FaultyNet } from './net.ts';
import type { Rng } from './rng.ts';

export class SimClient {
  readonly idb = new IDBFactory();
  readonly hub = new LocalHub();
  net: FaultyNet;
  engine!: SyncEngine;
  session!: ProjectSession;
  store!: LocalStore;
  private dexie: DexieStore[] = [];
  incarnation = 0;
  killed = false;
  warnings: WarningData[] = [];

  constructor(readonly id: number, readonly http: HttpTransport, rng: Rng, readonly clock: FakeClock, private activity: Activity, private label: string) {
    this.net = new FaultyNet(http, rng, clock, activity);
  }

  /** Starts a tab: opens the local database and the project (retrying until the server answers). */
  async open(project: string, retry: () => Promise<void>): Promise<void> {
    this.incarnation++;
    this.killed = false;
    const dbg = process.env.SIM_DEBUG ? (m: string) => console.error(`[client ${this.id}] ${m}`) : () => {};
    dbg('open: db');
    const d = new DexieStore({ name: 'copperplate', indexedDB: this.idb, IDBKeyRange });
    await d.open();
    this.dexie.push(d);
    this.store = this.activity.store(d);
    this.engine = new SyncEngine({ store: this.store, transport: this.net, clock: this.clock, broadcast: this.hub.channel(), tabId: `${this.label}-c${this.id}-i${this.incarnation}` });
    this.engine.events.on('warning', (w) => { this.warnings.push(w); dbg(`warning ${JSON.stringify(w)}`); });
    dbg('open: project');
    for (let i = 0; ; i++) {
      try {
        this.session = await this.engine.openProject(project);
        return;
      } catch (e) {
        dbg(`open failed: ${(e as Error).message}`);
        if (i > 200) throw e;
        await retry();
      }
    }
  }

  /** The tab dies: timers stop, in-flight work is abandoned (its lock lease runs out later). */
  kill(): void {
    this.killed = true;
    this.engine.dispose();
  }

  async close(): Promise<void> {
    this.engine.dispose();
    for (const d of this.dexie) await d.close();
  }
}
