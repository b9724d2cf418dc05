/**
 * Design rule check of a resolved board (model.ts) over its stored rules (rules.ts). Distances are
 * exact for the shapes as outlined in clip units (1 unit = 0.01 mil; arcs within ARC_TOL); reported
 * positions and values are in mil, board frame, Y up.
 *
 * Checks: copper clearance between nets (tracks, pads, vias, fills, stored pour fills) per the
 * clearance matrix, short circuits (copper of two nets touching), track width, via diameter and
 * drill, annular ring (vias and plated pads), hole to hole, copper to board outline, unrouted nets
 * (pads of a net in more than one connected group, pour fills counted as copper), overlapping
 * footprints (courtyards: COMPONENT_SHAPE outlines, else their copper; one side), silkscreen over
 * pads, solder-mask slivers.
 */
import type { Path64, Paths64, IBox } from './clip.ts';
import { ARC_TOL, CLIP_SCALE, area, growIBox, iboxOverlap, boxOfPaths, intersect } from './clip.ts';
import { type BoardModel, type CopperItem, MULTI, silkPaths } from './model.ts';
import { ItemGrid, clearKindOf } from './pour.ts';
import { EdgeIndex, segSegDist2, ptSeg2 } from './edges.ts';
import { type ClearKind, POUR_EXTRA_CLEARANCE } from './rules.ts';

export type Severity = 'error' | 'warning';
export interface Violation {
  rule: 'clearance' | 'short' | 'trackWidth' | 'viaSize' | 'holeSize' | 'annularRing' | 'holeToHole' | 'outline' | 'unrouted' | 'footprintOverlap' | 'silkOverPad' | 'maskSliver';
  severity: Severity;
  message: string;
  /** Where (mil, board frame). */
  x: number;
  y: number;
  layer?: number;
  /** Keys of the items involved (record ids, `componentId/padId` for footprint items). */
  items: string[];
  nets?: string[];
  /** Measured and required values (mil) where the rule has them. */
  actual?: number;
  required?: number;
}

export interface DrcReport { violations: Violation[]; errors: number; warnings: number; ms: number }

export interface DrcOptions {
  /** Skip the connectivity check (unrouted nets). */
  skipUnrouted?: boolean;
  /** Minimum solder-mask web between openings (mil). Default 4. */
  minMaskWeb?: number;
}

const S = CLIP_SCALE;
/**
 * Measuring tolerance (clip units): EasyEDA keeps rules in mm to 3 decimals (5.9843 mil = 0.152 mm),
 * so designs drawn at 4 mil against a 0.102 mm rule are at the rule (0.001 mm = 0.0394 mil); arcs are
 * flattened with chords up to ARC_TOL inside them, which can only shorten a measured gap.
 */
const TOL = 0.0394 * CLIP_SCALE + ARC_TOL;
const mil = (u: number): number => Math.round((u / S) * 1000) / 1000;

// ---- exact distances ---------------------------------------------------------------------------

function inRing(x: number, y: number, p: Path64): boolean {
  let inside = false;
  for (let i = 0, j = p.length - 1; i < p.length; j = i++) {
    const a = p[i], b = p[j];
    if (a.y > y !== b.y > y && x < ((b.x - a.x) * (y - a.y)) / (b.y - a.y) + a.x) inside = !inside;
  }
  return inside;
}
function insidePaths(x: number, y: number, ps: Paths64): boolean {
  let n = 0;
  for (const p of ps) if (inRing(x, y, p)) n++;
  return (n & 1) === 1;
}

/**
 * Distance (clip units) between two outlines (even-odd paths); 0 when they overlap. Stops early below
 * `stop`. Edges whose boxes are `limit` or farther from the other outline's box are skipped: a result
 * of `limit` or more only says "at least `limit`" (Infinity when nothing is that close).
 */
export function pathsDistance(a: Paths64, b: Paths64, stop = 0, limit = Infinity, ab?: IBox, bb?: IBox): number {
  if (a.length && b.length && (insidePaths(a[0][0].x, a[0][0].y, b) || insidePaths(b[0][0].x, b[0][0].y, a))) return 0;
  let best = Infinity;
  const stop2 = stop * stop;
  const cull = limit !== Infinity;
  if (cull) { ab ??= boxOfPaths(a); bb ??= boxOfPaths(b); }
  // b's edges near a's box, once
  const near: number[] = [];
  for (const q of b) for (let j = 0; j < q.length; j++) {
    const q1 = q[j], q2 = q[(j + 1) % q.length];
    if (cull && edgeGap(q1.x, q1.y, q2.x, q2.y, ab!) >= limit) continue;
    near.push(q1.x, q1.y, q2.x, q2.y);
  }
  if (!near.length) return best;
  for (const p of a) for (let i = 0; i < p.length; i++) {
    const p1 = p[i], p2 = p[(i + 1) % p.length];
    if (cull && edgeGap(p1.x, p1.y, p2.x, p2.y, bb!) >= limit) continue;
    for (let k = 0; k < near.length; k += 4) {
      const d = segSegDist2(p1.x, p1.y, p2.x, p2.y, near[k], near[k + 1], near[k + 2], near[k + 3]);
      if (d < best) { best = d; if (best <= stop2) return Math.sqrt(best); }
    }
  }
  return Math.sqrt(best);
}
/** Gap between a segment's box and a box (clip units, 0 when they meet). */
const edgeGap = (x1: number, y1: number, x2: number, y2: number, b: IBox): number =>
  Math.max(0, b.minX - Math.max(x1, x2), Math.min(x1, x2) - b.maxX, b.minY - Math.max(y1, y2), Math.min(y1, y2) - b.maxY);

/** Distance between two copper items, exact for discs and stadiums, else by their outlines (see pathsDistance for `limit`). */
export function itemDistance(a: CopperItem, b: CopperItem, stop = 0, limit = Infinity): number {
  const pa = a.prim, pb = b.prim;
  if (pa && pb) {
    let ra: number, ax1: number, ay1: number, ax2: number, ay2: number, rb: number, bx1: number, by1: number, bx2: number, by2: number;
    if (pa.k === 'disc') { ra = pa.r; ax1 = ax2 = pa.cx; ay1 = ay2 = pa.cy; } else { ra = pa.w / 2; ax1 = pa.x1; ay1 = pa.y1; ax2 = pa.x2; ay2 = pa.y2; }
    if (pb.k === 'disc') { rb = pb.r; bx1 = bx2 = pb.cx; by1 = by2 = pb.cy; } else { rb = pb.w / 2; bx1 = pb.x1; by1 = pb.y1; bx2 = pb.x2; by2 = pb.y2; }
    return Math.max(0, Math.sqrt(segSegDist2(ax1, ay1, ax2, ay2, bx1, by1, bx2, by2)) - ra - rb);
  }
  return pathsDistance(a.paths, b.paths, stop, limit, a.box, b.box);
}

const boxGap = (a: IBox, b: IBox): number => Math.max(0, a.minX - b.maxX, b.minX - a.maxX, a.minY - b.maxY, b.minY - a.maxY);

// ---- union-find for connectivity --------------------------------------------------------------

class DSU {
  p: Int32Array;
  constructor(n: number) { this.p = new Int32Array(n).map((_, i) => i); }
  find(i: number): number { while (this.p[i] !== i) { this.p[i] = this.p[this.p[i]]; i = this.p[i]; } return i; }
  join(a: number, b: number): void { a = this.find(a); b = this.find(b); if (a !== b) this.p[a] = b; }
}

/** Run every check; see the file header. */
export function runDrc(model: BoardModel, opts: DrcOptions = {}): DrcReport {
  const t0 = Date.now();
  const out: Violation[] = [];
  const rules = model.rules;
  const at = (b: IBox) => ({ x: mil((b.minX + b.maxX) / 2), y: mil((b.minY + b.maxY) / 2) });

  // Stored pour fills as copper items of their pour's net.
  const fillItems: CopperItem[] = [];
  for (const p of model.pours) {
    const polys = model.stored.get(p.id) ?? [];
    for (let i = 0; i < polys.length; i++) {
      const paths = [polys[i].outer, ...polys[i].holes];
      fillItems.push({ key: `${p.id}#${i}`, kind: 'fill', net: p.net, layer: p.layer, paths, box: boxOfPaths(paths) });
    }
    (model.storedSpokes.get(p.id) ?? []).forEach((sp, i) => fillItems.push({ key: `${p.id}~${i}`, kind: 'fill', net: p.net, layer: p.layer, paths: [sp], box: boxOfPaths([sp]) }));
  }
  const fillPour = new Map<CopperItem, string>();
  for (const f of fillItems) fillPour.set(f, f.key.split(/[#~]/)[0]);
  // the clearance a fill owes by its pour's COPPER rule, without EasyEDA's extra (per fill item)
  const pourClear = fillItems.map((f) => rules.pour(fillPour.get(f)!, f.net).clearance - POUR_EXTRA_CLEARANCE);
  // edge grids of big fill pieces, built when first needed
  const edgeIndex = new Map<CopperItem, EdgeIndex | null>();
  const edgesOf = (f: CopperItem): EdgeIndex | undefined => {
    let e = edgeIndex.get(f);
    if (e === undefined) { e = fillPour.has(f) && f.paths.reduce((k, p) => k + p.length, 0) > 64 ? new EdgeIndex(f.paths) : null; edgeIndex.set(f, e); }
    return e ?? undefined;
  };
  const dist = (a: CopperItem, b: CopperItem, stop: number, r: number): number => {
    const ea = edgesOf(a), eb = edgesOf(b);
    if (eb && !ea) return eb.distance(a.paths, a.box, r, a.prim);
    if (ea && !eb) return ea.distance(b.paths, b.box, r, b.prim);
    return itemDistance(a, b, stop, r);
  };
  const copper = [...model.items, ...fillItems];
  const grid = new ItemGrid(copper);
  const reach = rules.maxClearance * S;
  const layersOf = (it: CopperItem) => (it.layer === MULTI ? model.copperLayers : [it.layer]);
  const shareLayer = (a: CopperItem, b: CopperItem) => a.layer === b.layer || a.layer === MULTI || b.layer === MULTI;
  const nItems = model.items.length;
  const kinds: ClearKind[] = copper.map((it, i) => (i >= nItems ? 'pour' : clearKindOf(it)));
  const kindOf = (it: CopperItem): ClearKind => (fillPour.has(it) ? 'pour' : clearKindOf(it));

  // 1. clearance, shorts; and same-net contacts for connectivity.
  const dsu = new DSU(copper.length);
  const q: number[] = [];
  for (let i = 0; i < copper.length; i++) {
    const a = copper[i];
    q.length = 0;
    for (const j of grid.queryIndex(growIBox(a.box, reach), q)) {
      const b = copper[j];
      if (j <= i || !shareLayer(a, b)) continue;
      const sameNet = a.net !== '' && a.net === b.net;
      if (a.owner && a.owner === b.owner && (!a.net || !b.net)) continue; // a footprint's own copper
      if (sameNet) {
        if (dsu.find(i) !== dsu.find(j) && boxGap(a.box, b.box) <= 1 && dist(a, b, 1, 2) <= 1) dsu.join(i, j);
        continue;
      }
      if (i >= nItems && j >= nItems) continue;
      let need = rules.clearance(kinds[i], kinds[j], a.net, b.net) * S;
      // A pour fill also owes the clearance of its COPPER rule (and of the other object's net rule).
      if (i >= nItems || j >= nItems) {
        const other = i >= nItems ? b : a;
        const pr = pourClear[(i >= nItems ? i : j) - nItems];
        const nr = other.net ? Math.max(0, rules.netPourClearance(other.net) - POUR_EXTRA_CLEARANCE) : 0;
        need = Math.max(need, pr * S, nr * S);
      }
      if (boxGap(a.box, b.box) >= need) continue;
      const d = dist(a, b, 0, need);
      if (d >= need - TOL) continue;
      const layer = a.layer === MULTI ? b.layer : a.layer;
      const ov = { minX: Math.max(a.box.minX, b.box.minX), minY: Math.max(a.box.minY, b.box.minY), maxX: Math.min(a.box.maxX, b.box.maxX), maxY: Math.min(a.box.maxY, b.box.maxY) };
      const pos = ov.minX <= ov.maxX && ov.minY <= ov.maxY ? at(ov) : at({ minX: Math.min(a.box.maxX, b.box.maxX), minY: Math.min(a.box.maxY, b.box.maxY), maxX: Math.max(a.box.minX, b.box.minX), maxY: Math.max(a.box.minY, b.box.minY) });
      if (d <= 0 && a.net && b.net) out.push({ rule: 'short', severity: 'error', message: `short circuit between ${a.net} and ${b.net}`, ...pos, layer, items: [a.key, b.key], nets: [a.net, b.net], actual: 0, required: mil(need) });
      else out.push({ rule: 'clearance', severity: 'error', message: `${kindOf(a)} (${a.net || 'no net'}) to ${kindOf(b)} (${b.net || 'no net'}): ${mil(d)} mil < ${mil(need)} mil`, ...pos, layer, items: [a.key, b.key], nets: [a.net, b.net], actual: mil(d), required: mil(need) });
    }
  }

  // 2. track width, via and hole sizes, annular ring.
  const vr = rules.via;
  const minRing = Math.max(0, (vr.minDiameter - vr.minDrill) / 2);
  for (const it of model.items) {
    if ((it.kind === 'track') && it.seg && !it.owner) {
      const tw = rules.trackWidth(it.net || undefined);
      const w = it.seg.w / S;
      if (w < tw.min - 1e-3 || w > tw.max + 1e-3) out.push({ rule: 'trackWidth', severity: 'error', message: `track width ${mil(it.seg.w)} mil outside ${tw.min}..${tw.max} mil`, ...at(it.box), layer: it.layer, items: [it.key], nets: [it.net], actual: mil(it.seg.w), required: w < tw.min ? tw.min : tw.max });
    }
    if (it.kind === 'via' && it.diameter !== undefined && it.drill !== undefined) {
      const d = it.diameter / S, h = it.drill / S;
      if (d < vr.minDiameter - 1e-3 || d > vr.maxDiameter + 1e-3) out.push({ rule: 'viaSize', severity: 'error', message: `via diameter ${mil(it.diameter)} mil outside ${vr.minDiameter}..${vr.maxDiameter} mil`, ...at(it.box), items: [it.key], nets: [it.net], actual: mil(it.diameter), required: d < vr.minDiameter ? vr.minDiameter : vr.maxDiameter });
      if (h < vr.minDrill - 1e-3 || h > vr.maxDrill + 1e-3) out.push({ rule: 'holeSize', severity: 'error', message: `via drill ${mil(it.drill)} mil outside ${vr.minDrill}..${vr.maxDrill} mil`, ...at(it.box), items: [it.key], nets: [it.net], actual: mil(it.drill), required: h < vr.minDrill ? vr.minDrill : vr.maxDrill });
      const ring = (d - h) / 2;
      if (ring < minRing - 1e-3) out.push({ rule: 'annularRing', severity: 'error', message: `via annular ring ${ring.toFixed(3)} mil < ${minRing.toFixed(3)} mil`, ...at(it.box), items: [it.key], nets: [it.net], actual: Math.round(ring * 1000) / 1000, required: Math.round(minRing * 1000) / 1000 });
    }
  }
  const padByKey = new Map(model.items.filter((i) => i.kind === 'pad').map((i) => [i.key, i]));
  for (const h of model.holes) {
    if (h.kind !== 'pad' || !h.plated) continue;
    const pad = padByKey.get(h.key);
    if (!pad) continue;
    const ring = pathsDistanceInside(h.paths, pad.paths);
    if (ring < minRing * S - 1) out.push({ rule: 'annularRing', severity: 'error', message: `pad annular ring ${mil(ring)} mil < ${minRing.toFixed(3)} mil`, ...at(pad.box), items: [pad.key], nets: [pad.net], actual: mil(ring), required: Math.round(minRing * 1000) / 1000 });
  }

  // 3. hole to hole.
  const hgrid = new ItemGrid(model.holes);
  const hh = rules.holeToHole * S;
  const hq: number[] = [];
  model.holes.forEach((a, i) => {
    hq.length = 0;
    for (const j of hgrid.queryIndex(growIBox(a.box, hh), hq)) {
      const b = model.holes[j];
      if (j <= i || b.key === a.key) continue;
      const d = a.prim && b.prim ? Math.max(0, Math.hypot(a.prim.cx - b.prim.cx, a.prim.cy - b.prim.cy) - a.prim.r - b.prim.r) : pathsDistance(a.paths, b.paths);
      if (d < hh - 1) out.push({ rule: 'holeToHole', severity: 'error', message: `hole to hole ${mil(d)} mil < ${rules.holeToHole} mil`, x: mil((a.cx + b.cx) / 2), y: mil((a.cy + b.cy) / 2), items: [a.key, b.key], actual: mil(d), required: rules.holeToHole });
    }
  });

  // 4. copper to the board outline (and copper outside the board).
  if (model.outline.length) {
    const edges = model.outline;
    const eb = boxOfPaths(edges);
    for (const it of model.items) {
      const need = rules.clearance(clearKindOf(it), 'outline') * S;
      const b = it.box;
      // far inside: skip cheaply
      if (b.minX - eb.minX > need && eb.maxX - b.maxX > need && b.minY - eb.minY > need && eb.maxY - b.maxY > need && edges.length === 1 && edges[0].length === 4) continue;
      let d = Infinity;
      for (const e of edges) d = Math.min(d, pathsDistance(it.paths, [e], 0) || ringDistance(it.paths, e));
      const inside = insidePaths((b.minX + b.maxX) / 2, (b.minY + b.maxY) / 2, edges);
      if (!inside || d < need - 1) out.push({ rule: 'outline', severity: 'error', message: inside ? `${clearKindOf(it)} ${mil(d)} mil from the board outline < ${mil(need)} mil` : `${clearKindOf(it)} outside the board outline`, ...at(b), layer: it.layer, items: [it.key], nets: [it.net], actual: inside ? mil(d) : 0, required: mil(need) });
    }
  }

  // 5. unrouted nets: pads of one net in more than one connected group (vias join layers).
  if (!opts.skipUnrouted) {
    const groups = new Map<string, Map<number, CopperItem>>();
    copper.forEach((it, i) => {
      if (it.kind !== 'pad' || !it.net) return;
      const g = groups.get(it.net) ?? new Map<number, CopperItem>();
      const root = dsu.find(i);
      if (!g.has(root)) g.set(root, it);
      groups.set(it.net, g);
    });
    for (const [net, g] of groups) {
      if (g.size <= 1) continue;
      const reps = [...g.values()];
      out.push({ rule: 'unrouted', severity: 'error', message: `net ${net} is in ${g.size} unconnected parts`, ...at(reps[1].box), items: reps.map((r) => r.key), nets: [net], actual: g.size, required: 1 });
    }
  }

  // 6. overlapping footprints (same side): their courtyards (COMPONENT_SHAPE outlines; the copper of a
  // footprint without one) overlapping by more than 1 mil².
  const copperOf = new Map<string, Paths64>();
  for (const it of model.items) if (it.owner) { const l = copperOf.get(it.owner); if (l) l.push(...it.paths); else copperOf.set(it.owner, [...it.paths]); }
  const comps = model.components.map((c) => ({ c, shape: c.courtyard?.length ? c.courtyard : copperOf.get(c.id) ?? [] })).filter((x) => x.shape.length).map((x) => ({ ...x, box: boxOfPaths(x.shape) }));
  const compGrid = new ItemGrid(comps);
  const cq: number[] = [];
  for (let i = 0; i < comps.length; i++) for (const j of (cq.length = 0, compGrid.queryIndex(comps[i].box, cq))) {
    const a = comps[i], b = comps[j];
    if (j <= i || a.c.bottom !== b.c.bottom || !iboxOverlap(a.box, b.box)) continue;
    const common = intersect(a.shape, b.shape);
    if (Math.abs(area(common)) <= S * S) continue;
    out.push({ rule: 'footprintOverlap', severity: 'warning', message: `footprints ${a.c.designator || a.c.id} and ${b.c.designator || b.c.id} overlap`, ...at(boxOfPaths(common)), items: [a.c.id, b.c.id] });
  }

  // 7. silkscreen over pads (same side, pad grown by the mask expansion).
  const pads = model.items.filter((i) => i.kind === 'pad');
  const padGrid = new ItemGrid(pads);
  const mask = rules.maskExpansion * S;
  for (const s of model.silk) {
    const paths = silkPaths(s);
    if (!paths.length) continue;
    const b = boxOfPaths(paths);
    for (const p of padGrid.query(growIBox(b, mask))) {
      const side = s.layer === 3 ? 1 : 2;
      if (p.layer !== side && p.layer !== MULTI) continue;
      const d = pathsDistance(paths, p.paths, 0);
      if (d < mask) { out.push({ rule: 'silkOverPad', severity: 'warning', message: `silkscreen over pad ${p.key}`, ...at(p.box), layer: s.layer, items: [s.key, p.key], actual: mil(d), required: rules.maskExpansion }); break; }
    }
  }

  // 8. solder-mask slivers: openings (pads grown by the expansion) closer than the minimum web.
  const web = (opts.minMaskWeb ?? 4) * S;
  const pq: number[] = [];
  pads.forEach((a, i) => {
    pq.length = 0;
    for (const j of padGrid.queryIndex(growIBox(a.box, 2 * mask + web), pq)) {
      const b = pads[j];
      if (j <= i || !shareLayer(a, b) || (a.owner === b.owner && a.padNumber === b.padNumber)) continue;
      if (boxGap(a.box, b.box) >= 2 * mask + web) continue;
      const gap = itemDistance(a, b, 0, 2 * mask + web) - 2 * mask;
      if (gap > 0 && gap < web) out.push({ rule: 'maskSliver', severity: 'warning', message: `solder-mask web ${mil(gap)} mil between ${a.key} and ${b.key} < ${mil(web)} mil`, ...at({ minX: Math.min(a.box.maxX, b.box.maxX), minY: Math.min(a.box.maxY, b.box.maxY), maxX: Math.max(a.box.minX, b.box.minX), maxY: Math.max(a.box.minY, b.box.minY) }), items: [a.key, b.key], actual: mil(gap), required: mil(web) });
    }
  });

  void layersOf;
  const errors = out.filter((v) => v.severity === 'error').length;
  return { violations: out, errors, warnings: out.length - errors, ms: Date.now() - t0 };
}

/** Distance from paths to the boundary of a ring (clip units), for items inside the board. */
function ringDistance(ps: Paths64, ring: Path64): number {
  let best = Infinity;
  for (const p of ps) for (const q of p) for (let i = 0; i < ring.length; i++) {
    const a = ring[i], b = ring[(i + 1) % ring.length];
    best = Math.min(best, ptSeg2(q.x, q.y, a.x, a.y, b.x, b.y));
  }
  return Math.sqrt(best);
}

/** Smallest distance from the inner outline (a hole) to the outer outline's boundary (a pad). */
function pathsDistanceInside(inner: Paths64, outer: Paths64): number {
  let best = Infinity;
  for (const o of outer) for (const p of inner) for (const q of p) for (let i = 0; i < o.length; i++) {
    const a = o[i], b = o[(i + 1) % o.length];
    best = Math.min(best, ptSeg2(q.x, q.y, a.x, a.y, b.x, b.y));
  }
  return Math.sqrt(best);
}
