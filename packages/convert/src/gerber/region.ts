/**
 * Polygons with holes as Gerber regions. A Gerber region fills every contour it holds (spec 4.10),
 * so a hole must be joined to its outline by a cut-in: a zero-width channel from the hole to the
 * outline. Contours are flattened (mil, Y up), nested by containment (even depth = outline, odd =
 * hole of the outline around it), and each hole is bridged along a horizontal ray from its leftmost
 * vertex to the nearest edge of the outline to its left (that segment crosses nothing, so the
 * result is a valid, non-crossing single contour).
 */
import { type Contour, flattenContour, pointInRing, ringArea } from '@copperplate/board';

/** Closed rings [x, y, ...] -> groups of one outline and its holes. */
export function nestRings(rings: number[][]): Array<{ outer: number[]; holes: number[][] }> {
  const items = rings.filter((r) => r.length >= 6).map((r) => {
    let minX = Infinity, minY = Infinity, maxX = -Infinity, maxY = -Infinity;
    for (let i = 0; i + 1 < r.length; i += 2) {
      const x = r[i], y = r[i + 1];
      if (x < minX) minX = x; if (x > maxX) maxX = x; if (y < minY) minY = y; if (y > maxY) maxY = y;
    }
    return { r, area: Math.abs(ringArea(r)), depth: 0, parent: -1, minX, minY, maxX, maxY };
  });
  items.sort((a, b) => b.area - a.area);
  for (let i = 0; i < items.length; i++) {
    const a = items[i];
    // The smallest ring (latest in the sorted order before i) that contains this one is its parent;
    // a ring whose box does not hold this one's cannot (checked first: most pairs end there).
    for (let j = i - 1; j >= 0; j--) {
      const b = items[j];
      if (a.minX < b.minX || a.maxX > b.maxX || a.minY < b.minY || a.maxY > b.maxY) continue;
      if (b.area > a.area && pointInRing(a.r[0], a.r[1], b.r) && ringInside(a.r, b.r)) {
        a.parent = j;
        a.depth = b.depth + 1;
        break;
      }
    }
  }
  const groups = new Map<number, { outer: number[]; holes: number[][] }>();
  items.forEach((it, i) => { if (it.depth % 2 === 0) groups.set(i, { outer: it.r, holes: [] }); });
  items.forEach((it) => { if (it.depth % 2 === 1) groups.get(it.parent)?.holes.push(it.r); });
  return [...groups.values()];
}

/** Most vertices of `a` inside `b` (robust against a shared vertex). */
function ringInside(a: number[], b: number[]): boolean {
  let inside = 0, n = 0;
  for (let i = 0; i + 1 < a.length && n < 8; i += Math.max(2, 2 * Math.floor(a.length / 16)), n++) if (pointInRing(a[i], a[i + 1], b)) inside++;
  return inside * 2 >= n;
}

const orient = (r: number[], ccw: boolean): number[] => {
  if ((ringArea(r) > 0) === ccw) return r;
  const out: number[] = [];
  for (let i = r.length - 2; i >= 0; i -= 2) out.push(r[i], r[i + 1]);
  return out;
};

/** One outline with holes -> a single ring with cut-ins (outline counter-clockwise, holes clockwise). */
export function bridgeHoles(outer: number[], holes: number[][]): number[] {
  let ring = orient(outer, true);
  const hs = holes.map((h) => orient(h, false)).map((h) => {
    let k = 0;
    for (let i = 2; i < h.length; i += 2) if (h[i] < h[k] || (h[i] === h[k] && h[i + 1] < h[k + 1])) k = i;
    return { h, k };
  });
  // Leftmost holes first (as earcut does), so later rays meet earlier bridges consistently.
  hs.sort((a, b) => a.h[a.k] - b.h[b.k]);
  for (const { h, k } of hs) {
    const mx = h[k], my = h[k + 1];
    let best = -Infinity, bi = -1, bx = 0;
    const n = ring.length;
    for (let i = 0; i < n; i += 2) {
      const ay = ring[i + 1], cy = i + 3 < n ? ring[i + 3] : ring[1];
      if ((ay > my) === (cy > my)) continue;
      const ax = ring[i], cx = i + 2 < n ? ring[i + 2] : ring[0];
      if (ax > mx && cx > mx) continue; // the edge lies right of the hole: not on the ray to the left
      const x = ax + ((my - ay) * (cx - ax)) / (cy - ay);
      if (x <= mx && x > best) { best = x; bi = i; bx = x; }
    }
    if (bi < 0) continue; // not inside after all: drop the hole rather than write a crossing contour
    // Rotate the hole to start at its leftmost vertex, then splice: ... A, P, M, hole..., M, P, C ...
    const splice: number[] = [bx, my];
    for (let i = 0; i < h.length; i += 2) { const j = (k + i) % h.length; splice.push(h[j], h[j + 1]); }
    splice.push(mx, my, bx, my);
    if (ring === outer) ring = ring.slice(); // never change the caller's array
    const tail = ring.splice(bi + 2);
    for (const v of splice) ring.push(v);
    for (const v of tail) ring.push(v);
  }
  return ring;
}

/** Flat ring -> a closed contour of straight segments. */
export function ringContour(r: number[]): Contour {
  const segs: Contour['segs'] = [];
  for (let i = 2; i + 1 < r.length; i += 2) segs.push({ k: 'L', x: r[i], y: r[i + 1] });
  return { x0: r[0], y0: r[1], segs, closed: true };
}

/** Contours of one filled shape (outline(s) and holes in any order) -> region contours with cut-ins. */
export function regionsWithHoles(cs: Contour[], tol = 0.05): Contour[] {
  if (cs.length === 1) return [{ ...cs[0], closed: true }];
  const rings = cs.map((c) => {
    const f = flattenContour({ ...c, closed: true }, tol);
    const n = f.length;
    if (n >= 4 && f[0] === f[n - 2] && f[1] === f[n - 1]) f.length = n - 2;
    return f;
  });
  return nestRings(rings).map((g) => ringContour(g.holes.length ? bridgeHoles(g.outer, g.holes) : g.outer));
}
