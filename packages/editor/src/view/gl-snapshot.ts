/**
 * The level of detail of the WebGL2 PCB painter for views over many items (issue 14 part 6): the
 * board around the view (the view and half a view more on each side, within the board's box: at
 * most 2 x 2 views of pixels) drawn once into a texture at the view's scale (render to texture),
 * and a frame that shows it as one textured rectangle instead of drawing every item: a pan shows
 * the same pixels a full draw would (texel for pixel), until it leaves the texture's region (then
 * it is drawn again around the new view). A zoom shows the texture scaled until `refine` draws it
 * again at the new scale (between frames); a zoom out past its region draws it again at once.
 * Used by gl-pcb.ts when a view would draw more than `LOD_ITEMS` items. The region, not the whole
 * board: drawing a whole 100k-pad board again after a zoom at 4x fit (16 Mpx) took 0.5-2 s of
 * SwiftShader's time; the region holds a quarter of that at most.
 * Frame: board mil, Y up; the texture's row 0 is the region's bottom edge.
 */
import type { Box } from '@copperplate/board';

/** A view would draw more items than this: the snapshot is drawn instead (when its region fits SNAPSHOT_MAX). */
export const LOD_ITEMS = 8_000;
/** Largest side of the snapshot texture (px), below the GPU's own limits. */
export const SNAPSHOT_MAX = 8192;

const VS = `#version 300 es
layout(location=0) in vec2 a_corner;
uniform vec2 u_center;
uniform vec2 u_scale;
uniform vec4 u_box;
out vec2 v_uv;
void main() {
  vec2 uv = a_corner * 0.5 + 0.5;
  v_uv = uv;
  gl_Position = vec4((mix(u_box.xy, u_box.zw, uv) - u_center) * u_scale, 0.0, 1.0);
}`;
const FS = `#version 300 es
precision highp float;
in vec2 v_uv;
uniform sampler2D u_tex;
out vec4 o;
void main() { o = texture(u_tex, v_uv); }`;

export interface SnapshotView { cx: number; cy: number; scale: number; width: number; height: number }

export class GlSnapshot {
  private tex: WebGLTexture | null = null;
  private fbo: WebGLFramebuffer | null = null;
  private w = 0;
  private h = 0;
  /** What the texture shows (geometry version, layers, colours); '' = nothing yet. */
  key = '';
  /** Pixels per mil of the texture. */
  scale = 0;
  private box: Box = { minX: 0, minY: 0, maxX: 0, maxY: 0 };
  private readonly u: Record<string, WebGLUniformLocation | null> = {};

  constructor(private readonly gl: WebGL2RenderingContext, private readonly prog: WebGLProgram, private readonly quadVao: WebGLVertexArrayObject) {
    for (const n of ['u_center', 'u_scale', 'u_box', 'u_tex']) this.u[n] = gl.getUniformLocation(prog, n);
  }

  static shaders(): [string, string] { return [VS, FS]; }

  /** The largest side (px) a snapshot texture can have here: SNAPSHOT_MAX within the GPU's limits. */
  static maxSide(gl: WebGL2RenderingContext): number {
    const dims = gl.getParameter(gl.MAX_VIEWPORT_DIMS) as Int32Array;
    return Math.min(SNAPSHOT_MAX, gl.getParameter(gl.MAX_TEXTURE_SIZE) as number, gl.getParameter(gl.MAX_RENDERBUFFER_SIZE) as number, dims[0], dims[1]) - 4;
  }

  /** Can a view of this size have a snapshot (its region at most 2 x 2 views)? */
  static fits(maxSide: number, view: SnapshotView): boolean { return 2 * view.width + 4 <= maxSide && 2 * view.height + 4 <= maxSide; }

  /** Does the texture hold `b` (the part of the board a view shows)? */
  covers(b: Box): boolean {
    const e = 1e-9 * Math.max(1, Math.abs(this.box.minX), Math.abs(this.box.maxX), Math.abs(this.box.minY), Math.abs(this.box.maxY));
    return !!this.key && b.minX >= this.box.minX - e && b.maxX <= this.box.maxX + e && b.minY >= this.box.minY - e && b.maxY <= this.box.maxY + e;
  }

  /**
   * Draw the board's box around `view` (see the module's comment) into the texture at the view's
   * scale (px per mil) with `paint`, which draws every visible layer for a view whose box is the
   * region. The caller restores its own viewport afterwards.
   */
  render(board: Box, view: SnapshotView, key: string, paint: (v: SnapshotView, region: Box) => void): void {
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
    if (!this.tex) {
      this.tex = gl.createTexture();
      this.fbo = gl.createFramebuffer();
    }
    gl.bindTexture(gl.TEXTURE_2D, this.tex);
    if (w !== this.w || h !== this.h) {
      gl.texImage2D(gl.TEXTURE_2D, 0, gl.RGBA8, w, h, 0, gl.RGBA, gl.UNSIGNED_BYTE, null);
      gl.texParameteri(gl.TEXTURE_2D, gl.TEXTURE_WRAP_S, gl.CLAMP_TO_EDGE);
      gl.texParameteri(gl.TEXTURE_2D, gl.TEXTURE_WRAP_T, gl.CLAMP_TO_EDGE);
      gl.bindFramebuffer(gl.FRAMEBUFFER, this.fbo);
      gl.framebufferTexture2D(gl.FRAMEBUFFER, gl.COLOR_ATTACHMENT0, gl.TEXTURE_2D, this.tex, 0);
      this.w = w; this.h = h;
    }
    this.box = { minX: x0, minY: y0, maxX: x0 + w / scale, maxY: y0 + h / scale };
    this.scale = scale;
    gl.bindFramebuffer(gl.FRAMEBUFFER, this.fbo);
    gl.viewport(0, 0, w, h);
    paint({ cx: (this.box.minX + this.box.maxX) / 2, cy: (this.box.minY + this.box.maxY) / 2, scale, width: w, height: h }, this.box);
    gl.bindFramebuffer(gl.FRAMEBUFFER, null);
    this.key = key;
  }

  /** Show the texture for a view (on the bound framebuffer, already cleared to the background). */
  draw(v: SnapshotView): void {
    const gl = this.gl;
    gl.useProgram(this.prog);
    gl.uniform2f(this.u.u_center, v.cx, v.cy);
    gl.uniform2f(this.u.u_scale, (2 * v.scale) / v.width, (2 * v.scale) / v.height);
    gl.uniform4f(this.u.u_box, this.box.minX, this.box.minY, this.box.maxX, this.box.maxY);
    gl.uniform1i(this.u.u_tex, 0);
    gl.activeTexture(gl.TEXTURE0);
    gl.bindTexture(gl.TEXTURE_2D, this.tex);
    // at its own scale texel for pixel (nearest: no blur); scaled while a zoom waits for `refine`
    const f = Math.abs(v.scale / this.scale - 1) < 1e-9 ? gl.NEAREST : gl.LINEAR;
    gl.texParameteri(gl.TEXTURE_2D, gl.TEXTURE_MIN_FILTER, f);
    gl.texParameteri(gl.TEXTURE_2D, gl.TEXTURE_MAG_FILTER, f);
    gl.disable(gl.BLEND);
    gl.bindVertexArray(this.quadVao);
    gl.drawArrays(gl.TRIANGLE_STRIP, 0, 4);
    gl.bindVertexArray(null);
  }

  /** Bytes of the texture. */
  get bytes(): number { return this.w * this.h * 4; }

  release(): void {
    const gl = this.gl;
    gl.deleteTexture(this.tex);
    gl.deleteFramebuffer(this.fbo);
    this.tex = null; this.fbo = null; this.w = 0; this.h = 0; this.key = '';
  }
}
