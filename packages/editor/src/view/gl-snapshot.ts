/**
 * The level of detail of the WebGL2 PCB painter for views over many items or much fill (issue 14
 * part 6): the board around the view (the view and half a view more on each side, within the
 * board's box: at most 2 x 2 views of pixels) drawn into a texture at the view's scale, and a frame
 * that shows it as one textured rectangle instead of drawing every item: a pan shows the same pixels
 * a full draw would (texel for pixel).
 * The texture is drawn tile by tile (TILE px squares, those nearest the view first), a few tiles per
 * `step` between frames (never inside a frame): two textures, the one shown (`front`) and the one
 * being drawn (`build`), which is shown as soon as its finished tiles hold the view (the rest is
 * drawn afterwards, in it). Meanwhile a frame shows the front: translated by a pan, scaled by a zoom
 * (blurred until the build at the new scale holds the view). A pan nearing the front's edge starts a
 * build around the view ahead of time. An edit marks the tiles under its box undrawn in both
 * textures; a frame draws the few it needs at once.
 * Used by gl-pcb.ts; the region, not the whole board: a 100k-pad board at 4x fit is 16 Mpx.
 * Frame: board mil, Y up; the texture's row 0 is the region's bottom edge.
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

const VS = `#version 300 es
layout(location=0) in vec2 a_corner;
uniform vec2 u_center;
uniform vec2 u_scale;
uniform vec4 u_box;
uniform vec2 u_uv;
out vec2 v_uv;
void main() {
  vec2 uv = a_corner * 0.5 + 0.5;
  v_uv = uv * u_uv;
  gl_Position = vec4((mix(u_box.xy, u_box.zw, uv) - u_center) * u_scale, 0.0, 1.0);
}`;
const FS = `#version 300 es
precision highp float;
in vec2 v_uv;
uniform sampler2D u_tex;
out vec4 o;
void main() { o = texture(u_tex, v_uv); }`;

export interface SnapshotView { cx: number; cy: number; scale: number; width: number; height: number }

/** One texture: its region (board mil, on texels), the scale, what it shows and which tiles are drawn. */
interface Tex {
  tex: WebGLTexture;
  fbo: WebGLFramebuffer;
  /** Allocated size (px); the region uses [0, w) x [0, h). */
  tw: number;
  th: number;
  w: number;
  h: number;
  box: Box;
  scale: number;
  key: string;
  /** Tiles (x, y, w, h in texels), nearest the view first; `done[i]`: tile i is drawn; `next`: tiles before it were visited. */
  tiles: Int32Array;
  /** The tile at column c, row r of the TILE grid: grid[r * cols + c]. */
  grid: Int32Array;
  cols: number;
  done: Uint8Array;
  left: number;
  next: number;
}

/** What a tile drew (PcbGlView.drawLayers' count): the budget of a step is in these units. */
export interface TileCost { items: number; px: number }

export class GlSnapshot {
  private texs: Tex[] = [];
  /** The whole board at a coarse scale (see `overview`). */
  private ov: Tex | null = null;
  /** The texture shown, and the one being drawn (may be the front: shown before its last tiles). */
  private front: Tex | null = null;
  private build: Tex | null = null;
  private readonly u: Record<string, WebGLUniformLocation | null> = {};
  /** Tiles drawn so far (tests, bench). */
  tilesDrawn = 0;

  constructor(private readonly gl: WebGL2RenderingContext, private readonly prog: WebGLProgram, private readonly quadVao: WebGLVertexArrayObject) {
    for (const n of ['u_center', 'u_scale', 'u_box', 'u_tex', 'u_uv']) this.u[n] = gl.getUniformLocation(prog, n);
  }

  static shaders(): [string, string] { return [VS, FS]; }

  /** The largest side (px) a snapshot texture can have here: SNAPSHOT_MAX within the GPU's limits. */
  static maxSide(gl: WebGL2RenderingContext): number {
    const dims = gl.getParameter(gl.MAX_VIEWPORT_DIMS) as Int32Array;
    return Math.min(SNAPSHOT_MAX, gl.getParameter(gl.MAX_TEXTURE_SIZE) as number, gl.getParameter(gl.MAX_RENDERBUFFER_SIZE) as number, dims[0], dims[1]) - 4;
  }

  /** Can a view of this size have a snapshot (its region at most 2 x 2 views)? */
  static fits(maxSide: number, view: SnapshotView): boolean { return 2 * view.width + 4 <= maxSide && 2 * view.height + 4 <= maxSide; }

  /** Is the shown texture the overview? */
  get overviewShown(): boolean { return !!this.front && this.front === this.ov; }
  /** The shown texture's scale (px per mil; 0: none). */
  get scale(): number { return this.front?.scale ?? 0; }
  /** Is a texture being drawn? */
  get busy(): boolean { return !!this.build && this.build.left > 0; }

  /** Does `t` show `key` and hold `b` (the part of the board a view shows) with every tile under it drawn? */
  private holds(t: Tex | null, key: string, b: Box): boolean {
    if (!t || t.key !== key) return false;
    const e = 1e-9 * Math.max(1, Math.abs(t.box.minX), Math.abs(t.box.maxX), Math.abs(t.box.minY), Math.abs(t.box.maxY));
    if (b.minX < t.box.minX - e || b.maxX > t.box.maxX + e || b.minY < t.box.minY - e || b.maxY > t.box.maxY + e) return false;
    return this.undrawn(t, b).length === 0;
  }

  /** Indices of `t`'s undrawn tiles under `b`. */
  private undrawn(t: Tex, b: Box): number[] { return this.under(t, b).filter((i) => !t.done[i]); }

  /** Indices of `t`'s tiles under `b`. */
  private under(t: Tex, b: Box): number[] {
    const out: number[] = [];
    const [x0, y0, x1, y1] = this.texels(t, b);
    if (x1 <= x0 || y1 <= y0) return out;
    for (let r = Math.floor(y0 / TILE), r1 = Math.floor((y1 - 1) / TILE); r <= r1; r++) for (let c = Math.floor(x0 / TILE), c1 = Math.floor((x1 - 1) / TILE); c <= c1; c++) out.push(t.grid[r * t.cols + c]);
    return out;
  }

  /** Texel range [x0, x1) x [y0, y1) of `t` that `b` touches (within the region). */
  private texels(t: Tex, b: Box): [number, number, number, number] {
    const s = t.scale;
    return [Math.max(0, Math.floor((b.minX - t.box.minX) * s) - 2), Math.max(0, Math.floor((b.minY - t.box.minY) * s) - 2), Math.min(t.w, Math.ceil((b.maxX - t.box.minX) * s) + 2), Math.min(t.h, Math.ceil((b.maxY - t.box.minY) * s) + 2)];
  }

  /**
   * Can a frame show `shown` (the part of the board the view shows) from a texture of `key`? The
   * build is shown from now on once it holds it (it is at the wanted scale and place). When the front
   * holds the view's region but lacks tiles under it (an edit), `fix` draws them now if they are at
   * most `fixShare` of the tiles under the view (else the frame draws every item, cheaper then).
   */
  ready(key: string, shown: Box, scale: number, fixShare: number, fix: (tiles: Array<[Tex, number]>) => void): boolean {
    // of the textures that hold the view, the one nearest its scale (the build once it holds it)
    let best: Tex | null = null, bestD = Infinity;
    for (const t of this.all()) {
      if (!this.holds(t, key, shown)) continue;
      const d = Math.abs(Math.log(t.scale / scale)) - (t === this.build ? 1e-9 : 0);
      if (d < bestD) { best = t; bestD = d; }
    }
    if (best) { this.front = best; return true; }
    const f = this.front;
    if (!f || f.key !== key) return false;
    const e = 1e-9 * Math.max(1, Math.abs(f.box.minX), Math.abs(f.box.maxX));
    if (shown.minX < f.box.minX - e || shown.maxX > f.box.maxX + e || shown.minY < f.box.minY - e || shown.maxY > f.box.maxY + e) return false;
    const need = this.undrawn(f, shown);
    if (need.length > fixShare * this.under(f, shown).length) return false;
    fix(need.map((i) => [f, i]));
    return true;
  }

  /** Could a frame of `scale` show `shown` from a texture of `key` at that scale (the front or the build)? */
  canShow(key: string, shown: Box, scale: number): boolean {
    return [this.front, this.build].some((t) => !!t && Math.abs(t.scale / scale - 1) < 1e-9 && this.holds(t, key, shown));
  }

  /**
   * Is the wanted texture for a view (its scale, its place with a quarter of a view to spare inside
   * the region, `key`) the front or being drawn? If not, a build of it is started (into the
   * texture not shown), drawn by `step`.
   */
  want(board: Box, view: SnapshotView, key: string, shown: Box): void {
    const ok = (t: Tex | null) => {
      if (!t || t.key !== key || Math.abs(t.scale / view.scale - 1) > 1e-9) return false;
      const mx = view.width / 4 / view.scale, my = view.height / 4 / view.scale;
      const b = t.box;
      // the shown part with a quarter view of margin, within the board
      return Math.max(board.minX, shown.minX - mx) >= b.minX && Math.min(board.maxX, shown.maxX + mx) <= b.maxX && Math.max(board.minY, shown.minY - my) >= b.minY && Math.min(board.maxY, shown.maxY + my) <= b.maxY;
    };
    if (ok(this.front)) {
      if (this.front!.left > 0) { this.build = this.front; return; } // tiles an edit undid
      if (this.build && this.build !== this.front && this.build !== this.ov) this.build = null;
      if (!this.build || this.build.left === 0) this.overview(board, view, key);
      return;
    }
    // the other texture if it is the wanted one (a zoom back to a scale it was being drawn at)
    const other = this.texs.find((t) => t !== this.front && ok(t));
    if (other) { this.build = other.left ? other : this.build; if (!other.left) this.front = other; return; }
    this.plan(board, view, key);
  }

  /**
   * The overview: the whole board in one texture of at most 2 x 2 views, drawn (between frames) once
   * the texture of the view is done; a frame that the others do not hold (a jump, a zoom out past
   * them) shows it scaled instead of drawing every item, until the texture around the view holds it.
   */
  private overview(board: Box, view: SnapshotView, key: string): void {
    const o = this.ov;
    if (o && o.key === key) { if (o.left > 0) this.build = o; return; }
    const bw = Math.max(board.maxX - board.minX, 1e-9), bh = Math.max(board.maxY - board.minY, 1e-9);
    const scale = Math.min((2 * view.width) / bw, (2 * view.height) / bh);
    if (!(scale > 0) || !Number.isFinite(scale)) return;
    this.ov ??= this.newTex(board);
    this.setup(this.ov, board, { cx: (board.minX + board.maxX) / 2, cy: (board.minY + board.maxY) / 2, scale, width: view.width, height: view.height }, key);
  }

  private newTex(board: Box): Tex {
    const gl = this.gl;
    return { tex: gl.createTexture()!, fbo: gl.createFramebuffer()!, tw: 0, th: 0, w: 0, h: 0, box: board, scale: 0, key: '', tiles: new Int32Array(0), grid: new Int32Array(0), cols: 0, done: new Uint8Array(0), left: 0, next: 0 };
  }

  /** Start drawing the region around `view` at its scale into the texture not shown. */
  private plan(board: Box, view: SnapshotView, key: string): void {
    // the texture not shown (a new one while there are fewer than two)
    let t = this.texs.find((x) => x !== this.front);
    if (!t) this.texs.push((t = this.newTex(board)));
    this.setup(t, board, view, key);
  }

  /** Make `t` the build of the region around `view` (within `board`) at the view's scale. */
  private setup(t: Tex, board: Box, view: SnapshotView, key: string): void {
    const gl = this.gl;
    const scale = view.scale;
    const hw = view.width / 2 / scale, hh = view.height / 2 / scale;
    // the region: the view and half a view more on each side, within the board's box
    const rx0 = Math.max(board.minX, view.cx - 2 * hw), rx1 = Math.max(rx0, Math.min(board.maxX, view.cx + 2 * hw));
    const ry0 = Math.max(board.minY, view.cy - 2 * hh), ry1 = Math.max(ry0, Math.min(board.maxY, view.cy + 2 * hh));
    // texels on the view's pixel grid (a pan by whole pixels shows the very pixels of a full draw),
    // one texel beyond the region on each side
    const vx = view.cx - hw, vy = view.cy - hh;
    const x0 = vx - Math.ceil((vx - rx0) * scale + 1) / scale, y0 = vy - Math.ceil((vy - ry0) * scale + 1) / scale;
    const w = Math.max(1, Math.ceil((rx1 - x0) * scale) + 1), h = Math.max(1, Math.ceil((ry1 - y0) * scale) + 1);
    // allocated once for the largest region of this view size (2 x 2 views): no reallocation per build
    const tw = Math.max(w, 2 * view.width + 4), th = Math.max(h, 2 * view.height + 4);
    if (tw > t.tw || th > t.th) {
      gl.bindTexture(gl.TEXTURE_2D, t.tex);
      gl.texImage2D(gl.TEXTURE_2D, 0, gl.RGBA8, tw, th, 0, gl.RGBA, gl.UNSIGNED_BYTE, null);
      gl.texParameteri(gl.TEXTURE_2D, gl.TEXTURE_WRAP_S, gl.CLAMP_TO_EDGE);
      gl.texParameteri(gl.TEXTURE_2D, gl.TEXTURE_WRAP_T, gl.CLAMP_TO_EDGE);
      gl.bindFramebuffer(gl.FRAMEBUFFER, t.fbo);
      gl.framebufferTexture2D(gl.FRAMEBUFFER, gl.COLOR_ATTACHMENT0, gl.TEXTURE_2D, t.tex, 0);
      gl.bindFramebuffer(gl.FRAMEBUFFER, null);
      t.tw = tw; t.th = th;
    }
    t.w = w; t.h = h;
    t.box = { minX: x0, minY: y0, maxX: x0 + w / scale, maxY: y0 + h / scale };
    t.scale = scale;
    t.key = key;
    // tiles, nearest the view's centre first
    const cx = (view.cx - x0) * scale, cy = (view.cy - y0) * scale;
    const list: Array<[number, number, number, number, number]> = [];
    for (let y = 0; y < h; y += TILE) for (let x = 0; x < w; x += TILE) {
      const tw1 = Math.min(TILE, w - x), th1 = Math.min(TILE, h - y);
      const dx = Math.max(0, Math.abs(x + tw1 / 2 - cx) - tw1 / 2), dy = Math.max(0, Math.abs(y + th1 / 2 - cy) - th1 / 2);
      list.push([x, y, tw1, th1, Math.max(dx / view.width, dy / view.height)]);
    }
    list.sort((a, b) => a[4] - b[4]);
    t.tiles = new Int32Array(list.length * 4);
    t.cols = Math.ceil(w / TILE);
    t.grid = new Int32Array(t.cols * Math.ceil(h / TILE));
    list.forEach((l, i) => { t.tiles.set([l[0], l[1], l[2], l[3]], 4 * i); t.grid[(l[1] / TILE) * t.cols + l[0] / TILE] = i; });
    t.done = new Uint8Array(list.length);
    t.left = list.length;
    t.next = 0;
    this.build = t;
  }

  /**
   * Draw tiles of the build until `budget` (TileCost units: items + px / PX_PER_ITEM, see gl-pcb.ts)
   * is spent (at least one tile). `paint` draws every visible layer of the region's view into the
   * bound framebuffer for the tile's box (scissored to it) and says what it drew. Returns whether
   * tiles were drawn.
   */
  step(budget: number, cost: (c: TileCost) => number, paint: (v: SnapshotView, region: Box, tile: Box, overview: boolean) => TileCost): boolean {
    const t = this.build;
    if (!t || t.left === 0) return false;
    let spent = 0;
    while (t.left > 0 && spent < budget) {
      while (t.done[t.next]) t.next++;
      spent += cost(this.drawTile(t, t.next, paint));
    }
    return true;
  }

  /** Draw tile `i` of `t`. */
  drawTile(t: Tex, i: number, paint: (v: SnapshotView, region: Box, tile: Box, overview: boolean) => TileCost): TileCost {
    const gl = this.gl;
    const s = t.scale;
    const x = t.tiles[4 * i], y = t.tiles[4 * i + 1], w = t.tiles[4 * i + 2], h = t.tiles[4 * i + 3];
    gl.bindFramebuffer(gl.FRAMEBUFFER, t.fbo);
    gl.viewport(0, 0, t.w, t.h);
    gl.enable(gl.SCISSOR_TEST);
    gl.scissor(x, y, w, h);
    gl.clear(gl.COLOR_BUFFER_BIT);
    const tile = { minX: t.box.minX + x / s, minY: t.box.minY + y / s, maxX: t.box.minX + (x + w) / s, maxY: t.box.minY + (y + h) / s };
    const c = paint({ cx: (t.box.minX + t.box.maxX) / 2, cy: (t.box.minY + t.box.maxY) / 2, scale: s, width: t.w, height: t.h }, t.box, tile, t === this.ov);
    gl.disable(gl.SCISSOR_TEST);
    gl.bindFramebuffer(gl.FRAMEBUFFER, null);
    t.done[i] = 1;
    t.left--;
    this.tilesDrawn++;
    return c;
  }

  /** An edit changed what lies in `b`: its tiles are drawn again (both textures). */
  invalidate(b: Box): void {
    for (const t of this.all()) {
      if (!t.key) continue;
      for (const i of this.under(t, b)) if (t.done[i]) { t.done[i] = 0; t.left++; t.next = Math.min(t.next, i); }
      if (t.left && t !== this.build && t === this.front && !this.busy) this.build = t;
    }
  }


  /** No build wanted (the view is drawn directly). */
  stop(): void { if (this.build !== this.front) this.build = null; }

  /** Forget what the textures show (new geometry): nothing is shown from them until drawn again. */
  clear(): void {
    for (const t of this.all()) { t.key = ''; t.left = 0; }
    this.front = null;
    this.build = null;
  }

  /** Show the front for a view (on the bound framebuffer, already cleared to the background). */
  draw(v: SnapshotView): void {
    const gl = this.gl;
    const t = this.front!;
    gl.useProgram(this.prog);
    gl.uniform2f(this.u.u_center, v.cx, v.cy);
    gl.uniform2f(this.u.u_scale, (2 * v.scale) / v.width, (2 * v.scale) / v.height);
    gl.uniform4f(this.u.u_box, t.box.minX, t.box.minY, t.box.maxX, t.box.maxY);
    gl.uniform2f(this.u.u_uv, t.w / t.tw, t.h / t.th);
    gl.uniform1i(this.u.u_tex, 0);
    gl.activeTexture(gl.TEXTURE0);
    gl.bindTexture(gl.TEXTURE_2D, t.tex);
    // at its own scale texel for pixel (nearest: no blur); scaled while a zoom waits for the build
    // (nearest scaled too: SwiftShader's linear filter costs twice as much, and a scaled frame lasts until the build at the new scale holds the view)
    gl.texParameteri(gl.TEXTURE_2D, gl.TEXTURE_MIN_FILTER, gl.NEAREST);
    gl.texParameteri(gl.TEXTURE_2D, gl.TEXTURE_MAG_FILTER, gl.NEAREST);
    gl.disable(gl.BLEND);
    gl.bindVertexArray(this.quadVao);
    gl.drawArrays(gl.TRIANGLE_STRIP, 0, 4);
    gl.bindVertexArray(null);
  }

  /** Bytes of the textures. */
  get bytes(): number { return this.all().reduce((n, t) => n + t.tw * t.th * 4, 0); }

  private all(): Tex[] { return this.ov ? [...this.texs, this.ov] : this.texs; }

  release(): void {
    const gl = this.gl;
    for (const t of this.all()) { gl.deleteTexture(t.tex); gl.deleteFramebuffer(t.fbo); }
    this.texs = [];
    this.ov = null;
    this.front = null;
    this.build = null;
  }
}
