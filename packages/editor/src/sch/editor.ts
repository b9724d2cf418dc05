/**
 * The schematic (sheet) editor: document + scene + selection + viewport + grid + tools + actions.
 * Headless: the browser view feeds it pointer/key events; tests do the same with synthetic events.
 * Coordinates 0.01 inch, Y up.
 */
import { EditorDocument, type ChangeSet } from '../core/document.ts';
import { type Box, emptyBox, apply, onSegment, placement, unionBox, type Pt } from '../core/geometry.ts';
import { Grid } from '../core/grid.ts';
import { ActionRegistry, routeKey } from '../core/actions.ts';
import { SchAttr, SchComponent } from '@copperplate/format/records';
import { bool, num, recType, str, withFields } from '../core/records.ts';
import { Selection } from '../core/selection.ts';
import { ToolManager, type KeyEv, type PointerEv } from '../core/tools.ts';
import { Viewport } from '../core/viewport.ts';
import { annotate, annotateSheets, type AnnotateOptions } from './annotate.ts';
import { clipRecords, clipText, pasteOffset } from './clipboard.ts';
import { componentPins, componentSymbol } from './component.ts';
import type { SchContext } from './context.ts';
import { EditEngine } from '../core/edit-engine.ts';
import { schHooks } from './edit-hooks.ts';
import { componentResolver, symbolAttrs } from './attrs.ts';
import { ensureFlagSymbol, flagNameKey, flagStyleFor, type FlagStyle } from './netflags.ts';
import { findOnSheet, type FindHit } from './find.ts';
import { labelGhost, placementGhost } from './ghost.ts';
import type { Op } from '../render/surface.ts';
import type { SymbolInfo } from './context.ts';
import { SheetScene } from './scene.ts';
import { attrMap, attrValue, pickPart } from '../symbol/symbol.ts';
import { BusEntryTool, NetLabelTool, NoConnectTool, PlaceTool, SelectTool, ShapeTool, WireTool, schTextTool } from './tools.ts';
import { wirePolys } from './wires.ts';
import { registerSchematicActions } from './actions.ts';
import { PlaceTableTool, type TableSize } from './table.ts';
import { buildNetlist, netHighlight, netOf, type Net } from './netlist.ts';
import { runErc, type ErcMarker } from './erc.ts';
import { createSheetSymbol, descend, sheetLinkOf } from './hierarchy.ts';
import type { SheetInput } from './netlist.ts';

/** What the editor needs from its host (the web app) for hierarchy: the project's sheets and navigation. */
export interface HierarchyHost {
  /** All sheets of the project by the names a sheet symbol's `Sheet` ATTR uses. */
  sheets(): SheetInput[];
  /** Ask the user for a child sheet (the "Create sheet symbol" action); undefined = cancelled. */
  chooseChildSheet?(): SheetInput | undefined;
  /** Open a sheet (the "Descend into sheet" action). */
  openSheet?(sheet: SheetInput): void;
}

export interface SchematicEditorOptions {
  ctx: SchContext;
  viewport?: Viewport;
  gridSize?: number;
  /** Called when a copy or cut produced clipboard text (the web app stores it in the copy-and-paste store). */
  onCopy?: (text: string) => void;
  /** Reads the shared clipboard for paste (default: the editor's own last copy). */
  readClipboard?: () => string | undefined;
  /** Sheets and navigation for sheet symbols (hierarchy.ts); without it the hierarchy actions are disabled. */
  hierarchy?: HierarchyHost;
  /**
   * Asks the user for a name (a net label's, `suggested` pre-filled); null/undefined = cancelled.
   * Without it the suggested name is used.
   */
  askName?: (suggested: string, what: 'net') => string | null | undefined | Promise<string | null | undefined>;
  /** A built-in flag symbol was added to the context: the host saves `text` as a project symbol. */
  onSymbolCreated?: (info: SymbolInfo, text: string) => void;
}

export class SchematicEditor {
  readonly scene: SheetScene;
  readonly selection = new Selection();
  readonly viewport: Viewport;
  readonly grid: Grid;
  readonly tools = new ToolManager('select');
  readonly actions = new ActionRegistry();
  readonly ctx: SchContext;
  clipboard: string | undefined;
  /** Last pointer position (document units), the paste anchor. */
  cursor: Pt = { x: 0, y: 0 };
  private unsub: () => void;
  private changeListeners = new Set<(cs: ChangeSet, repainted: string[]) => void>();

  constructor(readonly doc: EditorDocument, private readonly opts: SchematicEditorOptions) {
    this.ctx = opts.ctx;
    this.scene = new SheetScene(doc, opts.ctx);
    this.viewport = opts.viewport ?? new Viewport();
    this.grid = new Grid(opts.gridSize ?? 5);
    this.unsub = doc.subscribe((cs) => {
      const keys = this.scene.update(cs);
      this.selection.prune((k) => doc.has(k));
      for (const l of this.changeListeners) l(cs, keys);
    });
    for (const t of [new SelectTool(this), new WireTool(this), new WireTool(this, 'BUS'), new BusEntryTool(this), new NetLabelTool(this), schTextTool(this), new PlaceTool(this), new NoConnectTool(this), new ShapeTool(this, 'rect'), new ShapeTool(this, 'circle'), new ShapeTool(this, 'polyline'), new PlaceTableTool(this)]) this.tools.register(t);
    this.tools.activate('select');
    registerSchematicActions(this);
  }

  dispose(): void { this.unsub(); }

  get askName(): SchematicEditorOptions['askName'] { return this.opts.askName; }
  /** Asks the size of a table to place (Place table; the host sets it); null = cancelled. Unset: 3 x 3. */
  askTableSize: (() => TableSize | null | Promise<TableSize | null>) | undefined;
  /** The table cell the host's cell grid has chosen (the table actions act on it; else the selection). */
  activeCell: string | undefined;

  /** The grid is drawn (the view reads it); its size is `grid.size` (0.01 inch). */
  gridVisible = true;
  /** Set the grid step (0.01 inch, > 0); tells change listeners so the view redraws. */
  setGridSize(size: number): void {
    if (!(size > 0)) return;
    this.grid.size = size;
    for (const l of this.changeListeners) l({ label: 'grid', origin: 'local', changes: [] }, []);
  }
  setGridVisible(on: boolean): void {
    this.gridVisible = on;
    for (const l of this.changeListeners) l({ label: 'grid', origin: 'local', changes: [] }, []);
  }

  /** Arrow keys: move the selection by `dx, dy` grid steps (one undo step). */
  nudge(dx: number, dy: number): void { this.moveSelection(dx * this.grid.size, dy * this.grid.size); }

  /** What follows the cursor while placing (a part's ghost, a net label's name), in document units. */
  ghost(): Op[] {
    const t = this.tools.active;
    if (t instanceof PlaceTool && t.state === 'placing') return placementGhost(this.ctx, t.symbol || String(this.ctx.devices[t.device]?.attributes?.Symbol ?? ''), t.cur.x, t.cur.y, t.rot, t.mirror, t.netName);
    if (t instanceof NetLabelTool && t.state === 'idle') return labelGhost(t.cur.x, t.cur.y, t.name);
    return [];
  }

  /** Parts, nets and text on this sheet matching `query` (Ctrl+F). */
  find(query: string): FindHit[] { return findOnSheet(this.doc, this.ctx, query); }

  /** Select a find hit and centre the view on it. */
  focusHit(h: FindHit): void {
    if (this.doc.has(h.key)) this.selection.select([h.key]);
    this.viewport.cx = h.x;
    this.viewport.cy = h.y;
    this.viewport.zoomTo(Math.max(this.viewport.zoom, 150));
    for (const l of this.changeListeners) l({ label: 'find', origin: 'local', changes: [] }, []);
  }

  /**
   * Arm the place tool with a net flag or port named `name` (power/ground by the name, or `style`):
   * the built-in symbol is added to the project when it has none (`onSymbolCreated`).
   */
  armNetFlag(name: string, style: FlagStyle = flagStyleFor(name)): void {
    const f = ensureFlagSymbol(this.ctx, style);
    if (f.created) this.opts.onSymbolCreated?.(f.info, f.text);
    (this.tools.get('place') as PlaceTool).arm(f.info.uuid, '', name);
    this.tools.activate('place');
  }

  /** Place a net flag or port named `name` at (x, y); returns the component key. */
  placeNetFlag(name: string, x: number, y: number, o: { style?: FlagStyle; rot?: number; mirror?: boolean } = {}): string {
    const f = ensureFlagSymbol(this.ctx, o.style ?? flagStyleFor(name));
    if (f.created) this.opts.onSymbolCreated?.(f.info, f.text);
    return this.placeComponent(f.info.uuid, '', x, y, o.rot ?? 0, !!o.mirror, name);
  }

  /** The pin end within `tol` units of a point: its component, pin id and exact position. */
  pinEndAt(x: number, y: number, tol = 3): { component: string; pin: string; x: number; y: number } | undefined {
    let best: { component: string; pin: string; x: number; y: number } | undefined, bd = Infinity;
    for (const k of this.scene.index.at(x, y, tol)) for (const p of componentPins(this.doc, k, this.ctx)) {
      const d = Math.hypot(p.x - x, p.y - y);
      if (d <= tol && d < bd) { bd = d; best = { component: k, pin: p.pin, x: p.x, y: p.y }; }
    }
    return best;
  }

  /** Mark the pin end near a point not connected (pin ATTR NO_CONNECT "yes"), or remove its mark. Returns the ATTR key or undefined. */
  toggleNoConnect(x: number, y: number): string | undefined {
    const p = this.pinEndAt(x, y);
    if (!p) return undefined;
    const joined = p.component + p.pin;
    const existing = attrMap(this.doc, joined).get('NO_CONNECT');
    let key: string | undefined;
    this.doc.commit('No connect', (tx) => {
      if (existing) tx.remove(SchAttr.get(existing, 'id'));
      else key = tx.add(['ATTR', tx.newId(), joined, 'NO_CONNECT', 'yes', 0, 0, p.x, p.y, 0, null, 0]);
    });
    return key;
  }

  // ---- hierarchy ----
  get hierarchy(): HierarchyHost | undefined { return this.opts.hierarchy; }
  /** Place a sheet symbol for `child` at `at` (default: the cursor, snapped); selects and returns its key. */
  createSheetSymbol(child: SheetInput, at: Pt = this.grid.snapPt(this.cursor)): string {
    const { component } = createSheetSymbol(this.doc, child, this.ctx, at);
    this.selection.select([component]);
    return component;
  }
  /** The single selected component when it is a sheet symbol, else undefined. */
  selectedSheetSymbol(): string | undefined {
    const ids = this.selection.ids;
    return ids.length === 1 && sheetLinkOf(this.doc, ids[0], this.ctx) ? ids[0] : undefined;
  }
  /** The child sheet of the selected sheet symbol (opened through the host when it can). */
  descend(): SheetInput | undefined {
    const k = this.selectedSheetSymbol();
    const child = k ? descend(this.doc, k, this.opts.hierarchy?.sheets() ?? [], this.ctx) : undefined;
    if (child) this.opts.hierarchy?.openSheet?.(child);
    return child;
  }
  onChange(fn: (cs: ChangeSet, repainted: string[]) => void): () => void { this.changeListeners.add(fn); return () => this.changeListeners.delete(fn); }

  // ---- events ----
  pointer(ev: PointerEv): void {
    this.cursor = { x: ev.x, y: ev.y };
    if (ev.kind === 'down' && this.tools.active?.id === 'select' && !ev.shift && !ev.ctrl) {
      const m = this.markerAt(ev.x, ev.y);
      if (m) { this.focusMarker(m); return; }
    }
    this.tools.pointer(ev);
  }
  key(ev: KeyEv): boolean { return routeKey(this.tools, this.actions, ev); }

  // ---- queries ----
  private isFrame(key: string): boolean {
    const r = this.doc.get(key);
    return !!r && recType(r) === 'COMPONENT' && componentSymbol(this.doc, key, this.ctx)?.type === 20;
  }

  /** The record under a point, frames (title blocks) excluded. Tolerance 3 units (0.03 inch). */
  hit(x: number, y: number): string | undefined {
    return this.scene.hit(x, y, 3, (k) => this.isFrame(k));
  }

  wireAt(x: number, y: number): string | undefined {
    for (const k of this.scene.index.at(x, y, 0.5)) {
      const r = this.doc.get(k);
      if (!r || recType(r) !== 'WIRE') continue;
      for (const p of wirePolys(r)) for (let i = 0; i + 3 < p.length; i += 2) if (onSegment(x, y, p[i], p[i + 1], p[i + 2], p[i + 3], 1e-6)) return k;
    }
    return undefined;
  }

  /** A pin end or a point on a wire: where a wire being drawn ends by itself. */
  isConnectionPoint(x: number, y: number): boolean {
    if (this.wireAt(x, y)) return true;
    for (const k of this.scene.index.at(x, y, 1)) for (const p of componentPins(this.doc, k, this.ctx)) if (p.x === x && p.y === y) return true;
    return false;
  }

  selectionBBox(): Box | undefined {
    let b = emptyBox();
    for (const k of this.selection.ids) { const it = this.scene.item(k); if (it) b = unionBox(b, it.bbox); }
    return b.minX <= b.maxX ? b : undefined;
  }

  /** Rotation/mirror centre: a lone component turns about its origin, anything else about the snapped box centre. */
  private pivot(): Pt | undefined {
    const ids = this.selection.ids;
    if (ids.length === 1) {
      const r = this.doc.get(ids[0]);
      if (r && recType(r) === 'COMPONENT') return { x: SchComponent.get(r, 'x'), y: SchComponent.get(r, 'y') };
    }
    const b = this.selectionBBox();
    return b ? this.grid.snapPt({ x: (b.minX + b.maxX) / 2, y: (b.minY + b.maxY) / 2 }) : undefined;
  }

  /** Records whose box is within 0.5 units of a point (spatial index). */
  private near = (x: number, y: number): string[] => this.scene.index.at(x, y, 0.5);

  // ---- edits (each one commit = one undo step) ----
  /** The shared move/rotate/mirror/delete/copy/paste of every editor (core/edit-engine.ts) with the schematic hooks. */
  get engine(): EditEngine { return (this.eng ??= new EditEngine(this.doc, schHooks(this.ctx, { near: this.near }))); }
  private eng?: EditEngine;

  moveSelection(dx: number, dy: number): void {
    const ids = this.selection.ids;
    if (!ids.length) return;
    this.engine.move(ids, dx, dy);
  }

  rotateSelection(): void {
    const c = this.pivot();
    if (!c) return;
    this.engine.rotate(this.selection.ids, 90, c);
  }

  /** X: flip left-right; Y: flip top-bottom. */
  mirrorSelection(axis: 'x' | 'y'): void {
    const c = this.pivot();
    if (!c) return;
    this.engine.mirror(this.selection.ids, axis, c);
  }

  deleteSelection(): void {
    const ids = this.selection.ids;
    if (!ids.length) return;
    this.engine.delete(ids);
    this.selection.clear();
  }

  copy(): string | undefined {
    const ids = this.selection.ids;
    if (!ids.length) return undefined;
    this.clipboard = clipText(this.engine.copy(ids), this.doc.version || '1.1');
    this.opts.onCopy?.(this.clipboard);
    return this.clipboard;
  }

  cut(): void { if (this.copy()) this.deleteSelection(); }

  /** Paste clipboard text (this editor's, the shared store's, or `text`) at `at` (default: the cursor). Selects what was pasted. */
  paste(text?: string, at: Pt = this.cursor): string[] {
    const t = text ?? this.opts.readClipboard?.() ?? this.clipboard;
    if (!t) return [];
    const recs = clipRecords(t);
    const { dx, dy } = pasteOffset(recs, at, this.grid.size);
    const keys = this.engine.paste(recs, dx, dy);
    this.selection.select(keys);
    return keys;
  }

  selectAll(): void { this.selection.select(this.scene.all().map((i) => i.id).filter((k) => !this.isFrame(k))); }
  undo(): void { this.doc.undo(); }
  redo(): void { this.doc.redo(); }

  private wireStyle(): string | null {
    const n = new Map<string, number>();
    for (const [, w] of this.doc.ofType('WIRE')) if (typeof w[3] === 'string') n.set(w[3], (n.get(w[3]) ?? 0) + 1);
    let best: string | null = null, c = 0;
    for (const [k, v] of n) if (v > c) { best = k; c = v; }
    return best;
  }

  /** Add one WIRE (or BUS) through the points (collinear middles dropped). */
  addWire(pts: Pt[], type: 'WIRE' | 'BUS' = 'WIRE'): string {
    const flat: number[] = [];
    for (const p of pts) {
      const n = flat.length / 2;
      if (n && flat[2 * n - 2] === p.x && flat[2 * n - 1] === p.y) continue;
      if (n >= 2) {
        const ax = flat[2 * n - 4], ay = flat[2 * n - 3], bx = flat[2 * n - 2], by = flat[2 * n - 1];
        if ((ax === bx && bx === p.x) || (ay === by && by === p.y)) { flat[2 * n - 2] = p.x; flat[2 * n - 1] = p.y; continue; }
      }
      flat.push(p.x, p.y);
    }
    let key = '';
    this.doc.commit(type === 'BUS' ? 'Bus' : 'Wire', (tx) => { key = tx.add([type, tx.newId(), [flat], type === 'WIRE' ? this.wireStyle() : null, 0]); });
    return key;
  }

  /** A bus entry from (x1, y1) on the bus to (x2, y2). Record: `BUSENTRY id, [x1,y1,x2,y2], style, locked` (?). */
  addBusEntry(x1: number, y1: number, x2: number, y2: number): string {
    let key = '';
    this.doc.commit('Bus entry', (tx) => { key = tx.add(['BUSENTRY', tx.newId(), [x1, y1, x2, y2], null, 0]); });
    return key;
  }

  /** Name a wire's net (its NET ATTR, shown at p). */
  setNetLabel(wire: string, name: string, p: Pt): void {
    const existing = attrMap(this.doc, wire).get('NET');
    this.doc.commit('Net label', (tx) => {
      if (existing) tx.update(str(existing[1]), (r) => withFields(r, { 4: name, 6: 1, 7: p.x, 8: p.y }));
      else tx.add(['ATTR', tx.newId(), wire, 'NET', name, 0, 1, p.x, p.y, 0, null, 0]);
    });
  }

  /** Add a drawing shape given without its id (`['RECT', x1, y1, x2, y2, ...]`); returns the key. */
  addShape(rec: unknown[]): string {
    let key = '';
    const type = recType(rec);
    this.doc.commit(`Add ${type.toLowerCase()}`, (tx) => { key = tx.add([type, tx.newId(), ...rec.slice(1)]); });
    return key;
  }

  addText(x: number, y: number, text: string): string {
    let key = '';
    this.doc.commit('Text', (tx) => { key = tx.add(['TEXT', tx.newId(), x, y, 0, text, null, 0]); });
    return key;
  }

  /**
   * Place a component of a project symbol (and device). Net flags and ports get their net name
   * (`netName`, else the symbol's, the device's or the title's last word) where the symbol shows it.
   * Parts show their designator, their value (`Name` = `={Value}`) when the device or symbol has
   * one, and the device's name.
   */
  placeComponent(symbolUuid: string, deviceUuid: string, x: number, y: number, rot = 0, mirror = false, netName?: string): string {
    // a device alone names its symbol through its Symbol attribute
    if (!symbolUuid) symbolUuid = String(this.ctx.devices[deviceUuid]?.attributes?.Symbol ?? '');
    const sym = this.ctx.symbols.get(symbolUuid);
    const dev = this.ctx.devices[deviceUuid]?.attributes ?? {};
    const part = sym ? pickPart(sym.doc, '').name : '';
    const symAttrs = sym ? symbolAttrs(sym.doc) : new Map();
    const m = placement(x, y, rot, mirror);
    /** Where the symbol shows its own ATTR `k` (through the placement), else (x, y + dy). */
    const at = (k: string, dy: number): Pt => {
      const a = symAttrs.get(k);
      const ax = a ? SchAttr.get(a, 'x') : null, ay = a ? SchAttr.get(a, 'y') : null;
      return ax !== null && ay !== null && ax !== undefined && ay !== undefined ? apply(m, ax, ay) : { x, y: y + dy };
    };
    let key = '';
    this.doc.commit('Place', (tx) => {
      key = tx.add(['COMPONENT', tx.newId(), part, x, y, rot, mirror ? 1 : 0, {}, 0]);
      const attr = (k: string, v: string, vis: boolean, p: Pt) => tx.add(['ATTR', tx.newId(), key, k, v, 0, vis ? 1 : 0, vis ? p.x : null, vis ? p.y : null, 0, null, 0]);
      attr('Symbol', symbolUuid, false, { x, y });
      if (sym && (sym.type === 18 || sym.type === 19)) {
        const key2 = flagNameKey(sym.type);
        const name = netName || attrValue(symAttrs.get(key2)) || String(dev[key2] ?? '') || (sym.title.split('-').pop() ?? sym.title);
        attr(key2, name, true, at(key2, sym.type === 18 ? -25 : 0));
      } else if (!sym || sym.type !== 20) {
        attr('Designator', String(dev.Designator ?? attrValue(symAttrs.get('Designator')) ?? 'U?') || 'U?', true, { x, y: y + 15 });
        const hasValue = dev.Value !== undefined || symAttrs.has('Value');
        attr('Name', '={Value}', hasValue, { x, y: y - 15 });
        if (deviceUuid) attr('Device', deviceUuid, true, { x, y: y - (hasValue ? 25 : 15) });
      }
    });
    this.selection.select([key]);
    return key;
  }

  /** Set (or add) a component attribute; returns the ATTR key. */
  setAttribute(component: string, key: string, value: string, visible?: boolean): string {
    const a = attrMap(this.doc, component).get(key);
    const c = this.doc.get(component);
    let out = a ? str(a[1]) : '';
    this.doc.commit(`Set ${key}`, (tx) => {
      if (a) tx.update(out, (r) => withFields(r, visible === undefined ? { 4: value } : { 4: value, 6: visible ? 1 : 0 }));
      else out = tx.add(['ATTR', tx.newId(), component, key, value, 0, visible ? 1 : 0, visible ? num(c?.[3]) : null, visible ? num(c?.[4]) : null, 0, null, 0]);
    });
    return out;
  }

  /** An attribute's value as shown: `={...}` resolved against the component's ATTRs and its device. */
  attributeValue(component: string, key: string): string | undefined {
    const a = attrMap(this.doc, component).get(key);
    if (!a) return undefined;
    return componentResolver(this.doc, component, this.ctx)(str(a[4]));
  }

  /** Attributes of a component for the property panel: key, raw value, shown value, visibility. */
  properties(component: string): Array<{ key: string; value: string; shown: string; visible: boolean; attr: string }> {
    const res = componentResolver(this.doc, component, this.ctx);
    return [...attrMap(this.doc, component).values()].map((a) => ({ key: str(a[3]), value: str(a[4]), shown: res(str(a[4])), visible: bool(a[6]), attr: str(a[1]) }));
  }

  /** Record keys drawn highlighted (a net, ERC marker records). */
  highlight = new Set<string>();
  /** Sheet name used in netlists and markers. */
  sheetName = '';

  /** Highlight the net of a record (wire, flag, or joined pin id); returns it. Other sheets join through net names. */
  highlightNet(key: string, otherSheets: Array<{ name: string; doc: EditorDocument }> = []): Net | undefined {
    const nets = buildNetlist([{ name: this.sheetName, doc: this.doc }, ...otherSheets], this.ctx);
    const n = netOf(nets, this.sheetName, key);
    this.highlight = new Set(n ? netHighlight(n, this.sheetName) : []);
    for (const l of this.changeListeners) l({ label: 'highlight', origin: 'local', changes: [] }, [...this.highlight]);
    return n;
  }

  /** ERC markers of the last check on this sheet (drawn by the view; a click on one focuses it). */
  markers: ErcMarker[] = [];

  /** Run ERC over this sheet (and other sheets of the schematic); keeps this sheet's markers. */
  erc(otherSheets: Array<{ name: string; doc: EditorDocument }> = []): ErcMarker[] {
    const all = runErc([{ name: this.sheetName, doc: this.doc }, ...otherSheets], this.ctx);
    this.markers = all.filter((m) => m.sheet === this.sheetName);
    for (const l of this.changeListeners) l({ label: 'erc', origin: 'local', changes: [] }, []);
    return all;
  }

  /** The marker within 4 units of a point. */
  markerAt(x: number, y: number): ErcMarker | undefined {
    return this.markers.find((m) => Math.abs(m.x - x) <= 4 && Math.abs(m.y - y) <= 4);
  }

  /** Clicking an ERC marker: select its records and centre the view on it. */
  focusMarker(m: ErcMarker): void {
    this.selection.select(m.ids.filter((k) => this.doc.has(k)));
    this.viewport.cx = m.x;
    this.viewport.cy = m.y;
    this.viewport.zoomTo(Math.max(this.viewport.zoom, 200));
  }

  /** Annotate this sheet (one undo step). */
  annotate(opts: AnnotateOptions = {}): Map<string, string> {
    let out = new Map<string, string>();
    this.doc.commit('Annotate', (tx) => { out = annotate(tx, this.doc, this.ctx, opts); });
    return out;
  }

  /**
   * Annotate the whole schematic: this sheet and `otherSheets` in tree order (`sheetOrder`: names,
   * this sheet's name included; default this sheet first). One undo step per changed sheet; the
   * caller saves the other sheets. Returns the changes per sheet name.
   */
  annotateAll(otherSheets: Array<{ name: string; doc: EditorDocument }>, opts: AnnotateOptions & { sheetOrder?: string[] } = {}): Map<string, Map<string, string>> {
    const all = [{ name: this.sheetName, doc: this.doc }, ...otherSheets];
    const rank = (n: string) => { const i = opts.sheetOrder?.indexOf(n) ?? -1; return i < 0 ? Infinity : i; };
    if (opts.sheetOrder) all.sort((a, b) => rank(a.name) - rank(b.name));
    return annotateSheets(all, this.ctx, opts);
  }
}
