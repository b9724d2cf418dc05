/**
 * The one select tool of every editor: a click selects (Shift/Ctrl toggles), a drag on empty space
 * box-selects (the domain may take a right-to-left box as a crossing box), a drag on a selected record
 * moves the selection (one commit through the domain's move, the edit engine). The domain gives a
 * `SelectDomain`: what is under a point, what is in a box, how far a press must travel to be a drag,
 * how a drag's offset snaps, and optionally keys of its own. Document units, Y up.
 */
import type { Box, Pt } from './geometry.ts';
import type { KeyEv, Overlay, PointerEv, Tool } from './tools.ts';
import type { Selection } from './selection.ts';

export interface SelectDomain {
  selection: Selection;
  /** The record under a point (best first), undefined for empty space. */
  hitAt(x: number, y: number): string | undefined;
  /** Records inside a box; `crossing` (dragged right to left): also those it touches, when the domain does so. */
  inBox(b: Box, crossing: boolean): string[];
  moveSelection(dx: number, dy: number): void;
  selectionBBox?(): Box | undefined;
  /** Distance (document units) a press travels before it becomes a drag. */
  dragThreshold(): number;
  /** A drag offset as applied (snapped to the grid, rounded). */
  snapDelta(d: number): number;
  /** Keys the domain handles while selecting (true when used). */
  key?(ev: KeyEv): boolean;
}

const boxOf = (a: Pt, b: Pt): Box => ({ minX: Math.min(a.x, b.x), minY: Math.min(a.y, b.y), maxX: Math.max(a.x, b.x), maxY: Math.max(a.y, b.y) });

export class SelectTool implements Tool {
  readonly id = 'select';
  state: 'idle' | 'pressed' | 'box' | 'moving' = 'idle';
  private start: Pt = { x: 0, y: 0 };
  private cur: Pt = { x: 0, y: 0 };
  private hitKey: string | undefined;
  private additive = false;
  constructor(private readonly d: SelectDomain) {}

  pointer(ev: PointerEv): void {
    const p = { x: ev.x, y: ev.y };
    const d = this.d;
    if (ev.kind === 'down') {
      this.start = p; this.cur = p;
      this.hitKey = d.hitAt(p.x, p.y);
      this.additive = !!(ev.shift || ev.ctrl);
      this.state = 'pressed';
      if (this.hitKey && !this.additive && !d.selection.has(this.hitKey)) d.selection.select([this.hitKey]);
      return;
    }
    if (ev.kind === 'move') {
      if (this.state === 'idle') return;
      this.cur = p;
      const far = Math.hypot(p.x - this.start.x, p.y - this.start.y) > d.dragThreshold();
      if (this.state === 'pressed' && far) this.state = this.hitKey && d.selection.has(this.hitKey) ? 'moving' : 'box';
      return;
    }
    // up
    if (this.state === 'pressed') {
      if (!this.hitKey) { if (!this.additive) d.selection.clear(); }
      else if (this.additive) d.selection.toggle([this.hitKey]);
      else d.selection.select([this.hitKey]);
    } else if (this.state === 'box') {
      const ids = d.inBox(boxOf(this.start, p), p.x < this.start.x);
      if (this.additive) d.selection.add(ids); else d.selection.select(ids);
    } else if (this.state === 'moving') {
      const dx = d.snapDelta(p.x - this.start.x), dy = d.snapDelta(p.y - this.start.y);
      if (dx || dy) d.moveSelection(dx, dy);
    }
    this.state = 'idle';
  }

  key(ev: KeyEv): boolean { return this.d.key?.(ev) ?? false; }
  cancel(): void { this.state = 'idle'; }

  overlay(): Overlay[] {
    if (this.state === 'box') return [{ kind: 'rect', ...boxOf(this.start, this.cur) }];
    if (this.state === 'moving') {
      const dx = this.d.snapDelta(this.cur.x - this.start.x), dy = this.d.snapDelta(this.cur.y - this.start.y);
      const b = this.d.selectionBBox?.();
      return b ? [{ kind: 'rect', minX: b.minX + dx, minY: b.minY + dy, maxX: b.maxX + dx, maxY: b.maxY + dy }] : [];
    }
    return [];
  }
}
