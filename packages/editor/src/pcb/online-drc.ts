/**
 * Online DRC while routing: would a new track segment or via come closer to copper of another net
 * than the board's clearance rules allow? Uses the scene's primitives (board mil, Y up) and
 * @copperplate/board's rules and exact distances. Returns the reason, or undefined when it is clear.
 */
import { type ClearKind, type Paths64, CLIP_SCALE, circlePath, contoursToPaths, parseRules, pathsDistance, segmentPath, strokeContours } from '@copperplate/board';
import type { PcbEditor } from './editor.ts';
import { L } from './layers.ts';
import type { Prim } from './prims.ts';

const S = CLIP_SCALE;

function primKind(p: Prim): ClearKind | undefined {
  switch (p.kind) {
    case 'track': case 'arc': return 'track';
    case 'via': return 'via';
    case 'pad': return p.layer === L.MULTI ? 'thPad' : 'smdPad';
    case 'fill': return 'fill';
    default: return undefined;
  }
}

function primPaths(p: Prim): Paths64 {
  return p.kind === 'track' || p.kind === 'arc' ? strokeContours(p.contours, p.width) : contoursToPaths(p.contours.map((c) => ({ ...c, closed: true })));
}

/** Reason a track (x1,y1)-(x2,y2) of width `w` on `layer` for `net` would break clearance, or undefined. */
export function trackViolation(ed: PcbEditor, net: string, layer: number, x1: number, y1: number, x2: number, y2: number, w: number): string | undefined {
  return check(ed, net, layer, 'track', [segmentPath(x1 * S, y1 * S, x2 * S, y2 * S, w * S)], Math.min(x1, x2) - w, Math.min(y1, y2) - w, Math.max(x1, x2) + w, Math.max(y1, y2) + w);
}

/** Reason a via of diameter `d` at (x, y) for `net` would break clearance, or undefined. */
export function viaViolation(ed: PcbEditor, net: string, x: number, y: number, d: number): string | undefined {
  return check(ed, net, L.MULTI, 'via', [circlePath(x * S, y * S, (d / 2) * S)], x - d, y - d, x + d, y + d);
}

function check(ed: PcbEditor, net: string, layer: number, kind: ClearKind, shape: Paths64, minX: number, minY: number, maxX: number, maxY: number): string | undefined {
  const rules = parseRules(ed.doc.records());
  const reach = rules.maxClearance + 1;
  for (const ps of ed.scene.prims.values()) for (const p of ps) {
    const k = primKind(p);
    if (!k) continue;
    if (!(layer === L.MULTI || p.layer === layer || p.layer === L.MULTI)) continue;
    if ((p.net ?? '') === net) continue; // same net, or both without a net (nothing to judge)
    const b = p.box;
    if (b.minX > maxX + reach || b.maxX < minX - reach || b.minY > maxY + reach || b.maxY < minY - reach) continue;
    const need = rules.clearance(kind, k, net, p.net);
    const d = pathsDistance(shape, primPaths(p), 0) / S;
    if (d < need - 0.04) {
      const what = p.kind === 'pad' ? `pad ${p.padNumber ?? ''}`.trim() : p.kind;
      return d <= 0 ? `Refused: the ${kind} would touch ${what} of ${p.net || 'no net'}` : `Refused: ${d.toFixed(2)} mil to ${what} of ${p.net || 'no net'} < clearance ${need.toFixed(2)} mil`;
    }
  }
  return undefined;
}
