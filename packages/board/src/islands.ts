/**
 * Islands of a tiled pour fill (clip units): the pieces of every tile, joined through the stretches of
 * tile border they share with the pieces of the tile to the right and above, and judged by the points
 * where the pour's net connects (an island holding none is removed, unless the pour keeps islands) and
 * by area. Linear in tiles, pieces and points: each tile's border runs and each big piece's edge grid
 * are computed once and kept with the tile (a refill that reuses cached tiles reuses them too), and
 * each point is tested only against the pieces of the tile it lies in.
 */
import { type IBox, type PolyWithHoles, pointInPoly, polyArea } from './clip.ts';
import { EdgeIndex } from './edges.ts';

type Pt = { x: number; y: number };

/** One filled tile as islands() reads it (TileResult of tiles.ts plus its cached helpers). */
export interface IslandTile {
  pieces: PolyWithHoles[];
  boxes: IBox[];
  /** Border runs per side (0 minX, 1 maxX, 2 minY, 3 maxY): piece index, low and high end. */
  sides?: Array<Array<[number, number, number]>>;
  /** Edge grids of big pieces (by piece index), built when first needed. */
  grids?: Array<EdgeIndex | null | undefined>;
  /** The points where the pour's net connects near the tile (every such point inside the tile is among them). */
  conn?: ReadonlyArray<Pt>;
  /** Per piece: 1 when one of `conn` lies in it, 2 when none does, 0 not tested yet (kept with the tile). */
  hits?: Uint8Array;
}

/** Border runs of a tile's pieces: outer-ring edges lying on the tile's sides. */
function sidesOf(t: IslandTile, tb: IBox): Array<Array<[number, number, number]>> {
  if (t.sides) return t.sides;
  const s: Array<Array<[number, number, number]>> = [[], [], [], []];
  t.pieces.forEach((pc, i) => {
    const ring = pc.outer;
    for (let k = 0; k < ring.length; k++) {
      const a = ring[k], b = ring[(k + 1) % ring.length];
      if (a.x === b.x && a.y !== b.y) {
        if (a.x === tb.minX) s[0].push([i, Math.min(a.y, b.y), Math.max(a.y, b.y)]);
        else if (a.x === tb.maxX) s[1].push([i, Math.min(a.y, b.y), Math.max(a.y, b.y)]);
      } else if (a.y === b.y && a.x !== b.x) {
        if (a.y === tb.minY) s[2].push([i, Math.min(a.x, b.x), Math.max(a.x, b.x)]);
        else if (a.y === tb.maxY) s[3].push([i, Math.min(a.x, b.x), Math.max(a.x, b.x)]);
      }
    }
  });
  t.sides = s;
  return s;
}

/** Whether piece k of a tile holds one of the tile's connection points lying in its closed box `tb`. */
function pieceHit(t: IslandTile, k: number, tb: IBox): boolean {
  const b = t.boxes[k];
  for (const pt of t.conn ?? []) {
    if (pt.x < tb.minX || pt.x > tb.maxX || pt.y < tb.minY || pt.y > tb.maxY) continue;
    if (pt.x < b.minX || pt.x > b.maxX || pt.y < b.minY || pt.y > b.maxY) continue;
    if (inside(t, k, pt.x, pt.y)) return true;
  }
  return false;
}

function inside(t: IslandTile, k: number, x: number, y: number): boolean {
  const pc = t.pieces[k];
  t.grids ??= [];
  let g = t.grids[k];
  if (g === undefined) {
    let n = pc.outer.length;
    for (const h of pc.holes) n += h.length;
    g = n > 64 ? new EdgeIndex([pc.outer, ...pc.holes]) : null;
    t.grids[k] = g;
  }
  return g ? g.inside(x, y) : pointInPoly(x, y, pc);
}

export interface IslandResult { kept: PolyWithHoles[]; removed: number }

/**
 * Keep the islands of a pour's tiles. `tiles[iy * nx + ix]` is the tile at column ix, row iy of a grid
 * of `tile`-sized squares from (x0, y0) (undefined where the region is empty), `boxes` their tile
 * boxes; an island is kept when one of its pieces holds a point where the net connects (each tile's
 * `conn` lying in the tile, tested against a piece only while its island is not known to connect; the
 * answers are kept with the tile, so a refill that reuses tiles tests little again); `keepAll` keeps every island (the pour keeps islands, or has no net); `minArea`
 * (clip units²) removes smaller islands.
 */
export function islands(tiles: Array<IslandTile | undefined>, boxes: IBox[], nx: number, keepAll: boolean, minArea: number): IslandResult {
  const base: number[] = new Array(tiles.length);
  let n = 0;
  for (let i = 0; i < tiles.length; i++) { base[i] = n; n += tiles[i]?.pieces.length ?? 0; }
  const parent = new Int32Array(n);
  for (let i = 0; i < n; i++) parent[i] = i;
  const find = (i: number): number => { while (parent[i] !== i) { parent[i] = parent[parent[i]]; i = parent[i]; } return i; };
  const join = (a: number, b: number) => { a = find(a); b = find(b); if (a !== b) parent[a] = b; };
  const ny = Math.ceil(tiles.length / nx);
  const match = (ta: number, sa: number, tb: number, sb: number) => {
    const A = tiles[ta], B = tiles[tb];
    if (!A || !B || !A.pieces.length || !B.pieces.length) return;
    const ra = sidesOf(A, boxes[ta])[sa], rb = sidesOf(B, boxes[tb])[sb];
    for (const a of ra) for (const b of rb) if (a[1] < b[2] && b[1] < a[2]) join(base[ta] + a[0], base[tb] + b[0]);
  };
  for (let iy = 0; iy < ny; iy++) for (let ix = 0; ix < nx; ix++) {
    const t = iy * nx + ix;
    if (ix + 1 < nx) match(t, 1, t + 1, 0);
    if (iy + 1 < ny) match(t, 3, t + nx, 2);
  }
  const hit = new Uint8Array(n);
  if (keepAll) hit.fill(1);
  else {
    // islands holding a piece known to connect; then pieces not tested yet, only for islands still unknown
    for (let ti = 0; ti < tiles.length; ti++) {
      const t = tiles[ti];
      if (!t?.pieces.length) continue;
      const h = (t.hits ??= new Uint8Array(t.pieces.length));
      for (let k = 0; k < h.length; k++) if (h[k] === 1) hit[find(base[ti] + k)] = 1;
    }
    for (let ti = 0; ti < tiles.length; ti++) {
      const t = tiles[ti];
      if (!t?.pieces.length) continue;
      const h = t.hits!;
      for (let k = 0; k < h.length; k++) {
        if (h[k] !== 0) continue;
        const g = find(base[ti] + k);
        if (hit[g]) continue;
        h[k] = pieceHit(t, k, boxes[ti]) ? 1 : 2;
        if (h[k] === 1) hit[g] = 1;
      }
    }
  }
  const area = new Map<number, number>();
  if (minArea > 0) for (let ti = 0; ti < tiles.length; ti++) tiles[ti]?.pieces.forEach((pc, k) => { const g = find(base[ti] + k); area.set(g, (area.get(g) ?? 0) + polyArea(pc)); });
  const kept: PolyWithHoles[] = [];
  const removed = new Set<number>();
  for (let ti = 0; ti < tiles.length; ti++) tiles[ti]?.pieces.forEach((pc, k) => {
    const g = find(base[ti] + k);
    if (hit[g] && !(minArea > 0 && (area.get(g) ?? 0) < minArea)) kept.push(pc);
    else removed.add(g);
  });
  return { kept, removed: removed.size };
}
