/**
 * Where "Update Schematic to PCB" puts new parts: to the right of the board outline (or of what the
 * board holds when it has no outline), one block per schematic sheet (top to bottom in sheet order),
 * each part at its schematic position scaled down (SCALE) so the groups of the schematic stay
 * together, then pushed right until its footprint clears the parts already placed. Positions snap
 * to 5 mil. Frames: schematic 0.01 inch, board mil, both Y up.
 */
import { type Box, emptyBox, isEmptyBox, unionBox, IDENTITY } from '@copperplate/board';
import { recType, type Rec } from '../core/records.ts';
import { primsOf } from './build.ts';

/** Board mil per schematic unit (0.01 inch = 10 mil, drawn at a quarter: symbols are larger than footprints). */
export const SCALE = 2.5;
/** Gap (mil) from the outline to the first column, and between parts. */
export const GAP = 200;
export const MARGIN = 30;

export interface PartToPlace {
  uniqueId: string;
  sheet: string;
  /** Schematic position (0.01 inch). */
  x: number;
  y: number;
  /** Footprint records (local frame, mil), when known. */
  footprint?: readonly Rec[];
}

/** The footprint's extent in its own frame (pads, silkscreen...; ATTRs left out); a 40 mil square when empty. */
export function footprintBox(recs: readonly Rec[] | undefined): Box {
  let b = emptyBox();
  for (const r of recs ?? []) {
    if (recType(r) === 'ATTR') continue;
    for (const p of primsOf(r, { isPcb: false }, { m: IDENTITY, bottom: false, owner: '' })) b = unionBox(b, p.box);
  }
  return isEmptyBox(b) ? { minX: -20, minY: -20, maxX: 20, maxY: 20 } : b;
}

const snap = (v: number) => Math.round(v / 5) * 5;
const overlaps = (a: Box, b: Box) => a.minX < b.maxX + MARGIN && b.minX < a.maxX + MARGIN && a.minY < b.maxY + MARGIN && b.minY < a.maxY + MARGIN;
const shift = (b: Box, dx: number, dy: number): Box => ({ minX: b.minX + dx, minY: b.minY + dy, maxX: b.maxX + dx, maxY: b.maxY + dy });

/**
 * Board positions (component origins, mil) for new parts beside `board` (the outline's box, or the
 * box of everything on the board; empty: around the origin). `taken`: boxes already occupied.
 */
export function placeParts(parts: PartToPlace[], board: Box, taken: Box[] = []): Map<string, { x: number; y: number }> {
  const out = new Map<string, { x: number; y: number }>();
  const x0 = isEmptyBox(board) ? 0 : board.maxX + GAP;
  let top = isEmptyBox(board) ? 0 : board.maxY;
  const placed = taken.slice();
  const sheets = [...new Set(parts.map((p) => p.sheet))];
  for (const sheet of sheets) {
    const group = parts.filter((p) => p.sheet === sheet);
    const minX = Math.min(...group.map((p) => p.x)), maxY = Math.max(...group.map((p) => p.y));
    // left to right, then top to bottom: a part is pushed right past the ones before it
    const order = group.slice().sort((a, b) => a.x - b.x || b.y - a.y);
    let bottom = top;
    for (const p of order) {
      const fb = footprintBox(p.footprint);
      let x = snap(x0 + (p.x - minX) * SCALE - fb.minX);
      const y = snap(top - (maxY - p.y) * SCALE - fb.maxY);
      let box = shift(fb, x, y);
      for (let guard = 0; guard < 10_000; guard++) {
        const hit = placed.find((q) => overlaps(box, q));
        if (!hit) break;
        const dx = snap(hit.maxX + MARGIN - box.minX + 5);
        x += dx;
        box = shift(box, dx, 0);
      }
      placed.push(box);
      bottom = Math.min(bottom, box.minY);
      out.set(p.uniqueId, { x, y });
    }
    top = bottom - GAP;
  }
  return out;
}
