/**
 * PCB editing tools as state machines over synthetic pointer/key events (core/tools.ts). Coordinates
 * are board mil, Y up. Each finished gesture is one commit (one undo step).
 */
import { trackViolation, viaViolation } from './online-drc.ts';
import type { KeyEv, Overlay, PointerEv, Tool } from '../core/tools.ts';
import { TextTool } from '../core/text-tool.ts';
import { SelectTool, type SelectDomain } from '../core/select-tool.ts';

export { SelectTool } from '../core/select-tool.ts';
import { Line, PcbPoly, PcbString, Via } from '@copperplate/format/records';
import type { PcbEditor } from './editor.ts';
import { isCopper, L } from './layers.ts';
import { OutlineTool } from './outline-tool.ts';

export { OutlineTool, threePointSweep, type OutlineMode } from './outline-tool.ts';

const r4 = (v: number): number => Math.round(v * 10000) / 10000 || 0; // never -0

/** Two segments from a to b: a straight run then a 45-degree run (EasyEDA's "L45" routing). */
export function route45(ax: number, ay: number, bx: number, by: number): number[] {
  const dx = bx - ax, dy = by - ay, adx = Math.abs(dx), ady = Math.abs(dy);
  const mid = adx >= ady ? [ax + Math.sign(dx) * (adx - ady), ay] : [ax, ay + Math.sign(dy) * (ady - adx)];
  const pts = [ax, ay];
  if (Math.hypot(mid[0] - ax, mid[1] - ay) > 1e-9) pts.push(r4(mid[0]), r4(mid[1]));
  if (Math.hypot(bx - pts[pts.length - 2], by - pts[pts.length - 1]) > 1e-9) pts.push(bx, by);
  return pts;
}

/**
 * The PCB side of the shared select tool (core/select-tool.ts): a click picks the best record under
 * the pointer within 5 mil (a footprint anywhere on its body), a left-to-right box takes what is
 * inside it, right-to-left what it touches, a drag moves by the exact offset (the pointer is not
 * snapped in the select tool). Its keys (undo/redo, copy/paste, R rotate, F flip, X/Y mirror, Delete)
 * are the editor's actions (pcb/actions.ts), routed by `PcbEditor.key`.
 */
export function pcbSelectDomain(ed: PcbEditor, tol = 5): SelectDomain {
  return {
    selection: ed.selection,
    hitAt: (x, y) => ed.hitTest(x, y, tol)[0],
    inBox: (b, crossing) => ed.inBox(b, crossing),
    moveSelection: (dx, dy) => void ed.move(ed.selection.ids, dx, dy),
    selectionBBox() {
      let b: { minX: number; minY: number; maxX: number; maxY: number } | undefined;
      for (const k of ed.selection.ids) {
        const kb = ed.boxOf(k);
        if (kb) b = b ? { minX: Math.min(b.minX, kb.minX), minY: Math.min(b.minY, kb.minY), maxX: Math.max(b.maxX, kb.maxX), maxY: Math.max(b.maxY, kb.maxY) } : { ...kb };
      }
      return b;
    },
    dragThreshold: () => 0.5,
    snapDelta: r4,
  };
}

/**
 * Route a track on the active layer in 45-degree segments with the width from the rules. Click to
 * start (on a pad or track: its net), click to fix segments, 'v' (or dropVia) drops a via and
 * continues on the other copper layer, ending on copper, Enter or Escape finishes.
 */
export class RouteTool implements Tool {
  readonly id = 'route';
  state: 'idle' | 'routing' = 'idle';
  x = 0; y = 0;
  net = '';
  layer: number = L.TOP;
  private cur: [number, number] = [0, 0];
  constructor(private readonly ed: PcbEditor) {}

  pointer(ev: PointerEv): void {
    const ed = this.ed;
    if (ev.kind === 'move') { this.cur = [ev.x, ev.y]; return; }
    if (ev.kind !== 'down') return;
    if (this.state === 'idle') {
      this.layer = isCopper(ed.panel.active) ? ed.panel.active : L.TOP;
      const p = ed.copperAt(ev.x, ev.y, this.layer);
      // Start at a pad's or via's centre, else where clicked.
      if (p && (p.kind === 'pad' || p.kind === 'via')) { this.x = r4((p.box.minX + p.box.maxX) / 2); this.y = r4((p.box.minY + p.box.maxY) / 2); }
      else { this.x = ev.x; this.y = ev.y; }
      this.net = p?.net ?? '';
      this.cur = [ev.x, ev.y];
      this.state = 'routing';
      return;
    }
    const target = ed.copperAt(ev.x, ev.y, this.layer);
    let ex = ev.x, ey = ev.y;
    if (target && (target.kind === 'pad' || target.kind === 'via')) { ex = r4((target.box.minX + target.box.maxX) / 2); ey = r4((target.box.minY + target.box.maxY) / 2); }
    if (!this.net && target?.net) this.net = target.net;
    if (!this.addSegments(route45(this.x, this.y, ex, ey))) return;
    this.x = ex; this.y = ey;
    if (target) this.state = 'idle';
  }

  private addSegments(pts: number[]): boolean {
    if (pts.length < 4) return false;
    const w = this.ed.rules().trackWidth;
    // Online DRC: a segment that would break clearance to another net is refused, with the reason.
    for (let i = 0; i + 3 < pts.length; i += 2) {
      const why = trackViolation(this.ed, this.net, this.layer, pts[i], pts[i + 1], pts[i + 2], pts[i + 3], w);
      if (why) { this.ed.status = why; return false; }
    }
    this.ed.status = '';
    this.ed.commit('Route track', (tx) => {
      for (let i = 0; i + 3 < pts.length; i += 2) {
        tx.add(Line.create({ id: tx.newId(), group: 0, net: this.net, layer: this.layer, x1: pts[i], y1: pts[i + 1], x2: pts[i + 2], y2: pts[i + 3], width: w, locked: false }));
      }
    });
    return true;
  }

  /** Drop a via at the current end and continue on the other copper layer. */
  dropVia(): void {
    if (this.state !== 'routing') return;
    const ed = this.ed, rules = ed.rules();
    const why = viaViolation(ed, this.net, this.x, this.y, rules.viaDiameter);
    if (why) { ed.status = why; return; }
    ed.status = '';
    ed.commit('Via', (tx) => { tx.add(newVia(tx.newId(), this.net, this.x, this.y, rules)); });
    const cu = ed.panel.copperLayers();
    const i = cu.indexOf(this.layer);
    this.layer = this.layer === L.TOP ? cu[cu.length - 1] : this.layer === cu[cu.length - 1] ? L.TOP : cu[(i + 1) % cu.length];
    ed.panel.setActive(this.layer);
  }

  key(ev: KeyEv): boolean {
    if (ev.key.toLowerCase() === 'v' && this.state === 'routing') { this.dropVia(); return true; }
    if (ev.key === 'Enter') { this.state = 'idle'; return true; }
    return false;
  }
  cancel(): void { this.state = 'idle'; }
  overlay(): Overlay[] { return this.state === 'routing' ? [{ kind: 'polyline', points: route45(this.x, this.y, this.cur[0], this.cur[1]) }] : []; }
}

/** A through via (rule "") of the board's via size, ending at the locked flag as EasyEDA writes it. */
function newVia(id: string, net: string, x: number, y: number, rules: { viaDrill: number; viaDiameter: number }): unknown[] {
  return Via.create({ id, group: 0, net, rule: '', x, y, drill: rules.viaDrill, diameter: rules.viaDiameter, viaType: 0, topMaskExpansion: null, bottomMaskExpansion: null, locked: false }, { upToGiven: true });
}

/** Drag one track segment sideways; the segments joined to its ends follow, staying joined. */
export class DragSegmentTool implements Tool {
  readonly id = 'drag-segment';
  state: 'idle' | 'dragging' = 'idle';
  private seg = '';
  private sx = 0; private sy = 0;
  constructor(private readonly ed: PcbEditor) {}

  pointer(ev: PointerEv): void {
    const ed = this.ed;
    if (ev.kind === 'down') {
      const hit = ed.hitTest(ev.x, ev.y, 3).find((k) => { const q = ed.doc.get(k); return q !== undefined && Line.is(q); });
      if (!hit) return;
      this.seg = hit; this.sx = ev.x; this.sy = ev.y; this.state = 'dragging';
    } else if (ev.kind === 'up' && this.state === 'dragging') {
      this.state = 'idle';
      this.apply(ev.x - this.sx, ev.y - this.sy);
    }
  }

  /** Move the segment by the part of (dx, dy) across it; neighbours' shared ends move along. */
  apply(dx: number, dy: number): void {
    const ed = this.ed, r = ed.doc.get(this.seg);
    if (!r) return;
    const { x1, y1, x2, y2, layer, net } = Line.parse(r);
    const len = Math.hypot(x2 - x1, y2 - y1) || 1;
    const nx = -(y2 - y1) / len, ny = (x2 - x1) / len;
    const d = dx * nx + dy * ny;
    const ox = r4(nx * d), oy = r4(ny * d);
    if (ox === 0 && oy === 0) return;
    const joined = (x: number, y: number) => ed.index.at(x, y, 0.5).filter((k) => {
      if (k === this.seg) return false;
      const q = ed.doc.get(k);
      return q !== undefined && Line.is(q) && Line.get(q, 'layer') === layer && Line.get(q, 'net') === net;
    });
    ed.commit('Drag track', (tx) => {
      tx.update(this.seg, (q) => Line.with(q, { x1: r4(x1 + ox), y1: r4(y1 + oy), x2: r4(x2 + ox), y2: r4(y2 + oy) }));
      for (const [px, py] of [[x1, y1], [x2, y2]]) for (const k of joined(px, py)) tx.update(k, (q) => {
        const t = Line.parse(q);
        const patch: Partial<typeof t> = {};
        if (Math.hypot(t.x1 - px, t.y1 - py) < 0.5) { patch.x1 = r4(px + ox); patch.y1 = r4(py + oy); }
        if (Math.hypot(t.x2 - px, t.y2 - py) < 0.5) { patch.x2 = r4(px + ox); patch.y2 = r4(py + oy); }
        return Line.with(q, patch);
      });
    });
  }
  cancel(): void { this.state = 'idle'; }
}

/** Click places a via (net from the copper under it, size from the rules). */
export class ViaTool implements Tool {
  readonly id = 'via';
  state = 'idle';
  constructor(private readonly ed: PcbEditor) {}
  pointer(ev: PointerEv): void {
    if (ev.kind !== 'down') return;
    const rules = this.ed.rules();
    const net = this.ed.copperAt(ev.x, ev.y)?.net ?? '';
    const why = viaViolation(this.ed, net, ev.x, ev.y, rules.viaDiameter);
    if (why) { this.ed.status = why; return; }
    this.ed.status = '';
    this.ed.commit('Via', (tx) => { tx.add(newVia(tx.newId(), net, ev.x, ev.y, rules)); });
  }
}

/** Draw a polyline: the board outline (closed, layer 11) or a graphic line on the active/silk layer. */
export class DrawTool implements Tool {
  state: 'idle' | 'drawing' = 'idle';
  pts: number[] = [];
  private cur: [number, number] = [0, 0];
  constructor(private readonly ed: PcbEditor, readonly id: 'outline' | 'graphic', private readonly width = 10) {}
  pointer(ev: PointerEv): void {
    if (ev.kind === 'move') { this.cur = [ev.x, ev.y]; return; }
    if (ev.kind !== 'down') return;
    this.pts.push(ev.x, ev.y);
    this.state = 'drawing';
  }
  key(ev: KeyEv): boolean { if (ev.key === 'Enter') { this.finish(); return true; } return false; }
  /** Commit what was drawn (two points at least). */
  finish(): string | undefined {
    const p = this.pts;
    this.pts = []; this.state = 'idle';
    if (p.length < 4) return undefined;
    const closed = this.id === 'outline';
    const path: unknown[] = [p[0], p[1], 'L', ...p.slice(2)];
    if (closed && (p[0] !== p[p.length - 2] || p[1] !== p[p.length - 1])) path.push(p[0], p[1]);
    const layer = closed ? L.OUTLINE : isCopper(this.ed.panel.active) ? L.TOP_SILK : this.ed.panel.active;
    let key: string | undefined;
    this.ed.commit(closed ? 'Board outline' : 'Line', (tx) => { key = tx.add(PcbPoly.create({ id: tx.newId(), group: 0, net: '', layer, width: this.width, path, locked: false })); });
    return key;
  }
  cancel(): void { this.pts = []; this.state = 'idle'; }
  overlay(): Overlay[] { return this.state === 'drawing' ? [{ kind: 'polyline', points: [...this.pts, ...this.cur] }] : []; }
}

/** The engine's one text tool placing a STRING (40 mil high) on the top silkscreen (or the active non-copper layer) where clicked. */
export function pcbTextTool(ed: PcbEditor): TextTool {
  return new TextTool({
    snap: (p) => p,
    place(x, y, text) {
      const layer = isCopper(ed.panel.active) ? L.TOP_SILK : ed.panel.active;
      let key = '';
      ed.commit('Text', (tx) => { key = tx.add(PcbString.create({ id: tx.newId(), group: 0, layer, x, y, text, font: 'default', height: 40, strokeWidth: 6, origin: 3 })); });
      return key;
    },
  }, 'TEXT');
}

/** Register the PCB tools on an editor's tool manager. */
export function installPcbTools(ed: PcbEditor): void {
  ed.tools.register(new SelectTool(pcbSelectDomain(ed)));
  ed.tools.register(new RouteTool(ed));
  ed.tools.register(new DragSegmentTool(ed));
  ed.tools.register(new ViaTool(ed));
  ed.tools.register(new OutlineTool(ed));
  ed.tools.register(new DrawTool(ed, 'graphic'));
  ed.tools.register(pcbTextTool(ed));
  ed.tools.activate('select');
}
