/**
 * Cut-outs derived from a board (issue 19 §3): the parts a front panel must let through (connectors,
 * switches, LEDs, displays, potentiometers), each at its position on the board, the board's outline
 * centred on the plate. A part is taken by its designator prefix (J, P, CN, USB: connector (X is often a crystal); SW, S,
 * BTN, K: switch; LED, and D when its device or value names an LED: LED; DS, LCD, DISP: display;
 * RV, VR, POT: potentiometer) unless its PCB ATTR `Panel` says yes or no. Board frame: mil, Y up;
 * panel frame: mil, Y down (?): y is flipped about the board's centre. Pure.
 */
import { PcbAttr, PcbComponent, type Raw } from '@copperplate/format/records';
import { type BoardSource, CLIP_SCALE, resolveBoard } from '@copperplate/board';
import type { PanelSettings } from './model.ts';
import { type Contour } from './path.ts';
import { circle, roundedRect } from './shapes.ts';

export type PanelPartKind = 'connector' | 'switch' | 'led' | 'display' | 'pot';

export interface DerivedCutout {
  /** The component's designator ("J1"); cut-outs derived from it are named `board:<designator>`. */
  designator: string;
  kind: PanelPartKind;
  /** Centre in the panel frame (mil). */
  x: number;
  y: number;
  /** Size of the hole (mil): round holes have w = h = diameter. */
  w: number;
  h: number;
  shape: 'round' | 'rect';
  contour: Contour;
}

const PREFIX: ReadonlyArray<[RegExp, PanelPartKind]> = [
  [/^(USB|CN|J|P)\d/i, 'connector'],
  [/^(SW|BTN|S|K)\d/i, 'switch'],
  [/^LED\d/i, 'led'],
  [/^(DS|LCD|DISP)\d/i, 'display'],
  [/^(RV|VR|POT)\d/i, 'pot'],
];

/** The panel kind of a part from its designator and attributes; null = not on the panel. */
export function panelPartKind(designator: string, attrs: Readonly<Record<string, string>>): PanelPartKind | null {
  const mark = (attrs.Panel ?? '').trim().toLowerCase();
  if (mark === 'no' || mark === 'false' || mark === '0') return null;
  for (const [re, k] of PREFIX) if (re.test(designator)) return k;
  if (/^D\d/i.test(designator) && /led/i.test(`${attrs.Device ?? ''} ${attrs.Name ?? ''} ${attrs.Value ?? ''} ${attrs.Footprint ?? ''}`)) return 'led';
  if (mark === 'yes' || mark === 'true' || mark === '1') return 'connector';
  return null;
}

export interface DeriveOptions {
  /** Clearance around each part's body (mil; default 0.5 mm). */
  clearance?: number;
}

type Board = ReturnType<typeof resolveBoard>;

/** The board's extent (mil, Y up): its outline, else its components; null when empty. */
function extentOf(board: Board): { minX: number; minY: number; maxX: number; maxY: number } | null {
  let minX = Infinity, minY = Infinity, maxX = -Infinity, maxY = -Infinity;
  const grow = (x: number, y: number) => { minX = Math.min(minX, x); maxX = Math.max(maxX, x); minY = Math.min(minY, y); maxY = Math.max(maxY, y); };
  for (const p of board.outline) for (const q of p) grow(q.x / CLIP_SCALE, q.y / CLIP_SCALE);
  if (!Number.isFinite(minX)) for (const c of board.components) { grow(c.box.minX / CLIP_SCALE, c.box.minY / CLIP_SCALE); grow(c.box.maxX / CLIP_SCALE, c.box.maxY / CLIP_SCALE); }
  return Number.isFinite(minX) ? { minX, minY, maxX, maxY } : null;
}

/** Width and height of a board (mil), for a panel sized to it; null when the board is empty. */
export function boardSize(src: BoardSource): { width: number; height: number } | null {
  const e = extentOf(resolveBoard(src));
  return e ? { width: e.maxX - e.minX, height: e.maxY - e.minY } : null;
}

/** Cut-outs for the panel parts of a board, aligned to their board positions on a plate of `settings`. */
export function deriveCutouts(src: BoardSource, settings: PanelSettings, o: DeriveOptions = {}): DerivedCutout[] {
  const clearance = o.clearance ?? 1000 * 0.5 / 25.4;
  const board = resolveBoard(src);
  // attributes per component (Designator, Device, Panel, ...)
  const attrs = new Map<string, Record<string, string>>();
  const devName = (uuid: string) => String(src.devices?.[uuid]?.attributes?.Name ?? src.devices?.[uuid]?.attributes?.name ?? '');
  for (const r of src.records as Raw[]) {
    if (!PcbAttr.is(r)) continue;
    const a = PcbAttr.parse(r);
    const m = attrs.get(a.parentId) ?? {};
    m[a.key] = a.key === 'Device' ? `${a.value} ${devName(a.value)}` : a.value;
    attrs.set(a.parentId, m);
  }
  const ids = new Set((src.records as Raw[]).filter((r) => PcbComponent.is(r)).map((r) => PcbComponent.get(r, 'id')));
  const ext = extentOf(board);
  if (!ext) return [];
  const bx = (ext.minX + ext.maxX) / 2, by = (ext.minY + ext.maxY) / 2;
  const px = settings.originX + settings.width / 2, py = settings.originY + settings.height / 2;
  const out: DerivedCutout[] = [];
  for (const c of board.components) {
    if (!ids.has(c.id) || !c.designator) continue;
    const kind = panelPartKind(c.designator, attrs.get(c.id) ?? {});
    if (!kind) continue;
    const b = c.box;
    if (!(b.maxX > b.minX && b.maxY > b.minY)) continue;
    const cx = (b.minX + b.maxX) / 2 / CLIP_SCALE, cy = (b.minY + b.maxY) / 2 / CLIP_SCALE;
    const x = px + (cx - bx), y = py - (cy - by);
    const bw = (b.maxX - b.minX) / CLIP_SCALE, bh = (b.maxY - b.minY) / CLIP_SCALE;
    const round = kind === 'led' || kind === 'pot';
    if (round) {
      const d = Math.min(bw, bh) + 2 * clearance;
      out.push({ designator: c.designator, kind, x, y, w: d, h: d, shape: 'round', contour: circle(x, y, d) });
    } else {
      const w = bw + 2 * clearance, h = bh + 2 * clearance;
      out.push({ designator: c.designator, kind, x, y, w, h, shape: 'rect', contour: roundedRect(x, y, w, h, kind === 'connector' ? 0 : Math.min(w, h) * 0.1) });
    }
  }
  return out.sort((a, b) => a.designator.localeCompare(b.designator, 'en', { numeric: true }));
}
