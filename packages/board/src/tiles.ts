/**
 * Incremental refill: what changed between two resolved boards, and the tile cache of pour fills.
 *
 * Every obstacle a fill depends on (copper items, holes, keep-outs) gets a numeric fingerprint of its
 * net, layer, kind and exact shape (`itemPrints`). Two boards differ where their fingerprints differ:
 * `changedBoxes` gives the boxes (before and after) of what was added, removed or changed, per layer.
 * A pour tile whose reach meets none of them keeps its cached fill; that is all an incremental refill
 * recomputes, and `touchedPours` names the pours an edit reaches the same way, without hashing the
 * whole board as text. Clip units (clip.ts).
 */
import { type IBox, type PolyWithHoles, CLIP_SCALE, iboxOverlap, growIBox } from './clip.ts';
import type { IslandTile } from './islands.ts';
import { type BoardModel, type CopperItem, type Hole, type KeepOut, type PourDef, MULTI } from './model.ts';

/** Fingerprint, box and layer of one obstacle. */
export interface ItemPrint { h: number; box: IBox; layer: number }
export type ItemPrints = Map<string, ItemPrint>;

// FNV-1a over numbers and strings, 32 bit.
const mixN = (h: number, v: number): number => {
  // integers (clip units) and small decimals alike: fold the double's two 32-bit halves
  const lo = v | 0, hi = Math.floor(v / 4294967296) | 0;
  h = Math.imul(h ^ lo, 16777619);
  return Math.imul(h ^ hi, 16777619);
};
const mixS = (h: number, s: string): number => {
  for (let i = 0; i < s.length; i++) h = Math.imul(h ^ s.charCodeAt(i), 16777619);
  return Math.imul(h ^ 0xff, 16777619);
};
const mixPaths = (h: number, ps: ReadonlyArray<ReadonlyArray<{ x: number; y: number }>>): number => {
  for (const p of ps) { h = mixN(h, p.length); for (const q of p) { h = mixN(h, q.x); h = mixN(h, q.y); } }
  return h;
};
const mixBox = (h: number, b: IBox): number => mixN(mixN(mixN(mixN(h, b.minX), b.minY), b.maxX), b.maxY);

function itemHash(it: CopperItem, model: BoardModel): number {
  let h = mixS(mixS(mixN(0x811c9dc5, it.layer), it.kind), it.net);
  h = mixBox(h, it.box);
  if (it.thermal) h = mixS(h, JSON.stringify(it.thermal));
  if (it.net) h = mixN(h, model.rules.netPourClearance(it.net));
  const pr = it.prim;
  if (pr) return pr.k === 'disc' ? mixN(mixN(mixN(h, pr.cx), pr.cy), pr.r) : mixN(mixN(mixN(mixN(mixN(h, pr.x1), pr.y1), pr.x2), pr.y2), pr.w);
  if (it.shapeKey && it.cx !== undefined && it.cy !== undefined) return mixN(mixN(mixN(mixS(h, it.shapeKey), it.cx), it.cy), it.angle ?? 0);
  return mixPaths(h, it.paths);
}

/** Fingerprint entries (key and print) of one copper item, hole or keep-out. */
export const itemPrint = (it: CopperItem, model: BoardModel): [string, ItemPrint] => [`i${it.key}`, { h: itemHash(it, model), box: it.box, layer: it.layer }];
export function holePrint(hl: Hole): [string, ItemPrint] {
  let h = mixS(mixN(mixS(0x811c9dc5, hl.net), hl.plated ? 1 : 0), hl.kind);
  h = hl.prim ? mixN(mixN(mixN(h, hl.prim.cx), hl.prim.cy), hl.prim.r) : mixPaths(h, hl.paths);
  return [`h${hl.key}`, { h, box: hl.box, layer: MULTI }];
}
export const keepoutPrint = (k: KeepOut): [string, ItemPrint] => [`k${k.id}`, { h: mixPaths(mixS(mixN(0x811c9dc5, k.layer), k.prohibit.join(',')), k.paths), box: k.box, layer: k.layer }];

/** Fingerprints of every obstacle of a board (copper items `i`, holes `h`, keep-outs `k`, by key). */
export function itemPrints(model: BoardModel): ItemPrints {
  const out: ItemPrints = new Map();
  for (const it of model.items) { const [k, v] = itemPrint(it, model); out.set(k, v); }
  for (const hl of model.holes) { const [k, v] = holePrint(hl); out.set(k, v); }
  for (const k of model.keepouts) { const [key, v] = keepoutPrint(k); out.set(key, v); }
  return out;
}

/** Boxes of what differs between two fingerprint sets (both the old and the new box of a change). */
export function changedBoxes(before: ItemPrints, after: ItemPrints): ItemPrint[] {
  const out: ItemPrint[] = [];
  for (const [k, a] of after) {
    const b = before.get(k);
    if (!b) out.push(a);
    else if (b.h !== a.h || b.layer !== a.layer) out.push(a, b);
  }
  for (const [k, b] of before) if (!after.has(k)) out.push(b);
  return out;
}

/** Whether any changed box on `layer` (or on every layer) meets `box`. */
export function dirtyAt(changes: readonly ItemPrint[], layer: number, box: IBox): boolean {
  for (const c of changes) if ((c.layer === layer || c.layer === MULTI || layer === MULTI) && iboxOverlap(c.box, box)) return true;
  return false;
}

/** Everything about a pour other than the obstacles in its reach: its definition, rules and the board outline. */
export function pourDefKey(model: BoardModel, p: PourDef): string {
  const h = mixPaths(mixPaths(0x811c9dc5, p.outline), model.outline);
  return `${p.id}|${p.net}|${p.layer}|${p.order}|${p.fillType}|${p.fineness}|${p.keepIsland}|${h}|${JSON.stringify(model.rules.pour(p.id, p.net))}|${model.rules.holeClearance}|${model.rules.maxClearance}`;
}

/** Fingerprint of a fill (the obstacle a higher-priority pour is to the pours below it). */
export function fillHash(polys: readonly PolyWithHoles[]): number {
  let h = 0x811c9dc5;
  for (const p of polys) { h = mixPaths(h, [p.outer]); h = mixPaths(h, p.holes); }
  return h;
}

/** One filled tile: its islands and the points where the pour's net connects inside it. */
export interface TileResult extends IslandTile { pieces: PolyWithHoles[]; boxes: IBox[]; conn: Array<{ x: number; y: number }>; /** The tile grown by the reach of its obstacles. */ qbox?: IBox }

interface PourTiles {
  /** pourDefKey and the fills of overlapping pours when these tiles were filled. */
  key: string;
  layer: number;
  /** Obstacle fingerprints of the board these tiles were filled from. */
  prints: ItemPrints;
  tiles: Map<string, TileResult>;
}

/**
 * Tile results of the pours last filled with this cache. A later fill of a pour whose definition and
 * neighbouring pour fills are unchanged recomputes only the tiles within reach of an obstacle that
 * changed in between; the rest come from here. One cache per board.
 */
export class TileCache {
  readonly pours = new Map<string, PourTiles>();
  hits = 0;
  misses = 0;
  private printsOf = new WeakMap<BoardModel, ItemPrints>();
  private diffs = new WeakMap<ItemPrints, { after: ItemPrints; changes: ItemPrint[] }>();

  /** Fingerprints of a board, computed once per model. */
  prints(model: BoardModel): ItemPrints {
    let p = this.printsOf.get(model);
    if (!p) { p = itemPrints(model); this.printsOf.set(model, p); }
    return p;
  }

  /**
   * After an in-place update of `model` (update.ts): forget every cached tile within reach of a change
   * (`changes`: the old and new boxes of what was removed and added) and patch the board's
   * fingerprints with the entries removed (`drop`, keys) and added (`put`).
   */
  invalidate(model: BoardModel, changes: readonly ItemPrint[], drop: readonly string[], put: ReadonlyArray<[string, ItemPrint]>): void {
    for (const pt of this.pours.values()) {
      const mine = changes.filter((c) => c.layer === pt.layer || c.layer === MULTI || pt.layer === MULTI);
      if (!mine.length) continue;
      // the box around every change: most tiles of a big pour are rejected by it alone
      let x0 = Infinity, y0 = Infinity, x1 = -Infinity, y1 = -Infinity;
      for (const c of mine) { x0 = Math.min(x0, c.box.minX); y0 = Math.min(y0, c.box.minY); x1 = Math.max(x1, c.box.maxX); y1 = Math.max(y1, c.box.maxY); }
      for (const [k, t] of pt.tiles) {
        const q = t.qbox;
        if (q && (q.minX > x1 || q.maxX < x0 || q.minY > y1 || q.maxY < y0)) continue;
        if (!q || dirtyAt(mine, pt.layer, q)) pt.tiles.delete(k);
      }
    }
    const p = this.printsOf.get(model);
    if (!p) return;
    for (const k of drop) p.delete(k);
    for (const [k, v] of put) p.set(k, v);
  }

  /**
   * The tiles of a pour to reuse, and how to tell a stale one: `reuse(key, qbox)` gives the cached
   * result of the tile at `key` when nothing within `qbox` changed; `keep` stores a fresh result.
   */
  begin(model: BoardModel, p: PourDef, key: string): { reuse: (tile: string, qbox: IBox) => TileResult | undefined; keep: (tile: string, r: TileResult) => void } {
    const now = this.prints(model);
    const prev = this.pours.get(p.id);
    // the same fingerprints: the model was updated in place and `invalidate` dropped the tiles it
    // reached; the rest stay where they are
    if (prev && prev.key === key && prev.prints === now) {
      const tiles = prev.tiles;
      return {
        reuse: (tile) => { const r = tiles.get(tile); if (r) this.hits++; else this.misses++; return r; },
        keep: (tile, r) => { tiles.set(tile, r); },
      };
    }
    const next: PourTiles = { key, layer: p.layer, prints: now, tiles: new Map() };
    this.pours.set(p.id, next);
    let changes: ItemPrint[] | undefined;
    if (prev && prev.key === key) {
      const d = this.diffs.get(prev.prints);
      if (d && d.after === now) changes = d.changes;
      else { changes = changedBoxes(prev.prints, now); this.diffs.set(prev.prints, { after: now, changes }); }
    }
    const layerChanges = changes?.filter((c) => c.layer === p.layer || c.layer === MULTI || p.layer === MULTI);
    return {
      reuse: (tile, qbox) => {
        if (!prev || !layerChanges) { this.misses++; return undefined; }
        const r = prev.tiles.get(tile);
        if (!r || dirtyAt(layerChanges, p.layer, qbox)) { this.misses++; return undefined; }
        this.hits++;
        next.tiles.set(tile, r);
        return r;
      },
      keep: (tile, r) => { next.tiles.set(tile, r); },
    };
  }
}

/**
 * Pours an edit touched: those whose definition changed, and those within reach of an obstacle
 * (copper, hole, keep-out) or an overlapping pour that was added, removed or changed. Compares
 * fingerprints (linear in the board), not the text of the whole board.
 */
export function touchedPoursFast(before: BoardModel, after: BoardModel, cache?: TileCache): string[] {
  const pb = cache ? cache.prints(before) : itemPrints(before);
  const pa = cache ? cache.prints(after) : itemPrints(after);
  const changes = changedBoxes(pb, pa);
  const reach = (after.rules.maxClearance + 60) * CLIP_SCALE;
  const out: string[] = [];
  const beforeDefs = new Map(before.pours.map((q) => [q.id, q]));
  const pourChanged = after.pours.filter((p) => { const q = beforeDefs.get(p.id); return !q || pourDefKey(before, q) !== pourDefKey(after, p); });
  for (const q of before.pours) if (!after.pours.some((p) => p.id === q.id)) pourChanged.push(q);
  for (const p of after.pours) {
    const q = beforeDefs.get(p.id);
    if (!q || pourDefKey(before, q) !== pourDefKey(after, p)) { out.push(p.id); continue; }
    const box = growIBox(p.box, reach);
    if (dirtyAt(changes, p.layer, box) || pourChanged.some((c) => c.id !== p.id && c.layer === p.layer && iboxOverlap(c.box, box))) out.push(p.id);
  }
  return out;
}
