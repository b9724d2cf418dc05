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
import { ToolManager } from '../core/tools.ts';
import { type Box, emptyBox, isEmptyBox, unionBox, boxContainsBox, boxesOverlap } from '@copperplate/board';
import { LayersPanel } from './layers-panel.ts';
import { type Prim, primDistance } from './prims.ts';
import { type PcbProject, PcbScene } from './scene.ts';
import { flipRecord, rotateRecord, translateRecord, withNet } from './edit-ops.ts';
import { isCopper, L } from './layers.ts';
import { type Ratsnest, computeRatsnest } from './ratsnest.ts';

export interface PcbEditorOptions {
  project?: PcbProject;
  pcbUuid?: string;
}

export interface DesignRules { trackWidth: number; viaDiameter: number; viaDrill: number }

/** Record types a selection filter can name. */
export const SELECTABLE = ['COMPONENT', 'LINE', 'ARC', 'VIA', 'PAD', 'POLY', 'FILL', 'POUR', 'REGION', 'STRING', 'ATTR', 'DIMENSION', 'IMAGE', 'OBJ', 'TEARDROP'] as const;

export class PcbEditor {
  readonly doc: EditorDocument;
  scene!: PcbScene;
  /** Status-bar message from the last tool action (e.g. why online DRC refused a track); '' when none. */
  status = '';
  readonly selection = new Selection();
  readonly panel: LayersPanel;
  readonly index = new SpatialIndex(100, 4096);
  readonly tools = new ToolManager('select');
  /** Only these record types are picked (null = all). */
  selectFilter: Set<string> | null = null;
  highlightNet: string | null = null;
  clipboard: Rec[] = [];
  readonly opts: PcbEditorOptions;
  private keyBoxes = new Map<string, Box>();
  private rats?: Ratsnest;
  private listeners = new Set<() => void>();

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
    this.scene = new PcbScene({ docType: this.doc.docType, entries: this.doc.keys().map((k) => [k, this.doc.get(k)!] as [string, Rec]), extraBlocks: this.doc.extraBlocks, pcbUuid: this.opts.pcbUuid, project: this.opts.project });
    this.index.clear();
    this.keyBoxes.clear();
    for (const [k, ps] of this.scene.prims) this.indexKey(k, ps);
    this.rats = undefined;
  }

  private indexKey(k: string, ps: Prim[]): void {
    let b = emptyBox();
    for (const p of ps) b = unionBox(b, p.box);
    if (isEmptyBox(b)) { this.index.remove(k); this.keyBoxes.delete(k); return; }
    this.index.insert(k, b);
    this.keyBoxes.set(k, b);
  }

  private onChange(cs: ChangeSet): void {
    const structural = cs.changes.some((c) => {
      const r = (c.after ?? c.before)!;
      const t = recType(r);
      // an ATTR without a position (never shown) changes what its component draws
      return t === 'COMPONENT' || t === 'PAD_NET' || t === 'LAYER' || t === 'FONT' || (t === 'ATTR' && !PcbAttr.raw(r, 'x'));
    });
    if (structural || cs.changes.length > 200) this.rebuild();
    else {
      for (const c of cs.changes) {
        if (c.after) {
          const ps = this.scene.primsFor(c.key, c.after);
          this.scene.prims.set(c.key, ps);
          this.indexKey(c.key, ps);
        } else {
          this.scene.prims.delete(c.key);
          this.index.remove(c.key);
          this.keyBoxes.delete(c.key);
        }
      }
      this.rats = undefined;
    }
    this.selection.prune((k) => this.doc.has(k));
    for (const l of this.listeners) l();
  }

  subscribe(fn: () => void): () => void { this.listeners.add(fn); return () => this.listeners.delete(fn); }

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

  boxOf(key: string): Box | undefined { return this.keyBoxes.get(key); }
  ratsnest(): Ratsnest { return (this.rats ??= computeRatsnest(this.scene)); }

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
      if (d > tol) continue;
      const b = this.keyBoxes.get(k)!;
      const onActive = (this.scene.prims.get(k) ?? []).some((p) => p.layer === this.panel.active) ? 0 : 1;
      scored.push([k, d + onActive * 0.001, (b.maxX - b.minX) * (b.maxY - b.minY)]);
    }
    scored.sort((a, b) => (a[1] === 0 && b[1] === 0 ? a[2] - b[2] : a[1] - b[1] || a[2] - b[2]));
    return scored.map((s) => s[0]);
  }

  /** Keys inside a box (`touch`: crossing selection also takes items that only overlap it). */
  inBox(b: Box, touch = false): string[] {
    return this.index.query(b).filter((k) => this.pickable(k) && (touch ? boxesOverlap(b, this.keyBoxes.get(k)!) : boxContainsBox(b, this.keyBoxes.get(k)!)));
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

  /** Pads (with their component) of the selection's components, for rubber-banding attached tracks. */
  private attachedTrackEnds(keys: Set<string>): Array<{ key: string; end: 0 | 1 }> {
    const out: Array<{ key: string; end: 0 | 1 }> = [];
    const pads: Prim[] = [];
    for (const k of keys) for (const p of this.scene.prims.get(k) ?? []) if (p.kind === 'pad' || p.kind === 'via') pads.push(p);
    if (!pads.length) return out;
    let b = emptyBox();
    for (const p of pads) b = unionBox(b, p.box);
    for (const k of this.index.query(b)) {
      if (keys.has(k)) continue;
      const r = this.doc.get(k);
      const t = r ? recType(r) : '';
      if (!r || (t !== 'LINE' && t !== 'ARC')) continue;
      const kind = t === 'LINE' ? Line : PcbArc; // same fields for ends and layer
      const layer = kind.get(r, 'layer');
      for (const end of [0, 1] as const) {
        const x = kind.get(r, end ? 'x2' : 'x1'), y = kind.get(r, end ? 'y2' : 'y1');
        if (pads.some((p) => (p.layer === layer || p.layer === L.MULTI) && primDistance(p, x, y) <= 0.5)) out.push({ key: k, end });
      }
    }
    return out;
  }

  /** Move records by (dx, dy) mil; tracks ending on moved pads and vias follow (their end moves). */
  move(keys: Iterable<string>, dx: number, dy: number): ChangeSet {
    const set = this.withChildren(keys);
    const ends = this.attachedTrackEnds(set);
    return this.commit('Move', (tx) => {
      for (const k of set) tx.update(k, (r) => translateRecord(r, dx, dy));
      for (const { key, end } of ends) tx.update(key, (r) => {
        const kind = recType(r) === 'LINE' ? Line : PcbArc;
        const [kx, ky] = end ? (['x2', 'y2'] as const) : (['x1', 'y1'] as const);
        return kind.with(r, { [kx]: kind.get(r, kx) + dx, [ky]: kind.get(r, ky) + dy });
      });
    });
  }

  /** Keys plus the ATTRs (with positions) of selected components. */
  private withChildren(keys: Iterable<string>): Set<string> {
    const set = new Set(keys);
    const comps = new Set<string>();
    for (const k of set) { const r = this.doc.get(k); if (r && PcbComponent.is(r)) comps.add(PcbComponent.get(r, 'id')); }
    if (comps.size) for (const k of this.doc.keys()) { const r = this.doc.get(k)!; if (PcbAttr.is(r) && comps.has(PcbAttr.get(r, 'parentId'))) set.add(k); }
    return set;
  }

  private centre(keys: Iterable<string>): { x: number; y: number } {
    let b = emptyBox();
    for (const k of keys) { const kb = this.keyBoxes.get(k); if (kb) b = unionBox(b, kb); }
    if (isEmptyBox(b)) return { x: 0, y: 0 };
    return { x: (b.minX + b.maxX) / 2, y: (b.minY + b.maxY) / 2 };
  }

  rotate(keys: Iterable<string>, angle = 90): ChangeSet {
    const base = [...keys];
    const set = this.withChildren(base);
    const one = base.length === 1 ? this.doc.get(base[0]) : undefined;
    const c = one && PcbComponent.is(one) ? { x: PcbComponent.get(one, 'x'), y: PcbComponent.get(one, 'y') } : this.centre(base);
    return this.commit('Rotate', (tx) => { for (const k of set) tx.update(k, (r) => rotateRecord(r, c.x, c.y, angle)); });
  }

  /** Flip to the other side (components top <-> bottom; tracks, text and graphics change layer). */
  flip(keys: Iterable<string>): ChangeSet {
    const set = this.withChildren(keys);
    return this.commit('Flip', (tx) => { for (const k of set) tx.update(k, flipRecord); });
  }

  delete(keys: Iterable<string>): ChangeSet {
    const set = this.withChildren(keys);
    const comps = new Set<string>();
    for (const k of set) { const r = this.doc.get(k); if (r && PcbComponent.is(r)) comps.add(PcbComponent.get(r, 'id')); }
    for (const k of this.doc.keys()) { const r = this.doc.get(k)!; if (PadNet.is(r) && comps.has(PadNet.get(r, 'componentId'))) set.add(k); }
    const cs = this.commit('Delete', (tx) => { for (const k of set) tx.remove(k); });
    this.selection.clear();
    return cs;
  }

  copy(keys: Iterable<string>): number {
    const set = this.withChildren(keys);
    const comps = new Set<string>();
    for (const k of set) { const r = this.doc.get(k); if (r && PcbComponent.is(r)) comps.add(PcbComponent.get(r, 'id')); }
    for (const k of this.doc.keys()) { const r = this.doc.get(k)!; if (PadNet.is(r) && comps.has(PadNet.get(r, 'componentId'))) set.add(k); }
    this.clipboard = this.doc.keys().filter((k) => set.has(k)).map((k) => this.doc.get(k)!.slice());
    return this.clipboard.length;
  }

  /** Paste the clipboard moved by (dx, dy) with fresh ids; the pasted records become the selection. */
  paste(dx: number, dy: number): string[] {
    const added: string[] = [];
    if (!this.clipboard.length) return added;
    this.commit('Paste', (tx) => {
      const ids = new Map<string, string>();
      for (const r of this.clipboard) { const id = recId(r); if (id !== undefined) ids.set(id, tx.newId()); }
      for (const r of this.clipboard) {
        let o = translateRecord(r, dx, dy);
        const t = recType(o);
        const kind = kindOf(o, 'pcb');
        if (t === 'PAD_NET') o = PadNet.with(o, { componentId: ids.get(PadNet.get(o, 'componentId')) });
        else if (kind && recId(o) !== undefined) o = kind.with(o, { id: ids.get(recId(o)!) });
        if (t === 'ATTR') o = PcbAttr.with(o, { parentId: ids.get(PcbAttr.get(o, 'parentId')) });
        const k = tx.add(o.slice());
        if (t !== 'ATTR' && t !== 'PAD_NET') added.push(k);
      }
    });
    this.selection.select(added);
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
