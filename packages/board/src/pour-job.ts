/**
 * What one thread of a split refill (pour-par.ts) needs of a resolved board, and the fills it sends
 * back, as flat typed arrays that move between threads without a copy (postMessage transfer lists):
 * a structured clone of a board's items as objects cost about as much as resolving the board again,
 * and the fills of a 300k-pad board are 28M points.
 *
 * A job holds the pours of some layers, the copper items on those layers and the multi-layer ones,
 * every hole, the keep-outs of those layers, the board outline, the rule records and the stored fills
 * of the pours it keeps. On the worker's side `jobModel` makes a BoardModel of it whose items have the
 * fields the fill reads (pour.ts): numbers, the net, the pad shape shared by shape key, and their
 * paths made only when read (a pad's from its shape at its centre and a track's or via's from its
 * primitive, as model.ts makes them; the others from the flat rings sent; a round hole's are not sent,
 * the fill reads its disc). Clip units (clip.ts).
 */
import { Clipper } from '@countertype/clipper2-ts';
import { type IBox, type Path64, type Paths64, type PolyWithHoles, circlePath, segmentPath } from './clip.ts';
import { type BoardModel, type CopperItem, type Hole, type ItemKind, type KeepOut, type PourDef, MULTI } from './model.ts';
import { parseRules } from './rules.ts';

/** Ring lists as flat coordinates: list k has `count[k]` rings, ring j `lens[j]` points, `xy` every x, y in order. */
export interface FlatRings { count: Int32Array; lens: Int32Array; xy: Int32Array | Float64Array }

/** Encode lists of rings (a missing list: no rings). Integer coordinates go in an Int32Array, else a Float64Array. */
export function flatRings(lists: ReadonlyArray<Paths64 | undefined>): FlatRings {
  let rings = 0, pts = 0;
  for (const l of lists) {
    if (!l) continue;
    rings += l.length;
    for (const p of l) pts += p.length;
  }
  const count = new Int32Array(lists.length), lens = new Int32Array(rings);
  // one pass over the points (objects of many shapes: the slow part), then Int32 when they are integers
  const f = new Float64Array(2 * pts);
  let r = 0, o = 0;
  for (let k = 0; k < lists.length; k++) {
    const l = lists[k];
    if (!l) continue;
    count[k] = l.length;
    for (const p of l) {
      lens[r++] = p.length;
      for (let i = 0; i < p.length; i++) { const q = p[i]; f[o++] = q.x; f[o++] = q.y; }
    }
  }
  const xy = new Int32Array(2 * pts);
  for (let i = 0; i < f.length; i++) { const v = f[i]; if ((v | 0) !== v) return { count, lens, xy: f }; xy[i] = v; }
  return { count, lens, xy };
}

/** Reads the lists of a FlatRings by index (their first ring and point found once, up front). */
export class RingReader {
  private ring0: Int32Array;
  private pt0: Float64Array;
  constructor(readonly f: FlatRings) {
    this.ring0 = new Int32Array(f.count.length + 1);
    for (let k = 0; k < f.count.length; k++) this.ring0[k + 1] = this.ring0[k] + f.count[k];
    this.pt0 = new Float64Array(f.lens.length + 1);
    for (let j = 0; j < f.lens.length; j++) this.pt0[j + 1] = this.pt0[j] + f.lens[j];
  }
  ring(j: number): Path64 {
    const n = this.f.lens[j], xy = this.f.xy;
    const out: Path64 = new Array(n);
    for (let i = 0, o = 2 * this.pt0[j]; i < n; i++, o += 2) out[i] = { x: xy[o], y: xy[o + 1] };
    return out;
  }
  list(k: number): Paths64 {
    const a = this.ring0[k], b = this.ring0[k + 1];
    const out: Paths64 = new Array(b - a);
    for (let j = a; j < b; j++) out[j - a] = this.ring(j);
    return out;
  }
}

/** Polygons with holes as one FlatRings list per polygon (outer ring first). */
export const flatPolys = (ps: readonly PolyWithHoles[]): FlatRings => flatRings(ps.map((p) => [p.outer, ...p.holes]));
export function polysOf(f: FlatRings): PolyWithHoles[] {
  const r = new RingReader(f);
  const out: PolyWithHoles[] = new Array(f.count.length);
  for (let k = 0; k < out.length; k++) { const l = r.list(k); out[k] = { outer: l[0], holes: l.slice(1) }; }
  return out;
}

/** Rings made counter-clockwise, as model.ts makes an item's. */
const ccw = (ps: Paths64): Paths64 => {
  for (let i = 0; i < ps.length; i++) if (Clipper.area(ps[i]) < 0) ps[i] = ps[i].slice().reverse();
  return ps;
};

const KINDS: ItemKind[] = ['track', 'arc', 'pad', 'via', 'fill', 'teardrop', 'poly'];
// flag bits of an item or hole
const CX = 1, CY = 2, ANGLE = 4, SEG = 8, DISC = 16, PSEG = 32, PLATED = 64, VIA_HOLE = 128;
/** Numbers per item: box 0-3, cx 4, cy 5, angle 6, seg 7-11, prim 12-16, thermal gap, width, angle 17-19 (NaN: null). */
const NI = 20;
/** Numbers per hole: box 0-3, cx 4, cy 5, size 6, prim 7-9. */
const NH = 10;

export interface JobItems {
  kind: Uint8Array;
  layer: Int32Array;
  /** Index into PourJob.strings. */
  net: Int32Array;
  /** Multi-layer items: a number shared by every item of the same key (a hole of that key finds its pad or via); -1 others. */
  key: Int32Array;
  flags: Uint8Array;
  num: Float64Array;
  /** Index into PourJob.shapes (pads placed from a shape at their centre), -1 none. */
  shape: Int32Array;
  /** -2 no per-pad thermal, -1 its mode null, else the mode (as a string) in PourJob.strings. */
  thermal: Int32Array;
  /** Paths of the items without a shape (none for those with one). */
  rings: FlatRings;
}

export interface JobHoles { net: Int32Array; key: Int32Array; flags: Uint8Array; num: Float64Array; rings: FlatRings }

/** One thread's share of a refill. */
export interface PourJob {
  /** The pours to fill (ids); the job's other pours keep their stored fill. */
  fill: string[];
  minIslandArea?: number;
  minWidth?: number;
  /** RuleSet.records: the worker parses them again. */
  rules: unknown[][];
  strings: string[];
  shapes: { keys: string[]; rings: FlatRings };
  items: JobItems;
  holes: JobHoles;
  pours: PourDef[];
  keepouts: KeepOut[];
  outline: Paths64;
  /** Stored fills of the job's pours not filled. */
  stored: Array<{ id: string; polys: FlatRings }>;
}

/** The buffers of a job or a result, for the transfer list. */
export function buffersOf(v: unknown, out: ArrayBuffer[] = []): ArrayBuffer[] {
  if (ArrayBuffer.isView(v)) { if (v.buffer instanceof ArrayBuffer && !out.includes(v.buffer)) out.push(v.buffer); }
  else if (Array.isArray(v)) for (const x of v) buffersOf(x, out);
  else if (v && typeof v === 'object') for (const x of Object.values(v)) buffersOf(x, out);
  return out;
}

/**
 * The job of the pours on `layers` (those in `fill` filled, the others kept as stored), from a
 * resolved board. Items in the model's order (a fresh model's grids hold them in that order: the
 * worker's grids answer queries in the same order, and the fill is the same).
 */
export function encodePourJob(model: BoardModel, layers: ReadonlySet<number>, fill: readonly string[], opts: { minIslandArea?: number; minWidth?: number }): PourJob {
  const strings: string[] = [], sIdx = new Map<string, number>();
  const str = (s: string): number => { let i = sIdx.get(s); if (i === undefined) { i = strings.length; strings.push(s); sIdx.set(s, i); } return i; };
  const shapeKeys: string[] = [], shapeLocal: Paths64[] = [], shIdx = new Map<string, number>();
  const its: CopperItem[] = [];
  for (const it of model.items) if (it.layer === MULTI || layers.has(it.layer)) its.push(it);
  const n = its.length;
  const kind = new Uint8Array(n), layer = new Int32Array(n), net = new Int32Array(n), key = new Int32Array(n).fill(-1);
  const flags = new Uint8Array(n), num = new Float64Array(NI * n).fill(NaN), shape = new Int32Array(n).fill(-1), thermal = new Int32Array(n).fill(-2);
  const paths: Array<Paths64 | undefined> = new Array(n);
  const keyGroup = new Map<string, number>();
  for (let i = 0; i < n; i++) {
    const it = its[i], o = NI * i;
    kind[i] = KINDS.indexOf(it.kind);
    layer[i] = it.layer;
    net[i] = str(it.net);
    if (it.layer === MULTI) { let g = keyGroup.get(it.key); if (g === undefined) { g = i; keyGroup.set(it.key, g); } key[i] = g; }
    num[o] = it.box.minX; num[o + 1] = it.box.minY; num[o + 2] = it.box.maxX; num[o + 3] = it.box.maxY;
    let f = 0;
    if (it.cx !== undefined) { f |= CX; num[o + 4] = it.cx; }
    if (it.cy !== undefined) { f |= CY; num[o + 5] = it.cy; }
    if (it.angle !== undefined) { f |= ANGLE; num[o + 6] = it.angle; }
    if (it.seg) { f |= SEG; const s = it.seg; num[o + 7] = s.x1; num[o + 8] = s.y1; num[o + 9] = s.x2; num[o + 10] = s.y2; num[o + 11] = s.w; }
    const pr = it.prim;
    if (pr?.k === 'disc') { f |= DISC; num[o + 12] = pr.cx; num[o + 13] = pr.cy; num[o + 14] = pr.r; }
    else if (pr?.k === 'seg') { f |= PSEG; num[o + 12] = pr.x1; num[o + 13] = pr.y1; num[o + 14] = pr.x2; num[o + 15] = pr.y2; num[o + 16] = pr.w; }
    flags[i] = f;
    const t = it.thermal;
    if (t) {
      thermal[i] = t.mode === null || t.mode === undefined ? -1 : str(String(t.mode));
      num[o + 17] = t.gap ?? NaN; num[o + 18] = t.width ?? NaN; num[o + 19] = t.angle ?? NaN;
    }
    // a pad placed from its shape: its paths are the shape moved to its centre (model.ts padPaths)
    if (it.local && it.shapeKey !== undefined && it.cx !== undefined && it.cy !== undefined) {
      let s = shIdx.get(it.shapeKey);
      if (s === undefined) { s = shapeKeys.length; shapeKeys.push(it.shapeKey); shapeLocal.push(it.local); shIdx.set(it.shapeKey, s); }
      shape[i] = s;
    } else if (!pr) paths[i] = it.paths; // a track's or via's paths are its primitive's (JobItem.paths)
  }
  const hs = model.holes, hn = hs.length;
  const hnet = new Int32Array(hn), hkey = new Int32Array(hn).fill(-1), hflags = new Uint8Array(hn), hnum = new Float64Array(NH * hn).fill(NaN);
  for (let i = 0; i < hn; i++) {
    const h = hs[i], o = NH * i;
    hnet[i] = str(h.net);
    hkey[i] = keyGroup.get(h.key) ?? -1;
    hnum[o] = h.box.minX; hnum[o + 1] = h.box.minY; hnum[o + 2] = h.box.maxX; hnum[o + 3] = h.box.maxY;
    hnum[o + 4] = h.cx; hnum[o + 5] = h.cy; hnum[o + 6] = h.size;
    let f = (h.plated ? PLATED : 0) | (h.kind === 'via' ? VIA_HOLE : 0);
    if (h.prim) { f |= DISC; hnum[o + 7] = h.prim.cx; hnum[o + 8] = h.prim.cy; hnum[o + 9] = h.prim.r; }
    hflags[i] = f;
  }
  const fillSet = new Set(fill);
  const pours = model.pours.filter((p) => layers.has(p.layer));
  const stored: PourJob['stored'] = [];
  for (const p of pours) {
    if (fillSet.has(p.id)) continue;
    const st = model.stored.get(p.id);
    if (st) stored.push({ id: p.id, polys: flatPolys(st) });
  }
  return {
    fill: pours.filter((p) => fillSet.has(p.id)).map((p) => p.id),
    minIslandArea: opts.minIslandArea, minWidth: opts.minWidth,
    rules: (model.rules.records ?? []) as unknown[][],
    strings,
    shapes: { keys: shapeKeys, rings: flatRings(shapeLocal) },
    items: { kind, layer, net, key, flags, num, shape, thermal, rings: flatRings(paths) },
    holes: { net: hnet, key: hkey, flags: hflags, num: hnum, rings: flatRings(hs.map((h) => (h.prim ? undefined : h.paths))) },
    pours,
    keepouts: model.keepouts.filter((k) => k.layer === MULTI || layers.has(k.layer)),
    outline: model.outline,
    stored,
  };
}

/** A copper item of a job: the fields the fill reads, its paths made when first read. */
class JobItem {
  key: string; kind: ItemKind; net: string; layer: number; box: IBox;
  cx: number | undefined; cy: number | undefined; angle: number | undefined;
  seg: CopperItem['seg']; prim: CopperItem['prim']; local: Paths64 | undefined; shapeKey: string | undefined;
  thermal: CopperItem['thermal'];
  private p: Paths64 | undefined;
  constructor(private src: ItemSource, private i: number) {
    const b = src.b, o = NI * i, num = b.num, f = b.flags[i];
    this.key = b.key[i] >= 0 ? `#${b.key[i]}` : '';
    this.kind = KINDS[b.kind[i]];
    this.net = src.strings[b.net[i]];
    this.layer = b.layer[i];
    this.box = { minX: num[o], minY: num[o + 1], maxX: num[o + 2], maxY: num[o + 3] };
    this.cx = f & CX ? num[o + 4] : undefined;
    this.cy = f & CY ? num[o + 5] : undefined;
    this.angle = f & ANGLE ? num[o + 6] : undefined;
    this.seg = f & SEG ? { x1: num[o + 7], y1: num[o + 8], x2: num[o + 9], y2: num[o + 10], w: num[o + 11] } : undefined;
    this.prim = f & DISC ? { k: 'disc', cx: num[o + 12], cy: num[o + 13], r: num[o + 14] } : f & PSEG ? { k: 'seg', x1: num[o + 12], y1: num[o + 13], x2: num[o + 14], y2: num[o + 15], w: num[o + 16] } : undefined;
    const s = b.shape[i];
    this.local = s >= 0 ? src.shapes[s] : undefined;
    this.shapeKey = s >= 0 ? src.shapeKeys[s] : undefined;
    const t = b.thermal[i];
    const nul = (v: number) => (Number.isNaN(v) ? null : v);
    this.thermal = t === -2 ? undefined : { mode: t === -1 ? null : src.strings[t], gap: nul(num[o + 17]), width: nul(num[o + 18]), angle: nul(num[o + 19]) };
    this.p = undefined;
  }
  get paths(): Paths64 {
    if (!this.p) {
      const l = this.local, pr = this.prim;
      if (l) { const cx = this.cx!, cy = this.cy!; this.p = l.map((p) => p.map((q) => ({ x: q.x + cx, y: q.y + cy }))); }
      // as model.ts makes a track's and a via's (the fill itself reads their primitive)
      else if (pr) this.p = ccw([pr.k === 'disc' ? circlePath(pr.cx, pr.cy, pr.r) : segmentPath(pr.x1, pr.y1, pr.x2, pr.y2, pr.w)]);
      else this.p = this.src.rings.list(this.i);
    }
    return this.p;
  }
  set paths(v: Paths64) { this.p = v; }
}

class JobHole {
  key: string; net: string; plated: boolean; box: IBox; cx: number; cy: number; size: number; kind: 'pad' | 'via';
  prim: Hole['prim'];
  private p: Paths64 | undefined;
  constructor(private rings: RingReader, strings: string[], b: JobHoles, private i: number) {
    const o = NH * i, num = b.num, f = b.flags[i];
    this.key = b.key[i] >= 0 ? `#${b.key[i]}` : '~';
    this.net = strings[b.net[i]];
    this.plated = (f & PLATED) !== 0;
    this.kind = f & VIA_HOLE ? 'via' : 'pad';
    this.box = { minX: num[o], minY: num[o + 1], maxX: num[o + 2], maxY: num[o + 3] };
    this.cx = num[o + 4]; this.cy = num[o + 5]; this.size = num[o + 6];
    this.prim = f & DISC ? { k: 'disc', cx: num[o + 7], cy: num[o + 8], r: num[o + 9] } : undefined;
    this.p = undefined;
  }
  /** A round hole's paths are not sent (the fill reads its disc): its circle stands for them. */
  get paths(): Paths64 { return (this.p ??= this.prim ? [circlePath(this.prim.cx, this.prim.cy, this.prim.r)] : this.rings.list(this.i)); }
  set paths(v: Paths64) { this.p = v; }
}

interface ItemSource { b: JobItems; strings: string[]; shapes: Paths64[]; shapeKeys: string[]; rings: RingReader }

/** The board a worker fills a job on (see the file header). */
export function jobModel(job: PourJob): BoardModel {
  const shapesR = new RingReader(job.shapes.rings);
  const src: ItemSource = { b: job.items, strings: job.strings, shapes: job.shapes.keys.map((_, k) => shapesR.list(k)), shapeKeys: job.shapes.keys, rings: new RingReader(job.items.rings) };
  const items: CopperItem[] = new Array(job.items.kind.length);
  for (let i = 0; i < items.length; i++) items[i] = new JobItem(src, i) as unknown as CopperItem;
  const hr = new RingReader(job.holes.rings);
  const holes: Hole[] = new Array(job.holes.net.length);
  for (let i = 0; i < holes.length; i++) holes[i] = new JobHole(hr, job.strings, job.holes, i) as unknown as Hole;
  const stored = new Map<string, PolyWithHoles[]>();
  for (const s of job.stored) stored.set(s.id, polysOf(s.polys));
  return {
    copperLayers: [], items, holes, pours: job.pours, keepouts: job.keepouts, outline: job.outline, components: [], silk: [],
    stored, storedSpokes: new Map(), rules: parseRules(job.rules), nets: [], missingFootprints: [],
  };
}

/** A job's fills: per pour its id, islands removed and polygons (flatPolys), in the job's fill order. */
export interface PourJobResult { pours: Array<{ id: string; removed: number; polys: FlatRings }> }
