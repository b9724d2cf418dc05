/**
 * The PCB/footprint domain of the shared edit engine (core/edit-engine.ts): how a PCB record moves,
 * turns and mirrors (edit-ops.ts; a mirror also takes the record to the other side, as seen through
 * the board), what goes with a component (its ATTRs; for delete and copy its PAD_NETs too), the
 * tracks whose ends sit on moved pads and vias (they follow), the pivot (a lone component turns about
 * its origin, anything else about the centre of its box), and fresh ids on paste.
 * Frame: board mil, Y up.
 */
import { type DomainHooks, type EditOp, opMatrix } from '../core/edit-engine.ts';
import type { Tx } from '../core/document.ts';
import { type Rec, recId, recType } from '../core/records.ts';
import { Line, PadNet, PcbArc, PcbAttr, PcbComponent, kindOf } from '@copperplate/format/records';
import { apply, emptyBox, isEmptyBox, normDeg, unionBox } from '../core/geometry.ts';
import { flipRecord, mapPath, mapRecord, rotateRecord, translateRecord } from './edit-ops.ts';
import type { PcbEditor } from './editor.ts';
import { primDistance, type Prim } from './prims.ts';
import { L } from './layers.ts';

/** Where a point goes under an operation. */
export function opPoint(op: EditOp, x: number, y: number): [number, number] {
  const p = apply(opMatrix(op), x, y);
  return [p.x, p.y];
}

const ROT_FIELD: Readonly<Record<string, string>> = { PAD: 'angle', COMPONENT: 'angle', ATTR: 'angle', STRING: 'angle' };
const isNum = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v);

/** Negate the ARC/CARC sweeps of a path (a mirror reverses every turn). */
function mirrorSweeps(path: unknown): unknown {
  if (!Array.isArray(path)) return path;
  const out = path.slice();
  for (let i = 0; i < out.length; i++) if ((out[i] === 'ARC' || out[i] === 'CARC') && isNum(out[i + 1])) out[i + 1] = -(out[i + 1] as number);
  return out;
}

/** A PCB record mirrored about an axis and taken to the other side. */
export function mirrorRecord(r: Rec, axis: 'x' | 'y', c: number): Rec {
  const op: EditOp = { kind: 'mirror', axis, c };
  let out = mapRecord(r, (x, y) => opPoint(op, x, y));
  const t = recType(out);
  const kind = kindOf(out, 'pcb');
  const rf = ROT_FIELD[t];
  if (kind && rf && isNum(kind.raw(out, rf))) out = kind.with(out, { [rf]: normDeg(axis === 'x' ? 180 - kind.get(out, rf) : -kind.get(out, rf)) });
  if (t === 'ARC') out = PcbArc.with(out, { sweep: -PcbArc.get(out, 'sweep') });
  if (kind && (t === 'POLY' || t === 'TEARDROP')) out = kind.with(out, { path: mirrorSweeps(kind.raw(out, 'path')) });
  if (kind && (t === 'FILL' || t === 'POUR' || t === 'REGION')) {
    const v = kind.raw(out, 'paths');
    if (Array.isArray(v)) out = kind.with(out, { paths: Array.isArray(v[0]) ? v.map(mirrorSweeps) : mirrorSweeps(v) });
  }
  return flipRecord(out);
}

export function transformPcbRecord(r: Rec, op: EditOp): Rec {
  if (op.kind === 'move') return translateRecord(r, op.dx, op.dy);
  if (op.kind === 'rotate') return rotateRecord(r, op.cx, op.cy, op.angle);
  return mirrorRecord(r, op.axis, op.c);
}

export { mapPath };

/** The PCB hooks of an editor (its scene and index find the tracks on moved pads). */
export function pcbHooks(ed: PcbEditor): DomainHooks {
  const compId = (r: Rec | undefined) => (r && PcbComponent.is(r) ? PcbComponent.get(r, 'id') : undefined);
  return {
    children(doc, key, purpose) {
      const id = compId(doc.get(key));
      if (!id) return [];
      // childrenOf: the records naming the component as parent (ATTR at 3, PAD_NET at 1)
      return doc.childrenOf(id).filter((k) => { const c = doc.get(k)!; return PcbAttr.is(c) || (purpose !== 'transform' && PadNet.is(c)); });
    },
    transform: (r, op) => transformPcbRecord(r, op),
    follow(tx: Tx, doc, moved, _before, op) {
      // tracks and arcs ending on a moved pad or via (the scene still shows the places before the commit)
      const pads: Prim[] = [];
      for (const k of moved) for (const p of ed.scene.prims.get(k) ?? []) if (p.kind === 'pad' || p.kind === 'via') pads.push(p);
      if (!pads.length) return;
      let b = emptyBox();
      for (const p of pads) b = unionBox(b, p.box);
      for (const k of ed.index.query(b)) {
        if (moved.has(k)) continue;
        const r = doc.get(k);
        const t = r ? recType(r) : '';
        if (!r || (t !== 'LINE' && t !== 'ARC')) continue;
        const kind = t === 'LINE' ? Line : PcbArc; // same fields for ends and layer
        const layer = kind.get(r, 'layer');
        for (const end of [0, 1] as const) {
          const [kx, ky] = end ? (['x2', 'y2'] as const) : (['x1', 'y1'] as const);
          const x = kind.get(r, kx), y = kind.get(r, ky);
          if (!pads.some((p) => (p.layer === layer || p.layer === L.MULTI) && primDistance(p, x, y) <= 0.5)) continue;
          const [nx, ny] = opPoint(op, x, y);
          tx.update(k, (q) => kind.with(q, { [kx]: Math.round(nx * 10000) / 10000 || 0, [ky]: Math.round(ny * 10000) / 10000 || 0 }));
        }
      }
    },
    pivot(doc, keys) {
      const one = keys.length === 1 ? doc.get(keys[0]) : undefined;
      if (one && PcbComponent.is(one)) return { x: PcbComponent.get(one, 'x'), y: PcbComponent.get(one, 'y') };
      let b = emptyBox();
      for (const k of keys) { const kb = ed.boxOf(k); if (kb) b = unionBox(b, kb); }
      return isEmptyBox(b) ? { x: 0, y: 0 } : { x: (b.minX + b.maxX) / 2, y: (b.minY + b.maxY) / 2 };
    },
    reId(r, fresh) {
      const id = (old: string) => fresh(old) ?? old;
      const t = recType(r);
      if (t === 'PAD_NET') return PadNet.with(r, { componentId: id(PadNet.get(r, 'componentId')) });
      const kind = kindOf(r, 'pcb');
      let o = r.slice();
      const own = recId(o);
      if (kind && own !== undefined) o = kind.with(o, { id: id(own) });
      if (t === 'ATTR') o = PcbAttr.with(o, { parentId: id(PcbAttr.get(o, 'parentId')) });
      return o;
    },
    isChild: (r) => { const t = recType(r); return t === 'ATTR' || t === 'PAD_NET'; },
  };
}
