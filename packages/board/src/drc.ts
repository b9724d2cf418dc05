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
import type { IBox, Path64, Paths64 } from './clip.ts';
import { CLIP_SCALE, area, iboxOverlap, boxOfPaths, intersect } from './clip.ts';
import { type BoardModel, type CopperItem, type Hole, type PlacedComponent, MULTI, silkPaths } from './model.ts';
import { clearKindOf } from './pour.ts';
import type { ClearKind } from './rules.ts';
import { CellGrid } from './cells.ts';
import { ptSeg2 } from './edges.ts';
import { type DSU, type DrcOptions, type DrcReport, type Violation, TOL, at, boxGap, insidePaths, mil, pathsDistance } from './drc-geom.ts';
import { copperChecks, coreOf, itemDistance } from './drc-copper.ts';

export type { DrcOptions, DrcReport, Severity, Violation } from './drc-geom.ts';
export { pathsDistance } from './drc-geom.ts';
export { itemDistance } from './drc-copper.ts';

const S = CLIP_SCALE;

/**
 * Run every check; see the file header. Each check is a function of its own: V8 compiles each hot
 * loop alone (see drc-copper.ts), not the whole run again as each next loop starts.
 */
export function runDrc(model: BoardModel, opts: DrcOptions = {}): DrcReport {
  const t0 = Date.now();
  const out: Violation[] = [];
  // 1. clearance, shorts; and same-net contacts for connectivity (drc-copper.ts).
  const { copper, dsu } = copperChecks(model, out);
  // 2. track width, via and hole sizes, annular ring.
  sizeChecks(model, out);
  annularRings(model, out);
  // 3. hole to hole.
  holeToHole(model, out);
  // 4. copper to the board outline (and copper outside the board).
  if (model.outline.length) outlineChecks(model, out);
  // 5. unrouted nets: pads of one net in more than one connected group (vias join layers).
  if (!opts.skipUnrouted) unrouted(copper, dsu, out);
  // 6. overlapping footprints (same side).
  footprintOverlaps(model, out);
  // 7. silkscreen over pads; 8. solder-mask slivers.
  const pads: CopperItem[] = [];
  for (let i = 0; i < model.items.length; i++) if (model.items[i].kind === 'pad') pads.push(model.items[i]);
  const padGrid = boxGrid(pads);
  silkOverPads(model, pads, padGrid, out);
  maskSlivers(model, pads, padGrid, opts, out);
  const errors = out.filter((v) => v.severity === 'error').length;
  return { violations: out, errors, warnings: out.length - errors, ms: Date.now() - t0 };
}

const shareLayer = (a: CopperItem, b: CopperItem) => a.layer === b.layer || a.layer === MULTI || b.layer === MULTI;
const minRingOf = (model: BoardModel): number => Math.max(0, (model.rules.via.minDiameter - model.rules.via.minDrill) / 2);

/**
 * Sizes are held in clip units (0.01 mil) and EasyEDA's rules in mm to 3 decimals: a size within
 * 0.001 mm (0.0394 mil) of its limit is at it (geulis: 0.2 mm tracks, held as 7.87 mil, against a
 * 0.2 mm = 7.874 mil minimum were 6 errors).
 */
const SIZE_TOL = 0.0394;

/** Track width, via diameter and drill, via annular ring. */
function sizeChecks(model: BoardModel, out: Violation[]): void {
  const rules = model.rules, vr = rules.via, minRing = minRingOf(model);
  for (let i = 0; i < model.items.length; i++) {
    const it = model.items[i];
    if ((it.kind === 'track') && it.seg && !it.owner) {
      const tw = rules.trackWidth(it.net || undefined);
      const w = it.seg.w / S;
      if (w < tw.min - SIZE_TOL || w > tw.max + SIZE_TOL) out.push({ rule: 'trackWidth', severity: 'error', message: `track width ${mil(it.seg.w)} mil outside ${tw.min}..${tw.max} mil`, ...at(it.box), layer: it.layer, items: [it.key], nets: [it.net], actual: mil(it.seg.w), required: w < tw.min ? tw.min : tw.max });
    }
    if (it.kind === 'via' && it.diameter !== undefined && it.drill !== undefined) {
      const d = it.diameter / S, h = it.drill / S;
      if (d < vr.minDiameter - SIZE_TOL || d > vr.maxDiameter + SIZE_TOL) out.push({ rule: 'viaSize', severity: 'error', message: `via diameter ${mil(it.diameter)} mil outside ${vr.minDiameter}..${vr.maxDiameter} mil`, ...at(it.box), items: [it.key], nets: [it.net], actual: mil(it.diameter), required: d < vr.minDiameter ? vr.minDiameter : vr.maxDiameter });
      if (h < vr.minDrill - SIZE_TOL || h > vr.maxDrill + SIZE_TOL) out.push({ rule: 'holeSize', severity: 'error', message: `via drill ${mil(it.drill)} mil outside ${vr.minDrill}..${vr.maxDrill} mil`, ...at(it.box), items: [it.key], nets: [it.net], actual: mil(it.drill), required: h < vr.minDrill ? vr.minDrill : vr.maxDrill });
      const ring = (d - h) / 2;
      if (ring < minRing - SIZE_TOL) out.push({ rule: 'annularRing', severity: 'error', message: `via annular ring ${ring.toFixed(3)} mil < ${minRing.toFixed(3)} mil`, ...at(it.box), items: [it.key], nets: [it.net], actual: Math.round(ring * 1000) / 1000, required: Math.round(minRing * 1000) / 1000 });
    }
  }
}

/** Annular ring of plated pads. */
function annularRings(model: BoardModel, out: Violation[]): void {
  const minRing = minRingOf(model);
  const holeOf = new Map<string, Hole>();
  for (let i = 0; i < model.holes.length; i++) { const h = model.holes[i]; if (h.kind === 'pad' && h.plated) holeOf.set(h.key, h); }
  for (let i = 0; i < model.items.length; i++) {
    const pad = model.items[i];
    if (pad.kind !== 'pad') continue;
    const h = holeOf.get(pad.key);
    if (!h) continue;
    const ring = annularRing(h, pad);
    if (ring < minRing * S - 1) out.push({ rule: 'annularRing', severity: 'error', message: `pad annular ring ${mil(ring)} mil < ${minRing.toFixed(3)} mil`, ...at(pad.box), items: [pad.key], nets: [pad.net], actual: mil(ring), required: Math.round(minRing * 1000) / 1000 });
  }
}

function holeToHole(model: BoardModel, out: Violation[]): void {
  const rules = model.rules;
  const hgrid = boxGrid(model.holes);
  const hh = rules.holeToHole * S, hq = Math.ceil(hh); // (whole numbers pass to the grid without boxing)
  for (let i = 0; i < model.holes.length; i++) {
    const a = model.holes[i], ab = a.box;
    for (let k = 0, nk = hgrid.query(ab.minX - hq, ab.minY - hq, ab.maxX + hq, ab.maxY + hq); k < nk; k++) {
      const j = hgrid.hits[k], b = model.holes[j];
      if (j <= i || b.key === a.key) continue;
      const d = a.prim && b.prim ? Math.max(0, Math.hypot(a.prim.cx - b.prim.cx, a.prim.cy - b.prim.cy) - a.prim.r - b.prim.r) : pathsDistance(a.paths, b.paths);
      if (d < hh - TOL) out.push({ rule: 'holeToHole', severity: 'error', message: `hole to hole ${mil(d)} mil < ${rules.holeToHole} mil`, x: mil((a.cx + b.cx) / 2), y: mil((a.cy + b.cy) / 2), items: [a.key, b.key], actual: mil(d), required: rules.holeToHole });
    }
  }
}

function outlineChecks(model: BoardModel, out: Violation[]): void {
  const rules = model.rules;
  const edges = model.outline;
  const eb = boxOfPaths(edges);
  const needOf = new Map<ClearKind, number>();
  for (let i = 0; i < model.items.length; i++) {
    const it = model.items[i];
    const kind = clearKindOf(it);
    let need = needOf.get(kind);
    if (need === undefined) needOf.set(kind, (need = rules.clearance(kind, 'outline') * S));
    const b = it.box;
    // far inside: skip cheaply
    if (b.minX - eb.minX > need && eb.maxX - b.maxX > need && b.minY - eb.minY > need && eb.maxY - b.maxY > need && edges.length === 1 && edges[0].length === 4) continue;
    let d = Infinity;
    for (const e of edges) d = Math.min(d, pathsDistance(it.paths, [e], 0) || ringDistance(it.paths, e));
    const inside = insidePaths((b.minX + b.maxX) / 2, (b.minY + b.maxY) / 2, edges);
    // the measuring tolerance of the copper checks (EasyEDA's rules are mm to 3 decimals): 11.8 mil is at a 0.3 mm rule
    if (!inside || d < need - TOL) out.push({ rule: 'outline', severity: 'error', message: inside ? `${clearKindOf(it)} ${mil(d)} mil from the board outline < ${mil(need)} mil` : `${clearKindOf(it)} outside the board outline`, ...at(b), layer: it.layer, items: [it.key], nets: [it.net], actual: inside ? mil(d) : 0, required: mil(need) });
  }
}

function unrouted(copper: CopperItem[], dsu: DSU, out: Violation[]): void {
  const groups = new Map<string, Map<number, CopperItem>>();
  for (let i = 0; i < copper.length; i++) {
    const it = copper[i];
    if (it.kind !== 'pad' || !it.net) continue;
    let g = groups.get(it.net);
    if (!g) groups.set(it.net, (g = new Map<number, CopperItem>()));
    const root = dsu.find(i);
    if (!g.has(root)) g.set(root, it);
  }
  for (const [net, g] of groups) {
    if (g.size <= 1) continue;
    const reps = [...g.values()];
    out.push({ rule: 'unrouted', severity: 'error', message: `net ${net} is in ${g.size} unconnected parts`, ...at(reps[1].box), items: reps.map((r) => r.key), nets: [net], actual: g.size, required: 1 });
  }
}

/**
 * Overlapping footprints (same side): their courtyards (COMPONENT_SHAPE outlines; the copper of a
 * footprint without one) overlapping by more than 1 mil². Candidates by box (a component's box holds
 * its copper); the copper outlines are gathered only for them.
 */
function footprintOverlaps(model: BoardModel, out: Violation[]): void {
  const cbox = model.components.map((c) => (c.courtyard?.length ? boxOfPaths(c.courtyard) : c.box));
  const compGrid = boxGrid(cbox.map((box) => ({ box })));
  let shapes: Map<string, Paths64> | undefined;
  const shapeOf = (c: PlacedComponent): Paths64 => {
    if (c.courtyard?.length) return c.courtyard;
    if (!shapes) {
      shapes = new Map();
      for (const it of model.items) if (it.owner) { const l = shapes.get(it.owner); if (l) { for (const p of it.paths) l.push(p); } else shapes.set(it.owner, it.paths.slice()); }
    }
    return shapes.get(c.id) ?? [];
  };
  for (let i = 0; i < cbox.length; i++) {
    const ab = cbox[i];
    if (!Number.isFinite(ab.minX)) continue;
    for (let k = 0, nk = compGrid.query(ab.minX, ab.minY, ab.maxX, ab.maxY); k < nk; k++) {
      const j = compGrid.hits[k];
      const a = model.components[i], b = model.components[j];
      if (j <= i || a.bottom !== b.bottom || !iboxOverlap(ab, cbox[j])) continue;
      const sa = shapeOf(a), sb = shapeOf(b);
      if (!sa.length || !sb.length || !iboxOverlap(boxOfPaths(sa), boxOfPaths(sb))) continue;
      const common = intersect(sa, sb);
      if (Math.abs(area(common)) <= S * S) continue;
      out.push({ rule: 'footprintOverlap', severity: 'warning', message: `footprints ${a.designator || a.id} and ${b.designator || b.id} overlap`, ...at(boxOfPaths(common)), items: [a.id, b.id] });
    }
  }
}

/** Silkscreen over pads (same side, pad grown by the mask expansion). */
function silkOverPads(model: BoardModel, pads: CopperItem[], padGrid: CellGrid, out: Violation[]): void {
  const rules = model.rules;
  const mask = rules.maskExpansion * S;
  for (const s of model.silk) {
    const paths = silkPaths(s);
    if (!paths.length) continue;
    const b = boxOfPaths(paths);
    for (let k = 0, nk = padGrid.query(b.minX - mask, b.minY - mask, b.maxX + mask, b.maxY + mask); k < nk; k++) {
      const p = pads[padGrid.hits[k]];
      const side = s.layer === 3 ? 1 : 2;
      if (p.layer !== side && p.layer !== MULTI) continue;
      const d = pathsDistance(paths, p.paths, 0);
      if (d < mask) { out.push({ rule: 'silkOverPad', severity: 'warning', message: `silkscreen over pad ${p.key}`, ...at(p.box), layer: s.layer, items: [s.key, p.key], actual: mil(d), required: rules.maskExpansion }); break; }
    }
  }
}

/** Solder-mask slivers: openings (pads grown by the expansion) closer than the minimum web. */
function maskSlivers(model: BoardModel, pads: CopperItem[], padGrid: CellGrid, opts: DrcOptions, out: Violation[]): void {
  const mask = model.rules.maskExpansion * S;
  const web = (opts.minMaskWeb ?? 4) * S;
  const reach = 2 * mask + web, rq = Math.ceil(reach); // (whole numbers pass to the grid without boxing)
  const cores = pads.map(coreOf);
  for (let i = 0; i < pads.length; i++) {
    const a = pads[i], ab = a.box;
    for (let k = 0, nk = padGrid.query(ab.minX - rq, ab.minY - rq, ab.maxX + rq, ab.maxY + rq); k < nk; k++) {
      const j = padGrid.hits[k], b = pads[j];
      if (j <= i || !shareLayer(a, b) || (a.owner === b.owner && a.padNumber === b.padNumber)) continue;
      if (boxGap(ab, b.box) >= reach) continue;
      const gap = itemDistance(a, b, 0, reach, cores[i], cores[j]) - 2 * mask;
      if (gap > 0 && gap < web) out.push({ rule: 'maskSliver', severity: 'warning', message: `solder-mask web ${mil(gap)} mil between ${a.key} and ${b.key} < ${mil(web)} mil`, ...at({ minX: Math.min(ab.maxX, b.box.maxX), minY: Math.min(ab.maxY, b.box.maxY), maxX: Math.max(ab.minX, b.box.minX), maxY: Math.max(ab.minY, b.box.minY) }), items: [a.key, b.key], actual: mil(gap), required: mil(web) });
    }
  }
}

/** A static grid over item boxes (cells of 200 mil). */
function boxGrid(items: ReadonlyArray<{ box: IBox }>): CellGrid {
  const xs = new Float64Array(4 * items.length);
  items.forEach((it, k) => { const b = it.box, f = Number.isFinite(b.minX); xs[4 * k] = f ? b.minX : 0; xs[4 * k + 1] = f ? b.minY : 0; xs[4 * k + 2] = f ? b.maxX : -1; xs[4 * k + 3] = f ? b.maxY : -1; });
  return new CellGrid(xs, items.length, 200 * S);
}

/**
 * Annular ring of a plated pad (clip units): the smallest distance from its hole to the pad's edge.
 * Exact for a round hole in a pad with a core (edges.ts Core), else measured on the outlines.
 */
function annularRing(h: Hole, pad: CopperItem): number {
  const c = pad.core;
  if (!c || !h.prim) return pathsDistanceInside(h.paths, pad.paths);
  const x = h.prim.cx, y = h.prim.cy, p = c.p;
  let inCore = false, d: number;
  if (c.n === 1) d = Math.hypot(x - p[0], y - p[1]);
  else if (c.n === 2) d = Math.sqrt(ptSeg2(x, y, p[0], p[1], p[2], p[3]));
  else {
    // inside the quad: distance to its nearest side, counted outward
    let pos = false, neg = false, m = Infinity;
    for (let i = 0; i < 8; i += 2) {
      const j = (i + 2) & 7;
      const cr = (p[j] - p[i]) * (y - p[i + 1]) - (p[j + 1] - p[i + 1]) * (x - p[i]);
      if (cr > 0) pos = true; else if (cr < 0) neg = true;
      m = Math.min(m, ptSeg2(x, y, p[i], p[i + 1], p[j], p[j + 1]));
    }
    inCore = !(pos && neg);
    d = Math.sqrt(m);
  }
  return (inCore ? c.r + d : c.r - d) - h.prim.r;
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
