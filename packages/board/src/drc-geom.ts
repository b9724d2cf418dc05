/**
 * What DRC (drc.ts) reports and the measuring it shares: violations, the tolerance, exact distances
 * between outlines (clip units, clip.ts), union-find for connectivity.
 */
import type { Path64, Paths64, IBox } from './clip.ts';
import { ARC_TOL, CLIP_SCALE, boxOfPaths } from './clip.ts';
import { segSegDist2 } from './edges.ts';

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
/** Where a box is (mil, its centre). */
export const at = (b: IBox): { x: number; y: number } => ({ x: mil((b.minX + b.maxX) / 2), y: mil((b.minY + b.maxY) / 2) });
/**
 * Measuring tolerance (clip units): EasyEDA keeps rules in mm to 3 decimals (5.9843 mil = 0.152 mm),
 * so designs drawn at 4 mil against a 0.102 mm rule are at the rule (0.001 mm = 0.0394 mil); arcs are
 * flattened with chords up to ARC_TOL inside them, which can only shorten a measured gap.
 */
export const TOL = 0.0394 * CLIP_SCALE + ARC_TOL;
export const mil = (u: number): number => Math.round((u / S) * 1000) / 1000;

// ---- exact distances ---------------------------------------------------------------------------

function inRing(x: number, y: number, p: Path64): boolean {
  let inside = false;
  for (let i = 0, j = p.length - 1; i < p.length; j = i++) {
    const a = p[i], b = p[j];
    if (a.y > y !== b.y > y && x < ((b.x - a.x) * (y - a.y)) / (b.y - a.y) + a.x) inside = !inside;
  }
  return inside;
}
export function insidePaths(x: number, y: number, ps: Paths64): boolean {
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

export const boxGap = (a: IBox, b: IBox): number => Math.max(0, a.minX - b.maxX, b.minX - a.maxX, a.minY - b.maxY, b.minY - a.maxY);

// ---- union-find for connectivity --------------------------------------------------------------

export class DSU {
  p: Int32Array;
  constructor(n: number) { this.p = new Int32Array(n).map((_, i) => i); }
  find(i: number): number { while (this.p[i] !== i) { this.p[i] = this.p[this.p[i]]; i = this.p[i]; } return i; }
  join(a: number, b: number): void { a = this.find(a); b = this.find(b); if (a !== b) this.p[a] = b; }
}

