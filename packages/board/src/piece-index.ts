/**
 * One piece of a stored pour fill (a polygon with holes, clip units) indexed for DRC: the distance
 * from an item to the piece's edges near it, and whether a point lies inside the piece.
 *
 * The piece's rings are cut into chunks of up to CHUNK consecutive edges, each with its box, and the
 * chunks are put in a grid (CellGrid): building reads every vertex once and writes a few numbers per
 * chunk, not per edge (a fill of 100k pads has ten million edges); queries then read the edges of the
 * chunks near them from the rings. The index is loaded again for each piece in the same arrays
 * (CellBuffers), so checking a board allocates almost nothing.
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
  /** Per chunk: box (minX, minY, maxX, maxY), ring, first edge, edge count. */
  private cb: Int32Array = new Int32Array(0);
  private cr: Int32Array = new Int32Array(0);
  private g!: CellGrid;
  private buf = new CellBuffers();

  /** Index piece `pc`; with `rims`, add its edges that lie on a side of its box (as piece `k`). */
  load(pc: PolyWithHoles, rims?: Rims, k = 0): this {
    this.piece = pc;
    const rings = this.rings, nr = pc.holes.length + 1;
    rings[0] = pc.outer;
    for (let i = 1; i < nr; i++) rings[i] = pc.holes[i - 1];
    let chunks = 0, edges = 0;
    for (let i = 0; i < nr; i++) { chunks += Math.ceil(rings[i].length / CHUNK); edges += rings[i].length; }
    this.edges = edges;
    const cb = (this.cb = this.buf.ints('cb', 4 * chunks, false)), cr = (this.cr = this.buf.ints('cr', 3 * chunks, false));
    let c = 0, minX = Infinity, minY = Infinity, maxX = -Infinity, maxY = -Infinity;
    // axis-parallel edges (rim candidates): ring, edge
    const ap = this.buf.ints('ap', 2 * edges, false);
    let nap = 0;
    for (let ri = 0; ri < nr; ri++) {
      const r = rings[ri], m = r.length;
      for (let s = 0; s < m; s += CHUNK) {
        const e = Math.min(m, s + CHUNK);
        let x0 = Infinity, y0 = Infinity, x1 = -Infinity, y1 = -Infinity;
        // vertices s..e (the last edge ends at vertex e, the ring's first when e === m)
        let px = 0, py = 0;
        for (let i = s; i <= e; i++) {
          const p = r[i === m ? 0 : i];
          if (p.x < x0) x0 = p.x;
          if (p.x > x1) x1 = p.x;
          if (p.y < y0) y0 = p.y;
          if (p.y > y1) y1 = p.y;
          if (rims && i > s && (p.x === px || p.y === py)) { ap[nap++] = ri; ap[nap++] = i - 1; }
          px = p.x; py = p.y;
        }
        cb[4 * c] = x0; cb[4 * c + 1] = y0; cb[4 * c + 2] = x1; cb[4 * c + 3] = y1;
        cr[3 * c] = ri; cr[3 * c + 1] = s; cr[3 * c + 2] = e - s;
        c++;
        if (x0 < minX) minX = x0;
        if (y0 < minY) minY = y0;
        if (x1 > maxX) maxX = x1;
        if (y1 > maxY) maxY = y1;
      }
    }
    if (!chunks) { minX = minY = maxX = maxY = 0; }
    this.box = { minX, minY, maxX, maxY };
    if (rims) for (let j = 0; j < nap; j += 2) {
      const r = rings[ap[j]], i = ap[j + 1], p = r[i], q = r[i + 1 === r.length ? 0 : i + 1];
      if ((p.x === q.x && (p.x === minX || p.x === maxX)) || (p.y === q.y && (p.y === minY || p.y === maxY))) rims.push(p.x, p.y, q.x, q.y, k);
    }
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
    const cr = this.cr, rings = this.rings, g = this.g;
    const nh = g.query(box.minX - r, box.minY - r, box.maxX + r, box.maxY + r), q = g.hits;
    let best = Infinity;
    for (let k = 0; k < nh; k++) {
      const c = q[k];
      const ring = rings[cr[3 * c]], s = cr[3 * c + 1], e = s + cr[3 * c + 2], m = ring.length;
      let a = ring[s];
      for (let i = s + 1; i <= e; i++) {
        const b = ring[i === m ? 0 : i];
        const ex1 = a.x, ey1 = a.y, ex2 = b.x, ey2 = b.y;
        a = b;
        // the item lies in its box: an edge whose box is farther than r (or than the best so far) cannot come closer
        const gx = Math.max(0, box.minX - (ex1 > ex2 ? ex1 : ex2), (ex1 < ex2 ? ex1 : ex2) - box.maxX);
        const gy = Math.max(0, box.minY - (ey1 > ey2 ? ey1 : ey2), (ey1 < ey2 ? ey1 : ey2) - box.maxY);
        const gap2 = gx * gx + gy * gy;
        if (gap2 > r * r || gap2 >= best * best) continue;
        const d = core ? Math.max(0, Math.sqrt(coreSegDist2(core, ex1, ey1, ex2, ey2)) - core.r) : pathsSegDistance(paths, box, ex1, ey1, ex2, ey2);
        if (d < best) { best = d; if (d === 0) return 0; }
      }
    }
    return best;
  }

  /** Whether (x, y) lies inside the piece (even-odd), by a ray to the nearest side of its box. */
  inside(x: number, y: number): boolean {
    const b = this.box;
    if (x < b.minX || x > b.maxX || y < b.minY || y > b.maxY) return false;
    const dx0 = x - b.minX, dx1 = b.maxX - x, dy0 = y - b.minY, dy1 = b.maxY - y;
    const horiz = Math.min(dx0, dx1) <= Math.min(dy0, dy1);
    const cr = this.cr, rings = this.rings, g = this.g;
    const nh = horiz ? g.query(dx0 < dx1 ? b.minX : x, y, dx0 < dx1 ? x : b.maxX, y) : g.query(x, dy0 < dy1 ? b.minY : y, x, dy0 < dy1 ? y : b.maxY), q = g.hits;
    let inside = false;
    for (let k = 0; k < nh; k++) {
      const c = q[k];
      const ring = rings[cr[3 * c]], s = cr[3 * c + 1], e = s + cr[3 * c + 2], m = ring.length;
      let a = ring[s];
      for (let i = s + 1; i <= e; i++) {
        const p = ring[i === m ? 0 : i];
        const ax = a.x, ay = a.y, bx = p.x, by = p.y;
        a = p;
        if (horiz) {
          if (ay > y !== by > y) {
            const xi = ((bx - ax) * (y - ay)) / (by - ay) + ax;
            if (dx0 < dx1 ? x > xi : x < xi) inside = !inside;
          }
        } else if (ax > x !== bx > x) {
          const yi = ((by - ay) * (x - ax)) / (bx - ax) + ay;
          if (dy0 < dy1 ? y > yi : y < yi) inside = !inside;
        }
      }
    }
    return inside;
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
