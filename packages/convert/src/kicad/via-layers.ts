/**
 * Inner layers where a KiCad via has no copper ring. A via marked `(remove_unused_layers)` is drawn on
 * an inner copper layer only where something of its net connects to it there: a track or arc ending
 * inside it, or a zone fill of its net around its centre (KiCad's PCB_VIA::FlashLayer asks the
 * connectivity). Its end layers always keep their rings (`keep_end_layers`; without it they are kept
 * too: not carried). The result feeds the VIA record's unusedInnerLayers (EasyEDA's own field).
 * Pads of the same net on the layer are not looked at (a via inside a through-hole pad is rare).
 */
import type { KBoard, KVia } from './pcb-model.ts';

type Ring = ArrayLike<number>;

/** Flat rings of a fill (a ring of points, or a path of numbers and 'L': arcs are taken by their ends), in its unit. */
function ringsOf(path: readonly unknown[] | Float64Array): Ring[] {
  if (path instanceof Float64Array) return [path];
  const out: number[][] = [];
  let cur: number[] = [];
  let afterL = false;
  for (let i = 0; i < path.length; i++) {
    const t = path[i];
    if (t === 'L') { afterL = true; continue; }
    if (typeof t !== 'number' || typeof path[i + 1] !== 'number') continue;
    if (!afterL && cur.length) { out.push(cur); cur = []; }
    cur.push(t, path[i + 1] as number);
    i++;
  }
  if (cur.length) out.push(cur);
  return out;
}

function inRings(x: number, y: number, rings: Ring[]): boolean {
  let inside = false;
  for (const r of rings) {
    for (let i = 0, j = r.length - 2; i < r.length; j = i, i += 2) {
      const xi = r[i], yi = r[i + 1], xj = r[j], yj = r[j + 1];
      if ((yi > y) !== (yj > y) && x < ((xj - xi) * (y - yi)) / (yj - yi) + xi) inside = !inside;
    }
  }
  return inside;
}

/** Per via (by index) the inner layer names where it has no ring; only vias that remove unused layers appear. */
export function unusedViaLayers(board: KBoard): Map<number, string[]> {
  const out = new Map<number, string[]>();
  if (!board.vias.some((v) => v.removeUnused)) return out;
  const inner = board.layers.map((l) => l.name).filter((n) => /^In\d+\.Cu$/.test(n));
  // fills per layer and net (10 mil units, as stored)
  const fills = new Map<string, Ring[]>();
  for (const z of board.zones) {
    if (z.keepout) continue;
    for (const f of z.fills) {
      const k = `${f.layer}\u0000${z.net}`;
      let list = fills.get(k);
      if (!list) fills.set(k, (list = []));
      list.push(...ringsOf(f.path));
    }
  }
  const ends = new Map<string, number[]>();
  for (const t of [...board.tracks, ...board.arcs]) {
    const k = `${t.layer}\u0000${t.net}`;
    let list = ends.get(k);
    if (!list) ends.set(k, (list = []));
    list.push(t.x1, t.y1, t.x2, t.y2);
  }
  const connected = (v: KVia, layer: string): boolean => {
    const k = `${layer}\u0000${v.net}`;
    const e = ends.get(k);
    const r = v.size / 2;
    if (e) for (let i = 0; i < e.length; i += 2) if (Math.hypot(e[i] - v.x, e[i + 1] - v.y) <= r) return true;
    const f = fills.get(k);
    return !!f && inRings(v.x / 10, v.y / 10, f);
  };
  board.vias.forEach((v, i) => {
    if (!v.removeUnused || !v.net) { if (v.removeUnused) out.set(i, inner.slice()); return; }
    const unused = inner.filter((l) => !connected(v, l));
    if (unused.length) out.set(i, unused);
  });
  return out;
}
