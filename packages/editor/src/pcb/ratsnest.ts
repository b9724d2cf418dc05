/**
 * Ratsnest: for every net, the copper already joined (pads, tracks, arcs, vias, fills, stored pour
 * fills, teardrops of that net that touch on a shared copper layer) forms islands; the ratsnest is a
 * minimum spanning tree between the islands, each edge between their nearest pad/via centres.
 * Frame: board mil, Y up.
 */
import { type Box, boxesOverlap, dist } from '@copperplate/board';
import { isCopper, L } from './layers.ts';
import { type Prim, primDistance } from './prims.ts';

export interface RatLine { net: string; x1: number; y1: number; x2: number; y2: number }

interface Node { p: Prim; cx: number; cy: number; anchor: boolean; ends: number[] }

const sharesLayer = (a: number, b: number): boolean => a === b || (a === L.MULTI && isCopper(b)) || (b === L.MULTI && isCopper(a)) || (a === L.MULTI && b === L.MULTI);

function ends(p: Prim): number[] {
  if (p.kind !== 'track' && p.kind !== 'arc') return [];
  const s = p.shape;
  if (s?.k === 'seg') return [s.x1, s.y1, s.x2, s.y2]; // a straight track: its contours are not made
  const c = p.contours[0];
  if (!c) return [];
  const last = c.segs[c.segs.length - 1];
  return last ? [c.x0, c.y0, last.x, last.y] : [c.x0, c.y0];
}

/** Do two copper primitives of one net touch? (an end of one on the other, or a centre inside). */
function touches(a: Node, b: Node): boolean {
  if (!sharesLayer(a.p.layer, b.p.layer) || !boxesOverlap(a.p.box, b.p.box)) return false;
  const tol = 0.5;
  for (let i = 0; i < a.ends.length; i += 2) if (primDistance(b.p, a.ends[i], a.ends[i + 1]) <= a.p.width / 2 + tol) return true;
  for (let i = 0; i < b.ends.length; i += 2) if (primDistance(a.p, b.ends[i], b.ends[i + 1]) <= b.p.width / 2 + tol) return true;
  if (a.anchor && primDistance(b.p, a.cx, a.cy) <= tol) return true;
  if (b.anchor && primDistance(a.p, b.cx, b.cy) <= tol) return true;
  return false;
}

export interface Ratsnest {
  lines: RatLine[];
  /** Islands per net (1 = fully routed). */
  islands: Map<string, number>;
}

export function computeRatsnest(scene: { all(): Iterable<Prim> }, onlyNets?: Set<string>): Ratsnest {
  const byNet = new Map<string, Node[]>();
  for (const p of scene.all()) {
    if (!p.net || (onlyNets && !onlyNets.has(p.net))) continue;
    const copperLike = p.kind === 'pad' || p.kind === 'via' || p.kind === 'track' || p.kind === 'arc' || p.kind === 'fill' || p.kind === 'poured' || p.kind === 'teardrop';
    if (!copperLike || !(isCopper(p.layer) || p.layer === L.MULTI)) continue;
    if (p.kind === 'poured' && !p.filled) continue;
    const b = p.box;
    const anchor = p.kind === 'pad' || p.kind === 'via';
    let a = byNet.get(p.net);
    if (!a) byNet.set(p.net, (a = []));
    a.push({ p, cx: (b.minX + b.maxX) / 2, cy: (b.minY + b.maxY) / 2, anchor, ends: ends(p) });
  }
  const lines: RatLine[] = [];
  const islands = new Map<string, number>();
  for (const [net, nodes] of byNet) {
    if (!nodes.some((n) => n.anchor)) continue;
    const parent = nodes.map((_, i) => i);
    const find = (i: number): number => { while (parent[i] !== i) { parent[i] = parent[parent[i]]; i = parent[i]; } return i; };
    // Sweep on x to avoid testing every pair.
    const order = nodes.map((_, i) => i).sort((i, j) => nodes[i].p.box.minX - nodes[j].p.box.minX);
    for (let oi = 0; oi < order.length; oi++) {
      const i = order[oi];
      const bi: Box = nodes[i].p.box;
      for (let oj = oi + 1; oj < order.length; oj++) {
        const j = order[oj];
        if (nodes[j].p.box.minX > bi.maxX) break;
        if (find(i) !== find(j) && touches(nodes[i], nodes[j])) parent[find(i)] = find(j);
      }
    }
    const groups = new Map<number, Node[]>();
    for (let i = 0; i < nodes.length; i++) {
      if (!nodes[i].anchor) continue;
      const r = find(i);
      let g = groups.get(r);
      if (!g) groups.set(r, (g = []));
      g.push(nodes[i]);
    }
    const gs = [...groups.values()];
    islands.set(net, gs.length);
    if (gs.length < 2) continue;
    // Prim's MST over islands, edge weight = nearest anchor pair.
    const inTree = new Array(gs.length).fill(false);
    inTree[0] = true;
    const best = gs.map((g) => nearest(gs[0], g));
    for (let k = 1; k < gs.length; k++) {
      let bi = -1;
      for (let i = 0; i < gs.length; i++) if (!inTree[i] && (bi < 0 || best[i].d < best[bi].d)) bi = i;
      inTree[bi] = true;
      const e = best[bi];
      lines.push({ net, x1: e.a.cx, y1: e.a.cy, x2: e.b.cx, y2: e.b.cy });
      for (let i = 0; i < gs.length; i++) if (!inTree[i]) { const c = nearest(gs[bi], gs[i]); if (c.d < best[i].d) best[i] = c; }
    }
  }
  return { lines, islands };
}

function nearest(ga: Node[], gb: Node[]): { d: number; a: Node; b: Node } {
  let r = { d: Infinity, a: ga[0], b: gb[0] };
  for (const a of ga) for (const b of gb) { const d = dist(a.cx, a.cy, b.cx, b.cy); if (d < r.d) r = { d, a, b }; }
  return r;
}

/**
 * The ratsnest after edits that touched only `nets`: `base`'s lines and islands of every other net
 * kept, those nets computed again from `scene` (a net's ratsnest depends on its own copper alone; the
 * scene may hold only those nets' copper). `base` is left as it was (a caller may hold it). Equal, as
 * sets, to computeRatsnest(whole scene).
 */
export function updateRatsnest(base: Ratsnest, scene: { all(): Iterable<Prim> }, nets: Set<string>): Ratsnest {
  if (nets.size === 0) return base;
  const part = computeRatsnest(scene, nets);
  const lines = base.lines.filter((l) => !nets.has(l.net));
  for (const l of part.lines) lines.push(l);
  const islands = new Map(base.islands);
  for (const n of nets) islands.delete(n);
  for (const [n, v] of part.islands) islands.set(n, v);
  return { lines, islands };
}
