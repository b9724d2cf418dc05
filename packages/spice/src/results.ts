/**
 * Simulation results: CSV (the `copperplate simulate` output), and reading values off a plot
 * (the value at a time, where a trace crosses a level, magnitude in dB and phase).
 */
import type { Plot, Vector } from './raw.ts';

const SWEEP_TYPES = new Set(['time', 'frequency']);

/** The plot's sweep vector (time, frequency, the DC sweep), undefined for an operating point. */
export function sweepOf(plot: Plot): Vector | undefined {
  const v0 = plot.vectors[0];
  if (!v0) return undefined;
  if (SWEEP_TYPES.has(v0.type) || /sweep/i.test(v0.name)) return v0;
  return /operating point/i.test(plot.plotname) ? undefined : v0;
}

/** Voltage and current vectors of the plot (everything but the sweep). */
export function tracesOf(plot: Plot): Vector[] {
  const s = sweepOf(plot);
  return plot.vectors.filter((v) => v !== s);
}

export const magnitude = (v: Vector, i: number) => (v.im ? Math.hypot(v.re[i], v.im[i]) : Math.abs(v.re[i]));
export const phaseDeg = (v: Vector, i: number) => (v.im ? (Math.atan2(v.im[i], v.re[i]) * 180) / Math.PI : v.re[i] < 0 ? 180 : 0);
export const db = (v: Vector, i: number) => 20 * Math.log10(magnitude(v, i));

/**
 * CSV of a plot: the sweep column (time, frequency or the DC sweep; none for an operating point),
 * then one column per vector as ngspice names it, v(node) and i(source). AC (complex) plots: the
 * magnitude under the vector's name, then the phase in degrees as ph(name). Numbers are written in
 * full (shortest text that reads back as the same float64).
 */
export function plotToCsv(plot: Plot): string {
  const s = sweepOf(plot);
  const traces = tracesOf(plot);
  const cols: Array<{ name: string; at: (i: number) => number }> = [];
  if (s) cols.push({ name: s.name, at: (i) => s.re[i] });
  for (const v of traces) cols.push({ name: v.name, at: plot.complex ? (i) => magnitude(v, i) : (i) => v.re[i] });
  if (plot.complex) for (const v of traces) cols.push({ name: `ph(${v.name})`, at: (i) => phaseDeg(v, i) });
  const out = [cols.map((c) => c.name).join(',')];
  for (let i = 0; i < plot.points; i++) out.push(cols.map((c) => String(c.at(i))).join(','));
  return out.join('\n') + '\n';
}

/** Linear interpolation of a real vector at sweep value x (clamped to the ends). */
export function valueAt(sweep: Float64Array, values: Float64Array, x: number): number {
  const n = sweep.length;
  if (n === 0) return NaN;
  if (x <= sweep[0]) return values[0];
  if (x >= sweep[n - 1]) return values[n - 1];
  let lo = 0, hi = n - 1;
  while (hi - lo > 1) { const m = (lo + hi) >> 1; if (sweep[m] <= x) lo = m; else hi = m; }
  const t = (x - sweep[lo]) / (sweep[hi] - sweep[lo] || 1);
  return values[lo] + t * (values[hi] - values[lo]);
}

/** The first sweep value where the series crosses `level` (linear interpolation), undefined if never. */
export function crossing(sweep: ArrayLike<number>, values: ArrayLike<number>, level: number, opts: { log?: boolean } = {}): number | undefined {
  for (let i = 1; i < values.length; i++) {
    const a = values[i - 1] - level, b = values[i] - level;
    if (a === 0) return sweep[i - 1];
    if ((a < 0) !== (b < 0)) {
      const t = a / (a - b);
      if (opts.log) return Math.exp(Math.log(sweep[i - 1]) + t * (Math.log(sweep[i]) - Math.log(sweep[i - 1])));
      return sweep[i - 1] + t * (sweep[i] - sweep[i - 1]);
    }
  }
  return undefined;
}

export function vectorByName(plot: Plot, name: string): Vector | undefined {
  const n = name.toLowerCase();
  return plot.vectors.find((v) => v.name.toLowerCase() === n);
}

/**
 * The current vector of a part's pin (a probe on a pin): `i(el)` for two-terminal elements and
 * sources, else the terminal current by the pin's name (C/B/E of a BJT: ic, ib, ie; D/G/S of a FET:
 * id, ig, is), else any current of the element. `element` is the SPICE element name (`partOf` key).
 */
export function pinCurrent(plot: Plot, element: string, pinName: string): string | undefined {
  const el = element.toLowerCase();
  const has = (n: string) => plot.vectors.some((v) => v.name.toLowerCase() === n);
  if (has(`i(${el})`)) return `i(${el})`;
  const role = pinName.trim().toUpperCase().charAt(0);
  const byRole: Record<string, string> = { C: 'ic', B: 'ib', E: 'ie', D: 'id', G: 'ig', S: 'is' };
  if (byRole[role] && has(`${byRole[role]}(${el})`)) return `${byRole[role]}(${el})`;
  return plot.vectors.find((v) => new RegExp(`^i[a-z]?\\(${el.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\)$`).test(v.name.toLowerCase()))?.name;
}
