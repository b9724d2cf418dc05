/**
 * DRC check 1 (drc.ts): copper clearance between nets and short circuits, and the same-net contacts
 * that the connectivity check (unrouted nets) joins. Items are paired through a grid per layer (a
 * multi-layer item meets single-layer items from their side, so every pair is measured once);
 * stored pour fills are measured one piece at a time through PieceIndex (piece-index.ts): the fill
 * edges near each item near the piece, and for an item meeting no edge whether its reference point
 * lies in the piece. Pieces join where they touch (tile pieces along their box sides). Items with an
 * exact core (discs, stadiums, rectangles: edges.ts Core) are measured on it, others on their outlines.
 */
import type { IBox, PolyWithHoles } from './clip.ts';
import { CLIP_SCALE, boxOfPaths, pointInPoly } from './clip.ts';
import { type BoardModel, type CopperItem, MULTI } from './model.ts';
import { clearKindOf } from './pour.ts';
import { CellGrid } from './cells.ts';
import { type Core, coreDistance, primCore, segSegDist2 } from './edges.ts';
import { PieceIndex, Rims } from './piece-index.ts';
import { type ClearKind, POUR_EXTRA_CLEARANCE } from './rules.ts';
import { type Violation, DSU, TOL, at, boxGap, mil, pathsDistance } from './drc-geom.ts';

const S = CLIP_SCALE;

/** The exact core of an item (pads: RECT/OVAL/round; tracks and vias: their primitive), if any. */
export const coreOf = (it: CopperItem): Core | undefined => it.core ?? (it.prim ? primCore(it.prim) : undefined);

/** Distance between two copper items: on their cores when both have one, else on their outlines (see pathsDistance for `stop`, `limit`). */
export function itemDistance(a: CopperItem, b: CopperItem, stop = 0, limit = Infinity, ca = coreOf(a), cb = coreOf(b)): number {
  if (ca && cb) return coreDistance(ca, cb);
  return pathsDistance(a.paths, b.paths, stop, limit, a.box, b.box);
}

/** Whether a point of the item (integer clip units: its centre when it has a core, else an outline vertex) lies in the loaded piece. */
function insideAtRef(fi: PieceIndex, it: CopperItem): boolean {
  if (it.prim?.k === 'seg') return fi.inside(it.prim.x1, it.prim.y1);
  if ((it.core || it.prim) && it.cx !== undefined && it.cy !== undefined) return fi.inside(it.cx, it.cy);
  return fi.inside(it.paths[0][0].x, it.paths[0][0].y);
}

export interface CopperResult {
  /** Items, then stored thermal spokes (as fill items of their pour). */
  copper: CopperItem[];
  /** Connected groups: indexes of `copper`, then the fill pieces. */
  dsu: DSU;
}

/**
 * What the copper checks share. The checks are cut into one small function per loop: V8 compiles a
 * hot loop on its own (on-stack replacement), and a big function holding every loop was compiled
 * again and again as each next loop ran for the first time (a 100k-pad DRC spent ~0.5 s of CPU in
 * compiler threads on its first run).
 */
interface Ctx {
  model: BoardModel;
  rules: BoardModel['rules'];
  out: Violation[];
  /** Items, then stored thermal spokes (fill items of their pour). */
  copper: CopperItem[];
  n: number;
  nItems: number;
  cores: Array<Core | undefined>;
  spokePour: Map<CopperItem, string>;
  /** Nets as numbers (no net: -1). */
  netIds: Map<string, number>;
  netOf: Int32Array;
  kinds: ClearKind[];
  kindIx: Uint8Array;
  nKinds: number;
  /** The clearance a fill owes by its pour's COPPER rule, without EasyEDA's extra. */
  pourClear: Map<string, number>;
  byLayer: Map<number, number[]>;
  grids: Map<number, LayerGrid>;
  /** The largest clearance, rounded up (a whole number passes to the grid's query without boxing). */
  reach: number;
  dsu: DSU;
}
interface LayerGrid { g: CellGrid; idx: number[] }
interface Fill { id: string; net: string; layer: number; polys: PolyWithHoles[]; box: IBox; base: number; clear: number }

export function copperChecks(model: BoardModel, out: Violation[]): CopperResult {
  const c = context(model, out);
  const fills = storedFills(c);
  c.dsu = new DSU(c.n + fills.pieces);
  layerGrids(c);
  pairItems(c);
  // the stored fills, one piece at a time (one small index, its arrays reused: no big allocations, so
  // no full collections of a heap holding the board); the items near each piece
  const fi = new PieceIndex();
  const need = new Float64Array(c.n);
  const rims = new Rims();
  for (const f of fills.list) checkFill(c, f, fi, need, rims);
  sameNetFills(c, fills.list, fi);
  return { copper: c.copper, dsu: c.dsu };
}

function context(model: BoardModel, out: Violation[]): Ctx {
  const rules = model.rules;
  const nItems = model.items.length;
  // Stored thermal spokes: small fill items of their pour, paired like items.
  const spokePour = new Map<CopperItem, string>();
  const copper = model.items.slice();
  for (const p of model.pours) (model.storedSpokes.get(p.id) ?? []).forEach((sp, i) => {
    const f: CopperItem = { key: `${p.id}~${i}`, kind: 'fill', net: p.net, layer: p.layer, paths: [sp], box: boxOfPaths([sp]) };
    spokePour.set(f, p.id);
    copper.push(f);
  });
  const n = copper.length;
  const netIds = new Map<string, number>();
  for (const p of model.pours) if (p.net && !netIds.has(p.net)) netIds.set(p.net, netIds.size);
  const kinds: ClearKind[] = new Array(n);
  const pourClear = new Map<string, number>();
  for (const p of model.pours) pourClear.set(p.id, rules.pour(p.id, p.net).clearance - POUR_EXTRA_CLEARANCE);
  const c: Ctx = { model, rules, out, copper, n, nItems, cores: new Array(n), spokePour, netIds, netOf: new Int32Array(n), kinds, kindIx: new Uint8Array(n), nKinds: 1, pourClear, byLayer: new Map(), grids: new Map(), reach: Math.ceil(rules.maxClearance * S), dsu: undefined as unknown as DSU };
  itemNumbers(c);
  return c;
}

/** Cores, net numbers and clearance kinds of the items (a loop per function: see Ctx). */
function itemNumbers(c: Ctx): void {
  itemCores(c.copper, c.cores);
  itemNets(c.copper, c.netIds, c.netOf);
  itemKinds(c.copper, c.nItems, c.kinds);
  c.nKinds = kindNumbers(c.kinds, c.kindIx);
}
function itemCores(copper: CopperItem[], cores: Array<Core | undefined>): void {
  for (let i = 0; i < copper.length; i++) cores[i] = coreOf(copper[i]);
}
function itemNets(copper: CopperItem[], netIds: Map<string, number>, netOf: Int32Array): void {
  for (let i = 0; i < copper.length; i++) { const nt = copper[i].net; let id = nt ? netIds.get(nt) : -1; if (id === undefined) netIds.set(nt, (id = netIds.size)); netOf[i] = id; }
}
function itemKinds(copper: CopperItem[], nItems: number, kinds: ClearKind[]): void {
  for (let i = 0; i < copper.length; i++) kinds[i] = i >= nItems ? 'pour' : clearKindOf(copper[i]);
}
function kindNumbers(kinds: ClearKind[], kindIx: Uint8Array): number {
  const kindIds = new Map<ClearKind, number>();
  for (let i = 0; i < kinds.length; i++) { let k = kindIds.get(kinds[i]); if (k === undefined) kindIds.set(kinds[i], (k = kindIds.size)); kindIx[i] = k; }
  return Math.max(1, kindIds.size);
}

/** Stored fills; their pieces follow the items in the union-find. */
function storedFills(c: Ctx): { list: Fill[]; pieces: number } {
  const list: Fill[] = [];
  let pieces = 0;
  for (const p of c.model.pours) {
    const polys = c.model.stored.get(p.id);
    if (!polys?.length) continue;
    list.push({ id: p.id, net: p.net, layer: p.layer, polys, box: p.box, base: c.n + pieces, clear: c.pourClear.get(p.id)! });
    pieces += polys.length;
  }
  return { list, pieces };
}

/** Grids per layer (multi-layer items in their own). */
function layerGrids(c: Ctx): void {
  itemsByLayer(c.copper, c.byLayer);
  for (const [l, idx] of c.byLayer) c.grids.set(l, { g: new CellGrid(boxArray(c.copper, idx), idx.length, 200 * S), idx });
}
function itemsByLayer(copper: CopperItem[], byLayer: Map<number, number[]>): void {
  for (let i = 0; i < copper.length; i++) {
    const l = copper[i].layer;
    let a = byLayer.get(l);
    if (!a) byLayer.set(l, (a = []));
    a.push(i);
  }
}

function boxArray(copper: CopperItem[], idx: number[]): Float64Array {
  const xs = new Float64Array(4 * idx.length);
  for (let k = 0; k < idx.length; k++) { const b = copper[idx[k]].box; xs[4 * k] = b.minX; xs[4 * k + 1] = b.minY; xs[4 * k + 2] = b.maxX; xs[4 * k + 3] = b.maxY; }
  return xs;
}

const kindName = (c: Ctx, i: number): string => (i >= c.nItems ? 'pour' : clearKindOf(c.copper[i]));

function report(out: Violation[], a: CopperItem, bKey: string, bKind: string, bNet: string, bBox: IBox, aKind: string, layer: number, d: number, need: number): void {
  const ov = { minX: Math.max(a.box.minX, bBox.minX), minY: Math.max(a.box.minY, bBox.minY), maxX: Math.min(a.box.maxX, bBox.maxX), maxY: Math.min(a.box.maxY, bBox.maxY) };
  const pos = ov.minX <= ov.maxX && ov.minY <= ov.maxY ? at(ov) : at({ minX: Math.min(a.box.maxX, bBox.maxX), minY: Math.min(a.box.maxY, bBox.maxY), maxX: Math.max(a.box.minX, bBox.minX), maxY: Math.max(a.box.minY, bBox.minY) });
  if (d <= 0 && a.net && bNet) out.push({ rule: 'short', severity: 'error', message: `short circuit between ${a.net} and ${bNet}`, ...pos, layer, items: [a.key, bKey], nets: [a.net, bNet], actual: 0, required: mil(need) });
  else out.push({ rule: 'clearance', severity: 'error', message: `${aKind} (${a.net || 'no net'}) to ${bKind} (${bNet || 'no net'}): ${mil(d)} mil < ${mil(need)} mil`, ...pos, layer, items: [a.key, bKey], nets: [a.net, bNet], actual: mil(d), required: mil(need) });
}

/** Items (and stored spokes) near one another on a layer: clearance, shorts, same-net contacts. */
function pairItems(c: Ctx): void {
  const { copper, n, grids, reach } = c;
  const multi = grids.get(MULTI);
  for (let i = 0; i < n; i++) {
    const a = copper[i], b = a.box;
    const own = grids.get(a.layer)!;
    for (let h = 0, nh = own.g.query(b.minX - reach, b.minY - reach, b.maxX + reach, b.maxY + reach); h < nh; h++) { const j = own.idx[own.g.hits[h]]; if (j > i) pair(c, i, j); }
    if (a.layer !== MULTI && multi) {
      for (let h = 0, nh = multi.g.query(b.minX - reach, b.minY - reach, b.maxX + reach, b.maxY + reach); h < nh; h++) { const j = multi.idx[multi.g.hits[h]]; pair(c, Math.min(i, j), Math.max(i, j)); }
    }
  }
}

function pair(c: Ctx, i: number, j: number): void {
  const { copper, nItems, rules, cores, dsu, kinds } = c;
  const a = copper[i], b = copper[j];
  const sameNet = a.net !== '' && a.net === b.net;
  if (a.owner && a.owner === b.owner && (!a.net || !b.net)) return; // a footprint's own copper
  if (sameNet) {
    if (dsu.find(i) !== dsu.find(j) && boxGap(a.box, b.box) <= 1 && itemDistance(a, b, 1, 2, cores[i], cores[j]) <= 1) dsu.join(i, j);
    return;
  }
  if (i >= nItems && j >= nItems) return;
  let need = rules.clearance(kinds[i], kinds[j], a.net, b.net) * S;
  // a spoke (pour fill) also owes the clearance of its COPPER rule (and of the other object's net rule)
  if (i >= nItems || j >= nItems) {
    const other = i >= nItems ? b : a;
    const pr = c.pourClear.get(c.spokePour.get(i >= nItems ? a : b)!)!;
    const nr = other.net ? Math.max(0, rules.netPourClearance(other.net) - POUR_EXTRA_CLEARANCE) : 0;
    need = Math.max(need, pr * S, nr * S);
  }
  if (boxGap(a.box, b.box) >= need) return;
  const d = itemDistance(a, b, 0, need, cores[i], cores[j]);
  if (d >= need - TOL) return;
  report(c.out, a, b.key, kindName(c, j), b.net, b.box, kindName(c, i), a.layer === MULTI ? b.layer : a.layer, d, need);
}

/**
 * What each item owes the fill `f` (same net or a spoke: 0, it joins the piece it touches), in
 * `need`; returns the largest. A function of the item's net and kind: worked out once per pair.
 */
function fillNeeds(c: Ctx, f: Fill, fNet: number, need: Float64Array): number {
  const { copper, nItems, netOf, kindIx, nKinds, kinds, rules } = c;
  need.fill(0);
  let maxNeed = 2;
  const memo = new Float64Array((c.netIds.size + 1) * nKinds).fill(-1);
  for (const idx of [c.byLayer.get(f.layer) ?? [], c.byLayer.get(MULTI) ?? []]) for (let k = 0; k < idx.length; k++) {
    const i = idx[k];
    if (netOf[i] === fNet || i >= nItems) continue;
    const slot = (netOf[i] + 1) * nKinds + kindIx[i];
    let v = memo[slot];
    if (v < 0) {
      const a = copper[i];
      const nr = a.net ? Math.max(0, rules.netPourClearance(a.net) - POUR_EXTRA_CLEARANCE) : 0;
      v = memo[slot] = Math.max(rules.clearance(kinds[i], 'pour', a.net, f.net), f.clear, nr) * S;
    }
    need[i] = v;
    if (v > maxNeed) maxNeed = v;
  }
  return maxNeed;
}

/** One stored fill: every piece against the items near it, then the pieces against one another. */
function checkFill(c: Ctx, f: Fill, fi: PieceIndex, need: Float64Array, rims: Rims): void {
  const fNet = f.net ? c.netIds.get(f.net)! : -2;
  const gs = [c.grids.get(f.layer), c.grids.get(MULTI)].filter((x): x is LayerGrid => !!x);
  const maxNeed = fillNeeds(c, f, fNet, need);
  rims.n = 0;
  for (let k = 0; k < f.polys.length; k++) {
    fi.load(f.polys[k], rims, k);
    for (let g = 0; g < gs.length; g++) checkPiece(c, f, k, fi, gs[g], fNet, need, maxNeed);
  }
  const dsu = c.dsu;
  // pieces touching one another: along their box sides (tile pieces), or anywhere when their boxes overlap
  rimContacts(rims, (x, y) => dsu.join(f.base + x, f.base + y));
  overlapping(f.polys, f.polys, true, fi, (x, y) => dsu.join(f.base + x, f.base + y));
}

/** Piece k of fill f (loaded in `fi`) against the items of one layer grid near it. */
function checkPiece(c: Ctx, f: Fill, k: number, fi: PieceIndex, lg: LayerGrid, fNet: number, need: Float64Array, maxNeed: number): void {
  const { copper, nItems, netOf, cores, dsu } = c;
  const pb = fi.box, piece = f.base + k;
  const g = lg.g, idx = lg.idx, gb = g.xs;
  for (let h = 0, nh = g.query(pb.minX - maxNeed, pb.minY - maxNeed, pb.maxX + maxNeed, pb.maxY + maxNeed); h < nh; h++) {
    const e = g.hits[h], i = idx[e], o = 4 * e;
    // the gap between the item's box and the piece's box, from the grid's box array
    const gap = Math.max(0, pb.minX - gb[o + 2], gb[o] - pb.maxX, pb.minY - gb[o + 3], gb[o + 1] - pb.maxY);
    if (netOf[i] === fNet) {
      if (gap > 1 || dsu.find(i) === dsu.find(piece)) continue;
      const a = copper[i];
      fi.r = 2;
      fi.measure(cores[i], a.paths, a.box);
      if (fi.d <= 1) { dsu.join(i, piece); continue; }
      if (insideAtRef(fi, a)) dsu.join(i, piece);
      continue;
    }
    if (i >= nItems) continue; // fill to fill
    const nd = need[i];
    if (gap >= nd) continue;
    const a = copper[i], b = a.box;
    fi.r = nd;
    fi.measure(cores[i], a.paths, b);
    let d = fi.d;
    if (d > 0 && insideAtRef(fi, a)) d = 0;
    if (d >= nd - TOL) continue;
    report(c.out, a, `${f.id}#${k}`, 'pour', f.net, pb, kindName(c, i), a.layer === MULTI ? f.layer : a.layer, d, nd);
  }
}

/** Fill pieces of same-net pours on one layer touching. */
function sameNetFills(c: Ctx, fills: Fill[], fi: PieceIndex): void {
  const dsu = c.dsu;
  for (let u = 0; u < fills.length; u++) for (let v = u + 1; v < fills.length; v++) {
    const A = fills[u], B = fills[v];
    if (A.layer !== B.layer || !A.net || A.net !== B.net || boxGap(A.box, B.box) > 100 * S) continue;
    overlapping(A.polys, B.polys, false, fi, (x, y) => dsu.join(A.base + x, B.base + y));
  }
}

function rimBoxes(rims: Int32Array, m: number, xs: Int32Array): void {
  for (let e = 0; e < m; e++) for (let c = 0; c < 4; c++) xs[4 * e + c] = rims[5 * e + c];
}

/** Pieces whose rim edges touch (within 1 unit). */
function rimContacts(r: Rims, join: (a: number, b: number) => void): void {
  const m = r.n, rims = r.v;
  if (m < 2) return;
  const xs = new Int32Array(4 * m);
  rimBoxes(rims, m, xs);
  const g = new CellGrid(xs, m, 100 * S);
  for (let e = 0; e < m; e++) {
    const o = 4 * e;
    for (let h = 0, nh = g.query(Math.min(xs[o], xs[o + 2]) - 1, Math.min(xs[o + 1], xs[o + 3]) - 1, Math.max(xs[o], xs[o + 2]) + 1, Math.max(xs[o + 1], xs[o + 3]) + 1); h < nh; h++) {
      const f = g.hits[h];
      if (f <= e || rims[5 * f + 4] === rims[5 * e + 4]) continue;
      if (segSegDist2(xs[o], xs[o + 1], xs[o + 2], xs[o + 3], xs[4 * f], xs[4 * f + 1], xs[4 * f + 2], xs[4 * f + 3]) <= 1) join(rims[5 * e + 4], rims[5 * f + 4]);
    }
  }
}

/**
 * Pieces of A and B (the same list when `self`) whose boxes overlap by more than a line, touching
 * (edges within 1 unit) or one inside the other: each pair measured in full.
 */
function overlapping(A: readonly PolyWithHoles[], B: readonly PolyWithHoles[], self: boolean, fi: PieceIndex, join: (a: number, b: number) => void): void {
  const box = (pc: PolyWithHoles) => boxOfPaths([pc.outer]);
  const bb = B.map(box);
  const xs = new Float64Array(4 * bb.length);
  bb.forEach((b, k) => { xs[4 * k] = b.minX; xs[4 * k + 1] = b.minY; xs[4 * k + 2] = b.maxX; xs[4 * k + 3] = b.maxY; });
  const g = new CellGrid(xs, bb.length, 400 * S);
  A.forEach((pa, a) => {
    const ab = self ? bb[a] : box(pa);
    let loaded = false;
    for (let h = 0, nh = g.query(ab.minX - 1, ab.minY - 1, ab.maxX + 1, ab.maxY + 1); h < nh; h++) {
      const b = g.hits[h];
      if (self && b <= a) continue;
      const ob = bb[b];
      // boxes meeting along a line only: rimContacts has them (self); other pours are measured in full
      if (self && (Math.min(ab.maxX, ob.maxX) <= Math.max(ab.minX, ob.minX) || Math.min(ab.maxY, ob.maxY) <= Math.max(ab.minY, ob.minY))) continue;
      if (!loaded) { fi.load(pa); loaded = true; }
      const pb = B[b];
      let hit = false;
      for (const ring of [pb.outer, ...pb.holes]) {
        for (let i = 0, m = ring.length; i < m && !hit; i++) {
          const p = ring[i], r = ring[i + 1 === m ? 0 : i + 1];
          if (Math.max(p.x, r.x) < ab.minX - 1 || Math.min(p.x, r.x) > ab.maxX + 1 || Math.max(p.y, r.y) < ab.minY - 1 || Math.min(p.y, r.y) > ab.maxY + 1) continue;
          if (fi.distance(undefined, [[p, r]], { minX: Math.min(p.x, r.x), minY: Math.min(p.y, r.y), maxX: Math.max(p.x, r.x), maxY: Math.max(p.y, r.y) }, 1) <= 1) hit = true;
        }
        if (hit) break;
      }
      if (hit || fi.inside(pb.outer[0].x, pb.outer[0].y) || pointInPoly(pa.outer[0].x, pa.outer[0].y, pb)) join(a, b);
    }
  });
}
