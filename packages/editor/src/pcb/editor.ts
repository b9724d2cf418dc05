/**
 * The PCB/footprint editor, headless: an EditorDocument (commits, undo/redo) with the PCB scene kept
 * in step, a spatial index for hit testing, selection (filtered by record kind), the layers panel and
 * the editing operations the tools and menus call. Frame: board mil, Y up.
 */
import { EditorDocument, type ChangeSet, type Tx } from '../core/document.ts';
import { type Rec, num, recId, recType } from '../core/records.ts';
import { ActiveLayer, Line, Net, PadNet, PcbArc, PcbAttr, PcbComponent, Preference, Rule, kindOf } from '@copperplate/format/records';
import { Selection } from '../core/selection.ts';
import { SpatialIndex } from '../core/spatial.ts';
import { type KeyEv, ToolManager } from '../core/tools.ts';
import { ActionRegistry, routeKey } from '../core/actions.ts';
import { type Box, emptyBox, isEmptyBox, unionBox, boxContainsBox, boxesOverlap } from '@copperplate/board';
import { LayersPanel } from './layers-panel.ts';
import { type Prim, primDistance } from './prims.ts';
import { type PcbProject, PcbScene } from './scene.ts';
import { flipRecord, withNet } from './edit-ops.ts';
import { EditEngine } from '../core/edit-engine.ts';
import { pcbHooks } from './edit-hooks.ts';
import { isCopper, L } from './layers.ts';
import { type Ratsnest, computeRatsnest, updateRatsnest } from './ratsnest.ts';
import { NetIndex } from './net-index.ts';
import { type GridSettings, gridSettings } from './units.ts';

export interface PcbEditorOptions {
  project?: PcbProject;
  pcbUuid?: string;
}

/**
 * The scene's primitives after a document change: `before` replaced by `after` (the primitives of
 * the changed records), or the whole scene `rebuilt` (a component, layer or font changed, or many
 * records at once: read `scene` again).
 */
export interface PrimChange { rebuilt: boolean; before: Prim[]; after: Prim[] }

export interface DesignRules { trackWidth: number; viaDiameter: number; viaDrill: number }

/** Record types a selection filter can name. */
export const SELECTABLE = ['COMPONENT', 'LINE', 'ARC', 'VIA', 'PAD', 'POLY', 'FILL', 'POUR', 'REGION', 'STRING', 'ATTR', 'DIMENSION', 'IMAGE', 'OBJ', 'TEARDROP'] as const;

const INFO_KEYS = new Set(['Designator', 'Footprint', 'Device']);

export class PcbEditor {
  readonly doc: EditorDocument;
  scene!: PcbScene;
  /** Status-bar message from the last tool action (e.g. why online DRC refused a track); '' when none. */
  status = '';
  readonly selection = new Selection();
  readonly panel: LayersPanel;
  /** The spatial index of the records' boxes for hit testing: built on first use (opening a board does not wait for it). */
  get index(): SpatialIndex {
    if (!this.idx) {
      const boxes = this.boxes; // made first (indexKey inserts into an index that exists)
      this.idx = new SpatialIndex(100, 4096);
      for (const [k, b] of boxes) this.idx.insert(k, b);
    }
    return this.idx;
  }
  private idx: SpatialIndex | null = null;
  /** Build the spatial index now if it is not built (a view calls it when idle after its first frame, so the first click does not wait). */
  prepareIndex(): void { void this.index; }
  readonly tools = new ToolManager('select');
  /** The editor's one action registry (toolbar, shortcuts, command palette): filled by `pcbActions`. */
  readonly actions = new ActionRegistry();
  /** Only these record types are picked (null = all). */
  selectFilter: Set<string> | null = null;
  highlightNet: string | null = null;
  clipboard: Rec[] = [];
  readonly opts: PcbEditorOptions;
  /** Each record's box (the union of its primitives'), made on first use like the index (not on open). */
  private get boxes(): Map<string, Box> {
    if (!this.keyBoxes) {
      this.keyBoxes = new Map();
      for (const [k, ps] of this.scene.prims) this.indexKey(k, ps);
    }
    return this.keyBoxes;
  }
  private keyBoxes: Map<string, Box> | null = null;
  private rats?: Ratsnest;
  /** After edits that rebuilt nothing: the last ratsnest and the nets those edits touched since. */
  private ratsBase?: { rats: Ratsnest; nets: Set<string> };
  /** Record keys per net, made at the first ratsnest after an edit and kept up to date since. */
  private nets?: NetIndex;
  private listeners = new Set<() => void>();
  private primListeners = new Set<(c: PrimChange) => void>();

  constructor(doc: EditorDocument, opts: PcbEditorOptions = {}) {
    this.doc = doc;
    this.opts = opts;
    this.rebuild();
    const al = doc.singleton('ACTIVE_LAYER');
    const active = al ? num(ActiveLayer.raw(al, 'layer'), L.TOP) : L.TOP;
    this.panel = new LayersPanel(this.scene.layers, isCopper(active) ? active : L.TOP);
    doc.subscribe((cs) => this.onChange(cs));
  }

  get isFootprint(): boolean { return this.doc.docType === 'FOOTPRINT'; }

  /** Rebuild the scene and index from the document. */
  rebuild(): void {
    this.scene = new PcbScene({ docType: this.doc.docType, keys: this.doc.keys(), records: this.doc.records(), extraBlocks: this.doc.extraBlocks, pcbUuid: this.opts.pcbUuid, project: this.opts.project });
    this.idx = null;
    this.keyBoxes = null;
    this.extentNow = undefined;
    this.rats = undefined;
    this.ratsBase = undefined;
    this.nets = undefined;
  }

  /** Set a record's box and index entry (nothing to do while the boxes are not made: they will be). */
  private indexKey(k: string, ps: Prim[]): void {
    const boxes = this.keyBoxes;
    if (!boxes) return;
    let b = ps.length === 1 ? ps[0].box : emptyBox();
    if (ps.length > 1) for (const p of ps) b = unionBox(b, p.box);
    if (isEmptyBox(b)) { this.idx?.remove(k); boxes.delete(k); return; }
    this.idx?.insert(k, b);
    boxes.set(k, b);
  }

  private onChange(cs: ChangeSet): void {
    this.gridNow = undefined;
    this.extentNow = undefined;
    const structural = cs.changes.some((c) => {
      const r = (c.after ?? c.before)!;
      const t = recType(r);
      // an ATTR without a position (never shown) changes what its component draws
      // so does a component's Designator/Footprint/Device (the component infos hold them)
      return t === 'COMPONENT' || t === 'PAD_NET' || t === 'LAYER' || t === 'FONT' || (t === 'ATTR' && (!PcbAttr.raw(r, 'x') || INFO_KEYS.has(PcbAttr.get(r, 'key'))));
    });
    let change: PrimChange;
    if (structural || cs.changes.length > 200) {
      this.rebuild();
      change = { rebuilt: true, before: [], after: [] };
    } else {
      change = { rebuilt: false, before: [], after: [] };
      for (const c of cs.changes) {
        const old = this.scene.prims.get(c.key) ?? [];
        change.before.push(...old);
        this.nets?.remove(c.key, old);
        if (c.after) {
          const ps = this.scene.primsFor(c.key, c.after);
          this.scene.prims.set(c.key, ps);
          this.nets?.add(c.key, ps);
          this.indexKey(c.key, ps);
          change.after.push(...ps);
        } else {
          this.scene.prims.delete(c.key);
          this.idx?.remove(c.key);
          this.keyBoxes?.delete(c.key);
        }
      }
      // only the nets of the edited copper are routed differently now
      if (this.rats) this.ratsBase = { rats: this.rats, nets: new Set() };
      this.rats = undefined;
      const nets = this.ratsBase?.nets;
      if (nets) for (const p of change.before.concat(change.after)) if (p.net) nets.add(p.net);
    }
    for (const l of this.primListeners) l(change);
    this.selection.prune((k) => this.doc.has(k));
    for (const l of this.listeners) l();
  }

  subscribe(fn: () => void): () => void { this.listeners.add(fn); return () => this.listeners.delete(fn); }
  /** Hear how the scene's primitives changed after each document change (painters update in place). */
  onPrims(fn: (c: PrimChange) => void): () => void { this.primListeners.add(fn); return () => this.primListeners.delete(fn); }

  // ---------- reading ----------
  rules(): DesignRules {
    let trackWidth = 10, viaDiameter = 24, viaDrill = 12;
    for (const r of this.doc.records()) {
      const t = recType(r);
      if (t === 'RULE') {
        // rule type "3" is the track width rule; its data is [unit, min, default, max]
        const data = Rule.get(r, 'data');
        if (Rule.get(r, 'typeCode') === '3' && Rule.get(r, 'isDefault') && Array.isArray(data)) trackWidth = num(data.at(2), trackWidth);
      }
      if (t === 'PREFERENCE') { viaDrill = num(Preference.raw(r, 'lastViaDrill'), viaDrill); viaDiameter = num(Preference.raw(r, 'lastViaDiameter'), viaDiameter); }
    }
    return { trackWidth, viaDiameter, viaDrill };
  }

  boxOf(key: string): Box | undefined { return this.boxes.get(key); }

  /** The board outline's box (layer 11), else the box of everything; empty for an empty board. */
  boardBox(): Box {
    let b = emptyBox();
    for (const p of this.scene.all()) if (p.layer === L.OUTLINE) b = unionBox(b, p.box);
    return isEmptyBox(b) ? this.extent() : b;
  }

  /** The box of everything drawn (outline, parts beside it, text...): what Fit shows. */
  extent(): Box { return (this.extentNow ??= this.extentOf()); }
  /** The extent, kept until the next change (a view fits twice as it opens: 150k boxes each time). */
  private extentNow?: Box;
  private extentOf(): Box {
    let b = emptyBox();
    if (this.keyBoxes) { for (const kb of this.keyBoxes.values()) b = unionBox(b, kb); return b; }
    // the records' boxes not made yet (a view fits the board before its first frame): the primitives' union, the same box
    let minX = Infinity, minY = Infinity, maxX = -Infinity, maxY = -Infinity;
    for (const ps of this.scene.prims.values()) for (const p of ps) {
      const q = p.box;
      if (!(q.minX <= q.maxX && q.minY <= q.maxY)) continue;
      if (q.minX < minX) minX = q.minX;
      if (q.minY < minY) minY = q.minY;
      if (q.maxX > maxX) maxX = q.maxX;
      if (q.maxY > maxY) maxY = q.maxY;
    }
    if (minX <= maxX) b = { minX, minY, maxX, maxY };
    return b;
  }

  /** The board's unit and grid step (CANVAS), read again after each change (a board without a CANVAS record was searched through at every read: every frame and render). */
  get grid(): GridSettings { return (this.gridNow ??= gridSettings(this.doc)); }
  private gridNow?: GridSettings;
  ratsnest(): Ratsnest {
    if (!this.rats) {
      const base = this.ratsBase;
      const prims = this.scene.prims;
      this.rats = base ? updateRatsnest(base.rats, { all: () => (this.nets ??= new NetIndex(prims)).prims(prims, base.nets) }, base.nets) : computeRatsnest(this.scene);
      this.ratsBase = undefined;
    }
    return this.rats;
  }
  /** The ratsnest if it is computed now (after the last change), else undefined: a view's first frame does not wait for it. */
  peekRatsnest(): Ratsnest | undefined { return this.rats; }

  private pickable(key: string): boolean {
    const r = this.doc.get(key);
    if (!r) return false;
    if (this.selectFilter && !this.selectFilter.has(recType(r))) return false;
    const ps = this.scene.prims.get(key) ?? [];
    const vis = new Set(this.panel.visibleIds());
    return ps.some((p) => vis.has(p.layer) || p.layer === L.HOLE);
  }

  /** Keys under (x, y) within `tol` mil, best first (closest, then smallest, active layer first). */
  hitTest(x: number, y: number, tol = 2): string[] {
    const cands = this.index.at(x, y, tol);
    const scored: Array<[string, number, number]> = [];
    for (const k of cands) {
      if (!this.pickable(k)) continue;
      let d = Infinity;
      for (const p of this.scene.prims.get(k) ?? []) d = Math.min(d, primDistance(p, x, y));
      const b = this.boxes.get(k)!;
      // a footprint is picked anywhere on its body (the box of its pads and graphics), not only on them
      if (d > tol && recType(this.doc.get(k)!) === 'COMPONENT' && x >= b.minX && x <= b.maxX && y >= b.minY && y <= b.maxY) d = 0;
      if (d > tol) continue;
      const onActive = (this.scene.prims.get(k) ?? []).some((p) => p.layer === this.panel.active) ? 0 : 1;
      scored.push([k, d + onActive * 0.001, (b.maxX - b.minX) * (b.maxY - b.minY)]);
    }
    scored.sort((a, b) => (a[1] === 0 && b[1] === 0 ? a[2] - b[2] : a[1] - b[1] || a[2] - b[2]));
    return scored.map((s) => s[0]);
  }

  /** Keys inside a box (`touch`: crossing selection also takes items that only overlap it). */
  inBox(b: Box, touch = false): string[] {
    return this.index.query(b).filter((k) => this.pickable(k) && (touch ? boxesOverlap(b, this.boxes.get(k)!) : boxContainsBox(b, this.boxes.get(k)!)));
  }

  /** The pad or copper primitive of a net at a point (for route starts and net lookups). */
  copperAt(x: number, y: number, layer?: number): Prim | undefined {
    let best: Prim | undefined, bd = Infinity;
    for (const k of this.index.at(x, y, 1)) for (const p of this.scene.prims.get(k) ?? []) {
      if (!(p.kind === 'pad' || p.kind === 'via' || p.kind === 'track' || p.kind === 'arc')) continue;
      if (layer !== undefined && !(p.layer === layer || p.layer === L.MULTI)) continue;
      const d = primDistance(p, x, y);
      if (d <= 0.5 && d < bd) { bd = d; best = p; }
    }
    return best;
  }

  // ---------- editing ----------
  commit(label: string, fn: (tx: Tx) => void): ChangeSet { return this.doc.commit(label, fn); }
  undo(): void { this.doc.undo(); }
  redo(): void { this.doc.redo(); }

  /** A key for the active tool or the actions (core/actions.ts routeKey, as every editor). */
  key(ev: KeyEv): boolean { return routeKey(this.tools, this.actions, ev); }

  /** The shared move/rotate/mirror/delete/copy/paste (core/edit-engine.ts) with the PCB hooks. */
  get engine(): EditEngine { return (this.eng ??= new EditEngine(this.doc, pcbHooks(this))); }
  private eng?: EditEngine;

  /** Move records by (dx, dy) mil; their ATTRs go along, tracks ending on moved pads and vias follow. */
  move(keys: Iterable<string>, dx: number, dy: number): ChangeSet { return this.engine.move(keys, dx, dy); }

  /** Turn by `angle` degrees CCW: a lone component about its origin, else about the selection's centre. */
  rotate(keys: Iterable<string>, angle = 90): ChangeSet { return this.engine.rotate(keys, angle); }

  /** Mirror about the selection's vertical ('x') or horizontal ('y') centre line, to the other side. */
  mirror(keys: Iterable<string>, axis: 'x' | 'y' = 'x'): ChangeSet { return this.engine.mirror(keys, axis); }

  /** Flip to the other side in place (components top <-> bottom; tracks, text and graphics change layer). */
  flip(keys: Iterable<string>): ChangeSet {
    const set = this.engine.expand(keys, 'transform');
    return this.commit('Flip', (tx) => { for (const k of set) tx.update(k, flipRecord); });
  }

  /** Delete records with their ATTRs and PAD_NETs. */
  delete(keys: Iterable<string>): ChangeSet {
    const cs = this.engine.delete(keys);
    this.selection.clear();
    return cs;
  }

  /** Copy records (with their ATTRs and PAD_NETs) to the editor's clipboard; returns how many. */
  copy(keys: Iterable<string>): number {
    this.clipboard = this.engine.copy(keys);
    return this.clipboard.length;
  }

  /** Paste the clipboard moved by (dx, dy) with fresh ids; the pasted records become the selection. */
  paste(dx: number, dy: number): string[] {
    const added = this.engine.paste(this.clipboard, dx, dy);
    if (added.length) this.selection.select(added);
    return added;
  }

  /**
   * Edit named fields of one record (`{ width: 8 }`, names of the record's module in
   * @copperplate/format/records). Returns false when the record is missing or has no module.
   */
  setFields(key: string, fields: Record<string, unknown>, label = 'Edit properties'): boolean {
    const r = this.doc.get(key);
    const kind = r && kindOf(r, 'pcb');
    if (!kind) return false;
    for (const f of Object.keys(fields)) if (!(f in kind.fields)) throw new Error(`${kind.type} has no field ${f}`);
    this.commit(label, (tx) => tx.update(key, (q) => kind.with(q, fields)));
    return true;
  }

  /** Put a component (with its attributes and the tracks ending on its pads) at (x, y) mil. */
  placeComponent(key: string, x: number, y: number): ChangeSet | undefined {
    const r = this.doc.get(key);
    if (!r || !PcbComponent.is(r)) return undefined;
    const dx = x - PcbComponent.get(r, 'x'), dy = y - PcbComponent.get(r, 'y');
    return dx || dy ? this.move([key], dx, dy) : undefined;
  }

  /** Turn a component to an absolute angle (degrees CCW) about its origin. */
  setComponentAngle(key: string, angle: number): ChangeSet | undefined {
    const r = this.doc.get(key);
    if (!r || !PcbComponent.is(r)) return undefined;
    const d = (((angle - PcbComponent.get(r, 'angle')) % 360) + 360) % 360;
    return d ? this.rotate([key], d) : undefined;
  }

  /** Put a component on a side (flips it when it is on the other one). */
  setComponentSide(key: string, bottom: boolean): ChangeSet | undefined {
    const r = this.doc.get(key);
    if (!r || !PcbComponent.is(r) || (PcbComponent.get(r, 'layer') === L.BOTTOM) === bottom) return undefined;
    return this.flip([key]);
  }

  /** Assign a net to copper records (tracks, vias, free pads, fills) and to component pads via PAD_NET keys. */
  assignNet(keys: Iterable<string>, net: string): void {
    this.commit('Assign net', (tx) => {
      for (const k of keys) {
        const r = tx.get(k);
        if (!r) continue;
        if (withNet(r, net)) tx.update(k, (q) => withNet(q, net) ?? q);
      }
      if (net && !this.doc.records().some((r) => Net.is(r) && Net.raw(r, 'name') === net)) tx.add(Net.create({ name: net }));
    });
  }

  /** Keys of every record on a net (highlight). */
  netKeys(net: string): string[] {
    const out: string[] = [];
    for (const [k, ps] of this.scene.prims) if (ps.some((p) => p.net === net)) out.push(k);
    return out;
  }
  setHighlight(net: string | null): void { this.highlightNet = net; for (const l of this.listeners) l(); }
}
