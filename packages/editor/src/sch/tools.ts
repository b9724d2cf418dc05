/**
 * Schematic tools as state machines (select/move, wire, net label, text, place). Events carry
 * document coordinates (0.01 inch, Y up); tools snap them to the editor's grid.
 */
import type { Box, Pt } from '../core/geometry.ts';
import type { KeyEv, Overlay, PointerEv, Tool } from '../core/tools.ts';
import type { Grid } from '../core/grid.ts';
import type { Selection } from '../core/selection.ts';
import type { SchematicEditor } from './editor.ts';
import { SelectTool as CoreSelectTool } from '../core/select-tool.ts';
import { TextTool } from '../core/text-tool.ts';

/** What the select tool needs from an editor (the schematic and the symbol editor both provide it). */
export interface SelectHost {
  grid: Grid;
  selection: Selection;
  scene: { inside(b: Box): string[] };
  hit(x: number, y: number): string | undefined;
  moveSelection(dx: number, dy: number): void;
  selectionBBox(): Box | undefined;
}
/** What the shape tools need. */
export interface ShapeHost { grid: Grid; addShape(rec: unknown[]): string }

const boxOf = (a: Pt, b: Pt): Box => ({ minX: Math.min(a.x, b.x), minY: Math.min(a.y, b.y), maxX: Math.max(a.x, b.x), maxY: Math.max(a.y, b.y) });

/**
 * Click selects (Shift/Ctrl toggles), drag on empty space box-selects, drag on a selected record moves
 * it: the engine's one select tool (core/select-tool.ts) with the schematic's hooks (drag threshold
 * half a grid step, offsets snapped to the grid, boxes take what is inside them).
 */
export class SelectTool extends CoreSelectTool {
  constructor(ed: SelectHost) {
    super({
      get selection() { return ed.selection; },
      hitAt: (x, y) => ed.hit(x, y),
      inBox: (b) => ed.scene.inside(b),
      moveSelection: (dx, dy) => ed.moveSelection(dx, dy),
      selectionBBox: () => ed.selectionBBox(),
      dragThreshold: () => ed.grid.size / 2,
      snapDelta: (d) => ed.grid.snap(d),
    });
  }
}

/**
 * Wire tool (W): click starts, each click fixes an orthogonal elbow (horizontal first when the
 * cursor is farther sideways), a click on a pin or wire, a second click on the same point,
 * Enter, Escape or right-click finishes. One commit per wire.
 */
export class WireTool implements Tool {
  readonly id: string;
  state: 'idle' | 'drawing' = 'idle';
  private pts: Pt[] = [];
  private cur: Pt = { x: 0, y: 0 };
  /** `type` WIRE (tool "wire") or BUS (tool "bus"). */
  constructor(private ed: SchematicEditor, readonly type: 'WIRE' | 'BUS' = 'WIRE') { this.id = type === 'BUS' ? 'bus' : 'wire'; }

  /** The orthogonal route from the last fixed point to p: [elbow, p] (elbow dropped when straight). */
  route(p: Pt): Pt[] {
    const a = this.pts[this.pts.length - 1];
    if (!a) return [p];
    if (a.x === p.x || a.y === p.y) return [p];
    const elbow = Math.abs(p.x - a.x) >= Math.abs(p.y - a.y) ? { x: p.x, y: a.y } : { x: a.x, y: p.y };
    return [elbow, p];
  }

  pointer(ev: PointerEv): void {
    const p = this.ed.grid.snapPt({ x: ev.x, y: ev.y });
    this.cur = p;
    if (ev.kind !== 'down') return;
    if (ev.button === 2) { this.finish(); return; }
    if (this.state === 'idle') { this.pts = [p]; this.state = 'drawing'; return; }
    const last = this.pts[this.pts.length - 1];
    if (last.x === p.x && last.y === p.y) { this.finish(); return; }
    this.pts.push(...this.route(p));
    if (this.type === 'WIRE' && this.ed.isConnectionPoint(p.x, p.y)) this.finish();
  }

  key(ev: KeyEv): boolean {
    if (this.state === 'drawing' && (ev.key === 'Enter')) { this.finish(); return true; }
    return false;
  }

  /** Escape: keep what was drawn (two or more points) and stop. */
  cancel(): void { this.finish(); }

  private finish(): void {
    if (this.state === 'drawing' && this.pts.length >= 2) this.ed.addWire(this.pts, this.type);
    this.pts = [];
    this.state = 'idle';
  }

  overlay(): Overlay[] {
    if (this.state !== 'drawing') return [];
    const all = [...this.pts, ...this.route(this.cur)];
    return [{ kind: 'polyline', points: all.flatMap((q) => [q.x, q.y]) }];
  }
}

/**
 * Net label (N): the name to be placed follows the cursor; a click on a wire asks the host for the
 * name (`askName`, suggested: the next free one) and names the wire's net there. Cancelling the
 * question places nothing.
 */
export class NetLabelTool implements Tool {
  readonly id = 'netLabel';
  state: 'idle' | 'asking' = 'idle';
  name = 'NET1';
  cur: Pt = { x: 0, y: 0 };
  constructor(private ed: SchematicEditor) {}
  pointer(ev: PointerEv): void {
    const p = this.ed.grid.snapPt({ x: ev.x, y: ev.y });
    this.cur = p;
    if (ev.kind !== 'down' || this.state === 'asking') return;
    const w = this.ed.wireAt(p.x, p.y);
    if (!w) return;
    const ask = this.ed.askName;
    const done = (name: string | null | undefined) => {
      this.state = 'idle';
      const n = name?.trim();
      if (!n || !this.ed.doc.has(w)) return;
      this.ed.setNetLabel(w, n, p);
      this.name = nextName(n);
    };
    if (!ask) { done(this.name); return; }
    const answer = ask(this.name, 'net');
    if (answer instanceof Promise) { this.state = 'asking'; void answer.then(done, () => done(null)); } else done(answer);
  }
  cancel(): void { this.state = 'idle'; }
}

/** "NET1" -> "NET2", "A" -> "A1". */
export function nextName(s: string): string {
  const m = /^(.*?)(\d+)$/.exec(s);
  return m ? `${m[1]}${Number(m[2]) + 1}` : `${s}1`;
}

/** Text (T): the engine's one text tool placing a TEXT record at the snapped point. */
export function schTextTool(ed: SchematicEditor): TextTool {
  return new TextTool({ snap: (p) => ed.grid.snapPt(p), place: (x, y, text) => ed.addText(x, y, text) }, 'Text');
}
export { TextTool } from '../core/text-tool.ts';

/**
 * Place (P): a ghost of the part follows the cursor; R/Space rotates, X mirrors left-right, Y
 * top-bottom (before the click); each click places one. `netName` names a net flag or port.
 */
export class PlaceTool implements Tool {
  readonly id = 'place';
  state: 'idle' | 'placing' = 'idle';
  symbol = '';
  device = '';
  netName: string | undefined;
  rot = 0;
  mirror = false;
  cur: Pt = { x: 0, y: 0 };
  constructor(private ed: SchematicEditor) {}
  arm(symbol: string, device = '', netName?: string): void { this.symbol = symbol; this.device = device; this.netName = netName; this.rot = 0; this.mirror = false; this.state = 'placing'; }
  pointer(ev: PointerEv): void {
    this.cur = this.ed.grid.snapPt({ x: ev.x, y: ev.y });
    if (ev.kind !== 'down' || this.state !== 'placing') return;
    this.ed.placeComponent(this.symbol, this.device, this.cur.x, this.cur.y, this.rot, this.mirror, this.netName);
  }
  key(ev: KeyEv): boolean {
    if (this.state !== 'placing' || ev.ctrl) return false;
    const k = ev.key.toLowerCase();
    if (k === ' ' || k === 'r') { this.rot = (this.rot + 90) % 360; return true; }
    if (k === 'x') { this.mirror = !this.mirror; return true; }
    // flip top-bottom = mirror left-right turned half a turn (as mirrorSelection('y') does)
    if (k === 'y') { this.mirror = !this.mirror; this.rot = (this.rot + 180) % 360; return true; }
    return false;
  }
  cancel(): void { this.state = 'idle'; }
  overlay(): Overlay[] { return this.state === 'placing' ? [{ kind: 'marker', x: this.cur.x, y: this.cur.y }] : []; }
}

/**
 * No-connect flag: a click on a pin end (within 3 units) marks it not connected (pin ATTR
 * NO_CONNECT "yes" on the joined id, drawn as a cross); a click on a marked pin removes the mark.
 */
export class NoConnectTool implements Tool {
  readonly id = 'noConnect';
  state = 'idle';
  constructor(private ed: SchematicEditor) {}
  pointer(ev: PointerEv): void {
    if (ev.kind !== 'down') return;
    this.ed.toggleNoConnect(ev.x, ev.y);
  }
}

/** Bus entry: a click on a bus adds a 10-unit 45-degree BUSENTRY from that point (up-right). */
export class BusEntryTool implements Tool {
  readonly id = 'busEntry';
  state = 'idle';
  constructor(private ed: SchematicEditor) {}
  pointer(ev: PointerEv): void {
    if (ev.kind !== 'down') return;
    const p = this.ed.grid.snapPt({ x: ev.x, y: ev.y });
    this.ed.addBusEntry(p.x, p.y, p.x + 10, p.y + 10);
  }
}

/**
 * Shapes: `rect` (two clicks: opposite corners), `circle` (centre, then a point on the circle),
 * `polyline` (clicks; Enter, Escape or a click on the last point finishes). Points snap to the grid.
 */
export class ShapeTool implements Tool {
  readonly id: string;
  state: 'idle' | 'drawing' = 'idle';
  private pts: Pt[] = [];
  private cur: Pt = { x: 0, y: 0 };
  constructor(private ed: ShapeHost, readonly shape: 'rect' | 'circle' | 'polyline') { this.id = shape; }

  pointer(ev: PointerEv): void {
    const p = this.ed.grid.snapPt({ x: ev.x, y: ev.y });
    this.cur = p;
    if (ev.kind !== 'down') return;
    if (this.state === 'idle') { this.pts = [p]; this.state = 'drawing'; return; }
    const last = this.pts[this.pts.length - 1];
    if (this.shape === 'polyline') {
      if (last.x === p.x && last.y === p.y) { this.finish(); return; }
      this.pts.push(p);
      return;
    }
    this.pts.push(p);
    this.finish();
  }

  key(ev: KeyEv): boolean {
    if (this.state === 'drawing' && ev.key === 'Enter') { this.finish(); return true; }
    return false;
  }

  cancel(): void { if (this.shape === 'polyline') this.finish(); else { this.pts = []; this.state = 'idle'; } }

  private finish(): void {
    const [a, b] = this.pts;
    if (this.shape === 'rect' && b && a.x !== b.x && a.y !== b.y) this.ed.addShape(['RECT', a.x, a.y, b.x, b.y, 0, 0, 0, null, 0]);
    else if (this.shape === 'circle' && b) { const r = Math.hypot(b.x - a.x, b.y - a.y); if (r > 0) this.ed.addShape(['CIRCLE', a.x, a.y, r, null, 0]); }
    else if (this.shape === 'polyline' && this.pts.length >= 2) this.ed.addShape(['POLY', this.pts.flatMap((q) => [q.x, q.y]), false, null, 0]);
    this.pts = [];
    this.state = 'idle';
  }

  overlay(): Overlay[] {
    if (this.state !== 'drawing') return [];
    const a = this.pts[0];
    if (this.shape === 'rect') return [{ kind: 'rect', ...boxOf(a, this.cur) }];
    if (this.shape === 'circle') return [{ kind: 'polyline', points: [a.x, a.y, this.cur.x, this.cur.y] }];
    return [{ kind: 'polyline', points: [...this.pts, this.cur].flatMap((q) => [q.x, q.y]) }];
  }
}
