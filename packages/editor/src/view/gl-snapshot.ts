/**
 * The level of detail of the WebGL2 PCB painter for zoomed-out views (issue 14 part 6): the whole
 * board drawn once into a texture at the view's scale (render to texture), and a frame that shows
 * it as one textured rectangle instead of drawing every item: a pan shows the same pixels a full
 * draw would (texel for pixel). A zoom shows the texture scaled until `refine` draws it again at the
 * new scale (between frames). Used by gl-pcb.ts when a view would draw more than `LOD_ITEMS` items
 * and the board at the view's scale fits in SNAPSHOT_MAX pixels.
 * Frame: board mil, Y up; the texture's row 0 is the board box's bottom edge.
 */
import type { Box } from '@copperplate/board';

/** A view would draw more items than this: the snapshot is drawn instead (when the board at the view's scale fits SNAPSHOT_MAX). */
export const LOD_ITEMS = 8_000;
/** Largest side of the snapshot texture (px), below the GPU's own limits. */
export const SNAPSHOT_MAX = 8192;
/** Most pixels of the snapshot texture (4 bytes each: 96 MB). */
export const SNAPSHOT_PIXELS = 24_000_000;
/**
 * Most pixels of the snapshot as a multiple of the view's: past it the items are drawn instead. On
 * SwiftShader a zoom's redraw of a 16 Mpx snapshot (100k pads at 4x fit) took 0.5-2 s of the GPU
 * process, against ~15 ms for the 9k items in view.
 */
export const SNAPSHOT_VIEWS = 4;

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

  /** The largest scale (px per mil) the snapshot of a board box can have: its sides within SNAPSHOT_MAX and the GPU's limits, its area within SNAPSHOT_PIXELS. */
  static scaleFor(gl: WebGL2RenderingContext, box: Box): number {
    const dims = gl.getParameter(gl.MAX_VIEWPORT_DIMS) as Int32Array;
    const max = Math.min(SNAPSHOT_MAX, gl.getParameter(gl.MAX_TEXTURE_SIZE) as number, gl.getParameter(gl.MAX_RENDERBUFFER_SIZE) as number, dims[0], dims[1]) - 4;
    const w = Math.max(box.maxX - box.minX, 1e-6), h = Math.max(box.maxY - box.minY, 1e-6);
    return Math.min(max / w, max / h, Math.sqrt(SNAPSHOT_PIXELS / (w * h)));
  }

  /**
   * Draw the board into the texture at the scale of `view` (px per mil) with `paint`, which draws
   * every visible layer for a view. The caller restores its own viewport afterwards.
   */
  render(box: Box, view: SnapshotView, key: string, paint: (v: SnapshotView) => void): void {
    const gl = this.gl;
    const scale = view.scale;
    // texels on the view's pixel grid (a pan by whole pixels shows the very pixels of a full draw),
    // one texel beyond the box on each side
    const vx = view.cx - view.width / 2 / scale, vy = view.cy - view.height / 2 / scale;
    const x0 = vx - Math.ceil((vx - box.minX) * scale + 1) / scale, y0 = vy - Math.ceil((vy - box.minY) * scale + 1) / scale;
    const w = Math.max(1, Math.ceil((box.maxX - x0) * scale) + 1), h = Math.max(1, Math.ceil((box.maxY - y0) * scale) + 1);
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
    paint({ cx: (this.box.minX + this.box.maxX) / 2, cy: (this.box.minY + this.box.maxY) / 2, scale, width: w, height: h });
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
