/**
 * The Analysis dialog of the Simulation panel (issue 18): transient, AC, DC sweep, operating point or
 * the sheet's own directives, with each kind's parameters (SPICE numbers: 10u, 1meg, 4.7k). OK keeps
 * the choice for the project (analysis.ts); the parameters of the other kinds are kept too.
 */
import { useState, type FormEvent } from 'react';
import { parseSpiceNumber } from '@copperplate/spice';
import { CancelOk, Modal } from '../ui/Modal.tsx';
import { FIELDS, KIND_LABELS, type AnalysisChoice, type AnalysisKind } from './analysis.ts';

export interface AnalysisDialogProps { initial: AnalysisChoice; onOk: (c: AnalysisChoice) => void; onClose: () => void }

/** A problem with a field's value, or ''. */
function check(kind: AnalysisKind, key: string, v: string): string {
  const t = v.trim();
  if (kind === 'dc' && key === 'source') return /^[A-Za-z][\w.]*$/.test(t) ? '' : 'a source name such as V1';
  if (kind === 'ac' && key === 'sweep') return '';
  const optional = kind === 'tran' && (key === 'start' || key === 'maxStep');
  if (!t) return optional ? '' : 'required';
  if (kind === 'ac' && key === 'points') return /^\d+$/.test(t) && Number(t) >= 1 ? '' : 'a whole number';
  return parseSpiceNumber(t) === undefined ? 'a number (10u, 1meg, 4.7k)' : '';
}

export function AnalysisDialog({ initial, onOk, onClose }: AnalysisDialogProps) {
  const [c, setC] = useState<AnalysisChoice>(initial);
  const p = c.params[c.kind];
  const problems = FIELDS[c.kind].map((f) => ({ f, why: check(c.kind, f.key, p[f.key] ?? '') })).filter((x) => x.why);
  const set = (k: string, v: string) => setC({ ...c, params: { ...c.params, [c.kind]: { ...p, [k]: v } } });
  function submit(e: FormEvent) {
    e.preventDefault();
    if (problems.length) return;
    onOk(c);
  }
  return (
    <Modal title="Analysis" width={420} onClose={onClose} testId="sim-analysis-dialog">
      <form onSubmit={submit} className="stack">
        <label className="field">
          <span>Analysis</span>
          <select className="cp-select" aria-label="Analysis kind" value={c.kind} onChange={(e) => setC({ ...c, kind: e.target.value as AnalysisKind })}>
            {(Object.keys(KIND_LABELS) as AnalysisKind[]).map((k) => <option key={k} value={k}>{KIND_LABELS[k]}</option>)}
          </select>
        </label>
        {FIELDS[c.kind].map((f) => (
          <label key={f.key} className="field">
            <span>{f.label}</span>
            {f.options ? (
              <select className="cp-select" aria-label={f.label} value={p[f.key] ?? f.dflt} onChange={(e) => set(f.key, e.target.value)}>
                {f.options.map((o) => <option key={o} value={o}>{o}</option>)}
              </select>
            ) : (
              <input aria-label={f.label} value={p[f.key] ?? ''} placeholder={f.dflt ? undefined : 'optional'} onChange={(e) => set(f.key, e.target.value)} aria-invalid={problems.some((x) => x.f === f) || undefined} />
            )}
          </label>
        ))}
        {c.kind === 'sheet' && <p className="muted">The .tran, .ac, .dc or .op lines written as text on the sheets are run.</p>}
        {problems.length > 0 && <p className="form-error" role="alert">{problems.map((x) => `${x.f.label}: ${x.why}`).join('; ')}</p>}
        <div className="row gap end">
          <CancelOk onCancel={onClose} submit disabled={problems.length > 0} label="OK" />
        </div>
      </form>
    </Modal>
  );
}
