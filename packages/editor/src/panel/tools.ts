/**
 * Panel editor tools (state machines on the shared engine's ToolManager): select and drag, place a
 * cut-out or hole, place text, a dimension (two clicks), an auxiliary line, a polygon outline, a part.
 * Pointer coordinates are panel mil (Y down (?)); every placed point is snapped to the editor's grid.
 */
import type { KeyEv, Overlay, PointerEv, Tool } from '../core/tools.ts';
import type { CutoutSpec, PanelEditor } from './editor.ts';
import { mm } from './editor.ts';
import { placePanelPart } from './library.ts';

export class PanelSelectTool implements Tool {
  readonly id = 'select';
  state: 'idle' | 'dragging' = 'idle';
  private start = { x: 0, y: 0 };
  private last = { x: 0, y: 0 };
  private keys: string[] = [];
  constructor(private readonly ed: PanelEditor) {}
  pointer(ev: PointerEv): void {
    const ed = this.ed;
    if (ev.kind === 'down') {
      const hit = ed.hit(ev.x, ev.y)[0];
      if (!hit) { if (!ev.shift) ed.selection.clear(); return; }
      if (ev.shift) ed.selection.toggle([hit]);
      else if (!ed.selection.has(hit)) ed.selection.select([hit]);
      this.keys = ed.selection.ids;
      this.start = ed.snap(ev.x, ev.y);
      this.last = this.start;
      this.state = 'dragging';
    } else if (ev.kind === 'move' && this.state === 'dragging') this.last = this.ed.snap(ev.x, ev.y);
    else if (ev.kind === 'up' && this.state === 'dragging') {
      const p = ed.snap(ev.x, ev.y);
      this.state = 'idle';
      ed.move(this.keys, p.x - this.start.x, p.y - this.start.y);
    }
  }
  cancel(): void { this.state = 'idle'; }
  overlay(): Overlay[] {
    if (this.state !== 'dragging') return [];
    const dx = this.last.x - this.start.x, dy = this.last.y - this.start.y;
    return this.keys.map((k) => this.ed.boxOf(k)).filter((b) => !!b).map((b) => ({ kind: 'rect', minX: b!.minX + dx, minY: b!.minY + dy, maxX: b!.maxX + dx, maxY: b!.maxY + dy }));
  }
}

export class CutoutTool implements Tool {
  readonly id = 'cutout';
  state = 'idle';
  spec: CutoutSpec = { shape: 'round', d: mm(6) };
  constructor(private readonly ed: PanelEditor) {}
  pointer(ev: PointerEv): void {
    if (ev.kind !== 'down') return;
    const p = this.ed.snap(ev.x, ev.y);
    this.ed.selection.select([this.ed.addCutout(p.x, p.y, this.spec)]);
  }
}

export class TextTool implements Tool {
  readonly id = 'text';
  state = 'idle';
  text = 'TEXT';
  size = mm(3);
  color = '#000000';
  /** 'default' = the stroke font; else a font family name (EasyEDA keeps it in fontFamily). */
  font = 'default';
  bold = false;
  italic = false;
  constructor(private readonly ed: PanelEditor) {}
  pointer(ev: PointerEv): void {
    if (ev.kind !== 'down' || !this.text.trim()) return;
    const p = this.ed.snap(ev.x, ev.y);
    this.ed.selection.select([this.ed.addText(p.x, p.y, this.text, { size: this.size, color: this.color, font: this.font, bold: this.bold, italic: this.italic })]);
  }
}

export class DimensionTool implements Tool {
  readonly id = 'dimension';
  state: 'idle' | 'second' = 'idle';
  private p1 = { x: 0, y: 0 };
  private cur = { x: 0, y: 0 };
  constructor(private readonly ed: PanelEditor) {}
  pointer(ev: PointerEv): void {
    const p = this.ed.snap(ev.x, ev.y);
    if (ev.kind === 'move') this.cur = p;
    if (ev.kind !== 'down') return;
    if (this.state === 'idle') { this.p1 = p; this.cur = p; this.state = 'second'; return; }
    this.state = 'idle';
    if (p.x !== this.p1.x || p.y !== this.p1.y) this.ed.selection.select([this.ed.addDimension(this.p1.x, this.p1.y, p.x, p.y)]);
  }
  cancel(): void { this.state = 'idle'; }
  overlay(): Overlay[] { return this.state === 'second' ? [{ kind: 'polyline', points: [this.p1.x, this.p1.y, this.cur.x, this.cur.y] }] : []; }
}

export class AuxLineTool implements Tool {
  readonly id = 'aux';
  state = 'idle';
  angle = 0;
  constructor(private readonly ed: PanelEditor) {}
  pointer(ev: PointerEv): void {
    if (ev.kind !== 'down') return;
    const p = this.ed.snap(ev.x, ev.y);
    this.ed.addAuxLine(p.x, p.y, ev.shift ? (this.angle + 90) % 180 : this.angle);
  }
  key(ev: KeyEv): boolean {
    if (ev.key.toLowerCase() === 'r' || ev.key === ' ') { this.angle = this.angle ? 0 : 90; return true; }
    return false;
  }
}

/** Click the corners; Enter, a double click or a click on the first corner closes the outline. */
export class OutlinePolygonTool implements Tool {
  readonly id = 'outline-polygon';
  points: { x: number; y: number }[] = [];
  private cur = { x: 0, y: 0 };
  constructor(private readonly ed: PanelEditor) {}
  get state(): string { return this.points.length ? 'drawing' : 'idle'; }
  pointer(ev: PointerEv): void {
    const p = this.ed.snap(ev.x, ev.y);
    if (ev.kind === 'move') { this.cur = p; return; }
    if (ev.kind !== 'down') return;
    const f = this.points[0];
    if (f && this.points.length >= 3 && Math.hypot(p.x - f.x, p.y - f.y) < this.ed.grid * 1.5) { this.finish(); return; }
    this.points.push(p);
  }
  key(ev: KeyEv): boolean {
    if (ev.key === 'Enter' && this.points.length >= 3) { this.finish(); return true; }
    return false;
  }
  finish(): void {
    this.ed.setOutline('polygon', { points: this.points });
    this.points = [];
  }
  cancel(): void { this.points = []; }
  overlay(): Overlay[] {
    if (!this.points.length) return [];
    return [{ kind: 'polyline', points: [...this.points.flatMap((p) => [p.x, p.y]), this.cur.x, this.cur.y] }];
  }
}

/** Place a panel part (a PANEL_LIB text, library.ts) centred on each click. */
export class PartTool implements Tool {
  readonly id = 'part';
  state = 'idle';
  text = '';
  constructor(private readonly ed: PanelEditor) {}
  pointer(ev: PointerEv): void {
    if (ev.kind !== 'down' || !this.text) return;
    const p = this.ed.snap(ev.x, ev.y);
    placePanelPart(this.ed, this.text, p.x, p.y);
  }
}

/** Register the panel tools on the editor's ToolManager and start with select. */
export function registerPanelTools(ed: PanelEditor): void {
  for (const t of [new PanelSelectTool(ed), new CutoutTool(ed), new TextTool(ed), new DimensionTool(ed), new AuxLineTool(ed), new OutlinePolygonTool(ed), new PartTool(ed)]) ed.tools.register(t);
  ed.tools.activate('select');
}
