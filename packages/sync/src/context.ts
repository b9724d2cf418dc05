/** What an open project's parts share: injected services plus per-project state. */
import type { Clock } from './clock.ts';
import type { Emitter } from './events.ts';
import type { Broadcast } from './broadcast.ts';
import type { ProjectLocks } from './lock.ts';
import type { NetworkMode } from './mode.ts';
import type { Build, Kind } from './kinds.ts';
import type { LocalStore, Transport } from './types.ts';
import type { EditJournal } from './journal.ts';

export type Family = 'doc' | 'sheet' | 'symbol' | 'pcb' | 'footprint';

export interface WarningItem {
  kind: Kind;
  key: string;
  /** Name, schematic-qualified for sheets ("Schematic1/Sheet1"). */
  name: string;
  /** Update content: what changed, e.g. the conflicting records. */
  content: string;
  beforeUploading: number;
  updated: number;
  modifier: string;
}
/** Data for the Warning dialog of SPEC §2 (UI-1). */
export interface WarningData {
  project: string;
  reason: 'diff-ticket' | 'conflict';
  items: WarningItem[];
}

export interface ToastData { project: string; kind?: Kind; key?: string; code?: number; message: string; }

export interface SyncEvents extends Record<string, unknown> {
  'project-opening': { project: string };
  'project-opened': { project: string; from: 'local' | 'cloud'; readonly: boolean; temporary: boolean };
  'project-open-failed': { project: string; message: string };
  'project-closed': { project: string };
  'progress': { project: string; message: string; done: number; total: number };
  'project-synced': { project: string; gTicket: number; changed: number };
  'documents-changed': { project: string; items: { kind: Kind; key: string }[] };
  'synced': { project: string; family: Family; keys: string[] };
  'check-update': { project: string; family: Family; keys: string[] };
  /** `channel`: the kind's upload message channel (UP-10). */
  'upload': { project: string; kind: Kind; key: string; ticket: number; updateTime?: number; channel: string };
  'upload-error': ToastData;
  'processing': { project: string; on: boolean };
  'warning': WarningData;
  'db-warning': { message: string };
  'remote-upload': { project: string; kind: string; key: string; ticket: number; updateTime?: number; channel: string };
  'backup-started': { project: string };
  'backup-aborted': { project: string };
}

export interface Services {
  store: LocalStore;
  transport: Transport;
  clock: Clock;
  events: Emitter<SyncEvents>;
  broadcast: Broadcast;
  locks: ProjectLocks;
  tabId: string;
  mode: () => NetworkMode;
  /**
   * A new X-Request-Id: unique for ever (a random prefix per engine, then a counter shared by every
   * project this engine opens), so that no write is ever answered from another write's stored answer.
   */
  nextRequestId: () => string;
  /** Web app or desktop client (mode flag CLIENT): the per-type count limits of UP-9. */
  build: Build;
  /** Synchronous record of edits on their way into the store (journal.ts); none: edits are as safe as the store write. */
  journal?: EditJournal;
}

/** 128 random bits as base-36 text (Web Crypto when present: browsers and Node 20+). */
export function randomPrefix(): string {
  const c = (globalThis as { crypto?: { getRandomValues?(a: Uint32Array): Uint32Array } }).crypto;
  const a = new Uint32Array(4);
  if (c?.getRandomValues) c.getRandomValues(a);
  else for (let i = 0; i < a.length; i++) a[i] = Math.floor(Math.random() * 2 ** 32);
  return Array.from(a, (x) => x.toString(36).padStart(7, '0')).join('');
}
