/**
 * One piece of a stored pour fill (a polygon with holes, clip units) indexed for DRC: the distance
 * from an item to the piece's edges near it, and whether a point lies inside the piece.
 *
 * The piece's rings are cut into chunks of up to CHUNK consecutive edges, each with its box, and the
 * chunks are put in a grid (CellGrid): building reads every vertex once, copies its coordinates into
 * one flat array (the rings one after another, each closed by its first vertex again) and writes a
 * few numbers per chunk, not per edge (a fill of 100k pads has ten million edges); queries then read
 * the edges of the chunks near them from the flat array (no point objects to follow). The index is
 * loaded again for each piece in the same arrays (CellBuffers), so checking a board allocates almost
 * nothing.
 */
import type { IBox, Path64, Paths64, PolyWithHoles } from './clip.ts';
import { CellBuffers, CellGrid } from './cells.ts';
import { type Core, coreSegDist2, segSegDist2 } from './edges.ts';

const CHUNK = 16;

/**
 * Edges lying on a side of their piece's box (where tile pieces meet): x1, y1, x2, y2, piece per
 * edge, in a buffer kept from pour to pour.
 */
export class Rims {
  v = new Int32Array(5 * 1024);
  n = 0;
  push(x1: number, y1: number, x2: number, y2: number, k: number): void {
    if (5 * this.n + 5 > this.v.length) { const g = new Int32Array(2 * this.v.length); g.set(this.v); this.v = g; }
    const o = 5 * this.n++, v = this.v;
    v[o] = x1; v[o + 1] = y1; v[o + 2] = x2; v[o + 3] = y2; v[o + 4] = k;
  }
}

export class PieceIndex {
  piece!: PolyWithHoles;
  box: IBox = { minX: 0, minY: 0, maxX: 0, maxY: 0 };
  /** Number of edges of the piece. */
  edges = 0;
  private rings: Path64[] = [];
  /** Vertices x, y: the rings one after another, each followed by its first vertex again. */
  private xy: Int32Array = new Int32Array(0);
  /** Per chunk: box (minX, minY, maxX, maxY); first vertex (in xy), edge count. */
  private cb: Int32Array = new Int32Array(0);
  private cr: Int32Array = new Int32Array(0);
  private g!: CellGrid;
  private buf = new CellBuffers();
  /** Bounds found by chunkRings. */
  private bx = new Float64Array(4);

  /** Index piece `pc`; with `rims`, add its edges that lie on a side of its box (as piece `k`). */
  load(pc: PolyWithHoles, rims?: Rims, k = 0): this {
    this.piece = pc;
    const rings = this.rings, nr = pc.holes.length + 1;
    rings[0] = pc.outer;
    for (let i = 1; i < nr; i++) rings[i] = pc.holes[i - 1];
    let chunks = 0, edges = 0;
    for (let i = 0; i < nr; i++) { chunks += Math.ceil(rings[i].length / CHUNK); edges += rings[i].length; }
    this.edges = edges;
    const xy = (this.xy = this.buf.ints('xy', 2 * (edges + nr), false));
    const cb = (this.cb = this.buf.ints('cb', 4 * chunks, false)), cr = (this.cr = this.buf.ints('cr', 2 * chunks, false));
    // axis-parallel edges (rim candidates): their first vertex
    const ap = this.buf.ints('ap', edges, false);
    const bx = this.bx;
    const nap = chunkRings(rings, nr, xy, cb, cr, !!rims, ap, bx);
    let minX = bx[0], minY = bx[1], maxX = bx[2], maxY = bx[3];
    if (!chunks) { minX = minY = maxX = maxY = 0; }
    this.box = { minX, minY, maxX, maxY };
    if (rims) rimEdges(xy, ap, nap, this.box, rims, k);
    // about four chunks per cell
    const cell = Math.max(2000, Math.sqrt(((maxX - minX + 1) * (maxY - minY + 1) * 4) / (chunks + 1)));
    this.g = new CellGrid(cb, chunks, cell, this.box, this.buf);
    return this;
  }

  /**
   * Distance (clip units) from an item (its core when it has one, else its outline `paths`; `box` its
   * box) to the piece's edges within `r` of its box: Infinity when none is that close. Not an inside
   * test: an item wholly inside the piece, meeting no edge, gives Infinity (see `inside`).
   */
  distance(core: Core | undefined, paths: Paths64, box: IBox, r: number): number {
    this.r = r;
    this.measure(core, paths, box);
    return this.d;
  }

  /**
   * Radius and result of `measure`: fields, not an argument and a return value (a double passed to or
   * returned from a function V8 does not inline is a new heap number each call: 19 MB of them in a
   * DRC of 100k pads, whose scavenges then copied the board's young fills).
   */
  r = Infinity;
  d = Infinity;
  /** `distance` with the radius in `r`, the result into `d` (allocates nothing). */
  measure(core: Core | undefined, paths: Paths64, box: IBox): void {
    const r = this.r;
    const cr = this.cr, xy = this.xy, g = this.g;
    // the chunks within r, found with r rounded up: whole numbers pass to the grid without boxing
    // (a double argument is a heap allocation: a DRC of 100k pads made 20 MB of them here)
    const ri = Math.ceil(r);
    const nh = g.query(box.minX - ri, box.minY - ri, box.maxX + ri, box.maxY + ri), q = g.hits;
    const bx0 = box.minX, by0 = box.minY, bx1 = box.maxX, by1 = box.maxY, r2 = r * r;
    let best = Infinity;
    for (let k = 0; k < nh; k++) {
      const c = q[k];
      const s = cr[2 * c], e = s + cr[2 * c + 1];
      let ex2 = xy[2 * s], ey2 = xy[2 * s + 1];
      for (let v = s + 1; v <= e; v++) {
        const ex1 = ex2, ey1 = ey2;
        ex2 = xy[2 * v]; ey2 = xy[2 * v + 1];
        // the item lies in its box: an edge whose box is farther than r (or than the best so far) cannot come closer
        const gx = Math.max(0, bx0 - (ex1 > ex2 ? ex1 : ex2), (ex1 < ex2 ? ex1 : ex2) - bx1);
        const gy = Math.max(0, by0 - (ey1 > ey2 ? ey1 : ey2), (ey1 < ey2 ? ey1 : ey2) - by1);
        const gap2 = gx * gx + gy * gy;
        if (gap2 > r2 || gap2 >= best * best) continue;
        const d = core ? Math.max(0, Math.sqrt(coreSegDist2(core, ex1, ey1, ex2, ey2)) - core.r) : pathsSegDistance(paths, box, ex1, ey1, ex2, ey2);
        if (d < best) { best = d; if (d === 0) { this.d = 0; return; } }
      }
    }
    this.d = best;
  }

  /** Whether (x, y) lies inside the piece (even-odd), by a ray to the nearest side of its box. */
  inside(x: number, y: number): boolean {
    const b = this.box;
    if (x < b.minX || x > b.maxX || y < b.minY || y > b.maxY) return false;
    const dx0 = x - b.minX, dx1 = b.maxX - x, dy0 = y - b.minY, dy1 = b.maxY - y;
    const horiz = Math.min(dx0, dx1) <= Math.min(dy0, dy1);
    const cr = this.cr, xy = this.xy, g = this.g;
    const nh = horiz ? g.query(dx0 < dx1 ? b.minX : x, y, dx0 < dx1 ? x : b.maxX, y) : g.query(x, dy0 < dy1 ? b.minY : y, x, dy0 < dy1 ? y : b.maxY), q = g.hits;
    return horiz ? crossingsX(xy, cr, q, nh, x, y, dx0 < dx1) : crossingsY(xy, cr, q, nh, x, y, dy0 < dy1);
  }
}

/** Parity of the edges of chunks q[0..nh) crossing the ray from (x, y) to the left (`left`) or right. */
function crossingsX(xy: Int32Array, cr: Int32Array, q: Int32Array, nh: number, x: number, y: number, left: boolean): boolean {
  let inside = false;
  for (let k = 0; k < nh; k++) {
    const c = q[k];
    const s = cr[2 * c], e = s + cr[2 * c + 1];
    let bx = xy[2 * s], by = xy[2 * s + 1];
    for (let v = s + 1; v <= e; v++) {
      const ax = bx, ay = by;
      bx = xy[2 * v]; by = xy[2 * v + 1];
      if (ay > y !== by > y) {
        const xi = ((bx - ax) * (y - ay)) / (by - ay) + ax;
        if (left ? x > xi : x < xi) inside = !inside;
      }
    }
  }
  return inside;
}

/** Parity of the edges of chunks q[0..nh) crossing the ray from (x, y) down (`down`) or up. */
function crossingsY(xy: Int32Array, cr: Int32Array, q: Int32Array, nh: number, x: number, y: number, down: boolean): boolean {
  let inside = false;
  for (let k = 0; k < nh; k++) {
    const c = q[k];
    const s = cr[2 * c], e = s + cr[2 * c + 1];
    let bx = xy[2 * s], by = xy[2 * s + 1];
    for (let v = s + 1; v <= e; v++) {
      const ax = bx, ay = by;
      bx = xy[2 * v]; by = xy[2 * v + 1];
      if (ax > x !== bx > x) {
        const yi = ((by - ay) * (x - ax)) / (bx - ax) + ay;
        if (down ? y > yi : y < yi) inside = !inside;
      }
    }
  }
  return inside;
}

/**
 * The rings copied into `xy` (each closed by its first vertex again) and cut into chunks of CHUNK
 * edges: per chunk its box (cb), first vertex and edge count (cr); the bounds of all into `bx`; with
 * `rims`, the first vertex of each axis-parallel edge into `ap`, their count returned. (A function of
 * its own, as every loop of DRC: see drc-copper.ts.)
 */
function chunkRings(rings: Path64[], nr: number, xy: Int32Array, cb: Int32Array, cr: Int32Array, rims: boolean, ap: Int32Array, bx: Float64Array): number {
  let c = 0, nap = 0, base = 0, minX = Infinity, minY = Infinity, maxX = -Infinity, maxY = -Infinity;
  for (let ri = 0; ri < nr; ri++) {
    const r = rings[ri], m = r.length;
    for (let s = 0; s < m; s += CHUNK) {
      const e = Math.min(m, s + CHUNK);
      let x0 = Infinity, y0 = Infinity, x1 = -Infinity, y1 = -Infinity;
      // vertices s..e (the last edge ends at vertex e, the ring's first when e === m)
      let px = 0, py = 0;
      for (let i = s; i <= e; i++) {
        const p = r[i === m ? 0 : i], x = p.x, y = p.y;
        xy[2 * (base + i)] = x; xy[2 * (base + i) + 1] = y;
        if (x < x0) x0 = x;
        if (x > x1) x1 = x;
        if (y < y0) y0 = y;
        if (y > y1) y1 = y;
        if (rims && i > s && (x === px || y === py)) ap[nap++] = base + i - 1;
        px = x; py = y;
      }
      cb[4 * c] = x0; cb[4 * c + 1] = y0; cb[4 * c + 2] = x1; cb[4 * c + 3] = y1;
      cr[2 * c] = base + s; cr[2 * c + 1] = e - s;
      c++;
      if (x0 < minX) minX = x0;
      if (y0 < minY) minY = y0;
      if (x1 > maxX) maxX = x1;
      if (y1 > maxY) maxY = y1;
    }
    base += m + 1;
  }
  bx[0] = minX; bx[1] = minY; bx[2] = maxX; bx[3] = maxY;
  return nap;
}

/** The axis-parallel edges (their first vertices in ap) that lie on a side of the box, as edges of piece k. */
function rimEdges(xy: Int32Array, ap: Int32Array, nap: number, box: IBox, rims: Rims, k: number): void {
  const { minX, minY, maxX, maxY } = box;
  for (let j = 0; j < nap; j++) {
    const v = ap[j], px = xy[2 * v], py = xy[2 * v + 1], qx = xy[2 * v + 2], qy = xy[2 * v + 3];
    if ((px === qx && (px === minX || px === maxX)) || (py === qy && (py === minY || py === maxY))) rims.push(px, py, qx, qy, k);
  }
}

/** Distance from an outline (paths, box) to a segment: 0 when the segment crosses it or lies inside it. */
function pathsSegDistance(ps: Paths64, box: IBox, ax: number, ay: number, bx: number, by: number): number {
  let best = Infinity;
  for (const p of ps) for (let i = 0, m = p.length; i < m; i++) {
    const a = p[i], q = p[i + 1 === m ? 0 : i + 1];
    const d = segSegDist2(a.x, a.y, q.x, q.y, ax, ay, bx, by);
    if (d < best) { best = d; if (d === 0) return 0; }
  }
  // an edge wholly inside the item (its end point inside)
  if (ax >= box.minX && ax <= box.maxX && ay >= box.minY && ay <= box.maxY) {
    let n = 0;
    for (const p of ps) {
      let inside = false;
      for (let i = 0, j = p.length - 1; i < p.length; j = i++) {
        const u = p[i], v = p[j];
        if (u.y > ay !== v.y > ay && ax < ((v.x - u.x) * (ay - u.y)) / (v.y - u.y) + u.x) inside = !inside;
      }
      if (inside) n++;
    }
    if (n & 1) return 0;
  }
  return Math.sqrt(best);
}
