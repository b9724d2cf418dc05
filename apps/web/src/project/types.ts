/** What the editor frame sees of an open project, whatever engine keeps it in sync. */
import type { Item, ProjectDetail } from '../api/schemas.ts';

/** Kinds the tree and the document views show (docs/API.md URL names). */
export const VIEW_KINDS = ['schematics', 'sheets', 'pcbs', 'panels', 'symbols', 'footprints', 'devices'] as const;
export type ViewKind = (typeof VIEW_KINDS)[number];

/** Sync status shown in the status bar. */
export type SyncStatus = 'loading' | 'saved' | 'uploading' | 'conflict' | 'offline' | 'error';

export interface SyncState {
  status: SyncStatus;
  /** Items edited locally and not uploaded yet. */
  pending: number;
  message?: string;
}

/** One row of the Warning dialog (UI-1). */
export interface ConflictRow {
  kind: string;
  id: string;
  /** Name of the content, schematic-qualified for sheets ("Schematic / Sheet"). */
  name: string;
  /** The ticket the local edit started from. */
  before: number;
  /** The cloud's ticket now. */
  after: number;
  modifier: string;
}

export interface ProjectSnapshot {
  detail: ProjectDetail;
  items: Record<ViewKind, Map<string, Item>>;
  /** Copper pour fills (docs/API.md kind `copper`, keyed by path = pcbUuid + "_" + suffix; dataStr holds POURED records). */
  coppers?: ReadonlyMap<string, Item>;
  /** Font files (kind `fonts`, keyed by path like the coppers; dataStr holds FONT records: the glyph outlines of a PCB's TrueType text). */
  fonts?: ReadonlyMap<string, Item>;
  /** Archive files (docs/API.md kind `blobs`, keyed by hash; dataStr holds a BLOB document): images, SPICE model files. */
  blobs?: ReadonlyMap<string, Item>;
}

export interface ProjectSession {
  readonly uuid: string;
  readonly readOnly: boolean;
  snapshot(): ProjectSnapshot;
  state(): SyncState;
  conflicts(): ConflictRow[];
  /** Called after every change of snapshot, state or conflicts. */
  subscribe(fn: () => void): () => void;
  /** The full item (with dataStr) of one document. */
  loadItem(kind: ViewKind, id: string): Promise<Item | undefined>;
  /** Saves an edited item (title, dataStr, ...); it is uploaded by the engine. */
  edit(kind: ViewKind, item: Item): Promise<void>;
  /**
   * Records fields of an edit synchronously before `edit` gets it (an editor's unsaved text when the
   * page is hidden or unloaded: the write of `edit` could not finish there). Absent without a journal.
   */
  stash?(kind: ViewKind, id: string, fields: Partial<Item>): void;
  /**
   * SYNC-9: suspends sync while a paste import writes (so a half-written paste is never compared with
   * the cloud); the returned function resumes it and forces a sync. Absent without a sync engine.
   */
  suspendSync?(): () => Promise<void>;
  /** Saves a copper pour fill item (kind `copper`, key = path: refilled pours); absent where fills cannot be saved. */
  editCopper?(path: string, dataStr: string): Promise<void>;
  /** Saves (or with null deletes) a blob item (kind `blobs`, key = hash): uploaded like an edit, cached for offline; absent where blobs cannot be saved. */
  editBlob?(hash: string, item: { hash: string; filename: string; dataStr: string } | null): Promise<void>;
  /** Deletes a document (saved locally first, then uploaded like an edit). */
  remove(kind: ViewKind, id: string): Promise<void>;
  /** The user's answer to the Warning dialog. */
  resolve(choice: 'reload' | 'upload'): Promise<void>;
  /** Forces a sync with the cloud now. */
  refresh(): Promise<void>;
  close(): Promise<void>;
}
