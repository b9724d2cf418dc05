/**
 * The level of detail of the WebGL2 PCB painter for views over many items or much fill (issue 14
 * part 6): the board drawn at the view's scale into tiles (TILE px squares on a grid fixed for that
 * scale, on the view's pixel grid), kept in a ring texture of RING x RING views (the tile at column c,
 * row r in the slot c mod cols, r mod rows; sampled with REPEAT), and a frame that shows the tiles
 * under the view as one textured rectangle instead of drawing every item: a pan shows the same
 * pixels a full draw would (texel for pixel).
 * Tiles are drawn a few per `step` between frames, never all in a frame: those of the window (the
 * view and a quarter of a view more on each side) that the ring lacks, nearest the view first. A pan draws
 * only the tiles entering the window (the others stay); a frame whose view lacks a few tiles draws
 * them at once (at most FIX_SHARE of the view's; an edit marks the tiles under it undrawn).
 * A zoom starts a ring at the new scale in the second texture while the first is shown scaled.
 * Once the view's tiles are drawn, the overview (the whole board in one ring) is drawn the
 * same way; a frame no ring holds (a jump, a zoom out past them) shows it scaled meanwhile.
 * Used by gl-pcb.ts. Frame: board mil, Y up; tile row 0 is at the bottom.
 */
import type { Box } from '@copperplate/board';

/** A view would draw more items than this: the snapshot is drawn instead (when its region fits SNAPSHOT_MAX). */
export const LOD_ITEMS = 8_000;
/**
 * A view whose items cover more than this many views of pixels (pours on several layers, each
 * pixel drawn once per layer) is shown from the snapshot too: on SwiftShader a frame's cost is
 * mostly its fragments, and the snapshot is one textured pass.
 */
export const LOD_FILL = 1.5;
/** Largest side of the snapshot texture (px), below the GPU's own limits. */
export const SNAPSHOT_MAX = 8192;
/** Side of a tile (px): the unit of work between frames. */
export const TILE = 128;
/**
 * A ring holds this many views across and down (and a tile): the view and a quarter of a view on each
 * side, room for a pan between steps and a zoom out of 1.2x. Three rings of 1280 x 800 px: 35 MB.
 */
const RING = 1.5;
/** A frame draws at most this many tiles the view's ring lacks when another ring could show the view scaled. */
const FIX_FEW = 4;
/** A tile is drawn with this many px around it (scissored away): more than half a point sprite (POINT_PX / 2 + 1) and an item's reach past its box. */
const TILE_MARGIN = 4;

const VS = `#version 300 es
layout(location=0) in vec2 a_corner;
uniform vec2 u_center;
uniform vec2 u_scale;
uniform vec4 u_box;
uniform vec4 u_uv;
out vec2 v_uv;
void main() {
  vec2 uv = a_corner * 0.5 + 0.5;
  v_uv = mix(u_uv.xy, u_uv.zw, uv);
  gl_Position = vec4((mix(u_box.xy, u_box.zw, uv) - u_center) * u_scale, 0.0, 1.0);
}`;
const FS = `#version 300 es
precision highp float;
in vec2 v_uv;
uniform sampler2D u_tex;
out vec4 o;
void main() { o = texture(u_tex, v_uv); }`;

export interface SnapshotView { cx: number; cy: number; scale: number; width: number; height: number }

/** A tile of a ring: the ring, its column and row. */
export type TileRef = [Ring, number, number];

/** One texture of tiles. */
interface Ring {
  tex: WebGLTexture;
  fbo: WebGLFramebuffer;
  /** Slots (columns, rows) and the texture's size (px). */
  cols: number;
  rows: number;
  scale: number;
  key: string;
  /** The grid's origin: the bottom-left corner of tile (0, 0) (mil). */
  ox: number;
  oy: number;
  /** The tile each slot holds (column, row), or EMPTY. */
  slot: Int32Array;
  /** The tiles wanted (inclusive ranges), the ones of them not drawn (nearest the view first) and how far `step` got. */
  win: [number, number, number, number];
  queue: number[];
  qi: number;
}
const EMPTY = -2147483648;

/** What a tile drew (PcbGlView.drawLayers' count): the budget of a step is in these units. */
export interface TileCost { items: number; px: number }
type Paint = (v: SnapshotView, region: Box, tile: Box, overview: boolean) => TileCost;

const same = (a: number, b: number) => Math.abs(a / b - 1) < 1e-9;

/** The uniforms of the snapshot's program (VS and FS above). */
export const SNAPSHOT_UNIFORMS = ['u_center', 'u_scale', 'u_box', 'u_tex', 'u_uv'] as const;

/**
 * Show part of a texture (`uv`: its corners in texture coordinates) as the rectangle `box` (mil) of a
 * view, with the snapshot's program (its uniforms in `u`), on the bound framebuffer, unblended.
 */
export function drawTexture(gl: WebGL2RenderingContext, prog: WebGLProgram, u: Record<string, WebGLUniformLocation | null>, quadVao: WebGLVertexArrayObject, v: SnapshotView, box: Box, uv: readonly number[], tex: WebGLTexture): void {
  gl.useProgram(prog);
  gl.uniform2f(u.u_center, v.cx, v.cy);
  gl.uniform2f(u.u_scale, (2 * v.scale) / v.width, (2 * v.scale) / v.height);
  gl.uniform4f(u.u_box, box.minX, box.minY, box.maxX, box.maxY);
  gl.uniform4f(u.u_uv, uv[0], uv[1], uv[2], uv[3]);
  gl.uniform1i(u.u_tex, 0);
  gl.activeTexture(gl.TEXTURE0);
  gl.bindTexture(gl.TEXTURE_2D, tex);
  gl.disable(gl.BLEND);
  gl.bindVertexArray(quadVao);
  gl.drawArrays(gl.TRIANGLE_STRIP, 0, 4);
  gl.bindVertexArray(null);
}

export class GlSnapshot {
  /** The two rings at view scales, and the overview. */
  private rings: Ring[] = [];
  private ov: Ring | null = null;
  /** The ring shown by the last frame, and the one `step` draws into. */
  private front: Ring | null = null;
  private build: Ring | null = null;
  private readonly u: Record<string, WebGLUniformLocation | null> = {};
  /** Tiles drawn so far (tests, bench). */
  tilesDrawn = 0;

  constructor(private readonly gl: WebGL2RenderingContext, private readonly prog: WebGLProgram, private readonly quadVao: WebGLVertexArrayObject) {
    for (const n of SNAPSHOT_UNIFORMS) this.u[n] = gl.getUniformLocation(prog, n);
  }

  static shaders(): [string, string] { return [VS, FS]; }

  /** The largest side (px) a snapshot texture can have here: SNAPSHOT_MAX within the GPU's limits. */
  static maxSide(gl: WebGL2RenderingContext): number {
    const dims = gl.getParameter(gl.MAX_VIEWPORT_DIMS) as Int32Array;
    return Math.min(SNAPSHOT_MAX, gl.getParameter(gl.MAX_TEXTURE_SIZE) as number, gl.getParameter(gl.MAX_RENDERBUFFER_SIZE) as number, dims[0], dims[1]) - 4;
  }

  /** Can a view of this size have a snapshot (a ring of RING x RING views and a tile)? */
  static fits(maxSide: number, view: SnapshotView): boolean { return RING * view.width + 2 * TILE <= maxSide && RING * view.height + 2 * TILE <= maxSide; }

  /** The shown ring's scale (px per mil; 0: none). */
  get scale(): number { return this.front?.scale ?? 0; }
  /** Is the shown ring the overview? */
  get overviewShown(): boolean { return !!this.front && this.front === this.ov; }
  /** Are tiles left to draw? */
  get busy(): boolean { return !!this.build && this.pending(this.build); }

  private all(): Ring[] { return this.ov ? [...this.rings, this.ov] : this.rings; }

  /** Column and row ranges (inclusive) of the tiles of `t` under `b`. */
  private range(t: Ring, b: Box, margin = 0): [number, number, number, number] {
    const k = t.scale / TILE, m = margin / TILE;
    return [Math.floor((b.minX - t.ox) * k - m), Math.ceil((b.maxX - t.ox) * k + m) - 1, Math.floor((b.minY - t.oy) * k - m), Math.ceil((b.maxY - t.oy) * k + m) - 1];
  }

  private at(t: Ring, c: number, r: number): number { return 2 * (((r % t.rows) + t.rows) % t.rows * t.cols + (((c % t.cols) + t.cols) % t.cols)); }
  private drawn(t: Ring, c: number, r: number): boolean { const i = this.at(t, c, r); return t.slot[i] === c && t.slot[i + 1] === r; }

  /** The tiles of `t` under `b` that are not drawn; null when `b` needs more tiles than the ring holds. */
  private missing(t: Ring, b: Box): TileRef[] | null {
    const [c0, c1, r0, r1] = this.range(t, b);
    if (c1 - c0 + 1 > t.cols || r1 - r0 + 1 > t.rows) return null;
    const out: TileRef[] = [];
    for (let r = r0; r <= r1; r++) for (let c = c0; c <= c1; c++) if (!this.drawn(t, c, r)) out.push([t, c, r]);
    return out;
  }

  private holds(t: Ring | null, key: string, b: Box): boolean {
    if (!t || t.key !== key) return false;
    const m = this.missing(t, b);
    return !!m && m.length === 0;
  }

  /**
   * Can a frame show `shown` (the part of the board the view shows) from a ring of `key`? The ring
   * at the view's scale if it holds it, or lacks at most FIX_FEW tiles under it (`fix` draws them
   * now); else of the rings that hold it the one nearest the view's scale (shown scaled); else the
   * ring at the view's scale if it lacks at most `fixShare` of the tiles under the view (an edit).
   */
  ready(key: string, shown: Box, scale: number, fixShare: number, fix: (tiles: TileRef[]) => void): boolean {
    const t = this.rings.find((x) => x.key === key && same(x.scale, scale));
    const m = t ? this.missing(t, shown) : null;
    if (t && m && m.length <= FIX_FEW) { if (m.length) fix(m); this.front = t; return true; }
    let best: Ring | null = null, bestD = Infinity;
    for (const r of this.all()) {
      if (!this.holds(r, key, shown)) continue;
      const d = Math.abs(Math.log(r.scale / scale));
      if (d < bestD) { best = r; bestD = d; }
    }
    if (best) { this.front = best; return true; }
    if (t && m) {
      const [c0, c1, r0, r1] = this.range(t, shown);
      if (m.length <= fixShare * (c1 - c0 + 1) * (r1 - r0 + 1)) { fix(m); this.front = t; return true; }
    }
    return false;
  }

  /** Could a frame of `scale` show `shown` from a ring of `key` at that scale? */
  canShow(key: string, shown: Box, scale: number): boolean {
    return this.rings.some((t) => same(t.scale, scale) && this.holds(t, key, shown));
  }

  /**
   * The ring wanted for a view: at its scale, its window the view and a quarter of a view more on each
   * side, within the board. Its undrawn tiles are drawn by `step`; when it has none, the overview's.
   */
  want(board: Box, view: SnapshotView, key: string, shown: Box): void {
    // rings made for a smaller view are made again (the view was resized)
    for (let i = 0; i < this.rings.length; i++) if (!this.big(this.rings[i], view)) this.rings[i] = this.remake(this.rings[i], view);
    let t = this.rings.find((x) => x.key === key && same(x.scale, view.scale));
    if (!t) {
      t = this.rings.find((x) => x !== this.front);
      if (!t) this.rings.push((t = this.newRing(view)));
      this.reset(t, view, key);
    }
    // (the board and 2 px more, as `shown`: an item is drawn up to a pixel past its box)
    const hw = ((RING - 1) / 2) * view.width / view.scale, hh = ((RING - 1) / 2) * view.height / view.scale, m = 2 / view.scale;
    const w = { minX: Math.max(board.minX - m, shown.minX - hw), minY: Math.max(board.minY - m, shown.minY - hh), maxX: Math.min(board.maxX + m, shown.maxX + hw), maxY: Math.min(board.maxY + m, shown.maxY + hh) };
    this.window(t, this.range(t, w), view);
    if (this.pending(t)) { this.build = t; return; }
    this.build = null;
    this.overview(board, view, key);
  }

  /** The overview: the whole board in one ring (see the module's comment). */
  private overview(board: Box, view: SnapshotView, key: string): void {
    const bw = Math.max(board.maxX - board.minX, 1e-9), bh = Math.max(board.maxY - board.minY, 1e-9);
    const scale = Math.min((RING * view.width - 2 * TILE) / bw, (RING * view.height - 2 * TILE) / bh);
    if (!(scale > 0) || !Number.isFinite(scale)) return;
    if (!this.ov || this.ov.key !== key || !same(this.ov.scale, scale)) {
      if (this.ov && !this.big(this.ov, view)) this.ov = this.remake(this.ov, view);
      this.ov ??= this.newRing(view);
      this.reset(this.ov, { cx: board.minX + view.width / 2 / scale, cy: board.minY + view.height / 2 / scale, scale, width: view.width, height: view.height }, key);
      this.window(this.ov, this.range(this.ov, board, TILE), view);
    }
    if (this.pending(this.ov)) this.build = this.ov;
  }

  /** Does `t` have the slots of a ring for this view? */
  private big(t: Ring, view: SnapshotView): boolean { return t.cols >= Math.ceil((RING * view.width) / TILE) + 1 && t.rows >= Math.ceil((RING * view.height) / TILE) + 1; }

  /** A new ring for this view instead of `t` (deleted), not shown nor drawn. */
  private remake(t: Ring, view: SnapshotView): Ring {
    this.gl.deleteTexture(t.tex);
    this.gl.deleteFramebuffer(t.fbo);
    if (this.front === t) this.front = null;
    if (this.build === t) this.build = null;
    return this.newRing(view);
  }

  private newRing(view: SnapshotView): Ring {
    const gl = this.gl;
    const cols = Math.ceil((RING * view.width) / TILE) + 1, rows = Math.ceil((RING * view.height) / TILE) + 1;
    const t: Ring = { tex: gl.createTexture()!, fbo: gl.createFramebuffer()!, cols, rows, scale: 0, key: '', ox: 0, oy: 0, slot: new Int32Array(2 * cols * rows).fill(EMPTY), win: [0, -1, 0, -1], queue: [], qi: 0 };
    gl.bindTexture(gl.TEXTURE_2D, t.tex);
    gl.texImage2D(gl.TEXTURE_2D, 0, gl.RGBA8, cols * TILE, rows * TILE, 0, gl.RGBA, gl.UNSIGNED_BYTE, null);
    gl.texParameteri(gl.TEXTURE_2D, gl.TEXTURE_WRAP_S, gl.REPEAT);
    gl.texParameteri(gl.TEXTURE_2D, gl.TEXTURE_WRAP_T, gl.REPEAT);
    // nearest at any scale: texel for pixel at its own; scaled (a zoom, the overview) it lasts until the ring at the
    // view's scale holds the view, and SwiftShader's linear filter costs twice as much
    gl.texParameteri(gl.TEXTURE_2D, gl.TEXTURE_MIN_FILTER, gl.NEAREST);
    gl.texParameteri(gl.TEXTURE_2D, gl.TEXTURE_MAG_FILTER, gl.NEAREST);
    gl.bindFramebuffer(gl.FRAMEBUFFER, t.fbo);
    gl.framebufferTexture2D(gl.FRAMEBUFFER, gl.COLOR_ATTACHMENT0, gl.TEXTURE_2D, t.tex, 0);
    gl.bindFramebuffer(gl.FRAMEBUFFER, null);
    return t;
  }

  /** `t` at the view's scale, empty, its grid on the view's pixel grid (a pan by whole pixels shows the pixels of a full draw). */
  private reset(t: Ring, view: SnapshotView, key: string): void {
    t.scale = view.scale;
    t.key = key;
    t.ox = view.cx - view.width / 2 / view.scale;
    t.oy = view.cy - view.height / 2 / view.scale;
    t.slot.fill(EMPTY);
    t.win = [0, -1, 0, -1];
    t.queue = [];
    t.qi = 0;
  }

  /** Set the tiles `t` should hold (at most its slots, around the view's centre) and queue the undrawn ones, nearest the view first. */
  private window(t: Ring, [c0, c1, r0, r1]: [number, number, number, number], view: SnapshotView): void {
    const ccx = (view.cx - t.ox) * t.scale / TILE, ccy = (view.cy - t.oy) * t.scale / TILE;
    if (c1 - c0 + 1 > t.cols) { c0 = Math.max(c0, Math.floor(ccx - t.cols / 2)); c1 = c0 + t.cols - 1; }
    if (r1 - r0 + 1 > t.rows) { r0 = Math.max(r0, Math.floor(ccy - t.rows / 2)); r1 = r0 + t.rows - 1; }
    const w = t.win;
    if (w[0] === c0 && w[1] === c1 && w[2] === r0 && w[3] === r1) return;
    t.win = [c0, c1, r0, r1];
    this.requeue(t, ccx, ccy);
  }

  private requeue(t: Ring, ccx?: number, ccy?: number): void {
    const [c0, c1, r0, r1] = t.win;
    const cx = ccx ?? (c0 + c1 + 1) / 2, cy = ccy ?? (r0 + r1 + 1) / 2;
    const q: Array<[number, number, number]> = [];
    for (let r = r0; r <= r1; r++) for (let c = c0; c <= c1; c++) if (!this.drawn(t, c, r)) q.push([c, r, Math.max(Math.abs(c + 0.5 - cx), Math.abs(r + 0.5 - cy))]);
    q.sort((a, b) => a[2] - b[2]);
    t.queue = q.flatMap(([c, r]) => [c, r]);
    t.qi = 0;
  }

  private pending(t: Ring): boolean {
    while (t.qi < t.queue.length && this.drawn(t, t.queue[t.qi], t.queue[t.qi + 1])) t.qi += 2;
    return t.qi < t.queue.length;
  }

  /** Draw tiles of the build until `budget` (TileCost units, see gl-pcb.ts) is spent (at least one tile). Returns whether tiles were drawn. */
  step(budget: number, cost: (c: TileCost) => number, paint: Paint): boolean {
    const t = this.build;
    if (!t || !this.pending(t)) return false;
    let spent = 0;
    while (spent < budget && this.pending(t)) {
      const c = t.queue[t.qi], r = t.queue[t.qi + 1];
      t.qi += 2;
      spent += cost(this.drawTile([t, c, r], paint));
    }
    return true;
  }

  /**
   * Draw a tile into its slot: `paint` draws every visible layer for the view of the tile and
   * TILE_MARGIN px around it (the viewport: a point sprite is drawn when its centre is in it, so one
   * whose centre is in the next tile still reaches this one), scissored to the slot.
   */
  drawTile([t, c, r]: TileRef, paint: Paint): TileCost {
    const gl = this.gl;
    const s = t.scale, M = TILE_MARGIN;
    const i = this.at(t, c, r);
    const x = (i / 2) % t.cols * TILE, y = Math.floor(i / 2 / t.cols) * TILE;
    gl.bindFramebuffer(gl.FRAMEBUFFER, t.fbo);
    gl.viewport(x - M, y - M, TILE + 2 * M, TILE + 2 * M);
    gl.enable(gl.SCISSOR_TEST);
    gl.scissor(x, y, TILE, TILE);
    gl.clear(gl.COLOR_BUFFER_BIT);
    const tile = { minX: t.ox + (c * TILE) / s, minY: t.oy + (r * TILE) / s, maxX: t.ox + ((c + 1) * TILE) / s, maxY: t.oy + ((r + 1) * TILE) / s };
    const around = { minX: tile.minX - M / s, minY: tile.minY - M / s, maxX: tile.maxX + M / s, maxY: tile.maxY + M / s };
    const cost = paint({ cx: (tile.minX + tile.maxX) / 2, cy: (tile.minY + tile.maxY) / 2, scale: s, width: TILE + 2 * M, height: TILE + 2 * M }, around, tile, t === this.ov);
    gl.disable(gl.SCISSOR_TEST);
    gl.bindFramebuffer(gl.FRAMEBUFFER, null);
    t.slot[i] = c; t.slot[i + 1] = r;
    this.tilesDrawn++;
    return cost;
  }

  /** An edit changed what lies in `b`: its tiles are undrawn in every ring (a margin of 2 px: hairlines are a pixel wide at any scale). */
  invalidate(b: Box): void {
    for (const t of this.all()) {
      if (!t.key) continue;
      const [c0, c1, r0, r1] = this.range(t, b, 2);
      if ((c1 - c0 + 1) * (r1 - r0 + 1) > 4 * t.cols * t.rows) { t.slot.fill(EMPTY); this.requeue(t); continue; }
      let any = false;
      for (let r = r0; r <= r1; r++) for (let c = c0; c <= c1; c++) if (this.drawn(t, c, r)) { t.slot[this.at(t, c, r)] = EMPTY; any = true; }
      if (any) this.requeue(t);
    }
  }

  /** No ring wanted (the view is drawn directly). */
  stop(): void { this.build = null; }

  /** Forget what the rings show (new geometry): nothing is shown from them until drawn again. */
  clear(): void {
    for (const t of this.all()) { t.key = ''; t.slot.fill(EMPTY); t.queue = []; t.qi = 0; t.win = [0, -1, 0, -1]; }
    this.front = null;
    this.build = null;
  }

  /** Show the front's tiles under `shown` for a view (on the bound framebuffer, already cleared to the background). */
  draw(v: SnapshotView, shown: Box): void {
    const gl = this.gl;
    const t = this.front!;
    const tw = t.cols * TILE, th = t.rows * TILE;
    // the shown box in the ring's texels, moved by whole turns of the ring near 0 (REPEAT wraps; small numbers keep float32 exact)
    let x0 = (shown.minX - t.ox) * t.scale, y0 = (shown.minY - t.oy) * t.scale;
    const x1 = (shown.maxX - t.ox) * t.scale - Math.floor(x0 / tw) * tw, y1 = (shown.maxY - t.oy) * t.scale - Math.floor(y0 / th) * th;
    x0 -= Math.floor(x0 / tw) * tw; y0 -= Math.floor(y0 / th) * th;
    drawTexture(gl, this.prog, this.u, this.quadVao, v, shown, [x0 / tw, y0 / th, x1 / tw, y1 / th], t.tex);
  }

  /** Bytes of the textures. */
  get bytes(): number { return this.all().reduce((n, t) => n + t.cols * t.rows * TILE * TILE * 4, 0); }

  release(): void {
    const gl = this.gl;
    for (const t of this.all()) { gl.deleteTexture(t.tex); gl.deleteFramebuffer(t.fbo); }
    this.rings = [];
    this.ov = null;
    this.front = null;
    this.build = null;
  }
}
