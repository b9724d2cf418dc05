/**
 * The drill drawing layer (Gerber_DrillDrawingLayer.GDD) as EasyEDA Pro draws it: one symbol flashed
 * at each hole, one symbol per drill size (plated or not, slot length apart), the sizes ordered by
 * their hit count (fewest first) and given EasyEDA's symbols in its order: square, ring, triangle,
 * six-pointed star, four-pointed star, plus, cross, diamond, double square (then again from the
 * first). Each symbol is an aperture macro: an outline polygon with its inside cleared. Sizes are
 * EasyEDA's (the square is 0.56 mm), measured on its Gerbers of the fixture boards.
 */
import type { FabBoard, FabHole } from '../fab/board.ts';
import type { Aperture, GerberWriter } from './writer.ts';

/** Polygons in units of the square's half-size: [exposure, x0, y0, x1, y1, ..., x0, y0]. */
const ICONS: Array<[string, Array<[0 | 1, number[]]>]> = [
  ['IconRect', [[1, [1, -1, -1, -1, -1, 1, 1, 1, 1, -1]], [0, [0.83333, -0.83333, 0.83333, 0.83333, -0.83333, 0.83333, -0.83333, -0.83333, 0.83333, -0.83333]]]],
  ['IconRing', []],
  ['IconTriangle', [[1, [-1.21283, 0.85883, 1.21283, 0.85883, 0, -1.353, -1.21283, 0.85883]], [0, [-0.94883, 0.693, 0, -0.9765, 0.95083, 0.693, -0.94883, 0.693]]]],
  ['IconStar6', [[1, [0.431, 0.746, 1.06617, 0.61683, 0.86183, 0, 1.06617, -0.6145, 0.431, -0.74367, 0, -1.22883, -0.42883, -0.74367, -1.06633, -0.6145, -0.85967, 0, -1.06633, 0.6145, -0.42883, 0.746, 0, 1.22883, 0.431, 0.746]], [0, [-0.00167, 0.97667, -0.32167, 0.61333, -0.84833, 0.48833, -0.69167, -0.02667, -0.84833, -0.49, -0.32167, -0.61333, -0.00167, -0.97833, 0.32167, -0.61333, 0.84833, -0.49, 0.69333, 0.025, 0.84833, 0.49, 0.32167, 0.61167, -0.00167, 0.97667]]]],
  ['IconStar4', [[1, [-1.11333, 1.11333, 0, 0.72333, 1.11333, 1.11333, 0.72333, 0, 1.11333, -1.11333, 0, -0.72333, -1.08717, -1.11333, -0.72333, 0, -1.11333, 1.11333]], [0, [0.83333, -0.83333, 0.54, 0, 0.83333, 0.83333, 0, 0.54, -0.83333, 0.83333, -0.54, 0, -0.83333, -0.83333, 0, -0.54, 0.83333, -0.83333]]]],
  ['IconPlus', [[1, [0.62, -1, -0.62, -1, -0.62, -0.62, -1, -0.62, -1, 0.62, -0.62, 0.62, -0.62, 1, 0.62, 1, 0.62, 0.62, 1, 0.62, 1, -0.62, 0.62, -0.62, 0.62, -1]], [0, [0.45333, -0.83333, 0.45333, -0.45333, 0.83333, -0.45333, 0.83333, 0.45333, 0.45333, 0.45333, 0.45333, 0.83333, -0.45333, 0.83333, -0.45333, 0.45333, -0.83333, 0.45333, -0.83333, -0.45333, -0.45333, -0.45333, -0.45333, -0.83333, 0.45333, -0.83333]]]],
  ['IconX', [[1, [1, -1, 0.27267, -1, 0, -0.72733, -0.27267, -1, -1, -1, -1, -0.27267, -0.72733, 0, -1, 0.27267, -1, 1, -0.27267, 1, 0, 0.72733, 0.27267, 1, 1, 1, 1, 0.27267, 0.72733, 0, 1, -0.27267, 1, -1]], [0, [0.834, -0.832, 0.834, -0.34233, 0.48967, 0.00033, 0.834, 0.34233, 0.834, 0.8325, 0.34233, 0.8325, 0, 0.48967, -0.34233, 0.8325, -0.834, 0.8325, -0.834, 0.34233, -0.48967, 0.00033, -0.834, -0.34233, -0.834, -0.832, -0.34233, -0.832, 0, -0.48967, 0.34233, -0.832, 0.834, -0.832]]]],
  ['IconDiamond', [[1, [0, -1.3, -1.3, 0, 0, 1.3, 1.3, 0, 0, -1.3]], [0, [0, -1.01717, 1.01717, 0, 0, 1.018, -1.01717, 0, 0, -1.01717]]]],
  ['IconRect2', [[1, [1, -1, -1, -1, -1, 1, -0.834, 0.8325, -0.83333, -0.83333, 0.834, -0.83333, 1, -1]], [1, [1, -1, 0.834, -0.83333, 0.834, 0.8325, -0.834, 0.8325, -1, 1, 1, 1, 1, -1]], [1, [0.66733, -0.66667, -0.66667, -0.66667, -0.66667, 0.66733, -0.5, 0.50067, -0.5, -0.5, 0.50067, -0.5, 0.66733, -0.66667]], [1, [0.66733, -0.66667, 0.50067, -0.5, 0.50067, 0.50067, -0.5, 0.50067, -0.66667, 0.66733, 0.66733, 0.66733, 0.66733, -0.66667]]]],
];

/** Half-size of the square symbol (mm) EasyEDA uses on most boards... */
export const DRILL_ICON_MM = 0.28;
/** ...and where holes sit closer than DRILL_ICON_CROWDED_MM (falcon-flight: 0.654 mm apart -> 0.2; the
 * other references, 0.8 mm and more -> 0.28; the threshold is fitted on those four boards). */
export const DRILL_ICON_SMALL_MM = 0.2;
export const DRILL_ICON_CROWDED_MM = 0.7;

/** True when two holes (distinct centres) are nearer than `mm`. Grid hash: linear in the hole count. */
function crowded(holes: readonly FabHole[], mm: number): boolean {
  const cell = mm / 0.0254, grid = new Map<string, FabHole[]>();
  for (const h of holes) {
    const gx = Math.floor(h.x / cell), gy = Math.floor(h.y / cell);
    for (let dx = -1; dx <= 1; dx++) for (let dy = -1; dy <= 1; dy++) {
      for (const o of grid.get(`${gx + dx},${gy + dy}`) ?? []) {
        const d = Math.hypot(o.x - h.x, o.y - h.y);
        if (d > 1e-3 && d < cell) return true;
      }
    }
    const k = `${gx},${gy}`;
    const g = grid.get(k);
    if (g) g.push(h); else grid.set(k, [h]);
  }
  return false;
}

const num = (v: number) => String(Math.round(v * 1e6) / 1e6);

function iconAperture(i: number, s: number): Aperture {
  const [name, polys] = ICONS[i % ICONS.length];
  const round = Math.floor(i / ICONS.length);
  const id = round ? `${name}_${round + 1}` : name;
  // The ring: outer 1.1 x the square, hole 0.9333 x the square (EasyEDA writes it as "C,0.616X0.522667").
  const prims = name === 'IconRing'
    ? [`1,1,${num(2.2 * s)},0,0`, `1,0,${num(1.86667 * s)},0,0`]
    : polys.map(([e, pts]) => `4,${e},${pts.length / 2 - 1},${pts.map((v) => num(v * s)).join(',')},0`);
  return { t: 'Macro', name: id, def: `%AM${id}*${prims.join('*')}*%` };
}

/** Drill size key: plated or not, diameter and slot length (mm, 3 decimals). */
function sizeKey(h: FabHole): string {
  const d = Math.min(h.w, h.h) * 0.0254, l = Math.max(h.w, h.h) * 0.0254;
  return `${h.kind === 'npth' ? 'N' : 'P'} ${d.toFixed(3)} ${l.toFixed(3)}`;
}

export function drillMap(w: GerberWriter, b: FabBoard, iconMm = crowded(b.holes, DRILL_ICON_CROWDED_MM) ? DRILL_ICON_SMALL_MM : DRILL_ICON_MM): void {
  const groups = new Map<string, FabHole[]>();
  for (const h of b.holes) {
    const k = sizeKey(h);
    let g = groups.get(k);
    if (!g) groups.set(k, (g = []));
    g.push(h);
  }
  // Fewest hits first; ties plated before non-plated, then by diameter, then slot length (right for
  // TriWave and falcon-flight; Hexapod's EasyEDA order differs on two ties: an order we could not find).
  const part = (k: string) => k.split(' ');
  const order = [...groups].sort((a, b) => {
    const [pa, da, la] = part(a[0]), [pb, db, lb] = part(b[0]);
    return a[1].length - b[1].length || (pa === pb ? 0 : pa === 'P' ? -1 : 1) || Number(da) - Number(db) || Number(la) - Number(lb);
  });
  w.comment('Drill Drawing Start');
  order.forEach(([, holes], i) => {
    const a = iconAperture(i, iconMm);
    for (const h of holes) w.flash(h.x, h.y, a, 'Other,Drawing');
  });
  w.comment('Drill Drawing End');
}
