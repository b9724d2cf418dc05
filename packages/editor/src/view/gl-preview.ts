/**
 * The CPU-drawn first frame of a big board (cpu-preview.ts) on the GPU: one texture of the view it
 * was drawn for, shown as one textured rectangle (the snapshot's program, gl-snapshot.ts) until the
 * board's geometry is built and the snapshot holds the view. Used by gl-pcb.ts.
 * Frame: board mil, Y up.
 */
import type { Box } from '@copperplate/board';
import { previewPixels, type PreviewLayer, type PreviewView } from './cpu-preview.ts';
import type { GlItem } from './gl-geometry.ts';
import type { Prim } from '../pcb/prims.ts';
import { SNAPSHOT_UNIFORMS, drawTexture } from './gl-snapshot.ts';

export class GlPreview {
  private readonly tex: WebGLTexture;
  private readonly u: Record<string, WebGLUniformLocation | null> = {};
  /** The view it shows, and what (the snapshot key of gl-pcb.ts: the layers and their colours). */
  readonly view: PreviewView;
  readonly key: string;
  readonly box: Box;

  /** Draw the picture of `layers` for `view` on the CPU (or take `pixels`, that picture already drawn) and upload it. */
  constructor(private readonly gl: WebGL2RenderingContext, private readonly prog: WebGLProgram, private readonly quadVao: WebGLVertexArrayObject, layers: readonly PreviewLayer[], view: PreviewView, background: readonly number[], key: string, made?: Map<Prim, GlItem>, pixels?: Uint8ClampedArray) {
    this.view = { cx: view.cx, cy: view.cy, scale: view.scale, width: view.width, height: view.height };
    this.key = key;
    const hw = view.width / 2 / view.scale, hh = view.height / 2 / view.scale;
    this.box = { minX: view.cx - hw, minY: view.cy - hh, maxX: view.cx + hw, maxY: view.cy + hh };
    const px = pixels ?? previewPixels(layers, view, background, made);
    for (const n of SNAPSHOT_UNIFORMS) this.u[n] = gl.getUniformLocation(prog, n);
    this.tex = gl.createTexture()!;
    gl.bindTexture(gl.TEXTURE_2D, this.tex);
    gl.pixelStorei(gl.UNPACK_ALIGNMENT, 4);
    gl.texImage2D(gl.TEXTURE_2D, 0, gl.RGBA8, view.width, view.height, 0, gl.RGBA, gl.UNSIGNED_BYTE, px);
    gl.texParameteri(gl.TEXTURE_2D, gl.TEXTURE_WRAP_S, gl.CLAMP_TO_EDGE);
    gl.texParameteri(gl.TEXTURE_2D, gl.TEXTURE_WRAP_T, gl.CLAMP_TO_EDGE);
    // nearest, as the snapshot: texel for pixel at its own view
    gl.texParameteri(gl.TEXTURE_2D, gl.TEXTURE_MIN_FILTER, gl.NEAREST);
    gl.texParameteri(gl.TEXTURE_2D, gl.TEXTURE_MAG_FILTER, gl.NEAREST);
  }

  /**
   * Can it stand in for a view (until the snapshot holds it): a scale within 2x of its own, and at
   * least half of the view inside it (the rest shows the background for those frames).
   */
  covers(v: { box: Box; scale: number }): boolean {
    const q = v.scale / this.view.scale;
    if (q < 0.5 || q > 2) return false;
    const b = this.box, w = v.box;
    const ix = Math.min(b.maxX, w.maxX) - Math.max(b.minX, w.minX), iy = Math.min(b.maxY, w.maxY) - Math.max(b.minY, w.minY);
    return ix > 0 && iy > 0 && ix * iy >= 0.5 * (w.maxX - w.minX) * (w.maxY - w.minY);
  }

  /** Show it for a view (on the bound framebuffer, cleared to the background). */
  draw(v: PreviewView): void {
    drawTexture(this.gl, this.prog, this.u, this.quadVao, v, this.box, [0, 0, 1, 1], this.tex);
  }

  get bytes(): number { return this.view.width * this.view.height * 4; }

  release(): void { this.gl.deleteTexture(this.tex); }
}
