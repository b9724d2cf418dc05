/**
 * The board's display unit and grid, kept in the document's CANVAS record (FORMAT.md: `3 unit`,
 * `4/5 grid`, `6/7 snap`; sizes stored in mil whatever the display unit, as every fixture board
 * shows: 4.92126 mil = 0.125 mm). Stored coordinates stay mil; only what the user reads and types is
 * in the display unit.
 */
import { Canvas } from '@copperplate/format/records';
import type { EditorDocument, ChangeSet } from '../core/document.ts';

export type BoardUnit = 'mm' | 'mil' | 'inch';
export const BOARD_UNITS: readonly BoardUnit[] = ['mm', 'mil', 'inch'];
const MIL_PER: Record<BoardUnit, number> = { mil: 1, mm: 1000 / 25.4, inch: 1000 };

export const asUnit = (u: unknown): BoardUnit => (u === 'mm' || u === 'inch' ? u : 'mil');
/** mil -> display unit. */
export const toUnit = (mil: number, unit: BoardUnit): number => mil / MIL_PER[unit];
/** display unit -> mil. */
export const fromUnit = (v: number, unit: BoardUnit): number => v * MIL_PER[unit];
/** A length for a field or the status bar: mm to 4 decimals, mil to 2, inch to 5, no trailing zeros. */
export function formatLen(mil: number, unit: BoardUnit): string {
  const d = unit === 'mm' ? 4 : unit === 'mil' ? 2 : 5;
  const v = Number(toUnit(mil, unit).toFixed(d));
  return String(Object.is(v, -0) ? 0 : v);
}
/** Parse a typed length in `unit` (a trailing "mm"/"mil"/"in" overrides it). undefined when not a number. */
export function parseLen(text: string, unit: BoardUnit): number | undefined {
  const m = /^\s*(-?\d+(?:\.\d*)?|-?\.\d+)\s*(mm|mil|in|inch)?\s*$/i.exec(text);
  if (!m) return undefined;
  const u = m[2] ? asUnit(m[2].toLowerCase() === 'in' ? 'inch' : m[2].toLowerCase()) : unit;
  return fromUnit(Number(m[1]), u);
}

export interface GridSettings {
  unit: BoardUnit;
  /** Grid step (mil): drawn on the canvas and snapped to by the drawing tools. */
  size: number;
}

/** The board's unit and grid (defaults: mil, 5 mil). */
export function gridSettings(doc: EditorDocument): GridSettings {
  const c = doc.singleton('CANVAS');
  if (!c) return { unit: 'mil', size: 5 };
  const g = Canvas.parse(c);
  const size = [g.snapX, g.gridX].find((v) => Number.isFinite(v) && v > 0) ?? 5;
  return { unit: asUnit(g.unit), size };
}

/** Set the unit and/or grid step (mil) as one commit (the CANVAS record is added when missing). */
export function setGridSettings(doc: EditorDocument, s: Partial<GridSettings>): ChangeSet | undefined {
  const cur = gridSettings(doc);
  const next = { ...cur, ...s };
  if (!(next.size > 0) || !Number.isFinite(next.size)) throw new Error('The grid size must be a positive number');
  if (next.unit === cur.unit && next.size === cur.size && doc.singleton('CANVAS')) return undefined;
  const key = doc.keys().find((k) => Canvas.is(doc.get(k)!));
  const fields = { unit: next.unit, gridX: next.size, gridY: next.size, snapX: next.size, snapY: next.size };
  return doc.commit('Grid', (tx) => {
    if (key) tx.update(key, (r) => Canvas.with(r, fields));
    else tx.add(Canvas.create({ originX: 0, originY: 0, ...fields }, { upToGiven: true }));
  });
}

/** Common grid steps of a unit, in mil (the status bar's choices). */
export function gridChoices(unit: BoardUnit): number[] {
  if (unit === 'mm') return [0.01, 0.025, 0.05, 0.1, 0.127, 0.25, 0.5, 1, 2.54].map((v) => fromUnit(v, 'mm'));
  return [1, 2, 5, 10, 25, 50, 100];
}
