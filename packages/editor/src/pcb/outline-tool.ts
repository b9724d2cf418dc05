/**
 * The board outline tool: a closed POLY on the outline layer (FORMAT.md: `POLY` layer 11, path
 * language with "L" lines and "ARC" sweep,x,y arcs). Modes:
 * - `rect`: two clicks, opposite corners;
 * - `polygon`: a click per corner;
 * - `arc`: two clicks per segment, a point on the arc then its end (three-point arc from the last
 *   corner).
 * The mode may change while drawing (straight sides and arcs mix). A second click on the last point
 * (a double click) or Enter finishes and closes the outline back to its first point; Escape drops it.
 * Coordinates: board mil, Y up; sweeps in degrees, positive counter-clockwise.
 */
import type { KeyEv, Overlay, PointerEv, Tool } from '../core/tools.ts';
import { PcbPoly } from '@copperplate/format/records';
import type { PcbEditor } from './editor.ts';
import { L } from './layers.ts';

export type OutlineMode = 'rect' | 'polygon' | 'arc';
type Seg = { k: 'L'; x: number; y: number } | { k: 'A'; sweep: number; x: number; y: number };

const r4 = (v: number): number => Math.round(v * 10000) / 10000 || 0;
const same = (ax: number, ay: number, bx: number, by: number) => Math.abs(ax - bx) < 1e-6 && Math.abs(ay - by) < 1e-6;

/**
 * The sweep (degrees, + counter-clockwise) of the circular arc from a through m to b; undefined when
 * the three points are on one line.
 */
export function threePointSweep(ax: number, ay: number, mx: number, my: number, bx: number, by: number): number | undefined {
  const d = 2 * (ax * (my - by) + mx * (by - ay) + bx * (ay - my));
  if (Math.abs(d) < 1e-9) return undefined;
  const a2 = ax * ax + ay * ay, m2 = mx * mx + my * my, b2 = bx * bx + by * by;
  const cx = (a2 * (my - by) + m2 * (by - ay) + b2 * (ay - my)) / d;
  const cy = (a2 * (bx - mx) + m2 * (ax - bx) + b2 * (mx - ax)) / d;
  const ang = (x: number, y: number) => Math.atan2(y - cy, x - cx);
  const norm = (t: number) => ((t % (2 * Math.PI)) + 2 * Math.PI) % (2 * Math.PI);
  const toM = norm(ang(mx, my) - ang(ax, ay)), toB = norm(ang(bx, by) - ang(ax, ay));
  // counter-clockwise from a, m comes before b: a CCW arc; otherwise the clockwise one
  const sweep = toM <= toB ? toB : toB - 2 * Math.PI;
  return r4((sweep * 180) / Math.PI);
}

/** Points along an arc (for previews), start excluded. */
function arcPoints(ax: number, ay: number, s: { sweep: number; x: number; y: number }): number[] {
  const t = (s.sweep * Math.PI) / 180;
  const hx = (s.x - ax) / 2, hy = (s.y - ay) / 2, half = Math.hypot(hx, hy);
  const r = half / Math.abs(Math.sin(t / 2));
  const mx = ax + hx, my = ay + hy;
  const h = Math.sqrt(Math.max(0, r * r - half * half)) * Math.sign(Math.cos(t / 2)) * Math.sign(t);
  const cx = mx - (hy / half) * h, cy = my + (hx / half) * h;
  const a0 = Math.atan2(ay - cy, ax - cx);
  const out: number[] = [];
  const n = Math.max(4, Math.ceil(Math.abs(s.sweep) / 10));
  for (let i = 1; i <= n; i++) out.push(cx + r * Math.cos(a0 + (t * i) / n), cy + r * Math.sin(a0 + (t * i) / n));
  return out;
}

export class OutlineTool implements Tool {
  readonly id = 'outline';
  state: 'idle' | 'drawing' = 'idle';
  mode: OutlineMode = 'polygon';
  width = 10;
  private x0 = 0; private y0 = 0;
  private segs: Seg[] = [];
  /** The point on the arc of an arc segment in progress. */
  private through: [number, number] | null = null;
  private cur: [number, number] = [0, 0];
  private readonly listeners = new Set<() => void>();
  constructor(private readonly ed: PcbEditor) {}

  setMode(m: OutlineMode): void { this.mode = m; this.through = null; for (const l of this.listeners) l(); }
  subscribe(fn: () => void): () => void { this.listeners.add(fn); return () => this.listeners.delete(fn); }

  private last(): [number, number] {
    const s = this.segs[this.segs.length - 1];
    return s ? [s.x, s.y] : [this.x0, this.y0];
  }

  pointer(ev: PointerEv): void {
    if (ev.kind === 'move') { this.cur = [ev.x, ev.y]; return; }
    if (ev.kind !== 'down' || (ev.button ?? 0) !== 0) return;
    const x = r4(ev.x), y = r4(ev.y);
    this.cur = [x, y];
    if (this.state === 'idle') { this.x0 = x; this.y0 = y; this.segs = []; this.through = null; this.state = 'drawing'; return; }
    const [lx, ly] = this.last();
    if (same(x, y, lx, ly) && !this.through) { this.finish(); return; } // double click on the last point
    if (this.mode === 'rect') {
      if (same(x, y, this.x0, this.y0) || x === this.x0 || y === this.y0) return; // no area yet
      this.segs = [{ k: 'L', x, y: this.y0 }, { k: 'L', x, y }, { k: 'L', x: this.x0, y }];
      this.finish();
      return;
    }
    if (this.mode === 'arc') {
      if (!this.through) { this.through = [x, y]; return; }
      const [mx, my] = this.through;
      this.through = null;
      const sweep = threePointSweep(lx, ly, mx, my, x, y);
      this.segs.push(sweep === undefined ? { k: 'L', x, y } : { k: 'A', sweep, x, y });
      return;
    }
    this.segs.push({ k: 'L', x, y });
  }

  key(ev: KeyEv): boolean {
    if (ev.key === 'Enter' && this.state === 'drawing') { this.finish(); return true; }
    return false;
  }

  /** The FORMAT.md path of what is drawn, closed back to the start. */
  path(): unknown[] {
    const out: unknown[] = [this.x0, this.y0];
    let mode = '';
    for (const s of this.segs) {
      if (s.k === 'L') { if (mode !== 'L') out.push('L'); mode = 'L'; out.push(s.x, s.y); }
      else { out.push('ARC', s.sweep, s.x, s.y); mode = 'ARC'; }
    }
    const [lx, ly] = this.last();
    if (!same(lx, ly, this.x0, this.y0)) { if (mode !== 'L') out.push('L'); out.push(this.x0, this.y0); }
    return out;
  }

  /** Commit the outline (two corners at least, or one arc). Returns the new record's key. */
  finish(): string | undefined {
    const enough = this.segs.length >= 2 || this.segs.some((s) => s.k === 'A');
    const path = this.path();
    this.state = 'idle';
    this.through = null;
    this.segs = [];
    if (!enough) return undefined;
    let key: string | undefined;
    this.ed.commit('Board outline', (tx) => { key = tx.add(PcbPoly.create({ id: tx.newId(), group: 0, net: '', layer: L.OUTLINE, width: this.width, path, locked: false })); });
    return key;
  }

  cancel(): void { this.segs = []; this.through = null; this.state = 'idle'; }

  overlay(): Overlay[] {
    if (this.state !== 'drawing') return [];
    const pts: number[] = [this.x0, this.y0];
    let [px, py] = [this.x0, this.y0];
    for (const s of this.segs) { if (s.k === 'L') pts.push(s.x, s.y); else pts.push(...arcPoints(px, py, s)); [px, py] = [s.x, s.y]; }
    const [cx, cy] = this.cur;
    if (this.mode === 'rect') return [{ kind: 'polyline', points: [this.x0, this.y0, cx, this.y0, cx, cy, this.x0, cy, this.x0, this.y0] }];
    if (this.mode === 'arc' && this.through) {
      const sweep = threePointSweep(px, py, this.through[0], this.through[1], cx, cy);
      if (sweep !== undefined) pts.push(...arcPoints(px, py, { sweep, x: cx, y: cy }));
      else pts.push(cx, cy);
      return [{ kind: 'polyline', points: pts }, { kind: 'marker', x: this.through[0], y: this.through[1] }];
    }
    pts.push(cx, cy);
    return [{ kind: 'polyline', points: pts }];
  }
}
