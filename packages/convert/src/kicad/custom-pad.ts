/**
 * A KiCad custom pad as one polygon: the anchor (circle or rectangle of the pad's size) united with
 * every primitive (filled polygons grown by their line width, lines and arcs as strokes with round
 * ends, circles filled or as rings, rectangles, Bezier curves), through Clipper. The PAD record's
 * POLY shape holds the union: one path, or a list of paths when it has several rings (islands and
 * holes: the fabrication outputs nest them).
 * Pad frame: mil, Y up.
 */
import {
  CLIP_SCALE, area, circlePath, difference, flattenArc, flattenCubic, offset, rectPath, segmentPath, union, type Path64, type Paths64,
} from '@copperplate/board';
import type { KGraphic, KPad, Path } from './pcb-model.ts';
import { r4 } from './units.ts';

const S = CLIP_SCALE;

/** A simple outline turned counter-clockwise: the union is NonZero, and a clockwise part would cancel what it overlaps. */
const ccw = (p: Path64): Path64 => (area([p]) < 0 ? p.slice().reverse() : p);
const TOL = 0.1; // mil, arc flattening

function polyline(pts: number[], width: number, out: Paths64): void {
  for (let i = 0; i + 3 < pts.length; i += 2) out.push(ccw(segmentPath(pts[i] * S, pts[i + 1] * S, pts[i + 2] * S, pts[i + 3] * S, Math.max(width, 0.01) * S)));
}

/** Flat points of a KiCad path (numbers, 'L' runs and 'ARC' sweeps). */
function pathPoints(path: Path): number[] {
  const out: number[] = [];
  let i = 0;
  while (i < path.length) {
    const t = path[i];
    if (t === 'L') { i++; continue; }
    if (t === 'ARC') {
      const sweep = path[i + 1] as number, x = path[i + 2] as number, y = path[i + 3] as number;
      flattenArc(out, out[out.length - 2], out[out.length - 1], x, y, sweep, TOL);
      i += 4; continue;
    }
    if (typeof t === 'number' && typeof path[i + 1] === 'number') { out.push(t, path[i + 1] as number); i += 2; continue; }
    i++;
  }
  return out;
}

function primitivePaths(g: KGraphic, out: Paths64): void {
  switch (g.kind) {
    case 'line': polyline([g.x1, g.y1, g.x2, g.y2], g.width, out); break;
    case 'arc': { const pts = [g.x1, g.y1]; flattenArc(pts, g.x1, g.y1, g.x2, g.y2, g.sweep, TOL); polyline(pts, g.width, out); break; }
    case 'curve': { const p = g.pts; const pts = [p[0], p[1]]; flattenCubic(pts, p[0], p[1], p[2], p[3], p[4], p[5], p[6], p[7], TOL); polyline(pts, g.width, out); break; }
    case 'circle': {
      const outer = circlePath(g.cx * S, g.cy * S, (g.r + g.width / 2) * S);
      if (g.fill || g.width <= 0 || g.r <= g.width / 2) out.push(ccw(outer));
      else out.push(...difference([outer], [circlePath(g.cx * S, g.cy * S, (g.r - g.width / 2) * S)]));
      break;
    }
    case 'rect': {
      const [x1, x2] = [Math.min(g.x1, g.x2), Math.max(g.x1, g.x2)], [y1, y2] = [Math.min(g.y1, g.y2), Math.max(g.y1, g.y2)];
      if (g.fill) out.push(...offset([ccw(rectPath(x1 * S, y1 * S, x2 * S, y2 * S))], (g.width / 2) * S));
      else polyline([x1, y1, x2, y1, x2, y2, x1, y2, x1, y1], g.width, out);
      break;
    }
    case 'poly': {
      const pts = pathPoints(g.path);
      const p: Path64 = [];
      for (let i = 0; i + 1 < pts.length; i += 2) p.push({ x: Math.round(pts[i] * S), y: Math.round(pts[i + 1] * S) });
      // pad primitives are filled unless KiCad says `(fill none)`; the line width grows them
      if (g.fill !== false || !g.width) { if (p.length >= 3) out.push(...(g.width > 0 ? offset([ccw(p)], (g.width / 2) * S) : [ccw(p)])); }
      else polyline([...pts, pts[0], pts[1]], g.width, out);
      break;
    }
  }
}

/**
 * The custom pad's copper in the pad frame: one closed path per ring of the union (its outline; or
 * outlines, their holes and separate islands), or undefined when the union is empty.
 */
export function customPadRings(p: KPad): Path[] | undefined {
  const parts: Paths64 = [ccw(p.anchor === 'circle' ? circlePath(0, 0, (Math.min(p.w, p.h) / 2) * S) : rectPath((-p.w / 2) * S, (-p.h / 2) * S, (p.w / 2) * S, (p.h / 2) * S))];
  for (const g of p.primitives) primitivePaths(g, parts);
  const u = union(parts).filter((ring) => ring.length >= 3);
  if (!u.length) return undefined;
  return u.map((ring) => {
    const path: Path = [];
    ring.forEach((pt, i) => { if (i === 1) path.push('L'); path.push(r4(pt.x / S), r4(pt.y / S)); });
    path.push(r4(ring[0].x / S), r4(ring[0].y / S));
    return path;
  });
}
