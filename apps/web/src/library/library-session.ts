/**
 * Editing a part of the user's own library "there" (issue 16 part 3), without a project: the symbol
 * or footprint (a device: its symbol and footprint) opens in its editor through this ProjectSession,
 * whose edits stay in the page (and in a draft in localStorage, so a reload or a closed tab keeps
 * them) until **Save version** writes each changed document back to the library as its next version
 * (POST /api/components/update-canvas with base_ticket: a save based on a version someone else
 * replaced meanwhile is refused, 4090001, and nothing is written). Unsaved work is never dropped: a
 * draft made on a version replaced since is opened as it was, with a conflict notice; Save version
 * then makes it the next version (the replaced one stays among the earlier versions), Discard takes
 * the library's.
 */
import { CODES } from '@copperplate/model';
import { ApiError, request } from '../api/http.ts';
import type { Item, ProjectDetail } from '../api/schemas.ts';
import { VIEW_KINDS, type ProjectSession, type ProjectSnapshot, type SyncState, type ViewKind } from '../project/types.ts';
import type { LibDetail } from './library-api.ts';

export type PartKind = 'symbols' | 'footprints';
/** One document of the part being edited: its kind, as loaded, and its library version (g_ticket) it is based on. */
export interface EditedPart { kind: PartKind; detail: LibDetail; base: number }

const DRAFT = (uuid: string) => `cp.library.draft.${uuid}`;
const DOC_TYPE: Record<PartKind, number> = { symbols: 2, footprints: 4 };

/** The library calls the session makes (injected in tests). */
export interface LibraryWrites { save(body: { uuid: string; docType: number; dataStr: string; base_ticket: number }): Promise<{ ticket: number; updateTime: number }> }
export const httpWrites: LibraryWrites = { save: (body) => request('POST', '/api/components/update-canvas', { body }) };

/** The project item of a library document: no library update time as its version (no LIB-1 refresh of the part by itself). */
function itemOf(d: LibDetail, dataStr?: string): Item {
  const { pins: _pins, ...fields } = d.fields as Record<string, unknown> & { pins?: unknown };
  return { ...fields, uuid: d.uuid, title: d.title, display_title: d.title, version: '', ticket: d.g_ticket, dataStr: dataStr ?? d.dataStr ?? '' } as Item;
}

export class LibrarySession implements ProjectSession {
  readonly uuid: string;
  readonly readOnly: boolean;
  private readonly items: Record<ViewKind, Map<string, Item>>;
  private readonly parts = new Map<string, EditedPart>();
  private readonly dirty = new Set<string>();
  /** Documents whose unsaved changes were made on an older version (uuid -> that version). */
  private readonly behind = new Map<string, number>();
  private readonly listeners = new Set<() => void>();
  private st: SyncState = { status: 'saved', pending: 0 };
  private readonly detail: ProjectDetail;

  /** `main`: the part opened (a symbol, footprint or device); `parts`: its editable documents. */
  constructor(readonly main: LibDetail, parts: EditedPart[], private readonly writes: LibraryWrites = httpWrites, private readonly drafts: Storage | null = safeStorage()) {
    this.uuid = `library-${main.uuid}`;
    this.readOnly = main.owner === 2;
    this.detail = { uuid: this.uuid, title: main.title, g_ticket: main.g_ticket, boards: [] } as ProjectDetail;
    this.items = Object.fromEntries(VIEW_KINDS.map((k) => [k, new Map<string, Item>()])) as Record<ViewKind, Map<string, Item>>;
    for (const p of parts) {
      this.parts.set(p.detail.uuid, p);
      // a draft left by this browser is taken up again; one made on a version replaced since is kept
      // too (the user's work), marked as behind until it is saved or discarded
      const draft = this.readDraft(p.detail.uuid);
      const text = draft?.dataStr;
      this.items[p.kind].set(p.detail.uuid, itemOf(p.detail, text));
      if (text !== undefined && text !== p.detail.dataStr) {
        this.dirty.add(p.detail.uuid);
        if (draft!.base !== p.base) this.behind.set(p.detail.uuid, draft!.base);
      } else if (draft) this.drafts?.removeItem(DRAFT(p.detail.uuid));
    }
    if (main.type === 3) this.items.devices.set(main.uuid, itemOf(main));
    this.update();
  }

  private readDraft(uuid: string): { base: number; dataStr: string } | undefined {
    try {
      const v = JSON.parse(this.drafts?.getItem(DRAFT(uuid)) ?? 'null') as { base?: unknown; dataStr?: unknown } | null;
      return v && typeof v.base === 'number' && typeof v.dataStr === 'string' ? { base: v.base, dataStr: v.dataStr } : undefined;
    } catch {
      return undefined;
    }
  }

  private writeDraft(uuid: string, dataStr: string): void {
    const p = this.parts.get(uuid);
    try {
      if (p) this.drafts?.setItem(DRAFT(uuid), JSON.stringify({ base: p.base, dataStr }));
    } catch { /* storage full or unavailable: the edit stays in the page */ }
  }

  private update(patch: Partial<SyncState> = {}): void {
    const behind = [...this.behind.keys()].map((id) => this.parts.get(id)!);
    const notice: Partial<SyncState> = behind.length
      ? { status: 'conflict', message: `Your unsaved changes to ${behind.map((p) => p.detail.title).join(', ')} were made on an earlier version; the library has a newer one. Save version makes yours the next version (the newer one stays among the earlier versions), Discard takes the library's.` }
      : {};
    this.st = { status: this.dirty.size ? 'uploading' : 'saved', pending: this.dirty.size, ...notice, ...patch };
    for (const l of this.listeners) l();
  }

  /** The documents being edited, in the order given. */
  editedParts(): EditedPart[] { return [...this.parts.values()]; }
  /** Whether a document has changes not saved to the library yet. */
  changed(uuid?: string): boolean { return uuid ? this.dirty.has(uuid) : this.dirty.size > 0; }

  snapshot(): ProjectSnapshot { return { detail: this.detail, items: this.items }; }
  state(): SyncState { return this.st; }
  conflicts() { return []; }
  subscribe(fn: () => void): () => void { this.listeners.add(fn); return () => this.listeners.delete(fn); }
  async loadItem(kind: ViewKind, id: string): Promise<Item | undefined> { return this.items[kind].get(id); }

  async edit(kind: ViewKind, item: Item): Promise<void> {
    const id = String(item.uuid ?? '');
    const p = this.parts.get(id);
    if (!p || p.kind !== kind) throw new Error('Only the library part opened here can be edited here');
    if (this.readOnly) throw new Error('The system library cannot be edited: save a copy to your library first');
    this.items[kind].set(id, { ...item });
    const text = String(item.dataStr ?? '');
    if (text === p.detail.dataStr) { this.dirty.delete(id); this.behind.delete(id); this.drafts?.removeItem(DRAFT(id)); }
    else { this.dirty.add(id); this.writeDraft(id, text); }
    this.update();
  }

  /** The editor's unsaved text when the page goes away: straight into the draft (synchronous). */
  stash(_kind: ViewKind, id: string, fields: Partial<Item>): void {
    if (typeof fields.dataStr === 'string' && this.parts.has(id)) this.writeDraft(id, fields.dataStr);
  }

  /**
   * Writes every changed document back to the library as its next version. Returns the new versions
   * (g_ticket by uuid). A document replaced by someone else meanwhile is refused: the state says so.
   */
  async saveVersion(): Promise<Map<string, number>> {
    const out = new Map<string, number>();
    for (const id of [...this.dirty]) {
      const p = this.parts.get(id)!;
      const dataStr = String(this.items[p.kind].get(id)?.dataStr ?? '');
      this.update({ status: 'uploading' });
      try {
        const r = await this.writes.save({ uuid: id, docType: DOC_TYPE[p.kind], dataStr, base_ticket: p.base });
        p.base = r.ticket;
        p.detail = { ...p.detail, dataStr, g_ticket: r.ticket, update_time: r.updateTime };
        this.items[p.kind].set(id, { ...this.items[p.kind].get(id)!, ticket: r.ticket });
        this.dirty.delete(id);
        this.behind.delete(id);
        this.drafts?.removeItem(DRAFT(id));
        out.set(id, r.ticket);
      } catch (e) {
        const stale = e instanceof ApiError && e.code === CODES.STALE_TICKET;
        const message = stale ? `${p.detail.title} was changed in the library since it was opened here (now a newer version): reload; your changes are kept and can be saved as the next version` : (e as Error).message;
        this.update({ status: stale ? 'conflict' : 'error', message });
        throw new Error(message);
      }
    }
    this.update();
    return out;
  }

  /** Drops the unsaved changes (and drafts) of every document. */
  discard(): void {
    for (const id of this.dirty) {
      const p = this.parts.get(id)!;
      this.items[p.kind].set(id, itemOf(p.detail));
      this.drafts?.removeItem(DRAFT(id));
    }
    this.dirty.clear();
    this.behind.clear();
    this.update();
  }

  async remove(): Promise<void> { throw new Error('Delete library parts from the library panel'); }
  async resolve(): Promise<void> {}
  async refresh(): Promise<void> {}
  async close(): Promise<void> { this.listeners.clear(); }
}

function safeStorage(): Storage | null {
  try { return window.localStorage; } catch { return null; }
}

/** The editable documents of a library part: itself (a symbol or footprint), or a device's symbol and footprint. */
export function partsOf(d: LibDetail): EditedPart[] {
  const one = (x: LibDetail | null | undefined): EditedPart[] => (x && (x.type === 2 || x.type === 4) ? [{ kind: x.type === 2 ? 'symbols' : 'footprints', detail: x, base: x.g_ticket }] : []);
  return d.type === 3 ? [...one(d.symbol), ...one(d.footprint)] : one(d);
}
