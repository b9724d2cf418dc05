/**
 * The one implementation of move, rotate, mirror, delete, copy and paste for every domain
 * (schematic, symbol, PCB, footprint, panel). A domain gives hooks: how one record transforms, what
 * goes with a record (its children: ATTRs, pad nets...), what follows a move without being selected
 * (wires on moved pins, tracks on moved pads), the pivot of a rotation, and how a pasted record gets
 * fresh ids. Each operation is one commit (one undo step). Frames: the domain's document units, Y up,
 * angles degrees counter-clockwise.
 */
import type { ChangeSet, EditorDocument, Tx } from './document.ts';
import { type Mat, type Pt, mirrorAbout, rotateAbout, translate } from './geometry.ts';
import { type Rec, recId } from './records.ts';

export type EditOp =
  | { kind: 'move'; dx: number; dy: number }
  | { kind: 'rotate'; angle: number; cx: number; cy: number }
  /** Mirror about the vertical line x = c (axis 'x': left-right) or the horizontal line y = c. */
  | { kind: 'mirror'; axis: 'x' | 'y'; c: number };

/** The transform of an operation (every domain maps its points through it). */
export function opMatrix(op: EditOp): Mat {
  if (op.kind === 'move') return translate(op.dx, op.dy);
  if (op.kind === 'rotate') return rotateAbout(op.angle, op.cx, op.cy);
  return mirrorAbout(op.axis, op.c);
}

export type EditPurpose = 'transform' | 'delete' | 'copy';

export interface DomainHooks {
  /** Keys that go with `key` for this purpose (children: a component's ATTRs, a PCB part's PAD_NETs...). */
  children(doc: EditorDocument, key: string, purpose: EditPurpose): Iterable<string>;
  /** One record under an operation (a new record; unknown fields kept). */
  transform(r: Rec, op: EditOp, doc: EditorDocument, key: string): Rec;
  /**
   * What follows without being selected, inside the same commit (rubber-banding). `moved` holds the
   * transformed keys; `before` the records as they were.
   */
  follow?(tx: Tx, doc: EditorDocument, moved: ReadonlySet<string>, before: ReadonlyMap<string, Rec>, op: EditOp): void;
  /** Pivot of rotate and mirror for these (selected) keys. */
  pivot(doc: EditorDocument, keys: readonly string[]): Pt;
  /** A pasted record with fresh ids: its own id and the ids it refers to, through `id(old)` (undefined: not pasted). */
  reId(r: Rec, id: (old: string) => string | undefined): Rec;
  /** True for records pasted along with their parent (not selected after a paste). */
  isChild(r: Rec): boolean;
  /**
   * Records a copy carries because the copied ones refer to them, not pasted as new records (a
   * sheet's line and font styles). Put before the copied records.
   */
  referenced?(doc: EditorDocument, recs: readonly Rec[]): Rec[];
  /** At paste, the id such a carried record has in this document (an equal one reused, or it added); undefined for any other record. */
  adopt?(tx: Tx, doc: EditorDocument, r: Rec): string | undefined;
}

export class EditEngine {
  constructor(readonly doc: EditorDocument, readonly hooks: DomainHooks) {}

  /** Keys plus everything that goes with them for `purpose`, in file order. */
  expand(keys: Iterable<string>, purpose: EditPurpose): string[] {
    const set = new Set<string>();
    for (const k of keys) {
      if (!this.doc.has(k) || set.has(k)) continue;
      set.add(k);
      for (const c of this.hooks.children(this.doc, k, purpose)) if (this.doc.has(c)) set.add(c);
    }
    return this.doc.keys().filter((k) => set.has(k));
  }

  /** Apply an operation to the keys (and their children); followers follow. One commit. */
  apply(keys: Iterable<string>, op: EditOp, label: string): ChangeSet {
    const set = this.expand(keys, 'transform');
    const moved = new Set(set);
    const before = new Map(set.map((k) => [k, this.doc.get(k)!] as [string, Rec]));
    return this.doc.commit(label, (tx) => {
      for (const k of set) tx.update(k, (r) => this.hooks.transform(r, op, this.doc, k));
      this.hooks.follow?.(tx, this.doc, moved, before, op);
    });
  }

  move(keys: Iterable<string>, dx: number, dy: number): ChangeSet { return this.apply(keys, { kind: 'move', dx, dy }, 'Move'); }

  rotate(keys: Iterable<string>, angle = 90, about?: Pt): ChangeSet {
    const ks = [...keys];
    const c = about ?? this.hooks.pivot(this.doc, ks);
    return this.apply(ks, { kind: 'rotate', angle, cx: c.x, cy: c.y }, 'Rotate');
  }

  mirror(keys: Iterable<string>, axis: 'x' | 'y', about?: Pt): ChangeSet {
    const ks = [...keys];
    const c = about ?? this.hooks.pivot(this.doc, ks);
    return this.apply(ks, { kind: 'mirror', axis, c: axis === 'x' ? c.x : c.y }, 'Mirror');
  }

  delete(keys: Iterable<string>): ChangeSet {
    const set = this.expand(keys, 'delete');
    return this.doc.commit('Delete', (tx) => { for (const k of set) tx.remove(k); });
  }

  /** The records of the keys and what goes with them, in file order, after the records they refer to (the clipboard's content). */
  copy(keys: Iterable<string>): Rec[] {
    const recs = this.expand(keys, 'copy').map((k) => this.doc.get(k)!.slice());
    return [...(this.hooks.referenced?.(this.doc, recs) ?? []).map((r) => r.slice()), ...recs];
  }

  /** Add copied records moved by (dx, dy) with fresh ids, as one commit. Returns the keys of the top-level records. */
  paste(records: readonly Rec[], dx: number, dy: number): string[] {
    const out: string[] = [];
    if (!records.length) return out;
    this.doc.commit('Paste', (tx) => {
      const ids = new Map<string, string>();
      // carried records (styles) take the id of an equal one in this document, or are added once
      const own = records.filter((r) => {
        const k = recId(r), to = this.hooks.adopt?.(tx, this.doc, r);
        if (to !== undefined && k !== undefined) ids.set(k, to);
        return to === undefined;
      });
      for (const r of own) { const k = recId(r); if (k !== undefined && !ids.has(k)) ids.set(k, tx.newId()); }
      const op: EditOp = { kind: 'move', dx, dy };
      for (const r of own) {
        const moved = dx || dy ? this.hooks.transform(r, op, this.doc, '') : r.slice();
        const k = tx.add(this.hooks.reId(moved, (old) => ids.get(old)));
        if (!this.hooks.isChild(r)) out.push(k);
      }
    });
    return out;
  }
}
