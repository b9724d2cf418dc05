/**
 * One simulated browser tab: a sync engine over the browser's IndexedDB (fake-indexeddb factory,
 * shared by the tabs of one browser, as are the tab broadcast and the cookies), its own network and
 * the project it has open. Like the web app, a tab opens and closes several projects in turn with
 * one engine (one page), and has a clipboard for pasting pages between projects.
 */
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { DexieStore } from '@copperplate/store';
import { HttpTransport, LocalHub, SyncEngine, type FakeClock, type ItemData, type LocalStore, type ProjectSession, type WarningData } from '@copperplate/sync';
import type { Activity } from './activity.ts';
import { FaultyNet, NO_FAULTS } from './net.ts';
import type { Rng } from './rng.ts';

/** A page copied to the clipboard with the library item it uses ('Copy to clipboard'). */
export interface Clip { from: string; sheet: ItemData; symbol?: { key: string; data: ItemData } }

export class SimClient {
  readonly idb: IDBFactory;
  readonly hub: LocalHub;
  net: FaultyNet;
  engine!: SyncEngine;
  session!: ProjectSession;
  store!: LocalStore;
  /** The project this tab has open. */
  project = '';
  /** Every project this tab has opened (its local copy may hold pending edits). */
  readonly opened = new Set<string>();
  clipboard: Clip | null = null;
  private dexie: DexieStore[] = [];
  incarnation = 0;
  killed = false;
  warnings: WarningData[] = [];

  /** `browser`: another tab of the same browser (same IndexedDB, tab broadcast and account). */
  constructor(readonly id: number, readonly http: HttpTransport, rng: Rng, readonly clock: FakeClock, private activity: Activity, private label: string, readonly browser?: SimClient) {
    this.idb = browser?.idb ?? new IDBFactory();
    this.hub = browser?.hub ?? new LocalHub();
    this.net = new FaultyNet(http, rng, clock, activity);
  }

  private dbg(m: string): void {
    if (process.env.SIM_DEBUG) console.error(`[client ${this.id}] ${m}`);
  }

  /** Starts the tab (page load): opens the local database, a new engine and `project`. */
  async open(project: string, retry: () => Promise<void>): Promise<void> {
    this.incarnation++;
    this.killed = false;
    this.dbg('open: db');
    const d = new DexieStore({ name: 'copperplate', indexedDB: this.idb, IDBKeyRange });
    await d.open();
    this.dexie.push(d);
    this.store = this.activity.store(d);
    this.engine = new SyncEngine({ store: this.store, transport: this.net, clock: this.clock, broadcast: this.hub.channel(), tabId: `${this.label}-c${this.id}-i${this.incarnation}` });
    this.engine.events.on('warning', (w) => { this.warnings.push(w); this.dbg(`warning ${JSON.stringify(w)}`); });
    if (process.env.SIM_DEBUG) this.engine.events.on('upload', (u) => this.dbg(`uploaded ${u.kind}/${u.key} ticket ${u.ticket}`));
    await this.openProject(project, retry);
  }

  private async openProject(project: string, retry: () => Promise<void>): Promise<void> {
    this.dbg(`open project ${project}`);
    for (let i = 0; ; i++) {
      try {
        this.session = await this.engine.openProject(project);
        this.project = project;
        this.opened.add(project);
        return;
      } catch (e) {
        this.dbg(`open failed: ${(e as Error).message}`);
        if (i > 200) throw e;
        await retry();
      }
    }
  }

  /** Closes the open project and opens another in the same engine (the web app's project switch). */
  async switchTo(project: string, retry: () => Promise<void>): Promise<void> {
    if (project === this.project) return;
    this.dbg(`switch ${this.project} -> ${project}`);
    await this.engine.closeProject(this.project);
    await this.openProject(project, retry);
  }

  /** Whether `project` could open now: a local copy, or a network that may answer. */
  canOpen(project: string): boolean {
    return this.opened.has(project) || (!this.net.offline && this.engine.mode !== 'OFFLINE');
  }

  /** The tab dies: timers stop, in-flight work is abandoned (its lock lease runs out later). */
  /** Killed mid-upload: online again, and the tab dies as soon as its next bulk write has reached the server. */
  killDuringNextUpload(): void {
    this.net.offline = false;
    this.engine.setMode('ONLINE');
    this.net.killNext = () => this.kill();
  }

  /** The end of the faults: online, a perfect network, no pending kill. */
  heal(): void {
    this.net.offline = false;
    this.net.faults = NO_FAULTS;
    this.net.killNext = null;
    this.engine.setMode('ONLINE');
  }

  kill(): void {
    this.killed = true;
    this.engine.dispose();
  }

  async close(): Promise<void> {
    this.engine.dispose();
    for (const d of this.dexie) await d.close();
  }
}
