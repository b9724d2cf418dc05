/**
 * RecordingSurface: keeps the ops of every top-level record (the outermost `begin(id)`) as a display
 * list with its bounding box (document units). The canvas view re-records only changed records and
 * replays the visible ones; the spatial index is filled from the boxes.
 */
import { type Box, emptyBox, boxOfPoints, unionBox } from '../core/geometry.ts';
import type { Op, Surface } from './surface.ts';
import { textWidth } from './surface.ts';

export interface DisplayItem { id: string; kind: string; ops: Op[]; bbox: Box; attrs?: Record<string, string> }

export class RecordingSurface implements Surface {
  readonly items: DisplayItem[] = [];
  private stack: DisplayItem[] = [];

  begin(id: string, kind: string, attrs?: Record<string, string>): void {
    if (this.stack.length === 0) {
      const it: DisplayItem = { id, kind, ops: [], bbox: emptyBox(), attrs };
      this.items.push(it);
      this.stack.push(it);
    } else {
      const it = this.stack[this.stack.length - 1];
      it.ops.push({ t: 'begin', id, kind, attrs });
      this.stack.push(it);
    }
  }

  end(): void {
    this.stack.pop();
    const it = this.stack[this.stack.length - 1];
    if (it) it.ops.push({ t: 'end' });
  }

  draw(op: Op): void {
    let it = this.stack[this.stack.length - 1];
    if (!it) { it = { id: '', kind: '', ops: [], bbox: emptyBox() }; this.items.push(it); this.stack.push(it); }
    it.ops.push(op);
    it.bbox = unionBox(it.bbox, opBBox(op));
  }
}

/** Bounding box of one op (document units); text is estimated. */
export function opBBox(op: Op): Box {
  switch (op.t) {
    case 'poly': { const b = boxOfPoints(op.pts); const w = op.s.width / 2; return { minX: b.minX - w, minY: b.minY - w, maxX: b.maxX + w, maxY: b.maxY + w }; }
    case 'circle': return { minX: op.cx - op.r, minY: op.cy - op.r, maxX: op.cx + op.r, maxY: op.cy + op.r };
    case 'ellipse': { const m = Math.max(op.rx, op.ry); return { minX: op.cx - m, minY: op.cy - m, maxX: op.cx + m, maxY: op.cy + m }; }
    case 'path': {
      const pts: number[] = [];
      for (const g of op.segs) {
        if (g.op === 'M' || g.op === 'L') pts.push(g.x, g.y);
        else if (g.op === 'C') pts.push(g.x1, g.y1, g.x2, g.y2, g.x, g.y);
        else if (g.op === 'A') pts.push(g.cx - g.r, g.cy - g.r, g.cx + g.r, g.cy + g.r);
      }
      return boxOfPoints(pts);
    }
    case 'text': {
      let w = 0;
      const lines = op.text.split('\n');
      for (const l of lines) w = Math.max(w, textWidth(l, op.st.size));
      const h = op.st.size * 1.2 * lines.length;
      const x0 = op.st.hAlign === 'start' ? 0 : op.st.hAlign === 'middle' ? -w / 2 : -w;
      const y0 = op.st.vAlign === 'bottom' ? 0 : op.st.vAlign === 'middle' ? -h / 2 : -h;
      const a = (op.rot * Math.PI) / 180, c = Math.cos(a), s = Math.sin(a);
      const pts: number[] = [];
      for (const [dx, dy] of [[x0, y0], [x0 + w, y0], [x0 + w, y0 + h], [x0, y0 + h]]) pts.push(op.x + dx * c - dy * s, op.y + dx * s + dy * c);
      return boxOfPoints(pts);
    }
    case 'begin': case 'end': return emptyBox();
    case 'image': {
      const a = (op.rot * Math.PI) / 180, c = Math.cos(a), s = Math.sin(a);
      const pts: number[] = [];
      for (const [dx, dy] of [[0, 0], [op.w, 0], [op.w, op.h], [0, op.h]]) pts.push(op.x + dx * c - dy * s, op.y + dx * s + dy * c);
      return boxOfPoints(pts);
    }
  }
}

/** Replay display items onto any surface (wrapping each in its record element). */
export function replay(items: Iterable<DisplayItem>, s: Surface): void {
  for (const it of items) {
    s.begin(it.id, it.kind, it.attrs);
    for (const op of it.ops) {
      if (op.t === 'begin') s.begin(op.id, op.kind, op.attrs);
      else if (op.t === 'end') s.end();
      else s.draw(op);
    }
    s.end();
  }
}
