/**
 * The schematic/symbol domain of the shared edit engine (core/edit-engine.ts): a sheet record under an
 * operation (sch/edit.ts `transformRecord`: points, rotation, a component's mirror flag), what goes with
 * a record (its ATTRs, the ATTRs on a component's pins), the wires whose ends sit on moved pins (they
 * follow with an orthogonal elbow), the pivot (a lone component turns about its origin, anything else
 * about the centre of its box) and fresh ids on paste (ATTR parents, pin ATTRs `component + pin`).
 * Frame: 0.01 inch, Y up.
 */
import { type DomainHooks, type EditOp, opMatrix } from '../core/edit-engine.ts';
import type { Box, Mat } from '../core/geometry.ts';
import { type Rec, recId, recType } from '../core/records.ts';
import { SchAttr, SchComponent, Table } from '@copperplate/format/records';
import type { SchContext } from './context.ts';
import { componentPins } from './component.ts';
import { followWires, transformRecord, withChildren } from './edit.ts';
import { TEXT_FIELDS, adoptStyle, referencedStyles } from './clipboard.ts';

/** The matrix, rotation delta and mirror flag of an operation (as the schematic editor applies them). */
export function opTransform(op: EditOp): { m: Mat; rotDelta: number; mirror: boolean } {
  const m = opMatrix(op);
  if (op.kind === 'move') return { m, rotDelta: 0, mirror: false };
  if (op.kind === 'rotate') return { m, rotDelta: op.angle, mirror: false };
  return { m, rotDelta: op.axis === 'y' ? 180 : 0, mirror: true };
}

export interface SchHookOptions {
  /** Records near a point (the scene's index), for the wires that follow; default every WIRE. */
  near?: (x: number, y: number) => string[];
  /** Drawn box of a record (the scene), for the pivot of a multiple selection. */
  boxOf?: (key: string) => Box | undefined;
}

/** The hooks of a sheet (`ctx`: its symbols, for component pins) or of a symbol (no `ctx`: pins are records of their own). */
export function schHooks(ctx: SchContext | undefined, opts: SchHookOptions = {}): DomainHooks {
  return {
    children(doc, key, purpose) {
      const out = withChildren(doc, [key], ctx).filter((k) => k !== key);
      // a table's cells go with it when copied
      const r = doc.get(key);
      if (purpose === 'copy' && r && Table.is(r)) out.push(...doc.childrenOf(Table.get(r, 'id')));
      return out;
    },
    transform(r, op) {
      const { m, rotDelta, mirror } = opTransform(op);
      return transformRecord(r, m, rotDelta, mirror);
    },
    follow(tx, doc, moved, before, op) {
      const pinMoves = new Map<string, { x: number; y: number }>();
      void op;
      if (!ctx) return;
      for (const k of moved) {
        const was = before.get(k), now = tx.get(k);
        if (!was || !now || recType(was) !== 'COMPONENT') continue;
        const a = componentPins(doc, k, ctx, was), b = componentPins(doc, k, ctx, now);
        a.forEach((p, i) => { if (b[i]) pinMoves.set(`${p.x},${p.y}`, { x: b[i].x, y: b[i].y }); });
      }
      followWires(tx, doc, moved, pinMoves, opts.near);
    },
    pivot(doc, keys) {
      const one = keys.length === 1 ? doc.get(keys[0]) : undefined;
      if (one && SchComponent.is(one)) return { x: SchComponent.get(one, 'x'), y: SchComponent.get(one, 'y') };
      let minX = Infinity, minY = Infinity, maxX = -Infinity, maxY = -Infinity;
      for (const k of keys) {
        const b = opts.boxOf?.(k);
        if (b) { minX = Math.min(minX, b.minX); minY = Math.min(minY, b.minY); maxX = Math.max(maxX, b.maxX); maxY = Math.max(maxY, b.maxY); continue; }
        const r = doc.get(k);
        if (r && SchComponent.is(r)) { const x = SchComponent.get(r, 'x'), y = SchComponent.get(r, 'y'); minX = Math.min(minX, x); minY = Math.min(minY, y); maxX = Math.max(maxX, x); maxY = Math.max(maxY, y); }
      }
      return minX <= maxX ? { x: (minX + maxX) / 2, y: (minY + maxY) / 2 } : { x: 0, y: 0 };
    },
    reId(r, fresh) {
      // every id the record names (its own, its parent, its styles), never its text
      const keep = TEXT_FIELDS[recType(r)] ?? [];
      let o = r.map((v, i) => (i > 0 && !keep.includes(i) && typeof v === 'string' ? fresh(v) ?? v : v));
      if (SchAttr.is(r)) {
        const parent = SchAttr.get(r, 'parentId');
        let next = fresh(parent);
        // an ATTR on a pin names its parent `component id + pin id`
        if (next === undefined && parent) for (let i = parent.length - 1; i > 0 && next === undefined; i--) { const head = fresh(parent.slice(0, i)); if (head !== undefined) next = head + parent.slice(i); }
        if (next !== undefined) o = SchAttr.with(o, { parentId: next });
      }
      return o;
    },
    isChild: (r: Rec) => recType(r) === 'ATTR' || recType(r) === 'TABEL_CELL',
    referenced: referencedStyles,
    adopt: adoptStyle,
  };
}
