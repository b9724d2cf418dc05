/**
 * The symbol editor: one part of a symbol document at a time (symbol frame, 0.01 inch, Y up), with
 * select/box/move, pins (click places a pin, Space turns it), rectangles, circles, polylines,
 * rotate, delete, undo/redo, and parts (switch, add). Every edit is one commit of valid records.
 */
import type { EditorDocument } from '../core/document.ts';
import { type Box, emptyBox, normAngle, unionBox, type Pt } from '../core/geometry.ts';
import { Grid } from '../core/grid.ts';
import { ActionRegistry, routeKey } from '../core/actions.ts';
import { EditEngine } from '../core/edit-engine.ts';
import { schHooks } from '../sch/edit-hooks.ts';
import { Pin } from '@copperplate/format/records';
import { num, recType, str, withField } from '../core/records.ts';
import { Selection } from '../core/selection.ts';
import { SpatialIndex } from '../core/spatial.ts';
import { ToolManager, type KeyEv, type Overlay, type PointerEv, type Tool } from '../core/tools.ts';
import { Viewport } from '../core/viewport.ts';
import { type DisplayItem, RecordingSurface } from '../render/recording.ts';
import { addPart, addPin, addShape } from './edit.ts';
import { paintSymbol, partPins, pickPart, symbolParts } from './symbol.ts';
import { SelectTool, ShapeTool } from '../sch/tools.ts';

export class SymbolEditor {
  readonly selection = new Selection();
  readonly grid = new Grid(5);
  readonly tools = new ToolManager('select');
  readonly actions = new ActionRegistry();
  readonly viewport: Viewport;
  readonly index = new SpatialIndex(20);
  private items = new Map<string, DisplayItem>();
  private listeners = new Set<() => void>();
  part: string;
  private unsub: () => void;

  readonly scene = {
    inside: (b: Box): string[] => this.index.query(b).filter((k) => { const q = this.items.get(k)!.bbox; return q.minX >= b.minX && q.maxX <= b.maxX && q.minY >= b.minY && q.maxY <= b.maxY; }),
    visible: (b: Box): DisplayItem[] => this.index.query(b).map((k) => this.items.get(k)!),
    all: (): DisplayItem[] => [...this.items.values()],
    bbox: (): Box => { let b = emptyBox(); for (const it of this.items.values()) b = unionBox(b, it.bbox); return b; },
  };

  constructor(readonly doc: EditorDocument, o: { viewport?: Viewport; part?: string } = {}) {
    this.viewport = o.viewport ?? new Viewport();
    this.part = o.part ?? symbolParts(doc)[0]?.name ?? '';
    this.repaint();
    this.unsub = doc.subscribe(() => { this.repaint(); this.selection.prune((k) => doc.has(k)); this.emit(); });
    for (const t of [new SelectTool(this), new PinTool(this), new ShapeTool(this, 'rect'), new ShapeTool(this, 'circle'), new ShapeTool(this, 'polyline')]) this.tools.register(t);
    this.tools.activate('select');
    const a = this.actions, hasSel = () => this.selection.size > 0;
    a.register({ id: 'edit.undo', label: 'Undo', menu: 'Edit', shortcut: 'Ctrl+Z', run: () => void doc.undo() });
    a.register({ id: 'edit.redo', label: 'Redo', menu: 'Edit', shortcut: ['Ctrl+Y', 'Ctrl+Shift+Z'], run: () => void doc.redo() });
    a.register({ id: 'edit.delete', label: 'Delete', menu: 'Edit', shortcut: ['Delete', 'Backspace'], run: () => this.deleteSelection(), enabled: hasSel });
    a.register({ id: 'edit.rotate', label: 'Rotate', menu: 'Edit', shortcut: ['Space', 'R'], run: () => this.rotateSelection(), enabled: hasSel });
    a.register({ id: 'edit.mirrorX', label: 'Flip Horizontal', menu: 'Edit', shortcut: 'X', run: () => this.mirrorSelection('x'), enabled: hasSel });
    a.register({ id: 'edit.mirrorY', label: 'Flip Vertical', menu: 'Edit', shortcut: 'Y', run: () => this.mirrorSelection('y'), enabled: hasSel });
    a.register({ id: 'edit.selectAll', label: 'Select All', menu: 'Edit', shortcut: 'Ctrl+A', run: () => this.selection.select(this.items.keys()) });
    a.register({ id: 'place.pin', label: 'Pin', menu: 'Place', shortcut: 'P', run: () => this.tools.activate('pin') });
    a.register({ id: 'place.rect', label: 'Rectangle', menu: 'Place', run: () => this.tools.activate('rect') });
    a.register({ id: 'place.circle', label: 'Circle', menu: 'Place', run: () => this.tools.activate('circle') });
    a.register({ id: 'place.polyline', label: 'Polyline', menu: 'Place', shortcut: 'L', run: () => this.tools.activate('polyline') });
    a.register({ id: 'part.add', label: 'Add Part', menu: 'Part', run: () => this.addPart() });
    a.register({ id: 'view.fit', label: 'Fit All', menu: 'View', shortcut: 'K', run: () => this.viewport.fit(this.scene.bbox()) });
  }

  dispose(): void { this.unsub(); }
  onChange(fn: () => void): () => void { this.listeners.add(fn); return () => this.listeners.delete(fn); }
  private emit(): void { for (const l of this.listeners) l(); }

  /** Paint the current part; every record of the part is one display item keyed by its id. */
  private repaint(): void {
    const rec = new RecordingSurface();
    paintSymbol(rec, this.doc, { part: this.part, recordIds: true, ownAttrs: true });
    this.items.clear();
    this.index.clear();
    for (const it of rec.items) if (it.id) { this.items.set(it.id, it); this.index.insert(it.id, it.bbox); }
  }

  item(key: string): DisplayItem | undefined { return this.items.get(key); }
  parts(): string[] { return symbolParts(this.doc).map((p) => p.name); }
  setPart(name: string): void { this.part = name; this.selection.clear(); this.repaint(); this.emit(); }

  pointer(ev: PointerEv): void { this.tools.pointer(ev); }
  key(ev: KeyEv): boolean { return routeKey(this.tools, this.actions, ev); }

  hit(x: number, y: number): string | undefined {
    let best: string | undefined, area = Infinity;
    for (const k of this.index.at(x, y, 2)) {
      const b = this.items.get(k)!.bbox;
      const a = (b.maxX - b.minX) * (b.maxY - b.minY);
      if (a < area) { area = a; best = k; }
    }
    return best;
  }

  selectionBBox(): Box | undefined {
    let b = emptyBox();
    for (const k of this.selection.ids) { const it = this.items.get(k); if (it) b = unionBox(b, it.bbox); }
    return b.minX <= b.maxX ? b : undefined;
  }

  /** The shared move/rotate/mirror/delete (core/edit-engine.ts) with the symbol's hooks (pins and shapes, their ATTRs). */
  get engine(): EditEngine { return (this.eng ??= new EditEngine(this.doc, schHooks(undefined, { boxOf: (k) => this.items.get(k)?.bbox }))); }
  private eng?: EditEngine;

  moveSelection(dx: number, dy: number): void {
    if (this.selection.size) this.engine.move(this.selection.ids, dx, dy);
  }

  /** The selection's snapped centre: the pivot of rotate and mirror. */
  private pivot(): Pt | undefined {
    const b = this.selectionBBox();
    return b && this.grid.snapPt({ x: (b.minX + b.maxX) / 2, y: (b.minY + b.maxY) / 2 });
  }

  /** Rotate the selection 90 degrees about its snapped centre (pins turn their direction too). */
  rotateSelection(): void {
    const c = this.pivot();
    if (c) this.engine.rotate(this.selection.ids, 90, c);
  }

  /** Mirror the selection left-right ('x') or top-bottom ('y') about its snapped centre. */
  mirrorSelection(axis: 'x' | 'y'): void {
    const c = this.pivot();
    if (c) this.engine.mirror(this.selection.ids, axis, c);
  }

  deleteSelection(): void {
    if (this.selection.size) this.engine.delete(this.selection.ids);
  }

  addShape(rec: unknown[]): string {
    let id = '';
    this.doc.commit(`Add ${recType(rec).toLowerCase()}`, (tx) => { id = addShape(tx, this.doc, rec, this.part); });
    return id;
  }

  /** The next free pin number of the symbol (numbers are unique across parts). */
  nextPinNumber(): string {
    let n = 0;
    for (const p of symbolParts(this.doc)) for (const q of partPins(this.doc, p)) if (/^\d+$/.test(q.number)) n = Math.max(n, Number(q.number));
    return String(n + 1);
  }

  addPin(p: Pt, rot = 0, name?: string, number?: string): string {
    let id = '';
    const num_ = number ?? this.nextPinNumber();
    this.doc.commit('Add pin', (tx) => { id = addPin(tx, this.doc, { x: p.x, y: p.y, rot, name: name ?? num_, number: num_ }, this.part); });
    return id;
  }

  /** Add a part named `<symbol>.<n>` after the last one and switch to it. */
  addPart(): string {
    const parts = this.parts();
    const base = (parts[0] ?? 'Symbol.1').replace(/\.\d+$/, '');
    const name = `${base}.${parts.length + 1}`;
    const bb = pickPart(this.doc, this.part).bbox ?? [-50, 50, 50, -50];
    this.doc.commit('Add part', (tx) => { addPart(tx, name, bb); });
    this.setPart(name);
    return name;
  }
}

/** Pin (P): a click places a pin (connection end at the point, pointing right); Space turns the next pin by 90 degrees. */
export class PinTool implements Tool {
  readonly id = 'pin';
  state = 'idle';
  rot = 0;
  private cur: Pt = { x: 0, y: 0 };
  constructor(private ed: SymbolEditor) {}
  pointer(ev: PointerEv): void {
    this.cur = this.ed.grid.snapPt({ x: ev.x, y: ev.y });
    if (ev.kind === 'down') this.ed.addPin(this.cur, this.rot);
  }
  key(ev: KeyEv): boolean {
    if (ev.key === ' ' || ev.key.toLowerCase() === 'r') { this.rot = normAngle(this.rot + 90); return true; }
    return false;
  }
  overlay(): Overlay[] {
    const a = (this.rot * Math.PI) / 180;
    return [{ kind: 'polyline', points: [this.cur.x, this.cur.y, this.cur.x + 10 * Math.cos(a), this.cur.y + 10 * Math.sin(a)] }];
  }
}

/** PIN number of a pin record's NUMBER attribute. */
export function pinNumber(doc: EditorDocument, pin: string): string {
  for (const k of doc.childrenOf(pin)) { const a = doc.get(k)!; if (a[3] === 'NUMBER') return str(a[4]); }
  return '';
}
