/**
 * What follows the cursor while placing: the part being placed (its symbol with the rotation and
 * mirror chosen so far, and a flag's net name), or the name of the net label to be placed. Drawn by
 * the view over the sheet; never part of the document. Units 0.01 inch, Y up.
 */
import { placement } from '../core/geometry.ts';
import { RecordingSurface } from '../render/recording.ts';
import type { Op } from '../render/surface.ts';
import type { SchContext } from './context.ts';
import { paintSymbol } from '../symbol/symbol.ts';
import { flagNameKey } from './netflags.ts';
import { symbolAttrs } from './attrs.ts';
import { SchAttr } from '@copperplate/format/records';
import { apply } from '../core/geometry.ts';

export const GHOST_COLOR = '#3366FF';

/** The ops of a symbol placed at (x, y) with rotation/mirror, plus `name` at its name ATTR for flags. */
export function placementGhost(ctx: SchContext, symbolUuid: string, x: number, y: number, rot: number, mirror: boolean, name?: string): Op[] {
  const sym = ctx.symbols.get(symbolUuid);
  if (!sym) return [{ t: 'circle', cx: x, cy: y, r: 3, s: { color: GHOST_COLOR, width: 0 } }];
  const m = placement(x, y, rot, mirror);
  const rec = new RecordingSurface();
  rec.begin('ghost', 'COMPONENT');
  paintSymbol(rec, sym.doc, { m, bodyColor: GHOST_COLOR, textColor: GHOST_COLOR });
  if (name && (sym.type === 18 || sym.type === 19)) {
    const a = symbolAttrs(sym.doc).get(flagNameKey(sym.type));
    const p = apply(m, a ? SchAttr.get(a, 'x') ?? 0 : 0, a ? SchAttr.get(a, 'y') ?? 0 : 0);
    rec.draw({ t: 'text', text: name, x: p.x, y: p.y, rot: 0, st: { color: GHOST_COLOR, size: 8, hAlign: sym.type === 19 ? 'start' : 'middle', vAlign: 'middle' } });
  }
  rec.end();
  return rec.items.flatMap((it) => it.ops).filter((o) => o.t !== 'begin' && o.t !== 'end');
}

/** The net label's name beside the cursor. */
export function labelGhost(x: number, y: number, name: string): Op[] {
  return [{ t: 'text', text: name, x, y: y + 2, rot: 0, st: { color: GHOST_COLOR, size: 8, hAlign: 'start', vAlign: 'bottom' } }];
}
