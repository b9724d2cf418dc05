/**
 * Drawable primitives of a PCB or footprint: what the SVG and Canvas painters draw and what hit
 * testing and the spatial index use. All geometry is in the board frame (mil, Y up), already placed
 * (components expanded from their footprints, mirrored on the bottom side).
 */
import { type Box, boxOfPoints, distToPolyline, emptyBox, pointInRing, unionBox } from '@copperplate/board';
import { type Contour, contoursBox, flattenContour } from '@copperplate/board';

export type PrimKind =
  | 'track' | 'arc' | 'via' | 'pad' | 'hole' | 'poly' | 'fill' | 'pour' | 'poured' | 'region'
  | 'teardrop' | 'text' | 'dimension' | 'image' | 'ratline';

export interface Prim {
  /** data-id: the record id (for parts of a component, the component's id). */
  id: string;
  /** Record type that produced it (LINE, ARC, VIA, PAD, ...). */
  rec: string;
  kind: PrimKind;
  /** FORMAT.md layer id it is drawn on. */
  layer: number;
  /** Outlines (filled or stroked). */
  contours: Contour[];
  /** Stroke width in mil (0 = no stroke). */
  width: number;
  filled: boolean;
  /** Stroke-font polylines (text), flat [x,y,...]. */
  strokes?: number[][];
  net?: string;
  /** Component id when the primitive comes from a footprint. */
  owner?: string;
  /** Id of the record inside the footprint (pad id) when owner is set. */
  part?: string;
  padNumber?: string;
  /** Image href for OBJ records. */
  href?: string;
  /** Drawn dashed (pour and region outlines). */
  dashed?: boolean;
  box: Box;
  /** Lazily flattened polylines for hit testing. */
  flat?: number[][];
}

export function makePrim(p: Omit<Prim, 'box'> & { box?: Box }): Prim {
  if (p.box) return p as Prim;
  let b = contoursBox(p.contours, p.width / 2);
  if (p.strokes) for (const s of p.strokes) b = boxOfPoints(s, p.width / 2, b);
  return { ...p, box: b };
}

export function primsBox(prims: Iterable<Prim>): Box {
  let b = emptyBox();
  for (const p of prims) b = unionBox(b, p.box);
  return b;
}

function flatOf(p: Prim): number[][] {
  if (!p.flat) p.flat = [...p.contours.map((c) => flattenContour(c, 0.5)), ...(p.strokes ?? [])];
  return p.flat;
}

/** Distance (mil) from a point to the primitive's drawn shape; 0 inside a filled shape. */
export function primDistance(p: Prim, x: number, y: number): number {
  const b = p.box;
  if (p.kind === 'text' || p.kind === 'image') {
    // Text and images are picked by their box.
    return x >= b.minX && x <= b.maxX && y >= b.minY && y <= b.maxY ? 0 : Infinity;
  }
  const fl = flatOf(p);
  if (p.filled) {
    let inside = 0;
    for (const ring of fl) if (ring.length >= 6 && pointInRing(x, y, ring)) inside++;
    if (inside % 2 === 1) return 0;
  }
  let best = Infinity;
  for (let i = 0; i < fl.length; i++) {
    const closed = i < p.contours.length && (p.contours[i].closed || p.filled);
    best = Math.min(best, distToPolyline(x, y, fl[i], closed));
  }
  return Math.max(0, best - p.width / 2);
}
