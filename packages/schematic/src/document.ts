/**
 * The document store: the records of one FORMAT.md document as a map by key (the record id, or a
 * synthetic key for records without one) in file order, with commits, undo/redo and remote changes.
 *
 * - `commit(label, fn)` is one undo step and one change set; it calls `onEdited` so the sync layer can
 *   apply the ticket rules (TKT-2). Undo and redo are edits too and call `onEdited`.
 * - `applyRemote(changes)` applies changes from the server: listeners hear them, undo does not.
 */
import { mainBlockIndex, withRecords } from '@copperplate/format';
import { DocType, Head } from '@copperplate/format/records';
import { type Rec, type Family, recId, recParent, recType, familyOfDoc, ID_TYPES, sameRecord } from './records.ts';

/** One block of a file as the codec of @copperplate/format gives it (records[0] is the DOCTYPE line). */
export interface BlockLike { docType: string; version: string; records: unknown[][] }

export type Origin = 'local' | 'undo' | 'redo' | 'remote' | 'load';

/** One record changed: `before` null = added, `after` null = removed. */
export interface Change { key: string; before: Rec | null; after: Rec | null }
export interface ChangeSet { label: string; origin: Origin; changes: Change[] }

export interface DocumentOptions {
  /** Called for every local edit (commit, undo, redo): mark the document edited (ticket rules). */
  onEdited?: (cs: ChangeSet) => void;
  /** Record types whose element 1 is an id; default ID_TYPES. */
  idTypes?: ReadonlySet<string>;
  /** Maximum undo depth (default 500). */
  undoLimit?: number;
}

export interface Tx {
  /** Add a record (at the end of the file, or right after the record `after`); returns its key. */
  add(rec: Rec, after?: string): string;
  /** Replace the record at `key` (add it when absent). */
  set(key: string, rec: Rec): void;
  /** Replace a record by a function of the current one; no-op when absent. */
  update(key: string, fn: (r: Rec) => Rec): void;
  remove(key: string): void;
  get(key: string): Rec | undefined;
  /** A fresh record id of the form `e<n>` unused in this document. */
  newId(): string;
}

export class EditorDocument {
  readonly docType: string;
  readonly version: string;
  /**
   * The other blocks of the same file (e.g. the FOOTPRINT blocks a .epcb holds before its PCB
   * block), kept as they are and written back in their places around the document's own block.
   */
  get extraBlocks(): BlockLike[] { return [...this.blocksBefore, ...this.blocksAfter]; }
  private blocksBefore: BlockLike[];
  private blocksAfter: BlockLike[];
  /** The main block as read (its text layout is reused on write) and its DOCTYPE line. */
  private mainRead: BlockLike;
  private doctypeRec: unknown[];
  /**
   * Records by key (no object per record: opening a board of 100k records allocates none). Their
   * positions in the file (`seqs`; a removed record keeps its position for undo) are made on first
   * need: until a record is removed or placed between others, the map's own order is the file order.
   */
  private entries = new Map<string, Rec>();
  private seqMap: Map<string, number> | null = null;
  private get seqs(): Map<string, number> {
    if (!this.seqMap) {
      const m = new Map<string, number>();
      let i = 0;
      for (const k of this.entries.keys()) m.set(k, i++);
      this.nextSeq = i;
      this.seqMap = m;
    }
    return this.seqMap;
  }
  private children = new Map<string, Set<string>>();
  private nextSeq = 0;
  private synth = 0;
  private maxNumId = 0;
  private undoStack: ChangeSet[] = [];
  private redoStack: ChangeSet[] = [];
  private listeners = new Set<(cs: ChangeSet) => void>();
  private readonly idTypes: ReadonlySet<string>;
  /** Record layouts of this document ('pcb' for PCB/FOOTPRINT: PCB ATTRs name their parent at 3). */
  readonly family: Family;
  private headKey: string | undefined;
  private readonly opts: DocumentOptions;

  constructor(blocks: BlockLike[], opts: DocumentOptions = {}) {
    // The document is the main block wherever it stands (FORMAT.md); the others stay around it.
    const mi = mainBlockIndex(blocks);
    const first = mi < 0 ? { docType: 'SCH', version: '1.1', records: [['DOCTYPE', 'SCH', '1.1']] } : blocks[mi];
    this.docType = first.docType;
    this.version = first.version;
    this.blocksBefore = mi < 0 ? [] : blocks.slice(0, mi);
    this.blocksAfter = mi < 0 ? [] : blocks.slice(mi + 1);
    this.mainRead = first;
    this.family = familyOfDoc(this.docType);
    this.opts = opts;
    this.idTypes = opts.idTypes ?? ID_TYPES;
    const [firstRec] = first.records;
    const hasDoctype = firstRec !== undefined && DocType.is(firstRec);
    this.doctypeRec = hasDoctype ? firstRec : DocType.create({ docType: this.docType, version: this.version });
    const recs = first.records;
    // keys in file order as read: the order cache is the insertion order (no sort on open)
    const order: string[] = [];
    for (let i = hasDoctype ? 1 : 0; i < recs.length; i++) {
      const r = recs[i] as Rec;
      const key = this.keyFor(r);
      this.insert(key, r);
      order.push(key);
    }
    this.order = order.length === this.entries.size ? order : null;
    // the first HEAD (the file's second line, as a rule: not a walk through every record)
    for (const [k, r] of this.entries) if (recType(r) === 'HEAD') { this.headKey = k; break; }
    const hr = this.singleton('HEAD');
    const head = hr ? Head.get(hr, 'props') : undefined;
    if (head && typeof head === 'object' && typeof head.maxId === 'number') this.maxNumId = Math.max(this.maxNumId, head.maxId);
  }

  /** Documents a `["DOCTYPE", T, version]` line opens; an empty schematic sheet by default. */
  static empty(docType = 'SCH', version = '1.1', opts: DocumentOptions = {}): EditorDocument {
    return new EditorDocument([{ docType, version, records: [['DOCTYPE', docType, version]] }], opts);
  }

  // ---- reading ----
  get size(): number { return this.entries.size; }
  get(key: string): Rec | undefined { return this.entries.get(key); }
  has(key: string): boolean { return this.entries.has(key); }
  /** Keys in file order. */
  keys(): string[] { return this.sorted().slice(); }
  /** Records in file order (DOCTYPE not included). */
  records(): Rec[] {
    const ks = this.sorted(), out: Rec[] = new Array(ks.length);
    for (let i = 0; i < ks.length; i++) out[i] = this.entries.get(ks[i])!;
    return out;
  }
  /** [key, record] pairs of one record type, in file order. */
  ofType(type: string): Array<[string, Rec]> {
    const out: Array<[string, Rec]> = [];
    for (const k of this.sorted()) { const r = this.entries.get(k)!; if (recType(r) === type) out.push([k, r]); }
    return out;
  }
  /** The first record of a type without id (HEAD, CANVAS, ...). */
  singleton(type: string): Rec | undefined {
    for (const r of this.entries.values()) if (recType(r) === type) return r;
    return undefined;
  }
  /** Keys of records whose parent field names `parentId` (ATTRs of a component or pin, cells of a table). */
  /** Whether any record names `parentId` as its parent. */
  hasChildren(parentId: string): boolean { return (this.children.get(parentId)?.size ?? 0) > 0; }
  childrenOf(parentId: string): string[] {
    const s = this.children.get(parentId);
    if (!s) return [];
    if (s.size === 1) return [...s];
    return [...s].sort((a, b) => this.seqs.get(a)! - this.seqs.get(b)!);
  }
  /** The blocks of the whole file, for the codec's serializeDocuments. */
  toBlocks(): BlockLike[] {
    const recs = this.records() as unknown[][]; // same arrays: the codec keeps their exact text
    // withRecords: unchanged records, the separators and the file ending keep their text as read
    const main = withRecords(this.mainRead, [this.doctypeRec, ...recs]);
    return [...this.blocksBefore, main, ...this.blocksAfter];
  }

  // ---- editing ----
  subscribe(fn: (cs: ChangeSet) => void): () => void {
    this.listeners.add(fn);
    return () => this.listeners.delete(fn);
  }

  /** One undo step and one change set. Returns the change set (empty changes = nothing happened, no undo step). */
  commit(label: string, fn: (tx: Tx) => void): ChangeSet {
    const touched = new Map<string, Change>();
    const gone = new Set<string>(); // removed at some point of this commit (a remove and add may move it)
    const record = (key: string, after: Rec | null) => {
      if (after === null) gone.add(key);
      const cur = this.entries.get(key) ?? null;
      const prev = touched.get(key);
      if (prev) prev.after = after; else touched.set(key, { key, before: cur, after });
      this.applyOne(key, after);
    };
    const tx: Tx = {
      add: (rec, after) => {
        const k = this.keyFor(rec);
        if (after !== undefined && this.entries.has(after)) { const s = this.seqAfter(after); if (s !== undefined) this.removedSeq.set(k, s); else this.removedSeq.delete(k); }
        record(k, rec);
        return k;
      },
      set: (key, rec) => record(key, rec),
      update: (key, f) => { const cur = this.entries.get(key); if (cur) record(key, f(cur)); },
      remove: (key) => { if (this.entries.has(key)) record(key, null); },
      get: (key) => this.entries.get(key),
      newId: () => {
        const id = this.newId();
        // keep HEAD.maxId at or above every id handed out (EasyEDA Pro reads it)
        const hk = this.headKey;
        const head = hk ? this.entries.get(hk)! : undefined;
        const h = head ? Head.get(head, 'props') : undefined;
        if (hk && head && h && typeof h === 'object' && typeof h.maxId === 'number' && h.maxId < this.maxNumId) {
          record(hk, Head.with(head, { props: { ...h, maxId: this.maxNumId } }));
        }
        return id;
      },
    };
    try {
      fn(tx);
    } catch (e) {
      // roll back what the failed commit did, then rethrow
      for (const c of [...touched.values()].reverse()) this.applyOne(c.key, c.before);
      throw e;
    }
    // a record set to what it already held is no change: it keeps its old value (the same object) and
    // makes no undo step (a field committed twice, on Enter and again on blur, is one step)
    const changes: Change[] = [];
    for (const c of touched.values()) {
      if (c.before !== null && c.after !== null && !gone.has(c.key) && sameRecord(c.before, c.after)) this.applyOne(c.key, c.before);
      else if (c.before !== c.after) changes.push(c);
    }
    const cs: ChangeSet = { label, origin: 'local', changes };
    if (!changes.length) return cs;
    this.undoStack.push(cs);
    if (this.undoStack.length > (this.opts.undoLimit ?? 500)) this.undoStack.shift();
    this.redoStack = [];
    this.emit(cs, true);
    return cs;
  }

  canUndo(): boolean { return this.undoStack.length > 0; }
  canRedo(): boolean { return this.redoStack.length > 0; }
  undoLabel(): string | undefined { return this.undoStack.at(-1)?.label; }

  undo(): ChangeSet | null {
    const cs = this.undoStack.pop();
    if (!cs) return null;
    const rev = cs.changes.slice().reverse().map((c) => ({ key: c.key, before: c.after, after: c.before }));
    for (const c of rev) this.applyOne(c.key, c.after);
    this.redoStack.push(cs);
    const out: ChangeSet = { label: cs.label, origin: 'undo', changes: rev };
    this.emit(out, true);
    return out;
  }

  redo(): ChangeSet | null {
    const cs = this.redoStack.pop();
    if (!cs) return null;
    for (const c of cs.changes) this.applyOne(c.key, c.after);
    this.undoStack.push(cs);
    const out: ChangeSet = { label: cs.label, origin: 'redo', changes: cs.changes };
    this.emit(out, true);
    return out;
  }

  /** Changes from the server (sync): `rec` null removes. Listeners hear them; undo/redo and onEdited do not. */
  applyRemote(changes: Array<{ key: string; rec: Rec | null }>): ChangeSet {
    const out: Change[] = [];
    for (const { key, rec } of changes) {
      const before = this.entries.get(key) ?? null;
      if (before === rec) continue;
      this.applyOne(key, rec);
      out.push({ key, before, after: rec });
    }
    const cs: ChangeSet = { label: 'remote', origin: 'remote', changes: out };
    if (out.length) this.emit(cs, false);
    return cs;
  }

  /** Replace the whole content by a newer version of the same document (e.g. re-fetched from the server), as remote changes. */
  applyRemoteBlocks(blocks: BlockLike[]): ChangeSet {
    const next = new EditorDocument(blocks, { idTypes: this.idTypes });
    // the blocks around the document come with the remote text as they are
    this.blocksBefore = next.blocksBefore;
    this.blocksAfter = next.blocksAfter;
    this.mainRead = next.mainRead;
    this.doctypeRec = next.doctypeRec;
    const changes: Array<{ key: string; rec: Rec | null }> = [];
    for (const k of this.entries.keys()) if (!next.has(k)) changes.push({ key: k, rec: null });
    for (const k of next.keys()) {
      const a = this.get(k), b = next.get(k)!;
      if (!a || JSON.stringify(a) !== JSON.stringify(b)) changes.push({ key: k, rec: b });
    }
    return this.applyRemote(changes);
  }

  newId(): string {
    let id: string;
    do { id = `e${++this.maxNumId}`; } while (this.entries.has(id));
    return id;
  }

  // ---- internals ----
  private keyFor(rec: Rec): string {
    const id = recId(rec, this.idTypes);
    if (id !== undefined && !this.entries.has(id)) return id;
    return `~${recType(rec)}#${++this.synth}`;
  }

  /** A position between `key` and the record after it in file order. */
  private seqAfter(key: string): number | undefined {
    const order = this.sorted();
    const i = order.indexOf(key);
    if (i + 1 >= order.length) return undefined; // after the last record: a plain append
    return (this.seqs.get(order[i])! + this.seqs.get(order[i + 1])!) / 2;
  }

  /** Keys in file order (cached until the set of keys or a position changes). */
  private order: string[] | null = null;
  private sorted(): string[] {
    if (!this.order) {
      const seqs = this.seqMap;
      this.order = seqs ? [...this.entries.keys()].sort((a, b) => seqs.get(a)! - seqs.get(b)!) : [...this.entries.keys()];
    }
    return this.order;
  }

  private insert(key: string, rec: Rec): void {
    this.entries.set(key, rec);
    this.seqMap?.set(key, this.nextSeq++);
    this.order = null;
    this.track(key, rec);
  }

  private track(key: string, rec: Rec): void {
    // ids of the form e<n> (no regular expression: this runs for every record of a board)
    const n = key.length;
    if (n > 1 && n < 16 && key.charCodeAt(0) === 101) {
      let v = 0, i = 1;
      for (; i < n; i++) { const c = key.charCodeAt(i) - 48; if (c < 0 || c > 9) break; v = v * 10 + c; }
      if (i === n && v > this.maxNumId) this.maxNumId = v;
    }
    const p = recParent(rec, this.family);
    if (p !== undefined) {
      let s = this.children.get(p);
      if (!s) this.children.set(p, (s = new Set()));
      s.add(key);
    }
  }

  private untrack(key: string, rec: Rec): void {
    const p = recParent(rec, this.family);
    if (p !== undefined) this.children.get(p)?.delete(key);
  }

  /** Removed records keep their position (seq) so that undo puts them back where they were. */
  private removedSeq = new Map<string, number>();

  private applyOne(key: string, rec: Rec | null): void {
    const cur = this.entries.get(key);
    if (cur) this.untrack(key, cur);
    if (rec === null) {
      if (cur) { this.removedSeq.set(key, this.seqs.get(key)!); this.entries.delete(key); this.seqMap!.delete(key); this.order = null; }
      return;
    }
    this.entries.set(key, rec);
    if (!cur) {
      const rs = this.removedSeq.get(key);
      // appended (the map's order is still the file order) unless it goes back where it was or between others
      if (rs !== undefined) this.seqs.set(key, rs);
      else this.seqMap?.set(key, this.nextSeq++);
      this.order = null;
    }
    this.track(key, rec);
  }

  private emit(cs: ChangeSet, edited: boolean): void {
    if (edited) this.opts.onEdited?.(cs);
    for (const l of this.listeners) l(cs);
  }
}
