/**
 * The front-panel domain of the shared edit engine (core/edit-engine.ts): how a panel record moves,
 * turns and mirrors, the pivot (centre of the selection's box), and fresh ids on paste. The plate's
 * CANVAS never moves. Every operation is one affine map of the panel frame (mil, the panel's own
 * frame; angles in degrees as the records keep them), applied to the record's geometry:
 * POLY paths (bulges flip sign under a mirror), STRING placement matrix, DIMENSION points, AUXLINE
 * position and angle.
 */
import { opMatrix, type DomainHooks, type EditOp } from '../core/edit-engine.ts';
import { mul, normAngle } from '@copperplate/board';
import { type Rec, recType } from '../core/records.ts';
import { AuxLine, PanelDimension, PanelPoly, PanelString, kindOf } from '@copperplate/format/records';
import { parsePanelPaths, readMatrix, toPloys, transformContour, type Matrix } from '@copperplate/convert/panel/index';
import type { Box } from './editor.ts';

/** The engine's map of an operation as a panel matrix [a,b,c,d,e,f] (x' = a*x + b*y + c, y' = d*x + e*y + f). */
function panelMatrix(op: EditOp): Matrix {
  const m = opMatrix(op);
  return [m.a, m.c, m.e, m.b, m.d, m.f];
}

/** The linear part of m1 after m0 (apply m0 first), as a panel matrix with no translation. */
function turnLinear(m1: Matrix, m0: Matrix): Matrix {
  const m = mul({ a: m1[0], b: m1[3], c: m1[1], d: m1[4], e: 0, f: 0 }, { a: m0[0], b: m0[3], c: m0[1], d: m0[4], e: 0, f: 0 });
  return [m.a, m.c, 0, m.b, m.d, 0];
}

const tidy = (v: number) => Math.round(v * 1e6) / 1e6;

/** The angle a direction at `deg` has after the operation. */
function turnAngle(deg: number, op: EditOp): number {
  if (op.kind === 'move') return deg;
  if (op.kind === 'rotate') return normAngle(deg + op.angle);
  return normAngle(op.axis === 'x' ? 180 - deg : -deg);
}

/** One panel record under an operation (a new record; unknown fields kept). */
export function transformPanelRecord(r: Rec, op: EditOp): Rec {
  const m = panelMatrix(op);
  const t = recType(r);
  if (t === 'POLY') {
    const own = readMatrix(PanelPoly.get(r, 'matrix'));
    const cs = parsePanelPaths(PanelPoly.get(r, 'paths')).map((c) => transformContour(transformContour(c, own), m));
    return PanelPoly.with(r, { paths: toPloys(cs), matrix: null });
  }
  if (t === 'STRING') {
    const own = readMatrix(PanelString.get(r, 'matrix'));
    // text stays readable under a mirror: only its anchor moves; under a rotation it turns
    const placed = op.kind === 'mirror' ? ([own[0], own[1], 0, own[3], own[4], 0] as Matrix) : turnLinear(m, own);
    const anchor = { x: m[0] * own[2] + m[1] * own[5] + m[2], y: m[3] * own[2] + m[4] * own[5] + m[5] };
    // the placement matrix turns the text (stored outlines and our stroke font alike); `rotation` is left as read
    return PanelString.with(r, { matrix: [tidy(placed[0]), tidy(placed[1]), tidy(anchor.x), tidy(placed[3]), tidy(placed[4]), tidy(anchor.y)] });
  }
  if (t === 'DIMENSION') {
    const p = PanelDimension.get(r, 'points');
    if (!Array.isArray(p)) return r;
    const out: number[] = [];
    for (let i = 0; i + 1 < p.length; i += 2) {
      const x = Number(p[i]), y = Number(p[i + 1]);
      out.push(tidy(m[0] * x + m[1] * y + m[2]), tidy(m[3] * x + m[4] * y + m[5]));
    }
    return PanelDimension.with(r, { points: out });
  }
  if (t === 'AUXLINE') {
    const x = AuxLine.get(r, 'x'), y = AuxLine.get(r, 'y');
    return AuxLine.with(r, { x: tidy(m[0] * x + m[1] * y + m[2]), y: tidy(m[3] * x + m[4] * y + m[5]), rotation: turnAngle(AuxLine.get(r, 'rotation'), op) });
  }
  return r;
}

/** The panel's hooks; `boxOf` gives a record's box (the editor keeps them). */
export function panelHooks(boxOf: (key: string) => Box | undefined): DomainHooks {
  return {
    children: () => [],
    transform: (r, op) => (recType(r) === 'CANVAS' ? r : transformPanelRecord(r, op)),
    pivot: (_doc, keys) => {
      let minX = Infinity, minY = Infinity, maxX = -Infinity, maxY = -Infinity;
      for (const k of keys) {
        const b = boxOf(k);
        if (!b) continue;
        minX = Math.min(minX, b.minX); minY = Math.min(minY, b.minY); maxX = Math.max(maxX, b.maxX); maxY = Math.max(maxY, b.maxY);
      }
      return Number.isFinite(minX) ? { x: (minX + maxX) / 2, y: (minY + maxY) / 2 } : { x: 0, y: 0 };
    },
    reId: (r, id) => {
      const k = kindOf(r, 'panel');
      if (!k || !('id' in k.fields)) return r.slice();
      const old = String(k.get(r, 'id'));
      return k.with(r, { id: id(old) ?? old });
    },
    isChild: () => false,
  };
}
