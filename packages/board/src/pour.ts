/**
 * Copper pour fill as EasyEDA defines it (POUR outline -> POURED fill), on Clipper2 (clip.ts units:
 * 1 unit = 0.01 mil, board frame, Y up):
 *   region   = (pour outline shrunk by POUR_OUTLINE_INSET) ∩ (board outline shrunk by the pour-to-outline
 *              clearance)
 *   knockout = other-net copper grown by its clearance to pours (matrix of rules.ts)
 *            ∪ every hole grown by the hole clearance (plated holes of the pour's own net excepted:
 *              their pad's relief covers them)
 *            ∪ same-net pads with thermal relief: pad grown by the spoke gap, minus the spokes
 *            ∪ keep-out regions forbidding pours on this layer
 *            ∪ fills of higher-priority pours of other nets on the layer, grown by the pour clearance
 *   fill     = region − knockout, split into islands; islands touching no copper of the net are
 *              removed unless the pour keeps islands, and so are islands under the minimum area.
 * Hatched pours (fill type other than SOLID) keep a border of the hatch width and a grid inside.
 * Pours of one layer fill in priority order (`order` ascending, then file order).
 */
import { ARC_TOL, ClipType, circlePath, segmentPath, pointInPoly, type Path64, type Paths64, type PolyWithHoles, type IBox, barPath, booleanToPolys, boxOfPaths, growIBox, iboxOverlap, intersect, offset, polyArea, rectPath, union, CLIP_SCALE, difference } from './clip.ts';
import { Clipper, Clipper64, FillRule, PointInPolygonResult } from '@countertype/clipper2-ts';
import { EdgeIndex, ptSeg2 } from './edges.ts';
import { type LayerGrids, gridsOf } from './grid.ts';
export { ItemGrid } from './grid.ts';
import { type Knock, type TileRegion, groupPolys, tileFill, tileRegion as tileRegionOf } from './knock.ts';
import { type BoardModel, type CopperItem, type Hole, type PourDef, MULTI } from './model.ts';
import { type ClearKind, type ThermalRule, POUR_EXTRA_CLEARANCE, POUR_OUTLINE_INSET } from './rules.ts';
import { type TileCache, type TileResult, fillHash, pourDefKey } from './tiles.ts';
import { islands } from './islands.ts';

export interface FillOptions {
  /** Fill only these pours (ids); the others keep their stored fill as obstacles. Default: all. */
  only?: Iterable<string>;
  /** Islands smaller than this (mil²) are removed. Default 0 (EasyEDA keeps small connected islands). */
  minIslandArea?: number;
  /** Fill narrower than this (mil) is removed (morphological opening). */
  minWidth?: number;
  /** Tile results kept between calls: a refill after an edit recomputes only the tiles it touched. */
  cache?: TileCache;
}

export interface PourResult {
  pourId: string;
  layer: number;
  net: string;
  polys: PolyWithHoles[];
  /** Islands removed because they touched no copper of the net, or were too small. */
  removedIslands: number;
}

/** Which clearance-matrix kind a copper item is. */
export function clearKindOf(it: CopperItem): ClearKind {
  switch (it.kind) {
    case 'pad': return it.layer === MULTI ? 'thPad' : 'smdPad';
    case 'via': return 'via';
    case 'fill': return 'fill';
    case 'teardrop': return 'track';
    default: return 'track';
  }
}

const onLayer = (it: { layer: number }, layer: number) => it.layer === layer || it.layer === MULTI;

/**
 * Region codes that forbid pours: V2 REGION prohibit numbers (4 pours and planes, 7 pours) and names
 * (V3 "COPPER": no copper at all, as ESP32-MPU6050's antenna keep-out; KiCad "COPPERPOUR").
 */
const POUR_KEEPOUT = new Set<number | string>([4, 7, 'COPPER', 'POUR', 'COPPERPOUR', 'FILL', 'PLANE']);

/**
 * Grown and relieved pad shapes at the origin, by shape key then by what was done to it: the shape key
 * (a long string, the same string object for every pad of a shape) is hashed once, not concatenated
 * and hashed again for every pad of every tile.
 */
const growCache = new Map<string, Map<number | string, Paths64>>();
let growCount = 0;
const moved = (ps: Paths64, dx: number, dy: number): Paths64 => ps.map((p) => p.map((q) => ({ x: q.x + dx, y: q.y + dy })));
function cached(shape: string, sub: number | string, make: () => Paths64): Paths64 {
  let m = growCache.get(shape);
  let v = m?.get(sub);
  if (!v) {
    v = make();
    if (++growCount > 20000) { growCache.clear(); growCount = 1; m = undefined; }
    if (!m) { m = new Map(); growCache.set(shape, m); }
    m.set(sub, v);
  }
  return v;
}

/**
 * An item's outline grown by `c` clip units: discs and stadiums directly, repeated pad shapes from a
 * cache (offset once at the origin, then moved), anything else by a Clipper offset.
 */
export function grown(it: { paths: Paths64; prim?: CopperItem['prim']; local?: Paths64; shapeKey?: string; cx?: number; cy?: number }, c: number): Paths64 {
  const pr = it.prim;
  if (pr?.k === 'disc') return [circlePath(pr.cx, pr.cy, pr.r + c)];
  if (pr?.k === 'seg') return [segmentPath(pr.x1, pr.y1, pr.x2, pr.y2, pr.w + 2 * c)];
  if (it.local && it.shapeKey && it.cx !== undefined && it.cy !== undefined) {
    const local = it.local;
    return moved(cached(it.shapeKey, c, () => offset(local, c)), it.cx, it.cy);
  }
  return offset(it.paths, c);
}

/**
 * Pad relief: pad grown by the gap, minus spokes of the given width leaving the pad at `angle` steps
 * from its own angle. `drop`: bit k set leaves out the spoke at k steps (its end reaches no fill).
 */
export function thermalKnockout(pad: CopperItem, t: ThermalRule, drop = 0): Paths64 {
  if (pad.local && pad.shapeKey && pad.cx !== undefined && pad.cy !== undefined) {
    const local = pad.local, box = boxOfPaths(local);
    const k = cached(pad.shapeKey, `t${t.gap},${t.width},${t.angle},${pad.angle ?? 0},${drop}`, () => thermalAt({ ...pad, paths: local, box, cx: 0, cy: 0, local: undefined }, t, drop));
    return moved(k, pad.cx, pad.cy);
  }
  return thermalAt(pad, t, drop);
}

const spokeStep = (t: ThermalRule): number => (t.angle > 0 && t.angle <= 180 ? t.angle : 90);

function thermalAt(pad: CopperItem, t: ThermalRule, drop = 0): Paths64 {
  // EasyEDA's reliefs keep the same extra as its clearances (rules.ts POUR_EXTRA_CLEARANCE).
  const gap = (t.gap + POUR_EXTRA_CLEARANCE) * CLIP_SCALE, w = t.width * CLIP_SCALE;
  const ring = grown(pad, gap);
  const b = pad.box;
  const len = 2 * (Math.hypot(b.maxX - b.minX, b.maxY - b.minY) + gap + w);
  const cx = pad.cx ?? (b.minX + b.maxX) / 2, cy = pad.cy ?? (b.minY + b.maxY) / 2;
  const step = spokeStep(t);
  const spokes: Path64[] = [];
  const base = ((pad.angle ?? 0) * Math.PI) / 180;
  // Spokes along the pad's axes (and every `step` degrees from them): bars through the centre, or
  // half-bars from it when some are left out.
  const count = Math.max(1, Math.round(180 / step));
  if (!drop) for (let i = 0; i < count; i++) spokes.push(barPath(cx, cy, base + (i * step * Math.PI) / 180, len, w));
  else for (let k = 0; k < 2 * count; k++) {
    if (drop & (1 << k)) continue;
    const a = base + (k * step * Math.PI) / 180;
    spokes.push(barPath(cx + (Math.cos(a) * len) / 4, cy + (Math.sin(a) * len) / 4, a, len / 2, w));
  }
  if (!spokes.length) return grown(pad, gap);
  const outside = difference(spokes, pad.paths);
  return difference(ring, outside);
}

interface Ctx {
  model: BoardModel;
  grids: LayerGrids;
  filled: Map<string, PolyWithHoles[]>;
}

/** Fill every pour (or `only` those), returning results by pour id in fill order. */
export function fillPours(model: BoardModel, opts: FillOptions = {}): Map<string, PourResult> {
  const only = opts.only ? new Set(opts.only) : undefined;
  const ctx: Ctx = { model, grids: gridsOf(model), filled: new Map() };
  const order = [...model.pours].sort((a, b) => a.order - b.order || a.index - b.index);
  const out = new Map<string, PourResult>();
  for (const p of order) {
    if (only && !only.has(p.id)) {
      const st = model.stored.get(p.id);
      if (st) ctx.filled.set(p.id, st);
      continue;
    }
    const res = fillOne(ctx, p, opts);
    ctx.filled.set(p.id, res.polys);
    out.set(p.id, res);
  }
  return out;
}

function polysToPaths(ps: PolyWithHoles[]): Paths64 {
  const out: Paths64 = [];
  for (const p of ps) { out.push(p.outer); out.push(...p.holes); }
  return out;
}

/** Tile edge (clip units): pours larger than two tiles fill tile by tile (see fillOne). */
export const TILE = 800 * CLIP_SCALE;


/** Room around a round hole's centre inside its pad or via (clip units; 0 when unknown), once per hole. */
const rooms = new WeakMap<Hole, number>();
function holeRoom(h: Hole, it: CopperItem): number {
  let r = rooms.get(h);
  if (r === undefined) {
    const cx = h.prim!.cx, cy = h.prim!.cy;
    if (it.prim?.k === 'disc') r = Math.max(0, it.prim.r - Math.hypot(cx - it.prim.cx, cy - it.prim.cy));
    else if (pointInPoly(cx, cy, { outer: it.paths[0], holes: it.paths.slice(1) })) {
      let best = Infinity;
      for (const p of it.paths) for (let i = 0; i < p.length; i++) { const a = p[i], b = p[(i + 1) % p.length]; best = Math.min(best, ptSeg2(cx, cy, a.x, a.y, b.x, b.y)); }
      r = Math.sqrt(best);
    } else r = 0;
    rooms.set(h, r);
  }
  return r;
}

function tileKnock(ctx: Ctx, p: PourDef, qbox: IBox, knock: Knock[], conn: Array<{ x: number; y: number }>, reg: TileRegion): void {
  const { model } = ctx;
  const rules = model.rules;
  const S = CLIP_SCALE;
  const pr = rules.pour(p.id, p.net);
  const near = ctx.grids.query(p.layer, qbox);
  const relieved = reliefPads(p, near, pr);
  // boxes grown with the shapes (a unit more for rounding): knock-outs whose boxes do not touch are apart
  const add = (paths: Paths64, box: IBox, d: number) => { if (paths.length) knock.push({ paths, box: growIBox(box, d + 2), loose: true }); };
  // other-net pads and vias knocked out here, with their clearance: their holes usually lie inside that
  const knocked = new Map<string, { it: CopperItem; c: number }>();
  for (const it of near) {
    const same = p.net !== '' && it.net === p.net;
    if (!same) {
      const c = Math.max(pr.clearance, it.net ? rules.netPourClearance(it.net) : 0, rules.clearance(clearKindOf(it), 'pour', it.net, p.net)) * S;
      add(grown(it, c), it.box, c);
      if (it.layer === MULTI) knocked.set(it.key, { it, c });
      continue;
    }
    if (it.kind === 'pad') {
      const t: ThermalRule = padThermal(it, it.layer === MULTI ? pr.th : pr.smd);
      if (t.mode === 'spokes') {
        const drop = spokesToDrop(it, t, relieved, reg);
        add(thermalKnockout(it, t, drop), it.box, (t.gap + POUR_EXTRA_CLEARANCE) * S);
        spokePoints(it, t, conn, drop);
      }
      else if (t.mode === 'none') add(grown(it, pr.clearance * S), it.box, pr.clearance * S);
      else centrePoints(it, conn);
    } else if ((it.kind === 'track' || it.kind === 'arc') && pr.track === 'none') {
      add(grown(it, pr.clearance * S), it.box, pr.clearance * S);
    } else centrePoints(it, conn);
  }
  const holeC = Math.max(pr.clearance, rules.holeClearance + POUR_EXTRA_CLEARANCE) * S;
  for (const h of ctx.grids.holes.query(qbox)) {
    if (h.plated && p.net !== '' && h.net === p.net) continue;
    // a round hole whose grown disc lies inside its own pad's (or via's) knock-out adds nothing
    const k = h.prim && knocked.get(h.key);
    if (k && h.prim && holeRoom(h, k.it) >= h.prim.r + holeC - k.c + ARC_TOL) continue;
    add(grown(h, holeC), h.box, holeC);
  }
  for (const k of model.keepouts) {
    if ((k.layer !== p.layer && k.layer !== MULTI) || !iboxOverlap(k.box, qbox)) continue;
    if (!k.prohibit.some((c) => POUR_KEEPOUT.has(c))) continue;
    knock.push({ paths: k.paths, box: k.box, loose: false });
  }
  const pourC = pr.clearance * S;
  for (const q of model.pours) {
    if (q.id === p.id || q.layer !== p.layer || !iboxOverlap(q.box, qbox)) continue;
    const f = ctx.filled.get(q.id);
    if (!f) continue; // lower priority: fills later around this one
    if (q.net === p.net && p.net !== '') continue;
    const paths = offset(polysToPaths(f), pourC);
    if (paths.length) knock.push({ paths, box: boxOfPaths(paths), loose: false });
  }
}

/**
 * Fill one pour. Large pours fill tile by tile (TILE square tiles, each with the obstacles within
 * reach of it): the sweeps stay short, tiles whose inputs did not change come from the cache, and the
 * pieces are joined into islands through the tile borders they share before islands are judged.
 */
function fillOne(ctx: Ctx, p: PourDef, opts: FillOptions): PourResult {
  const { model } = ctx;
  const rules = model.rules;
  const S = CLIP_SCALE;
  const pr = rules.pour(p.id, p.net);
  let region: Paths64 = offset(p.outline, -POUR_OUTLINE_INSET * S);
  if (model.outline.length) region = intersect(region, offset(model.outline, -pr.outlineClearance * S));
  if (!region.length) return { pourId: p.id, layer: p.layer, net: p.net, polys: [], removedIslands: 0 };
  const rbox = boxOfPaths(region);
  const reach = (rules.maxClearance + 40) * S;
  const minW = (opts.minWidth ?? 0) * S;
  const tiled = rbox.maxX - rbox.minX > 2 * TILE || rbox.maxY - rbox.minY > 2 * TILE;
  // a rectangular region (a board-sized pour): every tile is its own rectangle
  const regionShape = tileRegionOf(region);
  const regionRect = regionShape.rect !== undefined;
  const nx = tiled ? Math.ceil((rbox.maxX - rbox.minX) / TILE) : 1, ny = tiled ? Math.ceil((rbox.maxY - rbox.minY) / TILE) : 1;
  const { boxes, keys } = tileGrid(rbox, tiled, nx, ny);
  const results: Array<TileResult | undefined> = new Array(boxes.length);
  let others = '';
  if (opts.cache) for (const q of model.pours) {
    if (q.id === p.id || q.layer !== p.layer || !iboxOverlap(q.box, rbox)) continue;
    const f = ctx.filled.get(q.id);
    if (f && !(q.net === p.net && p.net !== '')) others += `|${q.id}:${fillHash(f)}`;
  }
  const tc = opts.cache?.begin(model, p, `${pourDefKey(model, p)}|${minW}|${opts.minIslandArea ?? 0}${others}`);
  boxes.forEach((tb, ti) => {
    const qbox = growIBox(tb, reach);
    const tkey = keys[ti];
    const hit = tc?.reuse(tkey, qbox);
    if (hit) {
      results[ti] = hit;
      return;
    }
    const tileRegion = !tiled ? region : regionRect ? [rectPath(tb.minX, tb.minY, tb.maxX, tb.maxY)] : Clipper.rectClip({ left: tb.minX, top: tb.minY, right: tb.maxX, bottom: tb.maxY }, region);
    if (!tileRegion.length) { tc?.keep(tkey, tileResult([], [], qbox)); return; }
    const knock: Knock[] = [];
    const tconn: Array<{ x: number; y: number }> = [];
    tileKnock(ctx, p, qbox, knock, tconn, regionShape);
    let polys = tileFill(tileRegionOf(tileRegion), knock);
    if (minW > 0) polys = groupPolys(offset(offset(polysToPaths(polys), -minW / 2), minW / 2));
    if (p.fillType !== 'SOLID' && p.fineness > 0) polys = hatch(polys, p.fineness * S, Math.max(p.fineness * 2, 20) * S);
    const r = tileResult(polys, tconn, qbox);
    tc?.keep(tkey, r);
    results[ti] = r;
  });
  // Islands: pieces joined through shared tile borders (islands.ts).
  const isl = islands(results, boxes, nx, p.keepIsland || p.net === '', (opts.minIslandArea ?? 0) * S * S);
  return { pourId: p.id, layer: p.layer, net: p.net, polys: isl.kept, removedIslands: isl.removed };
}

/**
 * A tile result with every field islands() adds later already there (undefined): cached and fresh
 * tiles keep one object shape, so the island pass over a refill that mixes them stays on its fast
 * path (a first incremental refill after a full one was ~3x slower than the next ones without this).
 */
function tileResult(pieces: PolyWithHoles[], conn: Array<{ x: number; y: number }>, qbox: IBox): TileResult {
  return { pieces, boxes: pieces.map((poly) => boxOfPaths([poly.outer])), conn, qbox, sides: undefined, grids: undefined, hits: undefined };
}

/**
 * The tile boxes of a pour region's box and their cache keys, kept for the next fill of the same box
 * (an incremental refill walks every tile of the pour to reuse it: no boxes or key strings made again).
 */
const grids = new Map<string, { boxes: IBox[]; keys: string[] }>();
function tileGrid(rbox: IBox, tiled: boolean, nx: number, ny: number): { boxes: IBox[]; keys: string[] } {
  const k = `${rbox.minX},${rbox.minY},${rbox.maxX},${rbox.maxY},${tiled}`;
  let g = grids.get(k);
  if (g) return g;
  const boxes: IBox[] = [];
  if (!tiled) boxes.push(rbox);
  else for (let iy = 0; iy < ny; iy++) for (let ix = 0; ix < nx; ix++) {
    const x = rbox.minX + ix * TILE, y = rbox.minY + iy * TILE;
    boxes.push({ minX: x, minY: y, maxX: Math.min(x + TILE, rbox.maxX), maxY: Math.min(y + TILE, rbox.maxY) });
  }
  g = { boxes, keys: boxes.map((tb) => `${tb.minX},${tb.minY},${tb.maxX},${tb.maxY}`) };
  if (grids.size > 256) grids.clear();
  grids.set(k, g);
  return g;
}

/** A same-net pad relieved with spokes near a tile: its relief (pad grown by the gap) and that ring's box. */
interface Relief { it: CopperItem; gap: number; box: IBox }

function reliefPads(p: PourDef, near: readonly CopperItem[], pr: ReturnType<BoardModel['rules']['pour']>): Relief[] {
  const out: Relief[] = [];
  if (p.net === '') return out;
  for (const it of near) {
    if (it.kind !== 'pad' || it.net !== p.net) continue;
    const t = padThermal(it, it.layer === MULTI ? pr.th : pr.smd);
    if (t.mode !== 'spokes') continue;
    const gap = (t.gap + POUR_EXTRA_CLEARANCE) * CLIP_SCALE;
    out.push({ it, gap, box: growIBox(it.box, gap) });
  }
  return out;
}

/**
 * The spokes of a relieved pad that reach no fill, as EasyEDA leaves them out: a spoke whose end
 * (just past the relief gap) lies outside the pour region, or in the relief of another same-net pad
 * (neighbouring pads in a row whose reliefs meet get no spokes between them). Bit k: the spoke at k
 * angle steps.
 */
function spokesToDrop(it: CopperItem, t: ThermalRule, relieved: Relief[], reg: TileRegion): number {
  let drop = 0;
  const ends: Array<{ x: number; y: number }> = [];
  spokePoints(it, t, ends, 0, 1);
  for (let k = 0; k < ends.length && k < 31; k++) {
    const e = ends[k];
    let out = !insideRegion(reg, e.x, e.y);
    if (!out) for (const r of relieved) {
      if (r.it === it || e.x < r.box.minX || e.x > r.box.maxX || e.y < r.box.minY || e.y > r.box.maxY) continue;
      if (grown(r.it, r.gap).some((ring) => pointInPoly(e.x, e.y, { outer: ring, holes: [] }))) { out = true; break; }
    }
    if (out) drop |= 1 << k;
  }
  return drop;
}

function insideRegion(reg: TileRegion, x: number, y: number): boolean {
  if (reg.rect) return x > reg.rect.minX && x < reg.rect.maxX && y > reg.rect.minY && y < reg.rect.maxY;
  reg.edges ??= new EdgeIndex(reg.paths);
  return reg.edges.inside(x, y);
}

/** Points of a directly connected item that lie in the fill when the item touches it. */
function centrePoints(it: CopperItem, out: Array<{ x: number; y: number }>): void {
  if (it.seg) { out.push({ x: it.seg.x1, y: it.seg.y1 }, { x: it.seg.x2, y: it.seg.y2 }, { x: (it.seg.x1 + it.seg.x2) / 2, y: (it.seg.y1 + it.seg.y2) / 2 }); return; }
  if (it.cx !== undefined && it.cy !== undefined) { out.push({ x: it.cx, y: it.cy }); return; }
  for (const p of it.paths) for (let i = 0; i < p.length; i += Math.max(1, Math.floor(p.length / 8))) out.push(p[i]);
}

/**
 * Points of a thermal pad's spokes (bit k of `drop` set: not the spoke at k steps), `along` of the way
 * across the relief gap (the middle by default; 1 and a mil more: just past its end).
 */
function spokePoints(it: CopperItem, t: ThermalRule, out: Array<{ x: number; y: number }>, drop = 0, along = 0.5): void {
  const cx = it.cx ?? (it.box.minX + it.box.maxX) / 2, cy = it.cy ?? (it.box.minY + it.box.maxY) / 2;
  const local = it.local ?? it.paths.map((p) => p.map((q) => ({ x: q.x - cx, y: q.y - cy })));
  const gap = (t.gap + POUR_EXTRA_CLEARANCE) * CLIP_SCALE;
  const past = along * gap + (along >= 1 ? CLIP_SCALE : 0);
  const step = spokeStep(t);
  const base = ((it.angle ?? 0) * Math.PI) / 180;
  for (let a = 0, k = 0; a < 360; a += step, k++) {
    if (drop & (1 << k)) continue;
    const dx = Math.cos(base + (a * Math.PI) / 180), dy = Math.sin(base + (a * Math.PI) / 180);
    let r = 0;
    for (const p of local) for (const q of p) r = Math.max(r, q.x * dx + q.y * dy);
    out.push({ x: cx + dx * (r + past), y: cy + dy * (r + past) });
  }
}

function padThermal(it: CopperItem, rule0: ThermalRule): ThermalRule {
  const t = it.thermal;
  // A spoke width of 0 in the rule: EasyEDA draws spokes half as wide as the pad (falcon-flight's 5V pour).
  const rule = rule0.width > 0 ? rule0 : { ...rule0, width: Math.min(it.box.maxX - it.box.minX, it.box.maxY - it.box.minY) / CLIP_SCALE / 2 };
  if (!t || t.mode === null || t.mode === undefined) return rule;
  const m = String(t.mode);
  const mode = m === '0' || m === 'DIVERGENCE' ? 'spokes' : m === '1' || m === 'DIRECT' ? 'direct' : m === '2' || m === 'NONE' ? 'none' : rule.mode;
  return { mode, gap: t.gap ?? rule.gap, width: t.width ?? rule.width, angle: t.angle ?? rule.angle };
}

/** Hatched fill: a border of width `w` inside each island plus a grid of `w`-wide bars at `pitch`. */
export function hatch(polys: PolyWithHoles[], w: number, pitch: number): PolyWithHoles[] {
  const all = polysToPaths(polys);
  if (!all.length) return polys;
  const b = boxOfPaths(all);
  const bars: Paths64 = [];
  for (let x = Math.floor(b.minX / pitch) * pitch; x <= b.maxX; x += pitch) bars.push(rectPath(x - w / 2, b.minY, x + w / 2, b.maxY));
  for (let y = Math.floor(b.minY / pitch) * pitch; y <= b.maxY; y += pitch) bars.push(rectPath(b.minX, y - w / 2, b.maxX, y + w / 2));
  const border = difference(all, offset(all, -w));
  return booleanToPolys(ClipType.Union, border, intersect(all, union(bars)));
}

/** Paths of polygons with holes (outer rings then their holes), for even-odd or non-zero use. */
export function fillPaths(ps: PolyWithHoles[]): Paths64 {
  return polysToPaths(ps);
}

/**
 * The stored (EasyEDA) fill of a pour as one region: its POURED polygons (even-odd) united with its
 * stored thermal spokes outside the pads of the pour's net (EasyEDA draws spokes from pad centres).
 */
export function storedFill(model: BoardModel, pourId: string): Paths64 {
  const p = model.pours.find((q) => q.id === pourId);
  const polys = Clipper.union(polysToPaths(model.stored.get(pourId) ?? []), FillRule.EvenOdd);
  const spokes = model.storedSpokes.get(pourId) ?? [];
  if (!spokes.length || !p) return polys;
  const pads = model.items.filter((it) => it.kind === 'pad' && it.net === p.net && onLayer(it, p.layer)).flatMap((it) => it.paths);
  return union(polys, difference(spokes, pads));
}
