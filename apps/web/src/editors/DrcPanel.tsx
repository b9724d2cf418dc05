/**
 * The DRC panel of the PCB editor (issue 13) and its markers on the canvas. "Check" runs the design
 * rule check of @copperplate/board in a Web Worker (drc-state.ts); each violation is listed (click:
 * zoom to it and select its records; the box beside it waives it, kept per PCB in this browser) and
 * marked on the canvas. The pours are listed with the state of their stored fill: a stale fill
 * (the board changed within its reach since it was filled) is flagged here and on the canvas until
 * "Refill" fills it again in the worker.
 */
import type { PcbEditor } from '@copperplate/editor';
import type { Violation } from '@copperplate/board';
import type { PcbView } from './pcb-view.ts';
import { type BoardChecks, violationKey } from './drc-state.ts';
import './drc.css';

const STATUS_TEXT: Record<string, string> = { fresh: 'filled', stale: 'stale fill', unknown: 'EasyEDA fill', empty: 'not filled' };

/** Zoom the view to a violation (a 200 mil window around it) and select the records it names. */
export function zoomTo(ed: PcbEditor, view: PcbView | null, v: Violation): void {
  if (!view) return;
  view.viewport.fit({ minX: v.x - 100, minY: v.y - 100, maxX: v.x + 100, maxY: v.y + 100 }, 0.2);
  const keys = v.items.map((k) => k.split('/')[0].split(/[#~]/)[0]).filter((k) => ed.doc.get(k));
  if (keys.length) ed.selection.select(keys);
  view.invalidate();
}

export function DrcPanel({ checks, ed, view, readOnly }: { checks: BoardChecks; ed: PcbEditor; view: PcbView | null; readOnly: boolean }) {
  const { report, pours, busy, waived } = checks;
  const open = report?.violations.filter((v) => !waived.has(violationKey(v))) ?? [];
  const errors = open.filter((v) => v.severity === 'error').length;
  const stale = pours.filter((p) => p.status === 'stale' || p.status === 'empty');
  return (
    <section className="cp-erc cp-drc" aria-label="DRC">
      <div className="cp-props-head cp-erc-head">
        <span>DRC</span>
        <button type="button" className="btn small" disabled={busy !== null} onClick={() => checks.check()}>
          {busy === 'drc' ? 'Checking…' : 'Check'}
        </button>
      </div>
      {checks.error && <p className="small cp-props-empty" role="alert">{checks.error}</p>}
      {pours.length > 0 && (
        <div className="cp-drc-pours" data-testid="drc-pours">
          {pours.map((p) => (
            <div key={p.id} className={`cp-drc-pour cp-fill-${p.status}`} data-pour={p.id} data-status={p.status}>
              <span>{p.name || p.id} <span className="muted">{p.net} L{p.layer}</span></span>
              <span className="cp-drc-state">{STATUS_TEXT[p.status] ?? p.status}</span>
            </div>
          ))}
          <button type="button" className="btn small" disabled={busy !== null || readOnly} title={readOnly ? 'Read-only' : 'Fill every pour again (in the background)'} onClick={() => checks.refill(stale.length ? stale.map((p) => p.id) : [])}>
            {busy === 'refill' ? 'Refilling…' : stale.length ? `Refill ${stale.length} stale` : 'Refill all'}
          </button>
        </div>
      )}
      {report && (
        <>
          <p className="muted small cp-props-empty" data-testid="drc-summary">
            {open.length ? `${errors} errors, ${open.length - errors} warnings` : 'No problems found'}
            {report.violations.length > open.length ? ` (${report.violations.length - open.length} waived)` : ''} · {report.ms} ms
          </p>
          <ul className="cp-markers" data-testid="drc-list">
            {report.violations.map((v, i) => {
              const w = waived.has(violationKey(v));
              return (
                <li key={i} className={`cp-drc-row${w ? ' cp-waived' : ''}`}>
                  <button type="button" className={`cp-marker cp-${v.severity}`} data-rule={v.rule} title="Zoom to it" onClick={() => { checks.focus(v); zoomTo(ed, view, v); }}>
                    {v.message}
                  </button>
                  <label className="cp-waive" title="Waive: accepted as it is">
                    <input type="checkbox" aria-label={`Waive ${v.message}`} checked={w} onChange={(e) => checks.waive(v, e.target.checked)} />
                  </label>
                </li>
              );
            })}
          </ul>
        </>
      )}
    </section>
  );
}

/** Markers of the open (not waived) violations and of stale fills, over the canvas. */
export function DrcMarkers({ checks, view, canvas }: { checks: BoardChecks; view: PcbView | null; canvas: HTMLCanvasElement | null }) {
  if (!view || !canvas) return null;
  const r = canvas.getBoundingClientRect();
  const at = (x: number, y: number) => { const p = view.toPage(x, y); return { left: p.x - r.left, top: p.y - r.top }; };
  const inside = (q: { left: number; top: number }) => q.left >= -20 && q.top >= -20 && q.left <= r.width + 20 && q.top <= r.height + 20;
  const vs = (checks.report?.violations ?? []).filter((v) => !checks.waived.has(violationKey(v)));
  return (
    <div className="cp-drc-overlay" aria-hidden="true">
      {vs.map((v, i) => {
        const q = at(v.x, v.y);
        if (!inside(q)) return null;
        return <span key={i} className={`cp-drc-dot cp-${v.severity}${checks.focused === v ? ' cp-focused' : ''}`} style={q} title={v.message} data-rule={v.rule} />;
      })}
      {checks.pours.filter((p) => p.status === 'stale').map((p) => {
        const q = at(p.box.minX, p.box.maxY);
        return inside(q) ? <span key={p.id} className="cp-drc-stale" style={q} data-pour={p.id}>stale fill: {p.name || p.id}</span> : null;
      })}
    </div>
  );
}
