/**
 * Uniform grids over item boxes for range queries (clip units, clip.ts): `ItemGrid` over one list,
 * `LayerGrids` over a board's copper items per layer (multi-layer items in a grid of their own) and
 * its holes. Both can be patched in place (`add`, `remove`), as the in-place board update does.
 */
import { type IBox, CLIP_SCALE } from './clip.ts';
import { type BoardModel, type CopperItem, type Hole, MULTI } from './model.ts';

/** A uniform grid over item boxes. Indexes refer to `items`, which the grid owns once built. */
export class ItemGrid<T extends { box: IBox }> {
  private cells = new Map<number, number[]>();
  private stamp: Uint32Array;
  private tick = 0;
  private scratch: number[] = [];
  readonly items: T[];
  /** Item boxes by index (minX, minY, maxX, maxY): no property reads on items of many shapes. */
  private boxes: Float64Array;
  constructor(items: readonly T[], private cell = 200 * CLIP_SCALE) {
    this.items = items as T[];
    this.stamp = new Uint32Array(items.length + 16);
    this.boxes = new Float64Array(4 * (items.length + 16));
    items.forEach((it, i) => { this.setBox(i, it.box); this.cellsOf(it.box, (l) => l.push(i), true); });
  }
  private setBox(i: number, b: IBox): void {
    const o = 4 * i, x = this.boxes;
    x[o] = b.minX; x[o + 1] = b.minY; x[o + 2] = b.maxX; x[o + 3] = b.maxY;
  }
  private cellsOf(b: IBox, fn: (l: number[]) => void, create: boolean): void {
    if (!Number.isFinite(b.minX)) return;
    const c = this.cell;
    for (let ix = Math.floor(b.minX / c); ix <= Math.floor(b.maxX / c); ix++)
      for (let iy = Math.floor(b.minY / c); iy <= Math.floor(b.maxY / c); iy++) {
        const k = ix * 1_000_003 + iy;
        let l = this.cells.get(k);
        if (!l) { if (!create) continue; l = []; this.cells.set(k, l); }
        fn(l);
      }
  }
  /** Add an item (appended to `items`). */
  add(it: T): void {
    const i = this.items.length;
    this.items.push(it);
    if (this.stamp.length <= i) {
      const s = new Uint32Array(2 * i + 16); s.set(this.stamp); this.stamp = s;
      const b = new Float64Array(4 * (2 * i + 16)); b.set(this.boxes); this.boxes = b;
    }
    this.setBox(i, it.box);
    this.cellsOf(it.box, (l) => l.push(i), true);
  }
  /** Remove the item at index `i` (the last item takes its place). */
  removeAt(i: number): void {
    const last = this.items.length - 1;
    const drop = (l: number[]) => { const k = l.indexOf(i); if (k >= 0) { l[k] = l[l.length - 1]; l.pop(); } };
    this.cellsOf(this.items[i].box, drop, false);
    if (i !== last) {
      const moved = this.items[last];
      this.cellsOf(moved.box, (l) => { const k = l.indexOf(last); if (k >= 0) l[k] = i; }, false);
      this.items[i] = moved;
      this.setBox(i, moved.box);
    }
    this.items.pop();
  }
  /** Indexes (into `items`) of the items whose box overlaps `b`, each once. */
  queryIndex(b: IBox, out: number[] = []): number[] {
    if (++this.tick === 0xffffffff) { this.stamp.fill(0); this.tick = 1; }
    const t = this.tick, st = this.stamp, bx = this.boxes;
    const minX = b.minX, minY = b.minY, maxX = b.maxX, maxY = b.maxY;
    const x0 = Math.floor(b.minX / this.cell), x1 = Math.floor(b.maxX / this.cell);
    const y0 = Math.floor(b.minY / this.cell), y1 = Math.floor(b.maxY / this.cell);
    for (let ix = x0; ix <= x1; ix++)
      for (let iy = y0; iy <= y1; iy++) {
        const l = this.cells.get(ix * 1_000_003 + iy);
        if (!l) continue;
        for (let k = 0; k < l.length; k++) {
          const i = l[k];
          if (st[i] === t) continue;
          st[i] = t;
          const o = 4 * i;
          if (bx[o] <= maxX && minX <= bx[o + 2] && bx[o + 1] <= maxY && minY <= bx[o + 3]) out.push(i);
        }
      }
    return out;
  }
  /** The items whose box overlaps `b`, each once (queryIndex through a reused index buffer). */
  query(b: IBox, out: T[] = []): T[] {
    const idx = this.queryIndex(b, this.scratch);
    for (let k = 0; k < idx.length; k++) out.push(this.items[idx[k]]);
    idx.length = 0;
    return out;
  }
}

/** Copper items by layer (multi-layer ones apart) and holes, each in a grid of its own. */
export class LayerGrids {
  private layers = new Map<number, ItemGrid<CopperItem>>();
  readonly holes: ItemGrid<Hole>;
  /** The model arrays these grids index and their lengths (a model whose arrays changed otherwise is indexed again). */
  src: { items: readonly CopperItem[]; holes: readonly Hole[]; n: number; hn: number };
  constructor(items: readonly CopperItem[], holes: readonly Hole[]) {
    this.src = { items, holes, n: items.length, hn: holes.length };
    const by = new Map<number, CopperItem[]>();
    for (const it of items) {
      let l = by.get(it.layer);
      if (!l) { l = []; by.set(it.layer, l); }
      l.push(it);
    }
    for (const [layer, l] of by) this.layers.set(layer, new ItemGrid(l));
    this.holes = new ItemGrid(holes.slice());
  }
  private grid(layer: number): ItemGrid<CopperItem> {
    let g = this.layers.get(layer);
    if (!g) { g = new ItemGrid([]); this.layers.set(layer, g); }
    return g;
  }
  /** Items on `layer` (and multi-layer items) whose box meets `b`. */
  query(layer: number, b: IBox, out: CopperItem[] = []): CopperItem[] {
    this.layers.get(layer)?.query(b, out);
    if (layer !== MULTI) this.layers.get(MULTI)?.query(b, out);
    return out;
  }
  add(it: CopperItem): void { this.grid(it.layer).add(it); }
  remove(it: CopperItem): void {
    const g = this.layers.get(it.layer);
    const i = g ? g.items.indexOf(it) : -1;
    if (g && i >= 0) g.removeAt(i);
  }
  /** After the model's arrays were patched in place (with the same patches applied here). */
  sync(model: BoardModel): void { this.src = { items: model.items, holes: model.holes, n: model.items.length, hn: model.holes.length }; }
  addHole(h: Hole): void { this.holes.add(h); }
  removeHole(h: Hole): void { const i = this.holes.items.indexOf(h); if (i >= 0) this.holes.removeAt(i); }
}

/** The grids of a board, built once per model and patched by the in-place update (update.ts). */
const gridCache = new WeakMap<BoardModel, LayerGrids>();
export function gridsOf(model: BoardModel): LayerGrids {
  let g = gridCache.get(model);
  const s = g?.src;
  if (!g || !s || s.items !== model.items || s.holes !== model.holes || s.n !== model.items.length || s.hn !== model.holes.length) { g = new LayerGrids(model.items, model.holes); gridCache.set(model, g); }
  return g;
}
/** The grids of a board when they have been built (the in-place update patches them). */
export const builtGrids = (model: BoardModel): LayerGrids | undefined => gridCache.get(model);
