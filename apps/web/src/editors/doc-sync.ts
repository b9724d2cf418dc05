/**
 * Keeps one open EditorDocument and the project session in step:
 * - every local commit, undo and redo (the document's onEdited) schedules a save: the document is
 *   serialized (FORMAT.md text) and handed to `session.edit`, which stores it locally and uploads it;
 *   saves are debounced (DEBOUNCE_MS) and flushed at once on page hide / unload and on close;
 * - a newer item from the session (another client's edit) is applied with `applyRemoteBlocks`, so it
 *   never enters the undo stack; texts this editor wrote itself (its own echoes, possibly stale ones
 *   from a load that started before a save) are recognised and ignored; while local edits are not
 *   saved yet they are saved first and the remote text is not applied (the sync engine's ticket
 *   check reports the clash).
 * Read-only sessions never save.
 */
import { parseDocuments } from '@copperplate/format';
import { EditorDocument, serializeDocument } from '@copperplate/editor';
import type { Item } from '../api/schemas.ts';
import type { ProjectSession, ViewKind } from '../project/types.ts';

export const DEBOUNCE_MS = 300;
/** How many of its own texts an editor remembers to recognise echoes. */
const OWN_TEXTS = 64;

export type SaveState = 'saved' | 'pending' | 'saving' | 'error';

export class DocSync {
  readonly doc: EditorDocument;
  private item: Item;
  private timer: ReturnType<typeof setTimeout> | undefined;
  private dirty = false;
  private own: string[] = [];
  private inflight: Promise<void> = Promise.resolve();
  private listeners = new Set<() => void>();
  state: SaveState = 'saved';
  error = '';

  /** Throws the codec's CatalogueError when the item's text is unreadable. `blocks`: the text already parsed (a big board's picture read it). */
  constructor(readonly session: ProjectSession, readonly kind: ViewKind, item: Item, blocks?: ReturnType<typeof parseDocuments>) {
    this.item = item;
    const text = typeof item.dataStr === 'string' ? item.dataStr : '';
    this.doc = new EditorDocument(blocks ?? parseDocuments(text), { onEdited: () => this.schedule() });
    this.remember(text);
    window.addEventListener('pagehide', this.flushNow);
    window.addEventListener('beforeunload', this.flushNow);
    document.addEventListener('visibilitychange', this.onVisibility);
  }

  get readOnly(): boolean { return this.session.readOnly; }
  /** The item as last saved or received (its text may be older than the document). */
  get current(): Item { return this.item; }

  private remember(text: string): void {
    this.own.push(text);
    if (this.own.length > OWN_TEXTS) this.own.shift();
  }

  private set(state: SaveState, error = ''): void {
    this.state = state;
    this.error = error;
    for (const l of this.listeners) l();
  }

  subscribe(fn: () => void): () => void { this.listeners.add(fn); return () => this.listeners.delete(fn); }

  private schedule(): void {
    if (this.readOnly) return;
    this.dirty = true;
    this.set('pending');
    clearTimeout(this.timer);
    this.timer = setTimeout(this.flushNow, DEBOUNCE_MS);
  }

  private readonly onVisibility = () => { if (document.visibilityState === 'hidden') this.flushNow(); };
  private readonly flushNow = () => { void this.flush(); };

  /** Save now when there are unsaved edits; resolves when the session has stored them. */
  flush(): Promise<void> {
    clearTimeout(this.timer);
    if (!this.dirty || this.readOnly) return this.inflight;
    this.dirty = false;
    const text = serializeDocument(this.doc);
    this.remember(text);
    this.item = { ...this.item, dataStr: text };
    this.set('saving');
    // the other fields (title, ...) as the session has them now: a rename meanwhile is kept
    const id = String(this.item.uuid ?? '');
    // synchronously in the session's journal first: on page hide/unload the write below cannot finish
    this.session.stash?.(this.kind, id, { dataStr: text });
    this.inflight = this.inflight
      .then(() => this.session.loadItem(this.kind, id).catch(() => undefined))
      .then((cur) => this.session.edit(this.kind, { ...(cur ?? this.item), dataStr: text }))
      .then(() => { if (!this.dirty) this.set('saved'); })
      .catch((err: unknown) => this.set('error', err instanceof Error ? err.message : String(err)));
    return this.inflight;
  }

  /**
   * A (possibly) newer item from the session. Its text is applied as a remote change unless it is
   * one this editor wrote. Returns true when the document changed.
   */
  receive(item: Item): boolean {
    const text = item.dataStr;
    this.item = { ...item, dataStr: this.item.dataStr };
    if (typeof text !== 'string' || this.own.includes(text)) return false;
    if (this.dirty) {
      // unsaved local edits win here: they are saved now, and the sync engine's ticket check turns
      // the clash into the Warning dialog; this text is marked seen so it is never applied later
      this.remember(text);
      void this.flush();
      return false;
    }
    let blocks;
    try {
      blocks = parseDocuments(text);
    } catch {
      return false; // an unreadable remote text leaves the open document as it is
    }
    this.remember(text);
    this.item = { ...item };
    const cs = this.doc.applyRemoteBlocks(blocks);
    return cs.changes.length > 0;
  }

  /** Flush pending edits and stop listening. */
  close(): Promise<void> {
    window.removeEventListener('pagehide', this.flushNow);
    window.removeEventListener('beforeunload', this.flushNow);
    document.removeEventListener('visibilitychange', this.onVisibility);
    this.listeners.clear();
    return this.flush();
  }
}
