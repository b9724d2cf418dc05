/**
 * A static uniform grid over boxes or segments (clip units): entries packed by cell in one array by a
 * counting sort (two passes, no per-cell allocation). Entry k is given by four numbers at 4k of a
 * typed array: a box (minX, minY, maxX, maxY) or a segment (x1, y1, x2, y2); either way the entry
 * covers the cells of min..max of its two points. Used by DRC (items per layer, fill edges) and by
 * EdgeIndex (edges.ts).
 */

/** Scratch cell ranges for construction (one buffer, grown as needed; single-threaded). */
let scratch = new Int32Array(4096);

/**
 * Arrays a grid is built in, kept for the next grid built with them: big typed arrays allocated again
 * and again count as external memory and bring on full garbage collections of a heap that holds a
 * whole board (a DRC of 100k pads builds grids over millions of fill edges, one pour after another).
 */
export class CellBuffers {
  private bufs = new Map<string, Int32Array>();
  /** Marks: one array and a tick that only grows, so marks left by an earlier grid never match. */
  stamp = new Uint32Array(0);
  tick = 0;
  /** Query results (CellGrid.query). */
  hits = new Int32Array(64);
  /** An Int32Array of at least `n` elements under `name`, the first `n` zeroed (`zero`). */
  ints(name: string, n: number, zero = true): Int32Array {
    let b = this.bufs.get(name);
    if (!b || b.length < n) { b = new Int32Array(Math.max(n, Math.ceil((b?.length ?? 0) * 1.5), 64)); this.bufs.set(name, b); return b; }
    if (zero) b.fill(0, 0, n);
    return b;
  }
  marks(n: number): Uint32Array {
    if (this.stamp.length < n) { this.stamp = new Uint32Array(Math.max(n, Math.ceil(this.stamp.length * 1.5))); this.tick = 0; }
    return this.stamp;
  }
}

/** Bounds of the entries' points. */
function extent(xs: ArrayLike<number>, n: number): { minX: number; minY: number; maxX: number; maxY: number } {
  let minX = Infinity, minY = Infinity, maxX = -Infinity, maxY = -Infinity;
  for (let o = 0; o < 4 * n; o += 2) {
    const x = xs[o], y = xs[o + 1];
    if (x < minX) minX = x;
    if (x > maxX) maxX = x;
    if (y < minY) minY = y;
    if (y > maxY) maxY = y;
  }
  return { minX, minY, maxX, maxY };
}

/** Each entry's cell range (clamped) into `rg`, and the count of entries per cell into start[c + 1]. */
function countCells(xs: ArrayLike<number>, n: number, minX: number, minY: number, cell: number, nx: number, ny: number, rg: Int32Array, start: Int32Array): void {
  for (let o = 0; o < n * 4; o += 4) {
    const ax = xs[o], ay = xs[o + 1], bx = xs[o + 2], by = xs[o + 3];
    let x0 = Math.floor(((ax < bx ? ax : bx) - minX) / cell), x1 = Math.floor(((ax < bx ? bx : ax) - minX) / cell);
    let y0 = Math.floor(((ay < by ? ay : by) - minY) / cell), y1 = Math.floor(((ay < by ? by : ay) - minY) / cell);
    if (x0 < 0) x0 = 0; else if (x0 >= nx) x0 = nx - 1;
    if (x1 < 0) x1 = 0; else if (x1 >= nx) x1 = nx - 1;
    if (y0 < 0) y0 = 0; else if (y0 >= ny) y0 = ny - 1;
    if (y1 < 0) y1 = 0; else if (y1 >= ny) y1 = ny - 1;
    rg[o] = x0; rg[o + 1] = y0; rg[o + 2] = x1; rg[o + 3] = y1;
    if (x0 === x1 && y0 === y1) start[y0 * nx + x0 + 1]++;
    else for (let iy = y0; iy <= y1; iy++) for (let ix = x0; ix <= x1; ix++) start[iy * nx + ix + 1]++;
  }
}

/** Counts to starts; `fill` a copy of the starts (the next free slot per cell). */
function prefixSums(start: Int32Array, fill: Int32Array, cells: number): void {
  for (let k = 0; k < cells; k++) start[k + 1] += start[k];
  for (let k = 0; k < cells; k++) fill[k] = start[k];
}

/** Entries into their cells' slots of `list`. */
function placeEntries(rg: Int32Array, n: number, nx: number, fill: Int32Array, list: Int32Array): void {
  for (let o = 0; o < n * 4; o += 4) {
    const x0 = rg[o], y0 = rg[o + 1], x1 = rg[o + 2], y1 = rg[o + 3];
    if (x0 === x1 && y0 === y1) list[fill[y0 * nx + x0]++] = o >> 2;
    else for (let iy = y0; iy <= y1; iy++) for (let ix = x0; ix <= x1; ix++) list[fill[iy * nx + ix]++] = o >> 2;
  }
}

export class CellGrid {
  readonly ox: number;
  readonly oy: number;
  readonly cell: number;
  readonly nx: number;
  readonly ny: number;
  /** Entries of cell c: list[start[c] .. start[c + 1]). */
  readonly start: Int32Array;
  readonly list: Int32Array;
  private buf: CellBuffers;
  /**
   * `xs`: four numbers per entry (see the file header), `n` entries; `cell` the cell size; the grid
   * spans the entries' bounds (or `bounds` when given: entries outside are clamped into it). With
   * `buf`, the grid lives in those arrays until they build another grid.
   */
  constructor(readonly xs: ArrayLike<number>, readonly n: number, cell: number, bounds?: { minX: number; minY: number; maxX: number; maxY: number }, buf = new CellBuffers()) {
    this.buf = buf;
    // the loops are functions of their own (V8 compiles each hot loop alone: see drc-copper.ts)
    const bb = bounds ?? extent(xs, n);
    let { minX, minY, maxX, maxY } = bb;
    if (!(minX <= maxX)) { minX = minY = maxX = maxY = 0; }
    this.cell = cell = Math.max(1, cell);
    this.ox = minX; this.oy = minY;
    const nx = (this.nx = Math.floor((maxX - minX) / cell) + 1), ny = (this.ny = Math.floor((maxY - minY) / cell) + 1);
    const start = (this.start = buf.ints('start', nx * ny + 1));
    if (scratch.length < n * 4) scratch = new Int32Array(Math.max(n * 4, 2 * scratch.length));
    countCells(xs, n, minX, minY, cell, nx, ny, scratch, start);
    const fill = buf.ints('fill', nx * ny, false);
    prefixSums(start, fill, nx * ny);
    const list = (this.list = buf.ints('list', start[nx * ny], false));
    placeEntries(scratch, n, nx, fill, list);
  }
  /** A fresh mark for one query (entries seen in it are `marks()[k] === tick`). */
  nextTick(): number {
    const b = this.buf, st = b.marks(this.n);
    if (++b.tick === 0xffffffff) { st.fill(0); b.tick = 1; }
    return b.tick;
  }
  marks(): Uint32Array { return this.buf.stamp; }
  /** Column of x, clamped. */
  col(x: number): number { const i = Math.floor((x - this.ox) / this.cell); return i < 0 ? 0 : i >= this.nx ? this.nx - 1 : i; }
  /** Row of y, clamped. */
  row(y: number): number { const i = Math.floor((y - this.oy) / this.cell); return i < 0 ? 0 : i >= this.ny ? this.ny - 1 : i; }
  /** Whether a box misses the grid entirely. */
  misses(minX: number, minY: number, maxX: number, maxY: number): boolean {
    return maxX < this.ox || maxY < this.oy || minX >= this.ox + this.nx * this.cell || minY >= this.oy + this.ny * this.cell;
  }
  /** Results of the last query: see `query`. */
  get hits(): Int32Array { return this.buf.hits; }
  /**
   * The entries whose cells meet the box and whose own box overlaps it, each once: their count; the
   * indexes are `hits[0 .. count)` (a buffer reused by the next query: no allocation per query).
   */
  query(minX: number, minY: number, maxX: number, maxY: number): number {
    if (this.misses(minX, minY, maxX, maxY)) return 0;
    const t = this.nextTick(), st = this.buf.stamp, xs = this.xs, start = this.start, list = this.list, nx = this.nx;
    let hits = this.buf.hits, h = 0;
    const x0 = this.col(minX), x1 = this.col(maxX), y0 = this.row(minY), y1 = this.row(maxY);
    for (let iy = y0; iy <= y1; iy++)
      for (let c = iy * nx + x0, ce = iy * nx + x1; c <= ce; c++)
        for (let k = start[c], end = start[c + 1]; k < end; k++) {
          const e = list[k];
          if (st[e] === t) continue;
          st[e] = t;
          const o = 4 * e, ax = xs[o], ay = xs[o + 1], bx = xs[o + 2], by = xs[o + 3];
          if ((ax < bx ? ax : bx) <= maxX && (ax < bx ? bx : ax) >= minX && (ay < by ? ay : by) <= maxY && (ay < by ? by : ay) >= minY) {
            if (h === hits.length) { const g = new Int32Array(2 * h); g.set(hits); this.buf.hits = hits = g; }
            hits[h++] = e;
          }
        }
    return h;
  }
}
