/**
 * region − knock-outs for one pour tile, with as little Clipper work as the geometry allows (clip
 * units, clip.ts). Knock-outs are grouped into clusters of touching boxes:
 *   - a cluster that meets the tile region's border (or holds a keep-out or another pour's fill) goes
 *     through one Clipper difference with the region, as before;
 *   - a lone knock-out strictly inside the region and touching nothing else is a hole of the piece
 *     around it as it stands (removing a closed disc from inside a region changes no connectivity);
 *   - any other inner cluster is united on its own (a short sweep over a few shapes): its outer rings
 *     are holes, the fill it encloses becomes islands of its own (with the knock-outs inside them).
 * Inner knock-outs are given to the piece containing them by a point test. Same region as one
 * difference, pieces as groupPolys gives them (outer rings positive, holes negative).
 */
import { Clipper, Clipper64, ClipType, FillRule, PolyTree64, type PolyPath64 } from '@countertype/clipper2-ts';
import { type IBox, type Path64, type Paths64, type PolyWithHoles, boxOfPaths, pointInPoly, rectPath } from './clip.ts';
import { EdgeIndex } from './edges.ts';

/** One knock-out: an item's outline (one or more rings, non-zero); `loose` = may become a hole as is. */
export interface Knock { paths: Paths64; box: IBox; loose: boolean }

/** The tile region and what answers "is this box strictly inside it" quickly. */
export interface TileRegion {
  paths: Paths64;
  /** The region when it is one axis-aligned rectangle. */
  rect?: IBox;
  box?: IBox;
  edges?: EdgeIndex;
}

export function tileRegion(paths: Paths64): TileRegion {
  if (paths.length === 1 && paths[0].length === 4) {
    const b = boxOfPaths(paths);
    if (paths[0].every((q) => (q.x === b.minX || q.x === b.maxX) && (q.y === b.minY || q.y === b.maxY))) return { paths: [rectPath(b.minX, b.minY, b.maxX, b.maxY)], rect: b };
  }
  return { paths };
}

function strictlyInside(r: TileRegion, b: IBox): boolean {
  if (r.rect) return b.minX > r.rect.minX && b.maxX < r.rect.maxX && b.minY > r.rect.minY && b.maxY < r.rect.maxY;
  r.edges ??= new EdgeIndex(r.paths);
  return !r.edges.touches(b) && r.edges.inside(b.minX, b.minY);
}

const reversed = (p: Path64): Path64 => {
  const out: Path64 = new Array(p.length);
  for (let i = 0, n = p.length; i < n; i++) out[i] = p[n - 1 - i];
  return out;
};

/** Clusters of knock-outs whose boxes touch (sweep over x). */
function clusters(ks: readonly Knock[]): number[][] {
  const n = ks.length;
  const parent = new Int32Array(n);
  for (let i = 0; i < n; i++) parent[i] = i;
  const find = (i: number): number => { while (parent[i] !== i) { parent[i] = parent[parent[i]]; i = parent[i]; } return i; };
  const order = [...ks.keys()].sort((a, b) => ks[a].box.minX - ks[b].box.minX);
  const active: number[] = [];
  for (const i of order) {
    const b = ks[i].box;
    let w = 0;
    for (let k = 0; k < active.length; k++) {
      const j = active[k], c = ks[j].box;
      if (c.maxX < b.minX) continue; // passed: drop from the active list
      active[w++] = j;
      if (c.minY <= b.maxY && b.minY <= c.maxY) { const x = find(i), y = find(j); if (x !== y) parent[x] = y; }
    }
    active.length = w;
    active.push(i);
  }
  const groups = new Map<number, number[]>();
  for (let i = 0; i < n; i++) {
    const g = find(i);
    let l = groups.get(g);
    if (!l) { l = []; groups.set(g, l); }
    l.push(i);
  }
  return [...groups.values()];
}

/** Split rings into outers (positive area) with the holes inside them. */
export function groupPolys(ps: Paths64): PolyWithHoles[] {
  const outers: Array<PolyWithHoles & { box: IBox }> = [];
  const holes: Path64[] = [];
  for (const p of ps) {
    if (p.length < 3) continue;
    if (Clipper.area(p) > 0) outers.push({ outer: p, holes: [], box: boxOfPaths([p]) });
    else holes.push(p);
  }
  for (const h of holes) {
    const o = containing(outers, h);
    o?.holes.push(h);
  }
  return outers.map((o) => ({ outer: o.outer, holes: o.holes }));
}

/** The innermost outer whose box holds the ring and whose outline holds its first vertex. */
function containing<T extends PolyWithHoles & { box: IBox }>(outers: readonly T[], h: Path64): T | undefined {
  const hb = boxOfPaths([h]);
  let only: T | undefined, count = 0;
  for (const o of outers) if (o.box.minX <= hb.minX && o.box.maxX >= hb.maxX && o.box.minY <= hb.minY && o.box.maxY >= hb.maxY) { only = o; count++; }
  if (count <= 1) return only;
  let best: T | undefined;
  for (const o of outers) {
    if (!(o.box.minX <= hb.minX && o.box.maxX >= hb.maxX && o.box.minY <= hb.minY && o.box.maxY >= hb.maxY)) continue;
    if (Clipper.pointInPolygon(h[0], o.outer) === 0 /* IsOutside */) continue;
    if (!best || Math.abs(Clipper.area(o.outer)) < Math.abs(Clipper.area(best.outer))) best = o;
  }
  return best ?? only;
}

function differenceWith(region: Paths64, knock: Paths64): Paths64 {
  if (!knock.length) return region;
  const c = new Clipper64();
  c.preserveCollinear = true;
  c.addSubject(region);
  c.addClip(knock);
  const fill: Paths64 = [];
  c.execute(ClipType.Difference, FillRule.NonZero, fill);
  return fill;
}

/**
 * The fill of one tile: `region` minus every knock-out, as pieces (polygons with holes). See the file
 * header; the result covers exactly what `Clipper.difference(region, ∪ knocks)` covers.
 */
export function tileFill(region: TileRegion, knocks: readonly Knock[]): PolyWithHoles[] {
  const border: Paths64 = [];
  const holes: Path64[] = [];
  const islands: PolyWithHoles[] = [];
  // knock-outs wholly outside the region's box change nothing in it
  const rb = region.rect ?? (region.box ??= boxOfPaths(region.paths));
  const near = knocks.filter((k) => k.box.minX < rb.maxX && k.box.maxX > rb.minX && k.box.minY < rb.maxY && k.box.maxY > rb.minY);
  knocks = near;
  for (const g of clusters(knocks)) {
    let inner = true;
    for (const i of g) if (!knocks[i].loose || !strictlyInside(region, knocks[i].box)) { inner = false; break; }
    if (!inner) { for (const i of g) for (const p of knocks[i].paths) border.push(p); continue; }
    if (g.length === 1 && knocks[g[0]].paths.length === 1 && Clipper.area(knocks[g[0]].paths[0]) > 0) { holes.push(reversed(knocks[g[0]].paths[0])); continue; }
    const all: Paths64 = [];
    for (const i of g) for (const p of knocks[i].paths) all.push(p);
    unionInto(all, holes, islands);
  }
  let main: Array<PolyWithHoles & { box: IBox }>;
  if (!border.length && region.rect) main = [{ outer: region.paths[0], holes: [], box: region.rect }];
  else main = groupPolys(differenceWith(region.paths, border)).map((p) => ({ ...p, box: boxOfPaths([p.outer]) }));
  if (main.length === 1) for (const h of holes) main[0].holes.push(h);
  else for (const h of holes) {
    const x = h[0].x, y = h[0].y;
    const o = main.find((m) => x >= m.box.minX && x <= m.box.maxX && y >= m.box.minY && y <= m.box.maxY && pointInPoly(x, y, m));
    o?.holes.push(h);
  }
  const out: PolyWithHoles[] = main.map((m) => ({ outer: m.outer, holes: m.holes }));
  for (const p of islands) out.push(p);
  return out;
}

/**
 * Union of one inner cluster: its outer rings (knock-outs) become holes of the piece around them; a
 * hole of the union is fill enclosed by the cluster, an island whose own holes are the knock-outs
 * inside it (and so on down the tree).
 */
function unionInto(paths: Paths64, holes: Path64[], islands: PolyWithHoles[]): void {
  const c = new Clipper64();
  c.addSubject(paths);
  const tree = new PolyTree64();
  c.execute(ClipType.Union, FillRule.NonZero, tree);
  const knockNode = (node: PolyPath64, into: Path64[]) => {
    if (node.poly) into.push(reversed(node.poly));
    for (let j = 0; j < node.count; j++) fillNode(node.child(j) as PolyPath64);
  };
  const fillNode = (node: PolyPath64) => {
    if (!node.poly) return;
    const isl: PolyWithHoles = { outer: reversed(node.poly), holes: [] };
    islands.push(isl);
    for (let j = 0; j < node.count; j++) knockNode(node.child(j) as PolyPath64, isl.holes);
  };
  for (let i = 0; i < tree.count; i++) knockNode(tree.child(i) as PolyPath64, holes);
}
