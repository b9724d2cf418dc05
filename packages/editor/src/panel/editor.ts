/**
 * The front-panel editor, headless (issue 19): an EditorDocument (commits, undo/redo) with the
 * resolved panel (packages/convert/src/panel) kept in step, selection, tools, snap, and the editing
 * operations the tools, the property panel and the menus call: plate settings and outline, cut-outs
 * and holes, text, dimensions, auxiliary lines, move, delete, align and distribute, cut-outs derived
 * from a board. Frame: the panel's (mil, Y down (?)); sizes in the UI are millimetres.
 */
import { EditorDocument } from '../core/document.ts';
import { serializeDocument } from '../core/io.ts';
import { type Rec, recType } from '../core/records.ts';
import { Selection } from '../core/selection.ts';
import { ToolManager, type KeyEv } from '../core/tools.ts';
import { ActionRegistry, routeKey } from '../core/actions.ts';
import { EditEngine } from '../core/edit-engine.ts';
import { panelHooks, transformPanelRecord } from './edit-hooks.ts';
import { parseDocuments } from '@copperplate/format';
import { AuxLine, PanelCanvas, PanelDimension, PanelPoly, PanelString, PANEL_LAYER, kindOf, mmSize, panelSize } from '@copperplate/format/records';
import type { BoardSource } from '@copperplate/board';
import {
  type Contour, type PanelModel, type PanelSettings, type DerivedCutout, resolvePanel, flatten, circle, roundedRect, dShape, polygon, toPloys,
  deriveCutouts, parsePanelPaths, readMatrix, transformContour,
} from '@copperplate/convert/panel/index';

export const MIL_PER_MM = 1000 / 25.4;
export const mm = (v: number): number => v * MIL_PER_MM;

export type CutoutSpec =
  | { shape: 'round'; d: number }
  | { shape: 'rect'; w: number; h: number; r?: number }
  | { shape: 'd'; d: number; flat: number; angle?: number }
  | { shape: 'custom'; points: { x: number; y: number }[] };

/** Canvas settings the property panel edits. */
export type CanvasPatch = Partial<Pick<PanelCanvas, 'material' | 'thickness' | 'print' | 'craft' | 'coverColor' | 'backgroundColor' | 'width' | 'height' | 'desc'>>;

export interface Box { minX: number; minY: number; maxX: number; maxY: number }

/** Name of cut-outs derived from a board part: `board:<designator>` (re-deriving replaces them). */
export const DERIVED_PREFIX = 'board:';

/** The largest picture a panel takes (bytes of the image file); a panel is one synced document. */
export const MAX_IMAGE_BYTES = 2 * 1024 * 1024;

/** Record kinds a paste takes from a PANEL text (the plate's CANVAS and headers stay). */
const PASTABLE = new Set(['POLY', 'STRING', 'DIMENSION', 'AUXLINE']);

export class PanelEditor {
  readonly doc: EditorDocument;
  model!: PanelModel;
  readonly selection = new Selection();
  readonly tools = new ToolManager('select');
  /** The engine's one action registry (filled by panelActions: toolbar, shortcuts, command palette). */
  readonly actions = new ActionRegistry();
  /** Snap grid (mil); 0 = off. Default 0.5 mm. */
  grid = mm(0.5);
  status = '';
  /** Move, rotate, mirror, delete, copy and paste: the shared engine with the panel's hooks. */
  readonly engine: EditEngine;
  /** Layers not drawn and not hit (view state, not saved): PANEL_LAYER ids. */
  readonly hiddenLayers = new Set<number>();
  /** The last copied records (this editor's clipboard; the web app also puts them on the page's clipboard). */
  clipboard: Rec[] = [];
  private boxes = new Map<string, Box>();
  private listeners = new Set<() => void>();

  constructor(doc: EditorDocument) {
    this.doc = doc;
    this.engine = new EditEngine(doc, panelHooks((k) => this.boxes.get(k)));
    this.rebuild();
    doc.subscribe(() => {
      this.rebuild();
      this.selection.prune((k) => this.doc.has(k));
      for (const l of this.listeners) l();
    });
  }

  subscribe(fn: () => void): () => void { this.listeners.add(fn); return () => this.listeners.delete(fn); }

  /** Resolve the panel again (panels are small: a few hundred records at most). */
  rebuild(): void {
    this.model = resolvePanel(this.doc.records());
    this.boxes.clear();
    for (const [k, r] of this.doc.keys().map((k) => [k, this.doc.get(k)!] as const)) {
      const b = this.recordBox(r);
      if (b) this.boxes.set(k, b);
    }
  }

  get settings(): PanelSettings { return this.model.settings; }
  canvasKey(): string | undefined { return this.doc.keys().find((k) => PanelCanvas.is(this.doc.get(k)!)); }

  private recordBox(r: Rec): Box | null {
    const b: Box = { minX: Infinity, minY: Infinity, maxX: -Infinity, maxY: -Infinity };
    const grow = (x: number, y: number) => { b.minX = Math.min(b.minX, x); b.minY = Math.min(b.minY, y); b.maxX = Math.max(b.maxX, x); b.maxY = Math.max(b.maxY, y); };
    const t = recType(r);
    if (t === 'POLY') for (const c of parsePanelPaths(PanelPoly.get(r, 'paths'))) for (const p of flatten(transformContour(c, readMatrix(PanelPoly.get(r, 'matrix'))))) grow(p.x, p.y);
    else if (t === 'STRING') {
      const it = this.model.items.find((i) => i.kind === 'text' && i.id === PanelString.get(r, 'id'));
      if (it && it.kind === 'text') for (const c of it.contours) for (const p of c.pts) grow(p.x, p.y);
      if (it && it.kind === 'text' && !it.contours.length) { grow(it.x, it.y); grow(it.x + it.size, it.y - it.size); }
    } else if (t === 'DIMENSION') {
      const p = PanelDimension.get(r, 'points');
      if (Array.isArray(p)) for (let i = 0; i + 1 < p.length; i += 2) grow(Number(p[i]), Number(p[i + 1]));
    } else if (t === 'AUXLINE') { const x = AuxLine.get(r, 'x'), y = AuxLine.get(r, 'y'); grow(x - 20, y - 20); grow(x + 20, y + 20); }
    return Number.isFinite(b.minX) ? b : null;
  }

  boxOf(key: string): Box | undefined { return this.boxes.get(key); }

  /** Keys of records at (x, y) within `tol` (mil), smallest first (holes over the plate's outline). */
  hit(x: number, y: number, tol = 10): string[] {
    const out: Array<[string, number]> = [];
    for (const [k, b] of this.boxes) {
      if (this.hiddenLayers.has(this.layerOf(k))) continue;
      if (x >= b.minX - tol && x <= b.maxX + tol && y >= b.minY - tol && y <= b.maxY + tol) out.push([k, (b.maxX - b.minX) * (b.maxY - b.minY)]);
    }
    return out.sort((a, b) => a[1] - b[1]).map(([k]) => k);
  }

  /** The panel layer of a record (PANEL_LAYER; 0 when it has none). */
  layerOf(key: string): number {
    const r = this.doc.get(key);
    const k = r && kindOf(r, 'panel');
    return k && 'layer' in k.fields ? Number(k.get(r!, 'layer')) : 0;
  }

  /** Show or hide a layer (not saved; hidden layers are neither drawn nor hit nor edited). */
  setLayerVisible(layer: number, visible: boolean): void {
    if (visible) this.hiddenLayers.delete(layer); else this.hiddenLayers.add(layer);
    this.selection.prune((k) => !this.hiddenLayers.has(this.layerOf(k)));
    for (const l of this.listeners) l();
  }

  snap(x: number, y: number): { x: number; y: number } {
    if (!this.grid) return { x, y };
    const o = this.settings;
    return { x: o.originX + Math.round((x - o.originX) / this.grid) * this.grid, y: o.originY + Math.round((y - o.originY) / this.grid) * this.grid };
  }

  // ---------- the plate ----------
  /** Change canvas settings (material, thickness, print side, colours, size) as one undo step. */
  setCanvas(patch: CanvasPatch, label = 'Panel settings'): void {
    const k = this.canvasKey();
    this.doc.commit(label, (tx) => {
      if (k) tx.update(k, (r) => PanelCanvas.with(r, patch));
      else tx.add(PanelCanvas.create({ originX: 0, originY: 0, ...patch }));
    });
  }

  /** Replace the plate outline: a rectangle, a rounded rectangle (radius mil) or a polygon, sized to the canvas. */
  setOutline(shape: 'rect' | 'rounded' | 'polygon', o: { radius?: number; points?: { x: number; y: number }[] } = {}): string {
    const s = this.settings;
    const c = shape === 'polygon' && o.points && o.points.length >= 3
      ? polygon(o.points)
      : roundedRect(s.originX + s.width / 2, s.originY + s.height / 2, s.width, s.height, shape === 'rounded' ? o.radius ?? mm(3) : 0);
    let key = '';
    this.doc.commit('Panel outline', (tx) => {
      for (const k of this.doc.keys()) { const r = this.doc.get(k)!; if (PanelPoly.is(r) && PanelPoly.get(r, 'layer') === PANEL_LAYER.OUTLINE) tx.remove(k); }
      key = tx.add(this.polyRecord(tx.newId(), PANEL_LAYER.OUTLINE, [c], 'outline'));
    });
    return key;
  }

  polyRecord(id: string, layer: number, cs: Contour[], name: string, o: { fill?: string; stroke?: string; strokeWidth?: number } = {}): unknown[] {
    return PanelPoly.create({
      id, group: '0', layer, locked: false, zIndex: null, valid: true, visible: true, cover: null, name, rotation: 0, strokeWidth: o.strokeWidth ?? 0,
      strokeStyle: 'SOLID', strokeColor: o.stroke ?? '#000000', fillColor: o.fill ?? '', opacity: 1, autoClose: true, paths: toPloys(cs),
      displayFill: !!o.fill, displayStroke: true, matrix: null, transScope: null, transPrint: null, transWhite: null,
    });
  }

  // ---------- placing ----------
  cutoutContour(x: number, y: number, s: CutoutSpec): Contour {
    switch (s.shape) {
      case 'round': return circle(x, y, s.d);
      case 'rect': return roundedRect(x, y, s.w, s.h, s.r ?? 0);
      case 'd': return dShape(x, y, s.d, s.flat, s.angle ?? 0);
      case 'custom': return polygon(s.points.map((p) => ({ x: x + p.x, y: y + p.y })));
    }
  }

  /** A cut-out or hole centred on (x, y). Returns its key. */
  addCutout(x: number, y: number, s: CutoutSpec, name: string = s.shape): string {
    let key = '';
    this.doc.commit(`Add ${s.shape} cut-out`, (tx) => { key = tx.add(this.polyRecord(tx.newId(), PANEL_LAYER.CUT, [this.cutoutContour(x, y, s)], name)); });
    return key;
  }

  /** A printed rectangle (frame or filled area) on the print layer. */
  addPrintRect(x: number, y: number, w: number, h: number, colour = '#ffffff', fill = ''): string {
    let key = '';
    this.doc.commit('Add print shape', (tx) => { key = tx.add(this.polyRecord(tx.newId(), PANEL_LAYER.PRINT, [roundedRect(x, y, w, h)], 'print', { stroke: colour, fill, strokeWidth: mm(0.3) })); });
    return key;
  }

  /**
   * A picture printed on the panel: a rectangle of w x h mil centred on (x, y) on the print layer,
   * filled with the image (a data:image URL, EasyEDA's embedded image fill). Refused (null) when the
   * URL is not an image or is larger than MAX_IMAGE_BYTES.
   */
  addImage(x: number, y: number, w: number, h: number, dataUrl: string, name = 'image'): string | null {
    if (!/^data:image\/(png|jpeg|webp|gif|svg\+xml);base64,/.test(dataUrl) || dataUrl.length > MAX_IMAGE_BYTES * 1.37) return null;
    let key = '';
    this.doc.commit('Add image', (tx) => { key = tx.add(this.polyRecord(tx.newId(), PANEL_LAYER.PRINT, [roundedRect(x, y, w, h)], name, { fill: dataUrl, strokeWidth: 0 })); });
    return key;
  }

  /** Printed text anchored at (x, y). */
  addText(x: number, y: number, text: string, o: { size?: number; color?: string; font?: string; align?: string; bold?: boolean; italic?: boolean } = {}): string {
    let key = '';
    this.doc.commit('Add text', (tx) => {
      key = tx.add(PanelString.create({
        id: tx.newId(), group: '0', layer: PANEL_LAYER.PRINT, locked: false, zIndex: null, valid: true, visible: true, cover: null, name: text, rotation: 0,
        text, font: o.font ?? 'default', fontSize: o.size ?? mm(3), fontWeight: o.bold ? 700 : 0, italic: !!o.italic, underline: false, strikeout: false,
        align: o.align ?? 'CENTER_MIDDLE', color: o.color ?? '#000000', opacity: 1, matrix: [1, 0, x, 0, 1, y], strokes: false, path: null,
        transScope: null, transPrint: null, transWhite: null,
      }));
    });
    return key;
  }

  /** A length dimension between two points, its line `offset` mil to the side. */
  addDimension(x1: number, y1: number, x2: number, y2: number, offset = mm(5)): string {
    const len = Math.hypot(x2 - x1, y2 - y1) || 1;
    const nx = -(y2 - y1) / len * offset, ny = (x2 - x1) / len * offset;
    let key = '';
    this.doc.commit('Add dimension', (tx) => {
      key = tx.add(PanelDimension.create({
        id: tx.newId(), layer: PANEL_LAYER.DOCUMENT, locked: false, zIndex: null, valid: true, visible: true, cover: null, name: '', dimType: 'LENGTH',
        unit: 'mm', strokeWidth: 0, precision: 2, points: [x1, y1, x1 + nx, y1 + ny, x2 + nx, y2 + ny, x2, y2], relationIds: [], rotation: 0,
      }));
    });
    return key;
  }

  /** An auxiliary line through (x, y): 0 = horizontal, 90 = vertical. */
  addAuxLine(x: number, y: number, angle = 0): string {
    let key = '';
    this.doc.commit('Add auxiliary line', (tx) => {
      key = tx.add(AuxLine.create({ id: tx.newId(), group: '0', layer: PANEL_LAYER.DOCUMENT, locked: false, zIndex: null, visible: true, cover: null, name: '', x, y, rotation: angle, strokeWidth: 0, strokeStyle: null, color: '', length: 100 }));
    });
    return key;
  }

  // ---------- editing ----------
  /** A copy of a panel record moved by (dx, dy). */
  moved(r: Rec, dx: number, dy: number): Rec {
    return transformPanelRecord(r, { kind: 'move', dx, dy });
  }

  /** The keys an edit may touch: never the plate's CANVAS; nothing on a hidden layer. */
  /** A key for the active tool or the actions (core/actions.ts routeKey, as every editor). */
  key(ev: KeyEv): boolean { return routeKey(this.tools, this.actions, ev); }

  editable(keys: readonly string[]): string[] {
    return keys.filter((k) => this.doc.has(k) && !PanelCanvas.is(this.doc.get(k)!) && !this.hiddenLayers.has(this.layerOf(k)));
  }

  move(keys: readonly string[], dx: number, dy: number): void {
    const ks = this.editable(keys);
    if (ks.length && (dx || dy)) this.engine.move(ks, dx, dy);
  }

  /** Turn the records about the centre of their box (one undo step); 90 = a quarter turn. */
  rotate(keys: readonly string[], angle = 90): void {
    const ks = this.editable(keys);
    if (ks.length) this.engine.rotate(ks, angle);
  }

  /** Mirror the records left-right (axis 'x') or top-bottom ('y') about the centre of their box. */
  mirror(keys: readonly string[], axis: 'x' | 'y'): void {
    const ks = this.editable(keys);
    if (ks.length) this.engine.mirror(ks, axis);
  }

  /** Copy the records to this editor's clipboard; returns them as a PANEL document text (for the page's clipboard). */
  copy(keys: readonly string[]): string {
    this.clipboard = this.engine.copy(this.editable(keys));
    return this.clipboard.length ? serializeDocument(new EditorDocument([{ docType: 'PANEL', version: '1.0', records: [['DOCTYPE', 'PANEL', '1.0'], ...this.clipboard.map((r) => r.slice())] }])) : '';
  }

  /** Cut = copy + delete (one undo step for the delete). */
  cut(keys: readonly string[]): string {
    const t = this.copy(keys);
    this.delete(keys);
    return t;
  }

  /**
   * Paste records (this editor's clipboard, or a PANEL text from the page's clipboard) offset by
   * (dx, dy) mil, with fresh ids; the pasted records become the selection. One undo step.
   */
  paste(dx = mm(2), dy = mm(2), text?: string): string[] {
    let recs = this.clipboard;
    if (text !== undefined) {
      const b = parseDocuments(text).find((d) => d.docType === 'PANEL' || d.docType === 'PANEL_LIB');
      recs = b ? b.records.filter((r) => PASTABLE.has(recType(r))) : [];
    }
    if (!recs.length) return [];
    const keys = this.engine.paste(recs, dx, dy);
    this.selection.select(keys);
    return keys;
  }

  /** Move each record by its own offset, one undo step. */
  private moveEach(moves: Array<[string, number, number]>, label: string): void {
    const m = moves.filter(([, dx, dy]) => Math.abs(dx) > 1e-9 || Math.abs(dy) > 1e-9);
    if (m.length) this.doc.commit(label, (tx) => { for (const [k, dx, dy] of m) tx.update(k, (r) => this.moved(r, dx, dy)); });
  }

  delete(keys: readonly string[]): void {
    const ks = this.editable(keys);
    if (ks.length) this.engine.delete(ks);
  }

  /** Align the records' boxes: left, right, top, bottom edges or horizontal / vertical centres. */
  align(keys: readonly string[], how: 'left' | 'right' | 'top' | 'bottom' | 'centerX' | 'centerY'): void {
    const bs = keys.map((k) => [k, this.boxes.get(k)] as const).filter((x): x is readonly [string, Box] => !!x[1]);
    if (bs.length < 2) return;
    const v = {
      left: Math.min(...bs.map(([, b]) => b.minX)), right: Math.max(...bs.map(([, b]) => b.maxX)),
      top: Math.min(...bs.map(([, b]) => b.minY)), bottom: Math.max(...bs.map(([, b]) => b.maxY)),
      centerX: bs.reduce((s, [, b]) => s + (b.minX + b.maxX) / 2, 0) / bs.length, centerY: bs.reduce((s, [, b]) => s + (b.minY + b.maxY) / 2, 0) / bs.length,
    }[how];
    this.moveEach(bs.map(([k, b]) => {
      switch (how) {
        case 'left': return [k, v - b.minX, 0];
        case 'right': return [k, v - b.maxX, 0];
        case 'top': return [k, 0, v - b.minY];
        case 'bottom': return [k, 0, v - b.maxY];
        case 'centerX': return [k, v - (b.minX + b.maxX) / 2, 0];
        default: return [k, 0, v - (b.minY + b.maxY) / 2];
      }
    }), 'Align');
  }

  /** Distribute the records' centres evenly between the outermost two, horizontally or vertically. */
  distribute(keys: readonly string[], axis: 'x' | 'y'): void {
    const c = (b: Box) => (axis === 'x' ? (b.minX + b.maxX) / 2 : (b.minY + b.maxY) / 2);
    const bs = keys.map((k) => [k, this.boxes.get(k)] as const).filter((x): x is readonly [string, Box] => !!x[1]).sort((a, b) => c(a[1]) - c(b[1]));
    if (bs.length < 3) return;
    const a = c(bs[0][1]), z = c(bs[bs.length - 1][1]);
    this.moveEach(bs.map(([k, b], i) => {
      const d = a + ((z - a) * i) / (bs.length - 1) - c(b);
      return axis === 'x' ? [k, d, 0] : [k, 0, d];
    }), 'Distribute');
  }

  // ---------- derived from the board ----------
  /**
   * Cut-outs from a board's panel parts (connectors, switches, LEDs, displays, pots) at their board
   * positions; cut-outs derived before (named `board:<designator>`) are replaced, so calling it again
   * after the board changed updates them. One undo step. Returns what was placed.
   */
  deriveFromBoard(src: BoardSource): DerivedCutout[] {
    const found = deriveCutouts(src, this.settings);
    this.doc.commit('Cut-outs from the board', (tx) => {
      for (const k of this.doc.keys()) {
        const r = this.doc.get(k)!;
        if (PanelPoly.is(r) && PanelPoly.get(r, 'name').startsWith(DERIVED_PREFIX)) tx.remove(k);
      }
      for (const d of found) tx.add(this.polyRecord(tx.newId(), PANEL_LAYER.CUT, [d.contour], DERIVED_PREFIX + d.designator));
    });
    this.status = found.length ? `${found.length} cut-outs from the board` : 'No connectors, switches, LEDs or displays on the board';
    return found;
  }

  /**
   * Whether the board changed since its cut-outs were derived: a part added or removed, or a
   * derived cut-out no longer where (or the size) the board puts it. False when none were derived.
   */
  derivedStale(src: BoardSource): boolean {
    const have = this.derivedKeys();
    if (!have.size) return false;
    const want = deriveCutouts(src, this.settings);
    if (want.length !== have.size) return true;
    const r3 = (v: number) => Math.round(v);
    for (const d of want) {
      const k = have.get(d.designator);
      if (!k) return true;
      const cur = parsePanelPaths(PanelPoly.get(this.doc.get(k)!, 'paths'));
      const a = cur.flatMap((c) => c.pts.map((p) => `${r3(p.x)},${r3(p.y)}`)).join(' ');
      const b = d.contour.pts.map((p) => `${r3(p.x)},${r3(p.y)}`).join(' ');
      if (a !== b) return true;
    }
    return false;
  }

  /** Keys of the cut-outs derived from the board, by designator. */
  derivedKeys(): Map<string, string> {
    const m = new Map<string, string>();
    for (const k of this.doc.keys()) {
      const r = this.doc.get(k)!;
      if (PanelPoly.is(r) && PanelPoly.get(r, 'name').startsWith(DERIVED_PREFIX)) m.set(PanelPoly.get(r, 'name').slice(DERIVED_PREFIX.length), k);
    }
    return m;
  }
}

/** A new panel document's text: DOCTYPE, HEAD, a canvas and a rectangular outline (sizes in mm). */
export function blankPanelText(o: { width?: number; height?: number; material?: string; thickness?: string } = {}): string {
  const w = o.width ?? 100, h = o.height ?? 60;
  const canvas = PanelCanvas.create({
    originX: 0, originY: 0, width: `${w}mm`, height: `${h}mm`, material: o.material ?? 'acrylic', thickness: o.thickness ?? '2mm', print: 'Top Side',
    craft: '', desc: '', coverColor: 'white', backgroundColor: '', orderWidth: `${w}mm`, orderHeight: `${h}mm`,
  });
  const doc = new EditorDocument([{ docType: 'PANEL', version: '1.0', records: [['DOCTYPE', 'PANEL', '1.0'], ['HEAD', { editorVersion: 'copperplate' }], canvas] }]);
  const ed = new PanelEditor(doc);
  ed.setOutline('rect');
  return serializeDocument(doc);
}

export { mmSize, panelSize };
