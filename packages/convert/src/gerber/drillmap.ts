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

/**
 * Half-size of the square symbol (mm): 0.28 in the drill drawings of EasyEDA Pro 2.2.46 and later
 * (TriWave 2.2.46, C4 3.2.77, ESP32 and Hexapod 3.2.148), 0.2 in Pro 2.2.39's (falcon-flight). We
 * draw what the EasyEDA that last saved the board would: 0.2 for a board saved before 2.2.46 (the
 * change lies between 2.2.39 and 2.2.46), 0.28 otherwise. (An earlier rule by hole spacing, fitted on
 * four fixtures, drew C4, holes 0.675 mm apart, at 0.2: EasyEDA drew 0.28.)
 */
export const DRILL_ICON_MM = 0.28;
export const DRILL_ICON_OLD_MM = 0.2;

/** True when an EasyEDA version "a.b.c.d" is older than "2.2.46"; unknown versions are new. */
function before2246(editorVersion: string | undefined): boolean {
  const m = /^(\d+)\.(\d+)\.(\d+)/.exec(editorVersion ?? '');
  if (!m) return false;
  const [a, b, c] = [Number(m[1]), Number(m[2]), Number(m[3])];
  return a < 2 || (a === 2 && (b < 2 || (b === 2 && c < 46)));
}

/** The drill symbols' half-size (mm) for a board saved by `editorVersion`. */
export const drillIconMm = (editorVersion: string | undefined): number => (before2246(editorVersion) ? DRILL_ICON_OLD_MM : DRILL_ICON_MM);

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

/** One drill size of the drill drawing: its holes (board order) and its symbol index. */
export interface DrillGroup {
  key: string;
  holes: FabHole[];
}

/**
 * The drill sizes in EasyEDA's symbol order: fewest hits first; ties plated before non-plated, then by
 * the first hole's place in the board (EasyEDA's order on all four fixture boards: Hexapod's 0.7 x 1.7
 * slot before its 0.7 x 1.4 one and its 2.5 mm NPTH before the 0.65 mm one, TriWave's 1.4 slot before
 * its 1.7 one and its 0.65 mm NPTH before the 1.4 mm one: neither size order fits both).
 */
export function drillGroups(b: FabBoard): DrillGroup[] {
  const groups = new Map<string, FabHole[]>();
  for (const h of b.holes) {
    const k = sizeKey(h);
    let g = groups.get(k);
    if (!g) groups.set(k, (g = []));
    g.push(h);
  }
  // Map iteration keeps first-insertion order, and Array.prototype.sort is stable.
  return [...groups].map(([key, holes]) => ({ key, holes }))
    .sort((a, c) => a.holes.length - c.holes.length || (a.key[0] === c.key[0] ? 0 : a.key[0] === 'P' ? -1 : 1));
}

export function drillMap(w: GerberWriter, b: FabBoard, groups = drillGroups(b), iconMm = drillIconMm(b.editorVersion)): void {
  w.comment('Drill Drawing Start');
  groups.forEach(({ holes }, i) => {
    const a = iconAperture(i, iconMm);
    for (const h of holes) w.flash(h.x, h.y, a, 'Other,Drawing');
  });
  w.comment('Drill Drawing End');
}
