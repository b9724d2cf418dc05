/**
 * WebGL2 painter of PCB and footprint scenes (issue 14 part 6): the geometry of gl-geometry.ts is
 * uploaded once per scene (per layer: round segments and rounded boxes as quads, each with an
 * anti-aliased distance test in the fragment shader, and triangles); a frame sets the view uniforms
 * and draws, layer by layer in the panel's order, the runs of cells whose box meets the view (spatial
 * culling). Pan and zoom upload nothing. Over many items (more than LOD_ITEMS in view) a frame
 * shows the board around the view drawn once into a texture (gl-snapshot.ts), drawn again when the
 * geometry, the visible layers or their colours change, the view leaves it, or (between frames,
 * `refine`) after a zoom. A big board (PcbGlOptions.previewItems) starts without geometry: its first
 * frames show the board drawn on the CPU (cpu-preview.ts, gl-preview.ts) until the host has the
 * geometry built (`buildGeometry`) and the snapshot holds the view. `PcbGlView.create` answers null
 * where WebGL2 is missing: the Canvas2D painter (pcb/canvas.ts) is the fallback, and stays the
 * painter of exports.
 * Frames: board mil, Y up; the Viewport is in device pixels of the canvas.
 */
import type { Viewport } from '../core/viewport.ts';
import type { Prim } from '../pcb/prims.ts';
import { type Box, emptyBox, unionBox } from '@copperplate/board';
import { BOX_FLOATS, SEG_FLOATS, buildGlGeometry, layerGroups, type GlChunk, type GlItem, type GlLayerGeometry } from './gl-geometry.ts';
import { BOX_FS, BOX_PT_FS, BOX_PT_VS, BOX_VS, SEG_FS, SEG_PT_FS, SEG_PT_VS, SEG_VS, TRI_FS, TRI_VS, program } from './gl-shaders.ts';
import { GlPreview } from './gl-preview.ts';
import type { PreviewLayer, PreviewView } from './cpu-preview.ts';
import { GlSnapshot, LOD_FILL, LOD_ITEMS, type SnapshotView, type TileCost } from './gl-snapshot.ts';

/**
 * The quad shapes: every item is 4 vertices (its floats repeated on each; the corner from the
 * vertex's index, see CORNER) and 6 indices of the shared index buffer. Not instanced: SwiftShader (WebGL
 * on the CPU, where there is no GPU) draws an instanced draw call instance by instance, ~25x slower
 * than the same quads as plain triangles (150k quads: 2.6 s against 0.12 s at load 16).
 * Per shape: floats per item, attributes (location, size, float offset), chunk range fields.
 */
const QUADS = {
  seg: { floats: SEG_FLOATS, attrs: [[1, 4, 0], [2, 1, 4]], from: 'seg0', to: 'seg1', data: 'segs' },
  box: { floats: BOX_FLOATS, attrs: [[1, 4, 0], [2, 3, 4]], from: 'box0', to: 'box1', data: 'boxes' },
} as const;
type QuadKind = keyof typeof QUADS;
/** Contiguous cells to draw; `inside`: every cell's box lies in the view (see POINT_PX). */
type Run = Pick<GlChunk, 'seg0' | 'seg1' | 'tri0' | 'tri1' | 'box0' | 'box1' | 'segExt' | 'boxExt'> & { inside: boolean };
/** What a plan of runs will draw: items, and the area of their fill in view (mil^2). */
interface Load { items: number; area: number }
/**
 * A run of cells whose items are all at most this big (px) is drawn as points (one vertex and one
 * square each, the shape's coverage computed in the square from gl_PointCoord) instead of quads
 * (four vertices, two triangles): on SwiftShader tiny items cost per vertex and per primitive, not
 * per pixel (150k items of 1.5 px: 89 ms as points, 153 ms as quads, load 13; items of 3-5 px drew faster as quads). Only runs of cells
 * whose boxes lie in the view (always so in the snapshot): a point whose centre leaves the viewport
 * is dropped whole, which at a view's edge would cut items off.
 */
export const POINT_PX = 4;

/** Items' floats repeated for each of their 4 vertices. */
export function expandQuads(data: Float32Array, floats: number): Float32Array {
  const n = data.length / floats;
  const out = new Float32Array(n * 4 * floats);
  for (let i = 0, o = 0; i < n; i++) {
    const at = i * floats;
    for (let k = 0; k < 4; k++) for (let f = 0; f < floats; f++) out[o++] = data[at + f];
  }
  return out;
}

export interface GlPaint { color: string; alpha: number }
export interface PcbGlOptions {
  background?: string;
  /** Colour of drill holes (the Canvas2D painter's #222222). */
  holeColor?: string;
  /** Multisampling of the drawing buffer (default off: the quad shapes are anti-aliased by their shaders). */
  antialias?: boolean;
  /** Show the snapshot when a view would draw more items than this (default LOD_ITEMS; Infinity: never), or much fill (LOD_FILL). */
  lodItems?: number;
  /** Tiny items as points (default true; see POINT_PX). */
  points?: boolean;
  /**
   * Over this many primitives (default Infinity: never) the geometry is not built at once: frames
   * show the board drawn on the CPU (cpu-preview.ts) until the host calls `buildGeometry`, after the
   * first frame, and then until the snapshot holds the view.
   */
  previewItems?: number;
  /**
   * The board's picture already drawn for a view (view/board-picture.ts: the same pixels the preview
   * would draw, for the layers panel as the editor opens): a deferred start's first preview of that
   * very view uploads it instead of drawing it again.
   */
  picture?: { pixels: Uint8ClampedArray; view: PreviewView };
}

/** '#rgb', '#rrggbb', '#rrggbbaa' or 'rgb(a)(...)' -> [r, g, b, a] in 0..1 (grey when unreadable). */
/**
 * Layers of anything (GPU layers, primitives' groups, a picture's command lists) in the panel's draw
 * order, visible ones only, each with its colour (0..1 RGBA, the layer's alpha applied; holes in the
 * hole colour) and a key naming what it shows.
 */
export function layerPaints<T>(layers: readonly T[], at: (l: T) => { layer: number; hole: boolean }, visible: ReadonlySet<number>, order: readonly number[], paint: (layer: number) => GlPaint, holeColor = '#222222'): Array<{ l: T; rgba: number[]; key: string }> {
  const byLayer = new Map<number, T[]>();
  for (const l of layers) { const id = at(l).layer; let a = byLayer.get(id); if (!a) byLayer.set(id, (a = [])); a.push(l); }
  const hole = parseColor(holeColor);
  const out: Array<{ l: T; rgba: number[]; key: string }> = [];
  for (const id of order) {
    if (!visible.has(id)) continue;
    const ls = byLayer.get(id);
    if (!ls) continue;
    const { color, alpha } = paint(id);
    for (const l of ls) {
      const h = at(l).hole;
      const c = h ? hole : parseColor(color);
      out.push({ l, rgba: [c[0], c[1], c[2], c[3] * alpha], key: `${id}${h ? 'h' : ''}:${color}:${alpha}` });
    }
  }
  return out;
}

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

/** A kind's items on the GPU: `vao` reads them as quads (4 vertices each), `points` as one vertex each (the first of the 4). */
interface GpuQuads { vao: WebGLVertexArrayObject; points: WebGLVertexArrayObject; buf: WebGLBuffer; bytes: number }
/** One layer's geometry on the GPU; `overlay`: the primitives added by edits since the last full build. */
interface GpuLayer { g: GlLayerGeometry; quads: Partial<Record<QuadKind, GpuQuads>>; triVao: WebGLVertexArrayObject | null; triBuf: WebGLBuffer | null; overlay: boolean }
/**
 * On SwiftShader an item (its vertices and primitives) costs about as much as this many pixels of
 * fragments: the unit of the work between frames (TileCost: items + px / PX_PER_ITEM).
 */
export const PX_PER_ITEM = 50;
/** Work of one `refine` step between frames (TileCost units, at least one tile): a few ms of SwiftShader's time. */
export const STEP_BUDGET = 6_000;
/** A frame draws the snapshot's tiles under the view that it lacks (an edit undid them, a pan outran the steps) when they are at most this share of them. */
const FIX_SHARE = 0.25;
/**
 * What a frame drew: every item in view, the snapshot at its scale, the snapshot scaled (a zoom),
 * the whole board's overview scaled (a jump or a zoom out past the snapshot), or every item while no
 * texture holds the view.
 */
export type FrameKind = 'direct' | 'snapshot' | 'scaled' | 'overview' | 'fallback' | 'preview';

const EVERYWHERE: Box = { minX: -Infinity, minY: -Infinity, maxX: Infinity, maxY: Infinity };
/** Items moved here are hidden (far outside any view; float32 holds it exactly enough). */
const FAR = 1e20;
/** An overlay of edits larger than this many primitives (or that many hidden) is folded into a full build. */
const OVERLAY_MAX = 5000;
/** Where a frame looks: the centre (mil), pixels per mil and the target's size in pixels. */
interface View extends SnapshotView { box: Box }

type Canvasish = HTMLCanvasElement | OffscreenCanvas;

export class PcbGlView {
  private layers: GpuLayer[] = [];
  private readonly progs: Record<QuadKind | 'tri' | 'snap' | 'segPt' | 'boxPt', WebGLProgram>;
  private readonly quad: WebGLBuffer;
  private readonly quadVao: WebGLVertexArrayObject;
  /** The indices of `quadCap` quads (two triangles each; a vertex's corner is its index's low two bits). */
  private indices: WebGLBuffer | null = null;
  private quadCap = 0;
  private readonly u: Record<string, WebGLUniformLocation | null> = {};
  private readonly snapshot: GlSnapshot;
  /** The union box of every layer, and the geometry's version (a snapshot of an older one is stale). */
  private box: Box = emptyBox();
  /** The geometry's version, new with each full build (an edit in place invalidates the snapshot's tiles under it instead). */
  private version = 0;
  /** Where each base primitive's items are (made at the first edit), the primitives of the overlay, and how many were hidden. */
  private where: Map<Prim, [GpuLayer, number]> | null = null;
  private readonly added = new Set<Prim>();
  private hidden = 0;
  /** What the last frame over many items asked of the snapshot (asked again when a build ends: the overview follows). */
  private wanted: { view: View; key: string; shown: Box } | null = null;
  /** What the last frame drew. */
  frame: { kind: FrameKind; fixedTiles: number } = { kind: 'direct', fixedTiles: 0 };
  /** GlSnapshot.maxSide (cached: getParameter is a round trip to the GPU process). */
  private maxSide: number | null = null;
  private last: { vp: Viewport; visible: Set<number> } | null = null;
  stats = { draws: 0, instances: 0, triVerts: 0, lod: false, points: 0, boxQuads: 0 };
  /** What the snapshot's tiles drew, summed over every tile (`points`: items drawn as points; `boxQuads`: rounded boxes drawn as quads). */
  snapshotStats = { draws: 0, instances: 0, triVerts: 0, lod: false, points: 0, boxQuads: 0 };
  /** Did a preview take the host's picture (PcbGlOptions.picture) instead of drawing its own? */
  tookPicture = false;
  /** How many times the whole geometry was built (the first, new scenes, overgrown overlays). */
  fullBuilds = 0;
  /** The primitives whose geometry is not built yet (see PcbGlOptions.previewItems), grouped as buildGlGeometry groups them, and the drawing of their shapeless ones made by the preview. */
  private pending: { prims: Prim[]; groups: Array<{ layer: number; hole: boolean; prims: Prim[] }>; made: Map<Prim, GlItem> } | null = null;
  /** The CPU-drawn picture shown while the geometry or the snapshot is not ready. */
  private preview: GlPreview | null = null;

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
    this.progs = { seg: program(gl, SEG_VS, SEG_FS), box: program(gl, BOX_VS, BOX_FS), tri: program(gl, TRI_VS, TRI_FS), snap: program(gl, ...GlSnapshot.shaders()), segPt: program(gl, SEG_PT_VS, SEG_PT_FS), boxPt: program(gl, BOX_PT_VS, BOX_PT_FS) };
    for (const [k, p] of Object.entries(this.progs)) {
      for (const n of ['u_center', 'u_scale', 'u_px', 'u_color']) this.u[`${k}.${n}`] = gl.getUniformLocation(p, n);
    }
    this.quad = gl.createBuffer()!;
    gl.bindBuffer(gl.ARRAY_BUFFER, this.quad);
    gl.bufferData(gl.ARRAY_BUFFER, new Float32Array([-1, -1, 1, -1, -1, 1, 1, 1]), gl.STATIC_DRAW);
    this.quadVao = gl.createVertexArray()!;
    gl.bindVertexArray(this.quadVao);
    gl.enableVertexAttribArray(0);
    gl.vertexAttribPointer(0, 2, gl.FLOAT, false, 0, 0);
    gl.bindVertexArray(null);
    this.snapshot = new GlSnapshot(gl, this.progs.snap, this.quadVao);
    const all = Array.isArray(prims) ? (prims as Prim[]) : [...prims];
    if (all.length > (opts.previewItems ?? Infinity)) this.defer(all);
    else this.setPrims(all);
  }

  /** The name of the GPU (unmasked where the browser tells it). */
  get renderer(): string {
    const gl = this.gl;
    const ext = gl.getExtension('WEBGL_debug_renderer_info');
    return String(gl.getParameter(ext ? ext.UNMASKED_RENDERER_WEBGL : gl.RENDERER));
  }

  /** The shared index buffer, for at least `n` quads. */
  private ensureQuads(n: number): void {
    if (n <= this.quadCap) return;
    const gl = this.gl;
    const cap = Math.max(n, 1024);
    const idx = new Uint32Array(cap * 6);
    for (let i = 0, o = 0, v = 0; i < cap; i++, o += 6, v += 4) {
      idx[o] = v; idx[o + 1] = v + 1; idx[o + 2] = v + 2;
      idx[o + 3] = v + 2; idx[o + 4] = v + 1; idx[o + 5] = v + 3;
    }
    gl.deleteBuffer(this.indices);
    this.indices = gl.createBuffer();
    gl.bindVertexArray(null);
    gl.bindBuffer(gl.ELEMENT_ARRAY_BUFFER, this.indices);
    gl.bufferData(gl.ELEMENT_ARRAY_BUFFER, idx, gl.STATIC_DRAW);
    this.quadCap = cap;
  }

  /** Keep the primitives for `buildGeometry`; frames show the preview meanwhile. */
  private defer(prims: Prim[]): void {
    this.release();
    this.dropPreview();
    this.pending = { prims, groups: layerGroups(prims), made: new Map() };
    this.box = emptyBox();
    this.version++;
    this.snapshot.clear();
  }

  /** Is the geometry still to be built (`buildGeometry`)? */
  get deferred(): boolean { return this.pending !== null; }

  /**
   * Build and upload the geometry kept by a deferred start (the host calls it once the first frame
   * is shown); the view is drawn again (from the preview until the snapshot holds it). False when
   * there was nothing to build.
   */
  buildGeometry(): boolean {
    const p = this.pending;
    if (!p) return false;
    this.pending = null;
    this.build(p.prims, p.made);
    if (this.last) this.draw(this.last.vp, this.last.visible);
    return true;
  }

  private dropPreview(): void {
    this.preview?.release();
    this.preview = null;
  }

  /** Replace the primitives (a new scene): geometry rebuilt and uploaded. */
  setPrims(prims: Iterable<Prim>): void {
    this.pending = null;
    this.dropPreview();
    this.build(prims);
  }

  private build(prims: Iterable<Prim>, cache?: Map<Prim, GlItem>): void {
    this.release();
    this.where = null;
    this.added.clear();
    this.hidden = 0;
    this.layers = this.upload(buildGlGeometry(prims, cache));
    this.fullBuilds++;
    this.box = emptyBox();
    for (const l of this.layers) this.box = unionBox(this.box, l.g.box);
    this.version++;
    this.snapshot.clear();
  }

  /**
   * An edit: the primitives `before` replaced by `after` (PcbEditor.onPrims), in place. The items of
   * the old primitives are moved off the board in the GPU buffers (a few bytes written each); the new
   * ones go to a small overlay geometry rebuilt for each edit. Past OVERLAY_MAX items, or when the
   * overlay box grows the board, everything is built again from `all`.
   */
  update(before: Iterable<Prim>, after: Iterable<Prim>, all: () => Iterable<Prim>): void {
    if (this.pending) { this.defer([...all()]); return; }
    if (!this.where) {
      this.where = new Map();
      for (const l of this.layers) if (!l.overlay) l.g.prims.forEach((p, i) => this.where!.set(p, [l, i]));
    }
    // a cut-up primitive (a pour's fill) is not hidden item by item: build again
    const split = new Set<Prim>();
    for (const l of this.layers) if (!l.overlay) for (const p of l.g.split) split.add(p);
    for (const p of before) if (split.has(p)) { this.setPrims(all()); return; }
    for (const p of before) {
      const w = this.where.get(p);
      if (w) { this.hideItem(w[0], w[1]); this.where.delete(p); this.hidden++; } else this.added.delete(p);
    }
    for (const p of after) this.added.add(p);
    let box = this.box;
    for (const p of this.added) box = unionBox(box, p.box);
    if (this.added.size > OVERLAY_MAX || this.hidden > OVERLAY_MAX || box.minX < this.box.minX || box.minY < this.box.minY || box.maxX > this.box.maxX || box.maxY > this.box.maxY) {
      this.setPrims(all());
      return;
    }
    for (const l of this.layers) if (l.overlay) this.releaseLayer(l);
    this.layers = this.layers.filter((l) => !l.overlay);
    for (const l of this.upload(buildGlGeometry(this.added))) { l.overlay = true; this.layers.push(l); }
    // the snapshot's tiles under the edited primitives are drawn again (texels() keeps a margin: hairlines are a pixel wide at any scale)
    for (const p of before) this.snapshot.invalidate(p.box);
    for (const p of after) this.snapshot.invalidate(p.box);
  }

  /** Move a base primitive's items far off the board (clipped away) in the GPU buffers. */
  private hideItem(l: GpuLayer, i: number): void {
    const gl = this.gl;
    const g = l.g;
    for (const kind of Object.keys(QUADS) as QuadKind[]) {
      const k = QUADS[kind];
      const at = kind === 'seg' ? g.segAt : g.boxAt;
      const end = kind === 'seg' ? g.segEnd : g.boxEnd;
      const q = l.quads[kind];
      const n = end[i] - at[i];
      if (!q || n <= 0) continue;
      // every vertex of the items at a far point, zero size
      const far = new Float32Array(n * 4 * k.floats);
      for (let v = 0; v < n * 4; v++) { far[v * k.floats] = FAR; far[v * k.floats + 1] = FAR; if (kind === 'seg') { far[v * k.floats + 2] = FAR; far[v * k.floats + 3] = FAR; } }
      gl.bindBuffer(gl.ARRAY_BUFFER, q.buf);
      gl.bufferSubData(gl.ARRAY_BUFFER, at[i] * 4 * k.floats * 4, far);
    }
    const t0 = g.triAt[i], t1 = g.triEnd[i];
    if (t1 > t0 && l.triBuf) {
      gl.bindBuffer(gl.ARRAY_BUFFER, l.triBuf);
      gl.bufferSubData(gl.ARRAY_BUFFER, t0 * 8, new Float32Array((t1 - t0) * 2).fill(FAR));
    }
  }

  /** GPU buffers and vertex arrays of layer geometry. */
  private upload(geometry: GlLayerGeometry[]): GpuLayer[] {
    const gl = this.gl;
    let most = 0;
    for (const g of geometry) most = Math.max(most, g.segs.length / SEG_FLOATS, g.boxes.length / BOX_FLOATS);
    this.ensureQuads(most);
    const out: GpuLayer[] = [];
    for (const g of geometry) {
      const l: GpuLayer = { g, quads: {}, triBuf: null, triVao: null, overlay: false };
      for (const kind of Object.keys(QUADS) as QuadKind[]) {
        const k = QUADS[kind];
        const data = g[k.data];
        if (!data.length) continue;
        const vao = gl.createVertexArray()!;
        gl.bindVertexArray(vao);
        const buf = gl.createBuffer()!;
        const verts = expandQuads(data, k.floats);
        gl.bindBuffer(gl.ARRAY_BUFFER, buf);
        gl.bufferData(gl.ARRAY_BUFFER, verts, gl.STATIC_DRAW);
        for (const [loc, size, off] of k.attrs) { gl.enableVertexAttribArray(loc); gl.vertexAttribPointer(loc, size, gl.FLOAT, false, 4 * k.floats, 4 * off); }
        gl.bindBuffer(gl.ELEMENT_ARRAY_BUFFER, this.indices);
        // the same buffer read one vertex per item (stride: the item's 4 vertices)
        const points = gl.createVertexArray()!;
        gl.bindVertexArray(points);
        gl.bindBuffer(gl.ARRAY_BUFFER, buf);
        for (const [loc, size, off] of k.attrs) { gl.enableVertexAttribArray(loc); gl.vertexAttribPointer(loc, size, gl.FLOAT, false, 16 * k.floats, 4 * off); }
        l.quads[kind] = { vao, points, buf, bytes: verts.byteLength };
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
      out.push(l);
    }
    gl.bindVertexArray(null);
    return out;
  }

  private release(): void {
    for (const l of this.layers) this.releaseLayer(l);
    this.layers = [];
  }

  private releaseLayer(l: GpuLayer): void {
    const gl = this.gl;
    gl.deleteBuffer(l.triBuf);
    gl.deleteVertexArray(l.triVao);
    for (const i of Object.values(l.quads)) { gl.deleteBuffer(i.buf); gl.deleteVertexArray(i.vao); gl.deleteVertexArray(i.points); }
  }

  /** Bytes of geometry on the GPU (the vertices of every layer and the snapshot's textures). */
  get gpuBytes(): number {
    let n = this.quadCap * 24 + this.snapshot.bytes + (this.preview?.bytes ?? 0);
    for (const l of this.layers) {
      n += l.g.tris.byteLength;
      for (const q of Object.values(l.quads)) n += q.bytes;
    }
    return n;
  }

  /** The layers to draw, in the panel's order, each with its colour (holes in the hole colour). */
  private paints(visible: Set<number>): Array<{ l: GpuLayer; rgba: number[]; key: string }> {
    return this.paintsOf(this.layers, (l) => l.g, visible);
  }

  /** Layers of anything (GPU layers, the deferred primitives' groups) in the panel's order, each with its colour. */
  private paintsOf<T>(layers: readonly T[], at: (l: T) => { layer: number; hole: boolean }, visible: Set<number>): Array<{ l: T; rgba: number[]; key: string }> {
    return layerPaints(layers, at, visible, this.order(), this.paint, this.opts.holeColor);
  }

  /** The snapshot's key: what it shows (the geometry's full build, the background, the layers drawn and their colours; not the overlay of edits, whose tiles are drawn again). */
  private key(paints: Array<{ key: string }>): string {
    return `${this.version}|${this.look(paints)}`;
  }

  /** What a picture of the board shows: the background, the layers drawn and their colours (the preview's key). */
  private look(paints: Array<{ key: string }>): string {
    return `${this.opts.background ?? ''}|${this.opts.holeColor ?? ''}|${[...new Set(paints.map((p) => p.key))].join(',')}`;
  }

  /**
   * Draw the visible layers for `vp` (device pixels of the canvas). Over many items or much fill the
   * frame shows the snapshot (drawn between frames by `refine`, see gl-snapshot.ts), translated or
   * scaled; while it does not hold the view (first frame, a jump, a zoom out past it, new layers or
   * colours) the frame draws every item in view. `frame` says which.
   */
  draw(vp: Viewport, visible: Set<number>): void {
    const gl = this.gl;
    const c = gl.canvas as Canvasish;
    gl.bindFramebuffer(gl.FRAMEBUFFER, null);
    gl.viewport(0, 0, c.width, c.height);
    const bg = parseColor(this.opts.background ?? '#000000');
    gl.clearColor(bg[0], bg[1], bg[2], 1);
    gl.clear(gl.COLOR_BUFFER_BIT);
    const view: View = { cx: vp.cx, cy: vp.cy, scale: vp.scale, width: vp.width, height: vp.height, box: vp.visible() };
    if (this.pending) {
      this.last = { vp, visible };
      this.showPreview(view, visible, true);
      return;
    }
    const paints = this.paints(visible);
    const load: Load = { items: 0, area: 0 };
    const planned = paints.map((p) => ({ ...p, runs: this.visibleRuns(p.l.g, view.box, view.box, load) }));
    this.last = { vp, visible };
    const many = load.items > (this.opts.lodItems ?? LOD_ITEMS) || load.area * view.scale * view.scale > LOD_FILL * view.width * view.height;
    if (many && GlSnapshot.fits((this.maxSide ??= GlSnapshot.maxSide(gl)), view)) {
      const key = this.key(paints);
      const shown = this.shown(view.box, view.scale);
      // the ring wanted for this view (its scale, around it) is drawn between frames
      this.snapshot.want(this.box, view, key, shown);
      this.wanted = { view, key, shown };
      let fixed = 0;
      // a deferred start's picture can stand in (drawing every item is what it spares): no tiles drawn in the frame meanwhile
      const stand = this.preview !== null && this.preview.key === this.look(paints) && this.preview.covers(view);
      const ready = this.snapshot.ready(key, shown, view.scale, stand ? 0 : FIX_SHARE, (tiles) => {
        for (const ref of tiles) this.snapshot.drawTile(ref, (sv, region, tile, ov) => this.paintTile(sv, region, tile, paints, ov));
        fixed = tiles.length;
      });
      if (ready) {
        this.dropPreview();
        gl.viewport(0, 0, c.width, c.height);
        this.snapshot.draw(view, shown);
        this.stats = { draws: 1, instances: 0, triVerts: 0, lod: true, points: 0, boxQuads: 0 };
        this.frame = { kind: this.snapshot.overviewShown ? 'overview' : Math.abs(this.snapshot.scale / view.scale - 1) < 1e-9 ? 'snapshot' : 'scaled', fixedTiles: fixed };
        return;
      }
      if (stand) {
        gl.viewport(0, 0, c.width, c.height);
        this.showPreview(view, visible, false);
        return;
      }
      this.stats = this.drawLayers(view, planned);
      this.frame = { kind: 'fallback', fixedTiles: 0 };
      return;
    }
    this.dropPreview();
    this.snapshot.stop();
    this.wanted = null;
    this.stats = this.drawLayers(view, planned);
    this.frame = { kind: 'direct', fixedTiles: 0 };
  }

  /** Show the preview for a view; `make`: draw a new one when the one kept cannot stand in (see GlPreview.covers). */
  private showPreview(view: View, visible: Set<number>, make: boolean): void {
    if (make) {
      const p = this.pending!;
      const paints = this.paintsOf(p.groups, (g) => g, visible);
      const key = this.look(paints);
      if (!this.preview || this.preview.key !== key || !this.preview.covers(view)) {
        this.dropPreview();
        const layers: PreviewLayer[] = paints.map((q) => ({ prims: q.l.prims, rgba: q.rgba }));
        const pic = this.opts.picture, pv = pic?.view;
        this.opts.picture = undefined;
        const same = pv !== undefined && pv.cx === view.cx && pv.cy === view.cy && pv.scale === view.scale && pv.width === view.width && pv.height === view.height;
        this.preview = new GlPreview(this.gl, this.progs.snap, this.quadVao, layers, view, parseColor(this.opts.background ?? '#000000'), key, p.made, same ? pic!.pixels : undefined);
        if (same) this.tookPicture = true;
      }
    }
    this.preview!.draw(view);
    this.stats = { draws: 1, instances: 0, triVerts: 0, lod: true, points: 0, boxQuads: 0 };
    this.frame = { kind: 'preview', fixedTiles: 0 };
  }

  /** The part of the board a view shows: its box within the board's, and 2 px more (an item is drawn up to a pixel past its box). */
  private shown(v: Box, scale: number): Box {
    const b = this.box, m = 2 / scale;
    return { minX: Math.max(b.minX - m, v.minX), minY: Math.max(b.minY - m, v.minY), maxX: Math.min(b.maxX + m, v.maxX), maxY: Math.min(b.maxY + m, v.maxY) };
  }

  /** Is the snapshot still being drawn (the app calls `refine` again, a frame later)? */
  get busy(): boolean { return this.snapshot.busy; }

  /**
   * Work between frames: draw tiles of the snapshot the last view wants (see gl-snapshot.ts), about
   * `budget` of TileCost units (STEP_BUDGET: one step; Infinity: all of it), and draw the view
   * again when what it shows changed (the new texture holds it). Returns whether there was work.
   */
  refine(budget = Infinity): boolean {
    if (!this.last || !this.snapshot.busy) return false;
    const { vp, visible } = this.last;
    const paints = this.paints(visible);
    const cost = (t: TileCost) => t.items + t.px / PX_PER_ITEM;
    do {
      this.snapshot.step(budget, cost, (sv, region, tile, ov) => this.paintTile(sv, region, tile, paints, ov));
      // a build done: what comes next (the overview, once the view's texture is done)
      if (!this.snapshot.busy && this.wanted) this.snapshot.want(this.box, this.wanted.view, this.wanted.key, this.wanted.shown);
    } while (budget === Infinity && this.snapshot.busy);
    // the view drawn again when the texture at its scale now holds it (it showed another scale, or every item)
    if (this.frame.kind !== 'snapshot' && this.frame.kind !== 'direct') {
      if (this.snapshot.canShow(this.key(paints), this.shown(vp.visible(), vp.scale), vp.scale)) this.draw(vp, visible);
    }
    return true;
  }

  /** Tiles of the snapshot drawn so far (tests, bench). */
  get snapshotTiles(): number { return this.snapshot.tilesDrawn; }

  /** Draw a tile of the snapshot: every visible layer's items under it (`region`: the tile's viewport, the tile and a margin). */
  private paintTile(sv: SnapshotView, region: Box, tile: Box, paints: Array<{ l: GpuLayer; rgba: number[]; key: string }>, overview: boolean): TileCost {
    const v: View = { ...sv, box: region };
    const load: Load = { items: 0, area: 0 };
    // the cells that meet the tile's viewport (the tile and a margin: an item is drawn up to a pixel past its box);
    // any of them may be points: a point sprite whose centre is outside the viewport is dropped whole, but
    // reaches at most POINT_PX / 2 + 1 px from its centre, less than the margin: it does not reach the tile
    const st = this.drawLayers(v, paints.map((p) => ({ ...p, runs: this.visibleRuns(p.l.g, region, EVERYWHERE, load) })));
    // summed over every tile drawn (an item under several tiles counts in each), the overview's apart
    if (overview) return { items: load.items, px: load.area * sv.scale * sv.scale };
    const a = this.snapshotStats;
    this.snapshotStats = { draws: a.draws + st.draws, instances: a.instances + st.instances, triVerts: a.triVerts + st.triVerts, lod: true, points: a.points + st.points, boxQuads: a.boxQuads + st.boxQuads };
    return { items: load.items, px: load.area * sv.scale * sv.scale };
  }

  /** Draw planned runs of layers for a view on the bound framebuffer (runs of tiny items inside the view as points, see POINT_PX). */
  private drawLayers(v: View, planned: Array<{ l: GpuLayer; rgba: number[]; runs: Run[] }>): PcbGlView['stats'] {
    const points = this.opts.points ?? true;
    const gl = this.gl;
    gl.enable(gl.BLEND);
    gl.blendFuncSeparate(gl.SRC_ALPHA, gl.ONE_MINUS_SRC_ALPHA, gl.ONE, gl.ONE_MINUS_SRC_ALPHA);
    const s = v.scale;
    const st = { draws: 0, instances: 0, triVerts: 0, lod: false, points: 0, boxQuads: 0 };
    let current: WebGLProgram | null = null;
    const use = (k: QuadKind | 'tri' | 'segPt' | 'boxPt', rgba: number[]) => {
      const p = this.progs[k];
      if (current !== p) {
        gl.useProgram(p);
        gl.uniform2f(this.u[`${k}.u_center`], v.cx, v.cy);
        gl.uniform2f(this.u[`${k}.u_scale`], (2 * s) / v.width, (2 * s) / v.height);
        gl.uniform1f(this.u[`${k}.u_px`], 1 / s);
        current = p;
      }
      gl.uniform4f(this.u[`${k}.u_color`], rgba[0], rgba[1], rgba[2], rgba[3]);
    };
    for (const { l, rgba, runs } of planned) {
      if (!runs.length) continue;
      if (l.triVao && runs.some((r) => r.tri1 > r.tri0)) {
        use('tri', rgba);
        gl.bindVertexArray(l.triVao);
        for (const r of runs) if (r.tri1 > r.tri0) { gl.drawArrays(gl.TRIANGLES, r.tri0, r.tri1 - r.tri0); st.draws++; st.triVerts += r.tri1 - r.tri0; }
      }
      for (const kind of ['box', 'seg'] as const) {
        const q = l.quads[kind];
        const k = QUADS[kind];
        if (!q || !runs.some((r) => r[k.to] > r[k.from])) continue;
        const ext = kind === 'seg' ? 'segExt' : 'boxExt';
        // tiny items as points, the others as quads (two passes: one program each)
        for (const asPoints of points ? [true, false] : [false]) {
          const mine = runs.filter((r) => r[k.to] > r[k.from] && (!points || (r.inside && 2 * r[ext] * s + 2 <= POINT_PX) === asPoints));
          if (!mine.length) continue;
          use(asPoints ? (kind === 'seg' ? 'segPt' : 'boxPt') : kind, rgba);
          gl.bindVertexArray(asPoints ? q.points : q.vao);
          for (const r of mine) {
            const n = r[k.to] - r[k.from];
            if (asPoints) gl.drawArrays(gl.POINTS, r[k.from], n);
            else gl.drawElements(gl.TRIANGLES, 6 * n, gl.UNSIGNED_INT, 24 * r[k.from]);
            st.draws++; st.instances += n;
            if (asPoints) st.points += n;
            else if (kind === 'box') st.boxQuads += n;
          }
        }
      }
    }
    gl.bindVertexArray(null);
    return st;
  }

  /**
   * Contiguous runs of the cells whose box meets `view`; `inside`: the cell's box lies in `within`
   * (the viewport's box); `load` adds up their items and their fill's area within `view`.
   */
  private visibleRuns(g: GlLayerGeometry, view: Box, within: Box, load: Load): Run[] {
    const runs: Run[] = [];
    const b0 = g.box;
    if (b0.maxX < view.minX || b0.minX > view.maxX || b0.maxY < view.minY || b0.minY > view.maxY) return runs;
    let cur: Run | null = null;
    for (const c of g.chunks) {
      const b = c.box;
      if (b.maxX < view.minX || b.minX > view.maxX || b.maxY < view.minY || b.minY > view.maxY) { cur = null; continue; }
      load.items += c.seg1 - c.seg0 + c.box1 - c.box0 + (c.tri1 - c.tri0) / 3;
      // the share of the cell's box in view (its fill taken as spread evenly over its box)
      const bw = b.maxX - b.minX, bh = b.maxY - b.minY;
      const fx = bw > 0 ? (Math.min(b.maxX, view.maxX) - Math.max(b.minX, view.minX)) / bw : 1, fy = bh > 0 ? (Math.min(b.maxY, view.maxY) - Math.max(b.minY, view.minY)) / bh : 1;
      load.area += c.area * fx * fy;
      const inside = b.minX >= within.minX && b.maxX <= within.maxX && b.minY >= within.minY && b.maxY <= within.maxY;
      if (cur && cur.inside === inside && cur.seg1 === c.seg0 && cur.tri1 === c.tri0 && cur.box1 === c.box0) {
        cur.seg1 = c.seg1; cur.tri1 = c.tri1; cur.box1 = c.box1;
        if (c.segExt > cur.segExt) cur.segExt = c.segExt;
        if (c.boxExt > cur.boxExt) cur.boxExt = c.boxExt;
        continue;
      }
      cur = { seg0: c.seg0, seg1: c.seg1, tri0: c.tri0, tri1: c.tri1, box0: c.box0, box1: c.box1, segExt: c.segExt, boxExt: c.boxExt, inside };
      runs.push(cur);
    }
    return runs;
  }

  destroy(): void {
    this.release();
    this.snapshot.release();
    this.dropPreview();
    const gl = this.gl;
    gl.deleteBuffer(this.quad);
    gl.deleteBuffer(this.indices);
    gl.deleteVertexArray(this.quadVao);
    for (const p of Object.values(this.progs)) gl.deleteProgram(p);
  }
}
