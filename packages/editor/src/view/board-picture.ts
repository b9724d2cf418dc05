/**
 * A big board's picture made from its parsed records alone, without the editor's document and scene
 * (issue 14 part 6): what the web app shows as soon as a big board's text is parsed, while the
 * document, the scene (150k records' primitives kept: most of that time is the garbage collector
 * copying them) and the view are made; the view's first frame then takes these pixels.
 *
 * The pixels are those of the editor's own first frame (cpu-preview.ts's `previewPixels` of the
 * scene's primitives grouped as gl-pcb.ts groups them, at the view `Viewport.fit` gives for the
 * editor's extent, in the layers panel's order and colours; the test checks every fixture board
 * pixel for pixel). The records that give context (layers, components and their attributes and pad
 * nets, pours, fonts) go to a PcbScene first; then, in file order, a board-level track, via or pad of
 * one simple shape gives its quads (build.ts boardQuads) and any other record its primitives
 * (PcbScene.primsFor); only their drawing is kept (round segments, rounded boxes, triangles, in
 * chunks per layer group); the primitives die young.
 *
 * Pure (no DOM, no timers): Node, a worker, tests.
 * Frames: the board in mil, Y up; the image RGBA, 8 bits, its first row at the bottom (WebGL's order).
 */
import { mainBlockIndex } from '@copperplate/format';
import { type Box, emptyBox } from '@copperplate/board';
import type { Rec } from '../core/records.ts';
import { Viewport } from '../core/viewport.ts';
import { LayersPanel } from '../pcb/layers-panel.ts';
import { PcbScene, type PcbProject } from '../pcb/scene.ts';
import type { Prim, PrimShape } from '../pcb/prims.ts';
import { boardQuads } from '../pcb/build.ts';
import { isCopper, L } from '../pcb/layers.ts';
import { ActiveLayer, Pour } from '@copperplate/format/records';
import { num, recType } from '../core/records.ts';
import { BOX_FLOATS, SEG_FLOATS, primGeometry } from './gl-geometry.ts';
import { Raster, type PreviewView } from './cpu-preview.ts';
import { layerPaints, parseColor } from './gl-pcb.ts';

export interface BoardPictureInput {
  /** The PCB file's blocks (parseDocuments): its PCB block, and embedded footprints. */
  blocks: ReadonlyArray<{ docType: string; records: unknown[][] }>;
  pcbUuid?: string;
  project?: PcbProject;
  /** The canvas, device pixels, and the viewport's pixels per mil at 100% (pcb-view.ts: 0.1 x devicePixelRatio). */
  width: number;
  height: number;
  pxPerUnit: number;
  /** The editor's background and hole colours (gl-pcb.ts's options; holes #222222 by default). */
  background: string;
  holeColor?: string;
}

export interface BoardPicture {
  /** RGBA, width x height, first row at the bottom (WebGL's order, as cpu-preview.ts). */
  pixels: Uint8ClampedArray;
  /** The view it shows (the editor's fit). */
  view: PreviewView;
  /** Primitives drawn. */
  prims: number;
}

/** Record types read before the others: what drawing any record may need (PcbScene's constructor reads them). */
const CONTEXT = new Set(['LAYER', 'LAYER_PHYS', 'COMPONENT', 'ATTR', 'PAD_NET', 'POUR', 'FONT', 'ACTIVE_LAYER']);

const OP_SEG = 0, OP_BOX = 1, OP_TRI = 2;
/** Numbers per chunk of a group's commands. */
const CHUNK = 1 << 15;

/** A layer group's drawing: commands (op, then its numbers) in the order the primitives come. */
class Commands {
  /** Full chunks, and the one being filled (a command never straddles two: no copying as it grows). */
  private done: Array<{ a: Float64Array; n: number }> = [];
  a = new Float64Array(CHUNK);
  n = 0;
  room(k: number): void {
    if (this.n + k <= CHUNK) return;
    this.done.push({ a: this.a, n: this.n });
    this.a = new Float64Array(Math.max(CHUNK, k));
    this.n = 0;
  }
  add(p: Prim): void { if (!this.shape(p.shape)) this.shapeless(p); }
  /** A round segment or a rounded box; false for none. */
  shape(s: PrimShape | undefined): boolean {
    if (s === undefined) return false;
    let o = this.n;
    if (s.k === 'seg') {
      if (o + 6 > CHUNK) { this.room(6); o = 0; }
      const a = this.a;
      a[o] = OP_SEG; a[o + 1] = s.x1; a[o + 2] = s.y1; a[o + 3] = s.x2; a[o + 4] = s.y2; a[o + 5] = s.hw;
      this.n = o + 6;
      return true;
    }
    if (o + 8 > CHUNK) { this.room(8); o = 0; }
    const a = this.a;
    a[o] = OP_BOX; a[o + 1] = s.cx; a[o + 2] = s.cy; a[o + 3] = s.hw; a[o + 4] = s.hh; a[o + 5] = s.ux; a[o + 6] = s.uy; a[o + 7] = s.r;
    this.n = o + 8;
    return true;
  }
  /** As previewPixels draws a shapeless primitive: its triangles, then its boxes, then its segments. */
  private shapeless(p: Prim): void {
    const it = primGeometry(p);
    this.room((it.tris.length / 6) * 7 + (it.boxes.length / BOX_FLOATS) * 8 + (it.segs.length / SEG_FLOATS) * 6);
    const a = this.a;
    let o = this.n;
    for (let i = 0; i + 5 < it.tris.length; i += 6) { a[o++] = OP_TRI; for (let k = 0; k < 6; k++) a[o++] = it.tris[i + k]; }
    for (let i = 0; i < it.boxes.length; i += BOX_FLOATS) { a[o++] = OP_BOX; for (let k = 0; k < 7; k++) a[o++] = it.boxes[i + k]; }
    for (let i = 0; i < it.segs.length; i += SEG_FLOATS) { a[o++] = OP_SEG; for (let k = 0; k < 5; k++) a[o++] = it.segs[i + k]; }
    this.n = o;
  }
  draw(r: Raster): void {
    for (const c of this.done) drawCommands(r, c.a, c.n);
    drawCommands(r, this.a, this.n);
  }
}

function drawCommands(r: Raster, a: Float64Array, n: number): void {
  for (let o = 0; o < n;) {
    const op = a[o];
    if (op === OP_SEG) { r.seg(a[o + 1], a[o + 2], a[o + 3], a[o + 4], a[o + 5]); o += 6; }
    else if (op === OP_BOX) { r.box(a[o + 1], a[o + 2], a[o + 3], a[o + 4], a[o + 5], a[o + 6], a[o + 7]); o += 8; }
    else { r.tri(a[o + 1], a[o + 2], a[o + 3], a[o + 4], a[o + 5], a[o + 6]); o += 7; }
  }
}

/** The primitives' groups (gl-geometry.ts's layerGroups: by layer, holes apart, in the order they first come) and their extent. */
class Groups {
  readonly by = new Map<number, { layer: number; hole: boolean; cmds: Commands }>();
  minX = Infinity; minY = Infinity; maxX = -Infinity; maxY = -Infinity;
  count = 0;
  add(ps: readonly Prim[] | undefined): void {
    if (!ps) return;
    for (let i = 0; i < ps.length; i++) {
      const p = ps[i];
      this.group(p.layer, p.kind === 'hole').add(p);
      this.extend(p.box);
    }
  }
  /** A shape of boardQuads (a primitive's own shape; its box as prims.ts's shapeBox, without the object). */
  readonly addShape = (layer: number, hole: boolean, s: PrimShape): void => {
    this.group(layer, hole).shape(s);
    let ex: number, ey: number, x0: number, x1: number, y0: number, y1: number;
    if (s.k === 'seg') {
      ex = ey = s.hw;
      if (s.x1 < s.x2) { x0 = s.x1; x1 = s.x2; } else { x0 = s.x2; x1 = s.x1; }
      if (s.y1 < s.y2) { y0 = s.y1; y1 = s.y2; } else { y0 = s.y2; y1 = s.y1; }
    } else {
      const ax = Math.abs(s.ux), ay = Math.abs(s.uy), r = Math.min(s.r, s.hw, s.hh);
      ex = ax * (s.hw - r) + ay * (s.hh - r) + r; ey = ay * (s.hw - r) + ax * (s.hh - r) + r;
      x0 = x1 = s.cx; y0 = y1 = s.cy;
    }
    const minX = x0 - ex, maxX = x1 + ex, minY = y0 - ey, maxY = y1 + ey;
    if (!(minX <= maxX && minY <= maxY)) return;
    if (minX < this.minX) this.minX = minX;
    if (minY < this.minY) this.minY = minY;
    if (maxX > this.maxX) this.maxX = maxX;
    if (maxY > this.maxY) this.maxY = maxY;
  };
  private lastKey = NaN;
  private last: Commands | null = null;
  private group(layer: number, hole: boolean): Commands {
    const key = hole ? -1 - layer : layer;
    this.count++;
    if (key === this.lastKey) return this.last!;
    let g = this.by.get(key);
    if (!g) this.by.set(key, (g = { layer, hole, cmds: new Commands() }));
    this.lastKey = key;
    this.last = g.cmds;
    return g.cmds;
  }
  /** The editor's extent (PcbEditor.extent): the union of the primitives' boxes, empty ones left out. */
  private extend(q: Box): void {
    if (!(q.minX <= q.maxX && q.minY <= q.maxY)) return;
    if (q.minX < this.minX) this.minX = q.minX;
    if (q.minY < this.minY) this.minY = q.minY;
    if (q.maxX > this.maxX) this.maxX = q.maxX;
    if (q.maxY > this.maxY) this.maxY = q.maxY;
  }
  get box(): Box { return this.minX <= this.maxX ? { minX: this.minX, minY: this.minY, maxX: this.maxX, maxY: this.maxY } : emptyBox(); }
}

/**
 * The picture of a PCB as the editor's first frame shows it (see the file's header), from its parsed
 * blocks (the codec's parseDocuments); null when they hold no PCB or nothing drawn.
 */
export function boardPicture(input: BoardPictureInput): BoardPicture | null {
  const blocks = input.blocks;
  const mi = mainBlockIndex(blocks);
  if (mi < 0 || blocks[mi].docType !== 'PCB') return null;
  const all = blocks[mi].records as Rec[];
  // the context records first (PcbScene's constructor: layers, components, fonts, pours, the stored fills)
  const keys: string[] = [], recs: Rec[] = [];
  const isContext = new Uint8Array(all.length);
  let activeRec: Rec | undefined;
  for (let i = 0; i < all.length; i++) {
    const r = all[i];
    if (!Array.isArray(r) || !CONTEXT.has(recType(r))) continue;
    keys.push(`#${i}`); recs.push(r); isContext[i] = 1;
    if (!activeRec && ActiveLayer.is(r)) activeRec = r;
  }
  const scene = new PcbScene({ docType: 'PCB', keys, records: recs, extraBlocks: blocks.filter((_, i) => i !== mi), pcbUuid: input.pcbUuid, project: input.project });
  const pours = new Map<string, Rec>();
  for (const r of recs) if (Pour.is(r)) pours.set(Pour.get(r, 'id'), r);
  // every record's primitives in file order, kept only as their drawing: they die young
  const groups = new Groups();
  for (let i = 0; i < all.length; i++) {
    const r = all[i];
    if (isContext[i]) groups.add(scene.prims.get(`#${i}`));
    else if (Array.isArray(r) && recType(r) !== 'DOCTYPE' && !boardQuads(r, groups.addShape)) groups.add(scene.primsFor(`#${i}`, r, pours));
  }
  for (const [k, ps] of scene.prims) if (k.startsWith('poured:')) groups.add(ps);
  if (!groups.count) return null;
  // the editor's fit of its extent, on a canvas of this size
  const vp = new Viewport({ width: input.width, height: input.height, pxPerUnit: input.pxPerUnit });
  vp.fit(groups.box);
  const view: PreviewView = { cx: vp.cx, cy: vp.cy, scale: vp.scale, width: input.width, height: input.height };
  const pixels = new Uint8ClampedArray(view.width * view.height * 4);
  const bg = parseColor(input.background);
  const br = Math.round(bg[0] * 255), bgr = Math.round(bg[1] * 255), bb = Math.round(bg[2] * 255);
  for (let i = 0; i < pixels.length; i += 4) { pixels[i] = br; pixels[i + 1] = bgr; pixels[i + 2] = bb; pixels[i + 3] = 255; }
  const raster = new Raster(pixels, view);
  // the layers panel as the editor opens it: its order, visible layers and colours (gl-pcb.ts paintsOf)
  const active = activeRec ? num(ActiveLayer.raw(activeRec, 'layer'), L.TOP) : L.TOP;
  const panel = new LayersPanel(scene.layers, isCopper(active) ? active : L.TOP);
  for (const q of layerPaints([...groups.by.values()], (g) => g, new Set(panel.visibleIds()), panel.drawOrder(), (id) => panel.paint(id), input.holeColor)) {
    raster.color(q.rgba);
    q.l.cmds.draw(raster);
  }
  return { pixels, view, prims: groups.count };
}

