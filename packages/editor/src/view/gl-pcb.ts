/**
 * WebGL2 painter of PCB and footprint scenes (issue 14 part 6): the geometry of gl-geometry.ts is
 * uploaded once per scene (per layer: instanced round segments and rounded boxes, each with an
 * anti-aliased distance test in the fragment shader, and triangles); a frame sets the view uniforms and draws, layer by layer in
 * the panel's order, the runs of cells whose box meets the view (spatial culling). Pan and zoom
 * upload nothing. `PcbGlView.create` answers null where WebGL2 is missing: the Canvas2D painter
 * (pcb/canvas.ts) is the fallback, and stays the painter of exports.
 * Frames: board mil, Y up; the Viewport is in device pixels of the canvas.
 */
import type { Viewport } from '../core/viewport.ts';
import type { Prim } from '../pcb/prims.ts';
import { BOX_FLOATS, SEG_FLOATS, buildGlGeometry, type GlChunk, type GlLayerGeometry } from './gl-geometry.ts';

/** The instanced shapes: per-instance floats, attributes (location, size, float offset), chunk range fields. */
const INSTANCED = {
  seg: { floats: SEG_FLOATS, attrs: [[1, 4, 0], [2, 1, 4]], from: 'seg0', to: 'seg1', data: 'segs' },
  box: { floats: BOX_FLOATS, attrs: [[1, 4, 0], [2, 3, 4]], from: 'box0', to: 'box1', data: 'boxes' },
} as const;
type InstKind = keyof typeof INSTANCED;
type Run = Pick<GlChunk, 'seg0' | 'seg1' | 'tri0' | 'tri1' | 'box0' | 'box1'>;

export interface GlPaint { color: string; alpha: number }
export interface PcbGlOptions {
  background?: string;
  /** Colour of drill holes (the Canvas2D painter's #222222). */
  holeColor?: string;
  /** Multisampling of the drawing buffer (default off: the instanced shapes are anti-aliased by their shaders). */
  antialias?: boolean;
}

const SEG_VS = `#version 300 es
layout(location=0) in vec2 a_corner;
layout(location=1) in vec4 a_seg;
layout(location=2) in float a_hw;
uniform vec2 u_center;
uniform vec2 u_scale;
uniform float u_px;
out vec2 v_pos;
flat out vec4 v_seg;
flat out float v_hw;
void main() {
  float hw = max(a_hw, 0.5 * u_px);
  vec2 p1 = a_seg.xy, p2 = a_seg.zw, d = p2 - p1;
  float len = length(d);
  vec2 dir = len > 1e-9 ? d / len : vec2(1.0, 0.0);
  vec2 nrm = vec2(-dir.y, dir.x);
  float e = hw + u_px;
  vec2 pos = (a_corner.x < 0.0 ? p1 : p2) + dir * (a_corner.x * e) + nrm * (a_corner.y * e);
  v_pos = pos; v_seg = a_seg; v_hw = hw;
  gl_Position = vec4((pos - u_center) * u_scale, 0.0, 1.0);
}`;
const SEG_FS = `#version 300 es
precision highp float;
in vec2 v_pos;
flat in vec4 v_seg;
flat in float v_hw;
uniform vec4 u_color;
uniform float u_px;
out vec4 o;
void main() {
  vec2 p1 = v_seg.xy, d = v_seg.zw - p1;
  float l2 = dot(d, d);
  float t = l2 > 0.0 ? clamp(dot(v_pos - p1, d) / l2, 0.0, 1.0) : 0.0;
  float a = clamp((v_hw - length(v_pos - p1 - d * t)) / u_px + 0.5, 0.0, 1.0);
  if (a <= 0.0) discard;
  o = vec4(u_color.rgb, u_color.a * a);
}`;
const BOX_VS = `#version 300 es
layout(location=0) in vec2 a_corner;
layout(location=1) in vec4 a_box;
layout(location=2) in vec3 a_dir;
uniform vec2 u_center;
uniform vec2 u_scale;
uniform float u_px;
out vec2 v_local;
flat out vec3 v_shape;
void main() {
  vec2 h = max(a_box.zw, vec2(0.5 * u_px));
  float r = min(a_dir.z, min(h.x, h.y));
  vec2 u = a_dir.xy, v = vec2(-u.y, u.x);
  vec2 local = a_corner * (h + vec2(u_px));
  vec2 pos = a_box.xy + u * local.x + v * local.y;
  v_local = local; v_shape = vec3(h, r);
  gl_Position = vec4((pos - u_center) * u_scale, 0.0, 1.0);
}`;
const BOX_FS = `#version 300 es
precision highp float;
in vec2 v_local;
flat in vec3 v_shape;
uniform vec4 u_color;
uniform float u_px;
out vec4 o;
void main() {
  vec2 q = abs(v_local) - (v_shape.xy - v_shape.z);
  float d = length(max(q, 0.0)) + min(max(q.x, q.y), 0.0) - v_shape.z;
  float a = clamp(0.5 - d / u_px, 0.0, 1.0);
  if (a <= 0.0) discard;
  o = vec4(u_color.rgb, u_color.a * a);
}`;
const TRI_VS = `#version 300 es
layout(location=0) in vec2 a_pos;
uniform vec2 u_center;
uniform vec2 u_scale;
void main() { gl_Position = vec4((a_pos - u_center) * u_scale, 0.0, 1.0); }`;
const TRI_FS = `#version 300 es
precision highp float;
uniform vec4 u_color;
out vec4 o;
void main() { o = u_color; }`;

/** '#rgb', '#rrggbb', '#rrggbbaa' or 'rgb(a)(...)' -> [r, g, b, a] in 0..1 (grey when unreadable). */
export function parseColor(c: string): [number, number, number, number] {
  const s = c.trim();
  let m = /^#([0-9a-f]{3,8})$/i.exec(s);
  if (m) {
    let h = m[1];
    if (h.length === 3 || h.length === 4) h = [...h].map((x) => x + x).join('');
    const n = (i: number) => parseInt(h.slice(i, i + 2), 16) / 255;
    return [n(0), n(2), n(4), h.length >= 8 ? n(6) : 1];
  }
  m = /^rgba?\(([^)]*)\)$/i.exec(s);
  if (m) {
    const v = m[1].split(/[\s,/]+/).filter(Boolean).map(Number);
    return [v[0] / 255, v[1] / 255, v[2] / 255, v.length > 3 ? v[3] : 1];
  }
  return [0.5, 0.5, 0.5, 1];
}

interface GpuInst { vao: WebGLVertexArrayObject; buf: WebGLBuffer }
interface GpuLayer { g: GlLayerGeometry; inst: Partial<Record<InstKind, GpuInst>>; triVao: WebGLVertexArrayObject | null; triBuf: WebGLBuffer | null }

type Canvasish = HTMLCanvasElement | OffscreenCanvas;

function program(gl: WebGL2RenderingContext, vs: string, fs: string): WebGLProgram {
  const p = gl.createProgram()!;
  for (const [type, src] of [[gl.VERTEX_SHADER, vs], [gl.FRAGMENT_SHADER, fs]] as const) {
    const sh = gl.createShader(type)!;
    gl.shaderSource(sh, src);
    gl.compileShader(sh);
    if (!gl.getShaderParameter(sh, gl.COMPILE_STATUS)) throw new Error(`shader: ${gl.getShaderInfoLog(sh)}`);
    gl.attachShader(p, sh);
  }
  gl.linkProgram(p);
  if (!gl.getProgramParameter(p, gl.LINK_STATUS)) throw new Error(`program: ${gl.getProgramInfoLog(p)}`);
  return p;
}

export class PcbGlView {
  private layers: GpuLayer[] = [];
  private readonly progs: Record<InstKind | 'tri', WebGLProgram>;
  private readonly quad: WebGLBuffer;
  private readonly u: Record<string, WebGLUniformLocation | null> = {};
  stats = { draws: 0, instances: 0, triVerts: 0 };

  /** A WebGL2 painter on `canvas`, or null where WebGL2 is not available (use the Canvas2D painter). */
  static create(canvas: Canvasish, prims: Iterable<Prim>, order: () => number[], paint: (layer: number) => GlPaint, opts: PcbGlOptions = {}): PcbGlView | null {
    let gl: WebGL2RenderingContext | null = null;
    try {
      gl = canvas.getContext('webgl2', { antialias: opts.antialias ?? false, alpha: false, depth: false, stencil: false, preserveDrawingBuffer: false, powerPreference: 'high-performance' }) as WebGL2RenderingContext | null;
    } catch {
      gl = null;
    }
    if (!gl) return null;
    try {
      return new PcbGlView(gl, prims, order, paint, opts);
    } catch {
      return null;
    }
  }

  private constructor(readonly gl: WebGL2RenderingContext, prims: Iterable<Prim>, private order: () => number[], private paint: (layer: number) => GlPaint, private readonly opts: PcbGlOptions) {
    this.progs = { seg: program(gl, SEG_VS, SEG_FS), box: program(gl, BOX_VS, BOX_FS), tri: program(gl, TRI_VS, TRI_FS) };
    for (const [k, p] of Object.entries(this.progs)) {
      for (const n of ['u_center', 'u_scale', 'u_px', 'u_color']) this.u[`${k}.${n}`] = gl.getUniformLocation(p, n);
    }
    this.quad = gl.createBuffer()!;
    gl.bindBuffer(gl.ARRAY_BUFFER, this.quad);
    gl.bufferData(gl.ARRAY_BUFFER, new Float32Array([-1, -1, 1, -1, -1, 1, 1, 1]), gl.STATIC_DRAW);
    this.setPrims(prims);
  }

  /** The name of the GPU (unmasked where the browser tells it). */
  get renderer(): string {
    const gl = this.gl;
    const ext = gl.getExtension('WEBGL_debug_renderer_info');
    return String(gl.getParameter(ext ? ext.UNMASKED_RENDERER_WEBGL : gl.RENDERER));
  }

  /** Replace the primitives (after edits): geometry rebuilt and uploaded. */
  setPrims(prims: Iterable<Prim>): void {
    this.release();
    const gl = this.gl;
    for (const g of buildGlGeometry(prims)) {
      const l: GpuLayer = { g, inst: {}, triBuf: null, triVao: null };
      for (const kind of Object.keys(INSTANCED) as InstKind[]) {
        const data = g[INSTANCED[kind].data];
        if (!data.length) continue;
        const vao = gl.createVertexArray()!;
        gl.bindVertexArray(vao);
        gl.bindBuffer(gl.ARRAY_BUFFER, this.quad);
        gl.enableVertexAttribArray(0);
        gl.vertexAttribPointer(0, 2, gl.FLOAT, false, 0, 0);
        const buf = gl.createBuffer()!;
        gl.bindBuffer(gl.ARRAY_BUFFER, buf);
        gl.bufferData(gl.ARRAY_BUFFER, data, gl.STATIC_DRAW);
        for (const [loc] of INSTANCED[kind].attrs) { gl.enableVertexAttribArray(loc); gl.vertexAttribDivisor(loc, 1); }
        l.inst[kind] = { vao, buf };
      }
      if (g.tris.length) {
        l.triVao = gl.createVertexArray();
        gl.bindVertexArray(l.triVao);
        l.triBuf = gl.createBuffer();
        gl.bindBuffer(gl.ARRAY_BUFFER, l.triBuf);
        gl.bufferData(gl.ARRAY_BUFFER, g.tris, gl.STATIC_DRAW);
        gl.enableVertexAttribArray(0);
        gl.vertexAttribPointer(0, 2, gl.FLOAT, false, 0, 0);
      }
      this.layers.push(l);
    }
    gl.bindVertexArray(null);
  }

  private release(): void {
    const gl = this.gl;
    for (const l of this.layers) {
      gl.deleteBuffer(l.triBuf);
      gl.deleteVertexArray(l.triVao);
      for (const i of Object.values(l.inst)) { gl.deleteBuffer(i.buf); gl.deleteVertexArray(i.vao); }
    }
    this.layers = [];
  }

  /** Bytes of geometry on the GPU. */
  get gpuBytes(): number {
    let n = 0;
    for (const l of this.layers) n += l.g.segs.byteLength + l.g.boxes.byteLength + l.g.tris.byteLength;
    return n;
  }

  /** Draw the visible layers for `vp` (device pixels of the canvas). */
  draw(vp: Viewport, visible: Set<number>): void {
    const gl = this.gl;
    const c = gl.canvas as Canvasish;
    gl.viewport(0, 0, c.width, c.height);
    const bg = parseColor(this.opts.background ?? '#000000');
    gl.clearColor(bg[0], bg[1], bg[2], 1);
    gl.clear(gl.COLOR_BUFFER_BIT);
    gl.enable(gl.BLEND);
    gl.blendFuncSeparate(gl.SRC_ALPHA, gl.ONE_MINUS_SRC_ALPHA, gl.ONE, gl.ONE_MINUS_SRC_ALPHA);
    const s = vp.scale;
    const view = vp.visible();
    const st = { draws: 0, instances: 0, triVerts: 0 };
    const hole = parseColor(this.opts.holeColor ?? '#222222');
    const byLayer = new Map<number, GpuLayer[]>();
    for (const l of this.layers) { let a = byLayer.get(l.g.layer); if (!a) byLayer.set(l.g.layer, (a = [])); a.push(l); }
    let current: WebGLProgram | null = null;
    const use = (k: InstKind | 'tri', rgba: number[]) => {
      const p = this.progs[k];
      if (current !== p) {
        gl.useProgram(p);
        gl.uniform2f(this.u[`${k}.u_center`], vp.cx, vp.cy);
        gl.uniform2f(this.u[`${k}.u_scale`], (2 * s) / vp.width, (2 * s) / vp.height);
        gl.uniform1f(this.u[`${k}.u_px`], 1 / s);
        current = p;
      }
      gl.uniform4f(this.u[`${k}.u_color`], rgba[0], rgba[1], rgba[2], rgba[3]);
    };
    for (const id of this.order()) {
      if (!visible.has(id)) continue;
      const ls = byLayer.get(id);
      if (!ls) continue;
      const { color, alpha } = this.paint(id);
      for (const l of ls) {
        const box = l.g.box;
        if (box.maxX < view.minX || box.minX > view.maxX || box.maxY < view.minY || box.minY > view.maxY) continue;
        const c = l.g.hole ? hole : parseColor(color);
        const rgba = [c[0], c[1], c[2], c[3] * alpha];
        const runs = this.visibleRuns(l.g, view);
        if (l.triVao && runs.some((r) => r.tri1 > r.tri0)) {
          use('tri', rgba);
          gl.bindVertexArray(l.triVao);
          for (const r of runs) if (r.tri1 > r.tri0) { gl.drawArrays(gl.TRIANGLES, r.tri0, r.tri1 - r.tri0); st.draws++; st.triVerts += r.tri1 - r.tri0; }
        }
        for (const kind of ['box', 'seg'] as const) {
          const inst = l.inst[kind];
          const k = INSTANCED[kind];
          if (!inst || !runs.some((r) => r[k.to] > r[k.from])) continue;
          use(kind, rgba);
          gl.bindVertexArray(inst.vao);
          gl.bindBuffer(gl.ARRAY_BUFFER, inst.buf);
          for (const r of runs) {
            const n = r[k.to] - r[k.from];
            if (n <= 0) continue;
            // no base instance in WebGL2: the instance attributes start at the run
            for (const [loc, size, off] of k.attrs) gl.vertexAttribPointer(loc, size, gl.FLOAT, false, 4 * k.floats, 4 * (r[k.from] * k.floats + off));
            gl.drawArraysInstanced(gl.TRIANGLE_STRIP, 0, 4, n);
            st.draws++; st.instances += n;
          }
        }
      }
    }
    gl.bindVertexArray(null);
    this.stats = st;
  }

  /** Contiguous runs of the cells whose box meets `view`. */
  private visibleRuns(g: GlLayerGeometry, view: { minX: number; minY: number; maxX: number; maxY: number }): Run[] {
    const runs: Run[] = [];
    let cur: Run | null = null;
    for (const c of g.chunks) {
      const b = c.box;
      if (b.maxX < view.minX || b.minX > view.maxX || b.maxY < view.minY || b.minY > view.maxY) { cur = null; continue; }
      if (cur && cur.seg1 === c.seg0 && cur.tri1 === c.tri0 && cur.box1 === c.box0) { cur.seg1 = c.seg1; cur.tri1 = c.tri1; cur.box1 = c.box1; continue; }
      cur = { seg0: c.seg0, seg1: c.seg1, tri0: c.tri0, tri1: c.tri1, box0: c.box0, box1: c.box1 };
      runs.push(cur);
    }
    return runs;
  }

  destroy(): void {
    this.release();
    const gl = this.gl;
    gl.deleteBuffer(this.quad);
    for (const p of Object.values(this.progs)) gl.deleteProgram(p);
  }
}
