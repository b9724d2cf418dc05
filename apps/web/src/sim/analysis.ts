/**
 * The analysis of the Simulation panel (issue 18): its kind and parameters as the Analysis dialog edits
 * them, remembered per project in the browser (localStorage `cp.sim.analysis.<project uuid>`). The kind
 * `sheet` runs the directives written on the sheet (`.tran 1u 5m`) instead of an analysis of its own.
 */
import type { Analysis } from '@copperplate/spice';

export type AnalysisKind = Analysis['kind'] | 'sheet';
export type AnalysisParams = Record<string, string>;
export interface AnalysisChoice { kind: AnalysisKind; params: Record<AnalysisKind, AnalysisParams> }

/** Fields per kind (in dialog order) with their defaults; '' = left out of the directive. */
export const FIELDS: Record<AnalysisKind, Array<{ key: string; label: string; dflt: string; options?: string[] }>> = {
  tran: [
    { key: 'step', label: 'Step', dflt: '10u' }, { key: 'stop', label: 'Stop time', dflt: '10m' },
    { key: 'start', label: 'Start saving at', dflt: '' }, { key: 'maxStep', label: 'Max step', dflt: '' },
  ],
  ac: [
    { key: 'sweep', label: 'Sweep', dflt: 'dec', options: ['dec', 'oct', 'lin'] }, { key: 'points', label: 'Points', dflt: '100' },
    { key: 'fstart', label: 'Start frequency', dflt: '1' }, { key: 'fstop', label: 'Stop frequency', dflt: '1meg' },
  ],
  dc: [
    { key: 'source', label: 'Source', dflt: 'V1' }, { key: 'start', label: 'Start', dflt: '0' },
    { key: 'stop', label: 'Stop', dflt: '5' }, { key: 'step', label: 'Step', dflt: '0.1' },
  ],
  op: [],
  sheet: [],
};

export const KIND_LABELS: Record<AnalysisKind, string> = {
  tran: 'Transient', ac: 'AC (Bode)', dc: 'DC sweep', op: 'Operating point', sheet: 'Directives on the sheet',
};

export function defaultChoice(): AnalysisChoice {
  const params = Object.fromEntries(Object.entries(FIELDS).map(([k, fs]) => [k, Object.fromEntries(fs.map((f) => [f.key, f.dflt]))])) as AnalysisChoice['params'];
  return { kind: 'tran', params };
}

/** The Analysis the netlist gets; undefined for `sheet` (the sheet's own directives). */
export function analysisOf(c: AnalysisChoice): Analysis | undefined {
  const p = c.params[c.kind] ?? {};
  const opt = (v: string | undefined) => (v && v.trim() ? v.trim() : undefined);
  switch (c.kind) {
    case 'sheet': return undefined;
    case 'op': return { kind: 'op' };
    case 'tran': return { kind: 'tran', step: p.step, stop: p.stop, ...(opt(p.start) ? { start: opt(p.start) } : {}), ...(opt(p.maxStep) ? { maxStep: opt(p.maxStep) } : {}) };
    case 'ac': return { kind: 'ac', sweep: (['dec', 'oct', 'lin'].includes(p.sweep) ? p.sweep : 'dec') as 'dec', points: Number(p.points) || 100, fstart: p.fstart, fstop: p.fstop };
    case 'dc': return { kind: 'dc', source: p.source, start: p.start, stop: p.stop, step: p.step };
  }
}

/** One line for the panel: "Transient 1u 5m", "AC dec 20 10 100k", "Directives on the sheet". */
export function summary(c: AnalysisChoice): string {
  const vals = FIELDS[c.kind].map((f) => c.params[c.kind]?.[f.key] ?? '').filter((v) => v !== '');
  return [c.kind === 'ac' ? 'AC' : KIND_LABELS[c.kind], ...vals].join(' ');
}

const key = (project: string) => `cp.sim.analysis.${project}`;

/** The project's remembered choice (defaults for what it does not say). */
export function loadChoice(project: string): AnalysisChoice {
  const d = defaultChoice();
  try {
    const raw = JSON.parse(localStorage.getItem(key(project)) ?? 'null') as Partial<AnalysisChoice> | null;
    if (!raw || typeof raw !== 'object' || !(raw.kind && raw.kind in FIELDS)) return d;
    const params = { ...d.params };
    for (const k of Object.keys(FIELDS) as AnalysisKind[]) {
      const got = raw.params?.[k];
      if (got && typeof got === 'object') params[k] = { ...d.params[k], ...Object.fromEntries(Object.entries(got).filter(([, v]) => typeof v === 'string')) };
    }
    return { kind: raw.kind, params };
  } catch {
    return d;
  }
}

export function saveChoice(project: string, c: AnalysisChoice): void {
  try { localStorage.setItem(key(project), JSON.stringify(c)); } catch { /* storage full or off: kept for this page only */ }
}
