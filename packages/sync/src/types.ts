/** The two interfaces the sync engine runs behind (DESIGN §5): LocalStore and Transport, plus their data. */
import type { Kind } from './kinds.ts';

export type ItemData = Record<string, unknown>;
/** Ticket maps per kind: key -> ticket. */
export type TicketMaps = Partial<Record<Kind, Record<string, number>>>;

/** One project item in the local cache (the write-ahead log of DESIGN §5). */
export interface LocalItem {
  project: string;
  kind: Kind;
  key: string;
  /** TKT-1..3: > 0 the server ticket of an unchanged item; -1 after the first local edit, minus 1 per further edit. */
  ticket: number;
  /** Content; null = deleted locally and not yet uploaded. */
  data: ItemData | null;
  /** The server ticket the local edit started from (0 = a new item). */
  baseTicket: number;
  /** The content at baseTicket: the base of a three-way merge (null for a new item). */
  base: ItemData | null;
  /** TKT-4: 0 uploading, 1 failed; absent when no upload is under way or failed. */
  status?: 0 | 1;
  /** Clock time (ms) of the last local edit. */
  editedAt?: number;
  /** A write sent whose answer has not arrived (see outbox.ts): request id, position in the batch, what was sent. */
  sent?: { requestId: string; index: number; ticket: number; data: ItemData | null; baseTicket: number };
  /** Held back from upload until the user chooses in the Warning dialog. */
  held?: HeldReason;
  /** The edit-journal entry this local edit was written from (journal.ts: a replay skips it). */
  journalId?: string;
}

export interface HeldReason {
  reason: 'conflict' | 'diff-ticket';
  /** The server's version when the hold was raised (null = deleted on the server). */
  theirs: ItemData | null;
  serverTicket: number;
  modifier: string;
}

export interface ProjectDetail {
  uuid: string;
  title: string;
  g_ticket: number;
  updated_at?: unknown;
  modifier?: { uuid?: string; nickname?: string };
  owner?: { uuid?: string; nickname?: string };
  members?: unknown[];
  boards?: unknown[];
  default_sheet?: string;
  cbb_project?: boolean;
  readonly?: boolean;
  [k: string]: unknown;
}

/** Per-project record of the local "project" store. */
export interface ProjectMeta {
  uuid: string;
  detail: ProjectDetail;
  /** The g_ticket the local copy is in step with. */
  g_ticket: number;
  /** The previous server snapshot (SYNC-2, SYNC-4). */
  snapshot: TicketMaps;
  /** The ticket format version the snapshot was stored in (CONST-4: '1.0'); another or none: not used. */
  snapshotVersion?: string;
  /** Clock time of the last open. */
  timeOfOpenProject?: number;
}

/** A lock record of the "project lock" store (acquireLock / releaseLock). */
export interface LockRecord {
  lockUuid: string;
  owner: string;
  type: string;
  /** Fencing ticket: increases with every acquisition. */
  ticket: number;
  expiresAt: number;
}

export interface LogRecord {
  id?: number;
  type: string;
  content: string;
  time: number;
  project_uuid: string;
  owner?: string;
}

/** Key-value stores of DB-1 besides project, lock, log and the project cache. */
export type KvStoreName = 'copyAndPaste' | 'copyAndPasteTableCell' | 'basicLibraryList' | 'clipBoard';

/**
 * The local database (DB-1). Implemented on IndexedDB (dexie) and in memory by @copperplate/store;
 * one contract suite covers both. Every method is one transaction.
 */
/** What identifies one stored item's version: its kind, key and ticket (its content not read). */
export interface ItemStamp { kind: Kind; key: string; ticket: number }

export interface LocalStore {
  getProject(uuid: string): Promise<ProjectMeta | undefined>;
  putProject(meta: ProjectMeta): Promise<void>;
  /** Removes the project record and all its cached items. */
  deleteProject(uuid: string): Promise<void>;
  getItem(project: string, kind: Kind, key: string): Promise<LocalItem | undefined>;
  listItems(project: string, kind?: Kind): Promise<LocalItem[]>;
  /** Items with ticket <= 0 (TKT-3) or held. */
  listPending(project: string): Promise<LocalItem[]>;
  /**
   * The stamp (kind, key, ticket) of every item of a project, their contents not read: a reader that
   * keeps items reads again only those whose ticket moved (a synced item's content is the server's at
   * its ticket). Optional: where absent, read the items.
   */
  listStamps?(project: string): Promise<ItemStamp[]>;
  countItems(project: string): Promise<number>;
  putItems(items: LocalItem[]): Promise<void>;
  deleteItems(project: string, keys: { kind: Kind; key: string }[]): Promise<void>;
  /**
   * Atomic read-modify-write of one item: `fn` gets the current item (or undefined) and returns the
   * new item, null to delete it, or undefined to leave it. Returns what `fn` returned.
   */
  updateItem(project: string, kind: Kind, key: string, fn: (cur: LocalItem | undefined) => LocalItem | null | undefined): Promise<LocalItem | null | undefined>;
  /** Atomic read-modify-write of one lock record (lockPrj readwriteData). */
  updateLock(lockUuid: string, fn: (cur: LockRecord | undefined) => LockRecord | null | undefined): Promise<LockRecord | null | undefined>;
  getLock(lockUuid: string): Promise<LockRecord | undefined>;
  addLog(entry: LogRecord): Promise<number>;
  listLogs(project?: string): Promise<LogRecord[]>;
  deleteLogs(ids: number[]): Promise<void>;
  kvGet(store: KvStoreName, key: string): Promise<unknown>;
  kvSet(store: KvStoreName, key: string, value: unknown): Promise<void>;
  close(): Promise<void>;
}

/** CALL-7 answer: success with result, or failure with a code (when the server sent one) and a message. */
export type Answer<T> = { success: true; result: T } | { success: false; code?: number; message: string };

export interface BulkItem extends ItemData {
  base_ticket: number;
  deleted?: boolean;
}
export interface BulkResult {
  success: boolean;
  result?: { key?: string; ticket?: number; updateTime?: number } | null;
  code?: number;
  message?: string;
}

/** Ticket answer: maps by snapshot name plus g_ticket and, for incremental answers, `deleted`. */
export interface TicketAnswer {
  g_ticket: number;
  /** Ticket format version (CONST-4: '1.0'). */
  version?: string;
  deleted?: Record<string, Record<string, unknown> | string[]>;
  [map: string]: unknown;
}

/** The HTTP API of docs/API.md as the engine needs it. */
export interface Transport {
  getDetail(project: string): Promise<Answer<ProjectDetail>>;
  getTickets(project: string, gTicket: number): Promise<Answer<TicketAnswer>>;
  read(project: string, kind: Kind, ids: string[]): Promise<Answer<ItemData[]>>;
  bulk(project: string, kind: Kind, data: BulkItem[], requestId: string): Promise<Answer<BulkResult[]>>;
}
