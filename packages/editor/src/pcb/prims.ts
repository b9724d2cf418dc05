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
  /** The shape as one WebGL quad, when the builder knows it (round segment or rounded box); see PrimShape. */
  shape?: PrimShape;
}

/**
 * What a primitive is, when it is one simple shape (the WebGL painter draws it as one quad without
 * looking at its contours): a round segment (a track, a circle when both ends meet: vias, round
 * pads and holes, an oval hole) or a rounded box (rectangular, rounded-rectangle and oval pads:
 * centre, half sizes along the unit direction (ux, uy) and its perpendicular, corner radius).
 * Frame: board mil, Y up.
 */
export type PrimShape =
  | { k: 'seg'; x1: number; y1: number; x2: number; y2: number; hw: number }
  | { k: 'box'; cx: number; cy: number; hw: number; hh: number; ux: number; uy: number; r: number };

/** The box of a shape (exact: a rounded box is its inner rectangle grown by the radius). */
export function shapeBox(s: PrimShape): Box {
  if (s.k === 'seg') return { minX: Math.min(s.x1, s.x2) - s.hw, minY: Math.min(s.y1, s.y2) - s.hw, maxX: Math.max(s.x1, s.x2) + s.hw, maxY: Math.max(s.y1, s.y2) + s.hw };
  const ax = Math.abs(s.ux), ay = Math.abs(s.uy), r = Math.min(s.r, s.hw, s.hh);
  const ex = ax * (s.hw - r) + ay * (s.hh - r) + r, ey = ay * (s.hw - r) + ax * (s.hh - r) + r;
  return { minX: s.cx - ex, minY: s.cy - ey, maxX: s.cx + ex, maxY: s.cy + ey };
}

/**
 * A primitive of one quad shape in one object (a board's pads, tracks and vias: most of its
 * records): it is its own `shape` and its own `box` (their fields are its fields), and its
 * contours are made the first time they are read (most are never hit-tested nor drawn by the
 * Canvas2D painter when the WebGL one draws their shape). One object per primitive instead of four
 * to six: opening a board of 100k pads allocates and keeps that much less (the garbage collector's
 * copying of survivors was most of the open). Do not spread it into a new object (`shape`, `box`
 * and `contours` are getters): use makePrim.
 */
abstract class QuadPrim<A, B> {
  id: string;
  rec: string;
  kind: PrimKind;
  layer: number;
  width: number;
  filled: boolean;
  net?: string;
  owner?: string;
  part?: string;
  padNumber?: string;
  flat?: number[][];
  minX: number;
  minY: number;
  maxX: number;
  maxY: number;
  private made?: Contour[];
  /** make(a, b) makes the contours (a module function and its arguments: no closure kept per primitive). */
  private make?: (a: A, b: B) => Contour[];
  private a?: A;
  private b?: B;
  constructor(p: Omit<Prim, 'contours' | 'box' | 'shape'>, box: Box, make: (a: A, b: B) => Contour[], a: A, b: B) {
    this.id = p.id; this.rec = p.rec; this.kind = p.kind; this.layer = p.layer; this.width = p.width; this.filled = p.filled;
    this.net = p.net; this.owner = p.owner; this.part = p.part; this.padNumber = p.padNumber;
    this.minX = box.minX; this.minY = box.minY; this.maxX = box.maxX; this.maxY = box.maxY;
    this.make = make; this.a = a; this.b = b;
  }
  get box(): Box { return this; }
  get contours(): Contour[] {
    if (!this.made) { this.made = this.make!(this.a!, this.b!); this.make = undefined; this.a = undefined; this.b = undefined; }
    return this.made;
  }
  set contours(c: Contour[]) { this.made = c; this.make = undefined; this.a = undefined; this.b = undefined; }
}

class SegPrim<A, B> extends QuadPrim<A, B> implements Prim {
  readonly k = 'seg' as const;
  x1: number; y1: number; x2: number; y2: number; hw: number;
  constructor(p: Omit<Prim, 'contours' | 'box' | 'shape'>, s: Extract<PrimShape, { k: 'seg' }>, make: (a: A, b: B) => Contour[], a: A, b: B) {
    super(p, shapeBox(s), make, a, b);
    this.x1 = s.x1; this.y1 = s.y1; this.x2 = s.x2; this.y2 = s.y2; this.hw = s.hw;
  }
  get shape(): PrimShape { return this; }
}

class BoxPrim<A, B> extends QuadPrim<A, B> implements Prim {
  readonly k = 'box' as const;
  cx: number; cy: number; hw: number; hh: number; ux: number; uy: number; r: number;
  constructor(p: Omit<Prim, 'contours' | 'box' | 'shape'>, s: Extract<PrimShape, { k: 'box' }>, make: (a: A, b: B) => Contour[], a: A, b: B) {
    super(p, shapeBox(s), make, a, b);
    this.cx = s.cx; this.cy = s.cy; this.hw = s.hw; this.hh = s.hh; this.ux = s.ux; this.uy = s.uy; this.r = s.r;
  }
  get shape(): PrimShape { return this; }
}

/** A primitive of one known shape whose contours `make(a, b)` makes on first read (see QuadPrim). */
export function lazyPrim<A, B>(p: Omit<Prim, 'contours' | 'box' | 'shape'> & { shape: PrimShape }, make: (a: A, b: B) => Contour[], a: A, b: B): Prim {
  const s = p.shape;
  return s.k === 'seg' ? new SegPrim(p, s, make, a, b) : new BoxPrim(p, s, make, a, b);
}

export function makePrim(p: Omit<Prim, 'box'> & { box?: Box }): Prim {
  if (p.box) return p as Prim;
  let b = contoursBox(p.contours, p.width / 2);
  if (p.strokes) for (const s of p.strokes) b = boxOfPoints(s, p.width / 2, b);
  // the box set on the given object (its callers build it for this call): no spread into a copy, slow in V8
  const out = p as Prim;
  out.box = b;
  return out;
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

/**
 * Distance (mil) from a point to a shape (exact; 0 inside): a round segment, or a rounded box (the
 * point in the box's own axes, against its inner rectangle grown by the radius).
 */
export function shapeDistance(s: PrimShape, x: number, y: number): number {
  if (s.k === 'seg') {
    const dx = s.x2 - s.x1, dy = s.y2 - s.y1, l2 = dx * dx + dy * dy;
    let t = l2 > 0 ? ((x - s.x1) * dx + (y - s.y1) * dy) / l2 : 0;
    t = t < 0 ? 0 : t > 1 ? 1 : t;
    return Math.max(0, Math.hypot(x - s.x1 - t * dx, y - s.y1 - t * dy) - s.hw);
  }
  const px = x - s.cx, py = y - s.cy, r = Math.min(s.r, s.hw, s.hh);
  const qx = Math.abs(px * s.ux + py * s.uy) - (s.hw - r), qy = Math.abs(py * s.ux - px * s.uy) - (s.hh - r);
  return Math.max(0, Math.hypot(Math.max(qx, 0), Math.max(qy, 0)) - r);
}

/**
 * Distance (mil) from a point to the primitive's drawn shape; 0 inside a filled shape. A primitive of
 * one known shape (pads, tracks, vias) is measured on the shape itself, exactly, without making its
 * contours (the ratsnest of a 100k-pad board measured every pad and track: their contours were most
 * of its time and garbage).
 */
export function primDistance(p: Prim, x: number, y: number): number {
  const s = p.shape;
  if (s) return shapeDistance(s, x, y);
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
