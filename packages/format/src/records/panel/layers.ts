/**
 * Panel layers and sizes. EasyEDA publishes no panel layer table; its examples put shapes and text on
 * layer 1 and dimensions and auxiliary lines on layer 8. Ours, in this one place (?):
 *   1 PRINT (artwork printed on the plate), 2 OUTLINE (the plate's edge, cut), 3 CUT (cut-outs and
 *   holes, cut), 8 DOCUMENT (dimensions, auxiliary lines: neither printed nor cut).
 */
export const PANEL_LAYER = { PRINT: 1, OUTLINE: 2, CUT: 3, DOCUMENT: 8 } as const;
export const PANEL_LAYER_NAMES: Readonly<Record<number, string>> = { 1: 'Print', 2: 'Outline', 3: 'Cut-out', 8: 'Document' };
/** Layers whose shapes the cutter follows. */
export const isCutLayer = (l: number): boolean => l === PANEL_LAYER.OUTLINE || l === PANEL_LAYER.CUT;

const MIL_PER: Readonly<Record<string, number>> = { mil: 1, mm: 1000 / 25.4, cm: 10000 / 25.4, inch: 1000, in: 1000 };

/** A size string with its unit ("393mm", "2.5 in", "100") in mil; a bare number is mm. NaN when unreadable. */
export function panelSize(s: string): number {
  const m = /^\s*(-?\d+(?:\.\d+)?)\s*([a-z]*)\s*$/i.exec(s);
  if (!m) return NaN;
  const u = m[2].toLowerCase() || 'mm';
  const k = MIL_PER[u];
  return k === undefined ? NaN : Number(m[1]) * k;
}

/** mil to a size string in mm, as EasyEDA writes them ("100mm"). */
export const mmSize = (mil: number): string => `${Math.round((mil * 25.4) / 1000 * 1000) / 1000}mm`;
