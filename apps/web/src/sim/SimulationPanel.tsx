/**
 * The simulation panel at the bottom of the schematic editor (issue 18): the analysis chosen in the
 * Analysis dialog (operating point, DC sweep, AC, transient or the sheet's directives; remembered per
 * project), the project's SPICE model files (blobs: uploaded, offline too), Run on the server (ngspice)
 * or in the browser (offline: eecircuit-engine in a Web Worker), the errors naming parts and nets, and the
 * waveform viewer (uPlot): traces to tick, probes by clicking a net on the canvas, drag to zoom
 * (double-click resets), a cursor (mouse, or a value typed in) with the traces' values read there,
 * and dB / phase axes for AC. Operating-point values are listed per net.
 */
import { useEffect, useMemo, useReducer, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import type { CanvasView, SchContext, SchematicEditor, Net } from '@copperplate/editor';
import { componentPins, netOf, schematicCircuit } from '@copperplate/editor';
import { missingIncludeErrors } from '@copperplate/schematic';
import { CatalogueError } from '@copperplate/model';
import { recType } from '@copperplate/format/records';
import { db, parseSpiceNumber, phaseDeg, pinCurrent, sweepOf, tracesOf, valueAt, writeNetlist, type NetlistResult, type Plot } from '@copperplate/spice';
import type { DocSync } from '../editors/doc-sync.ts';
import { itemName } from '../project/http-session.ts';
import { e2eEnabled } from '../editors/test-hook.ts';
import { runInBrowser, runOnServer, type EngineKind, type RunResult } from './engine.ts';
import { AnalysisDialog } from './AnalysisDialog.tsx';
import { analysisOf, loadChoice, saveChoice, summary, type AnalysisChoice } from './analysis.ts';
import { projectModels, removeModel, saveModels, simulationSheets } from './project-files.ts';
import './sim.css';

const fmt = (v: number) => (Number.isFinite(v) ? Number(v.toPrecision(6)).toString() : '—');
const SI: Array<[number, string]> = [[1e9, 'G'], [1e6, 'M'], [1e3, 'k'], [1, ''], [1e-3, 'm'], [1e-6, 'µ'], [1e-9, 'n'], [1e-12, 'p'], [1e-15, 'f']];
/** Axis ticks with SI prefixes (0.5m, 1k, 2.2µ). */
export function si(v: number): string {
  if (v === 0 || !Number.isFinite(v)) return String(v);
  const a = Math.abs(v);
  const [f, p] = SI.find(([f]) => a >= f * 0.9995) ?? SI[SI.length - 1];
  return `${Number((v / f).toPrecision(4))}${p}`;
}

export interface SimulationPanelProps { ed: SchematicEditor; view: CanvasView | null; canvas: HTMLCanvasElement | null; sync: DocSync; id: string; ctx: SchContext }

export function SimulationPanel({ ed, view, canvas, sync, id, ctx }: SimulationPanelProps) {
  const [open, setOpen] = useState(false);
  const project = sync.session.uuid;
  const [choice, setChoice] = useState<AnalysisChoice>(() => loadChoice(project));
  const [dialog, setDialog] = useState(false);
  const [engine, setEngine] = useState<EngineKind>(typeof navigator !== 'undefined' && !navigator.onLine ? 'browser' : 'server');
  const [busy, setBusy] = useState(false);
  const [errors, setErrors] = useState<string[]>([]);
  const [warnings, setWarnings] = useState<string[]>([]);
  const [result, setResult] = useState<(RunResult & { netlist: NetlistResult; nets: Net[]; sheet: string }) | null>(null);
  const [shown, setShown] = useState<string[]>([]);
  const [probing, setProbing] = useState(false);
  const [cursorText, setCursorText] = useState('');
  const [cursorX, setCursorX] = useState<number | null>(null);
  const [acMode, setAcMode] = useState<'db' | 'phase' | 'both'>('both');
  /** The project's model files (blobs): `.include NAME` on the sheet takes them by name; all are written into the netlist. */
  const [snap, setSnap] = useState(() => sync.session.snapshot());
  useEffect(() => sync.session.subscribe(() => setSnap(sync.session.snapshot())), [sync.session]);
  const models = useMemo(() => projectModels(snap), [snap.blobs]); // eslint-disable-line react-hooks/exhaustive-deps
  const plotEl = useRef<HTMLDivElement>(null);
  const chart = useRef<uPlot | null>(null);

  const plot: Plot | undefined = result ? result.plots.find((p) => p.points > 1 && /tran|ac|dc|sweep/i.test(p.plotname)) ?? result.plots[result.plots.length - 1] : undefined;
  const label = (name: string) => {
    const m = /^([vi][a-z]?)\((.*)\)$/i.exec(name);
    if (!m || !result) return name;
    return m[1].toLowerCase() === 'v' ? `V(${result.netlist.netOf[m[2]] ?? m[2]})` : `${m[1].toUpperCase()}(${result.netlist.partOf[m[2]] ?? m[2]})`;
  };

  async function run() {
    setBusy(true); setErrors([]);
    try {
      const sheet = itemName(sync.current);
      const { sheets, title } = await simulationSheets(sync.session, id, sync.doc, ctx);
      const { circuit, nets, missingIncludes, warnings: left } = schematicCircuit(sheets, ctx, { title, models });
      setWarnings(left);
      const netlist = writeNetlist(circuit, { analysis: analysisOf(choice) });
      const errs = [...missingIncludeErrors(missingIncludes), ...netlist.errors].map((e) => e.message);
      if (errs.length) { setErrors(errs); return; }
      const r = engine === 'browser' ? await runInBrowser(netlist.text, netlist) : await runOnServer(netlist.text);
      setResult({ ...r, netlist, nets, sheet });
      // browser tests read the last run's numbers (the same vectors the chart draws)
      if (e2eEnabled()) (window as unknown as { __cpSim?: unknown }).__cpSim = { engine: r.engine, netlist: netlist.text, nodeOf: netlist.nodeOf, loadMs: r.loadMs, ms: r.ms, plots: r.plots.map((p) => ({ plotname: p.plotname, vectors: p.vectors.map((v) => ({ name: v.name, re: Array.from(v.re) })) })) };
      const p = r.plots[r.plots.length - 1];
      const first = tracesOf(p).filter((v) => /^v\(/i.test(v.name) && !v.name.includes('.')).slice(0, 2).map((v) => v.name);
      setShown((s) => (s.length && s.every((n) => p.vectors.some((v) => v.name === n)) ? s : first));
    } catch (e) {
      setErrors([e instanceof CatalogueError || e instanceof Error ? e.message : String(e)]);
    } finally {
      setBusy(false);
    }
  }

  // probes: a click on a net (wire, label, pin) while probing adds its voltage
  useEffect(() => {
    if (!probing || !canvas || !view) return;
    const onDown = (e: PointerEvent) => {
      if (e.button !== 0 || !result) return;
      e.stopPropagation(); e.preventDefault();
      const r = canvas.getBoundingClientRect();
      const p = view.viewport.toWorld(e.clientX - r.left, e.clientY - r.top);
      const tol = 4 / Math.max(view.viewport.zoom / 100, 0.01);
      // a pin end within a few pixels wins (a wire often starts there), then a wire, then a part's nearest pin
      const pinNear = (keys: string[], within: number) => {
        let best: { key: string; d: number } | undefined;
        for (const k of keys) for (const q of componentPins(sync.doc, k, ctx)) {
          const d = Math.hypot(q.x - p.x, q.y - p.y);
          if (d <= within && (!best || d < best.d)) best = { key: k + q.pin, d };
        }
        return best?.key;
      };
      const comps = sync.doc.ofType('COMPONENT').map(([k]) => k);
      let key = pinNear(comps, tol);
      const onPin = !!key;
      key ??= ed.wireAt(p.x, p.y) ?? ed.hit(p.x, p.y);
      if (key && !onPin && recType(sync.doc.get(key) ?? []) === 'COMPONENT') key = pinNear([key], Math.max(tol, 10)) ?? key;
      const net = key ? netOf(result.nets, result.sheet, key) : undefined;
      if (onPin && net) {
        // a pin: the current through its part, or through that terminal (ngspice saves every device's: savecurrents)
        const pin = net.pins.find((q) => q.sheet === result.sheet && q.component + q.pin === key);
        const found = plot && pin ? Object.entries(result.netlist.partOf).filter(([, d]) => d === pin.designator).map(([e]) => pinCurrent(plot, e, pin.name)).find(Boolean) : undefined;
        if (found) { setErrors([]); setShown((s) => (s.includes(found) ? s : [...s, found])); return; }
      }
      const node = net ? result.netlist.nodeOf[net.name] : undefined;
      if (!net || node === undefined) { setErrors([`No net at the point clicked`]); return; }
      if (node === '0') { setErrors([`${net.name} is ground (0 V)`]); return; }
      const name = `v(${node})`;
      setErrors([]);
      setShown((s) => (s.includes(name) ? s : [...s, name]));
    };
    canvas.addEventListener('pointerdown', onDown, { capture: true });
    return () => canvas.removeEventListener('pointerdown', onDown, { capture: true });
  }, [probing, canvas, view, ed, result, sync, ctx]);

  // the chart
  const series = useMemo(() => {
    if (!plot) return null;
    const s = sweepOf(plot);
    if (!s) return null;
    const traces = shown.map((n) => plot.vectors.find((v) => v.name === n)).filter((v): v is NonNullable<typeof v> => !!v);
    const cols: Array<{ label: string; data: Float64Array; scale: string }> = [];
    for (const v of traces) {
      if (plot.complex) {
        if (acMode !== 'phase') cols.push({ label: `${label(v.name)} dB`, data: Float64Array.from(v.re, (_, i) => db(v, i)), scale: 'dB' });
        if (acMode !== 'db') cols.push({ label: `${label(v.name)} °`, data: Float64Array.from(v.re, (_, i) => phaseDeg(v, i)), scale: 'deg' });
      } else cols.push({ label: label(v.name), data: v.re, scale: /^i\(/i.test(v.name) ? 'A' : 'V' });
    }
    return { x: s.re, xName: s.name, cols };
  }, [plot, shown, acMode]); // eslint-disable-line react-hooks/exhaustive-deps

  useEffect(() => {
    const el = plotEl.current;
    chart.current?.destroy();
    chart.current = null;
    if (!el || !series || !open) return;
    const colors = ['#1f77b4', '#d62728', '#2ca02c', '#9467bd', '#ff7f0e', '#17becf', '#8c564b', '#e377c2'];
    const scales = [...new Set(series.cols.map((c) => c.scale))];
    const log = !!plot?.complex;
    const opts: uPlot.Options = {
      width: Math.max(300, el.clientWidth || 600), height: 220,
      scales: { x: { time: false, distr: log ? 3 : 1 }, ...Object.fromEntries(scales.map((s) => [s, { auto: true }])) },
      axes: [{ label: series.xName, values: (_u: uPlot, t: number[]) => t.map(si) }, ...scales.map((s, i) => ({ scale: s, label: s, side: i === 0 ? 3 : 1, grid: { show: i === 0 }, size: 60, values: (_u: uPlot, t: number[]) => t.map(si) }))],
      series: [{ label: series.xName }, ...series.cols.map((c, i) => ({ label: c.label, scale: c.scale, stroke: colors[i % colors.length], width: 1.5 }))],
      cursor: { drag: { x: true, y: false } },
      hooks: { setCursor: [(u: uPlot) => { const i = u.cursor.idx; if (i != null) setCursorX(u.data[0][i] as number); }] },
    };
    chart.current = new uPlot(opts, [Array.from(series.x), ...series.cols.map((c) => Array.from(c.data))], el);
    return () => { chart.current?.destroy(); chart.current = null; };
  }, [series, open, plot?.complex]);

  const readAt = cursorText.trim() ? parseSpiceNumber(cursorText) ?? null : cursorX;
  const readout = series && readAt != null ? series.cols.map((c) => ({ label: c.label, value: valueAt(series.x, c.data, readAt) })) : [];
  const op = result?.plots.find((p) => /operating point/i.test(p.plotname));
  // operating-point values on the sheet, next to each net (at its first pin on this sheet)
  const [, redraw] = useReducer((n: number) => n + 1, 0);
  useEffect(() => (op && view ? view.viewport.subscribe(redraw) : undefined), [op, view]);
  const opLabels = op && result && view && canvas?.parentElement ? result.nets.flatMap((n) => {
    const node = result.netlist.nodeOf[n.name];
    const v = node && node !== '0' ? op.vectors.find((x) => x.name === `v(${node})`) : undefined;
    const pin = n.pins.find((q) => q.sheet === result.sheet);
    if (!v || !pin) return [];
    const s = view.viewport.toScreen(pin.x, pin.y);
    return [{ net: n.name, x: s.x, y: s.y, text: `${fmt(v.re[0])} V` }];
  }) : [];

  if (!open) {
    return (
      <div className="cp-sim closed">
        <button type="button" className="btn small" data-testid="sim-open" onClick={() => setOpen(true)}>Simulation ▸</button>
      </div>
    );
  }
  async function addModels(list: FileList | null) {
    const files = await Promise.all([...(list ?? [])].map(async (f) => ({ name: f.name, text: await f.text() })));
    try { await saveModels(sync.session, files); setErrors([]); } catch (e) { setErrors([(e as Error).message]); }
  }
  return (
    <div className="cp-sim" data-testid="sim-panel" aria-label="Simulation">
      {opLabels.length > 0 && canvas?.parentElement && createPortal(
        <div className="cp-sim-op-overlay" data-testid="sim-op-overlay">
          {opLabels.map((l) => <span key={l.net} className="cp-sim-op-label" style={{ left: l.x + 6, top: l.y - 18 }} title={l.net} data-net={l.net}>{l.text}</span>)}
        </div>,
        canvas.parentElement,
      )}
      <div className="cp-sim-bar">
        <button type="button" className="btn small" onClick={() => setOpen(false)} title="Close the simulation panel">▾</button>
        <button type="button" className="btn small" data-testid="sim-analysis" onClick={() => setDialog(true)} title="Choose the analysis and its parameters">Analysis…</button>
        <span className="mono" data-testid="sim-analysis-summary">{summary(choice)}</span>
        <select className="cp-select" aria-label="Engine" value={engine} onChange={(e) => setEngine(e.target.value as EngineKind)}>
          <option value="server">Server (ngspice)</option>
          <option value="browser">Browser (offline)</option>
        </select>
        <label className={`btn small${sync.session.editBlob && !sync.session.readOnly ? '' : ' disabled'}`} data-testid="sim-models" title={`Add SPICE model files (.lib, .mod, .cir) to the project: .include NAME on the sheet uses them${models.length ? `\nIn the project: ${models.map((m) => m.name).join(', ')}` : ''}`}>
          Models{models.length ? ` (${models.length})` : ''}…
          <input type="file" multiple accept=".lib,.mod,.cir,.sub,.sp,.spice,.inc,.txt" hidden disabled={!sync.session.editBlob || sync.session.readOnly} onChange={(e) => { void addModels(e.target.files); e.target.value = ''; }} />
        </label>
        <button type="button" className="btn small primary" data-testid="sim-run" disabled={busy} onClick={() => void run()}>{busy ? 'Running…' : 'Run'}</button>
        <button type="button" className={`btn small${probing ? ' active' : ''}`} aria-pressed={probing} data-testid="sim-probe" disabled={!result} onClick={() => setProbing(!probing)} title="Click nets on the sheet to plot their voltage">Probe</button>
        {plot?.complex && (
          <select className="cp-select" aria-label="AC axes" value={acMode} onChange={(e) => setAcMode(e.target.value as 'db')}>
            <option value="both">dB + phase</option><option value="db">dB</option><option value="phase">phase</option>
          </select>
        )}
        <label className="cp-sim-param">cursor <input aria-label="Cursor at" data-testid="sim-cursor" value={cursorText} size={7} placeholder={readAt != null ? fmt(readAt) : ''} onChange={(e) => setCursorText(e.target.value)} /></label>
        {result && <span className="muted" data-testid="sim-status">{result.engine === 'server' ? 'ngspice (server)' : 'ngspice (browser)'} · {plot?.points ?? 0} points · {Math.round(result.ms)} ms</span>}
      </div>
      {dialog && <AnalysisDialog initial={choice} onClose={() => setDialog(false)} onOk={(c) => { setChoice(c); saveChoice(project, c); setDialog(false); }} />}
      {warnings.length > 0 && <ul className="cp-sim-warnings" data-testid="sim-warnings">{warnings.map((w, i) => <li key={i}>{w}</li>)}</ul>}
      {errors.length > 0 && <ul className="cp-sim-errors" data-testid="sim-errors">{errors.map((e, i) => <li key={i}>{e}</li>)}</ul>}
      <div className="cp-sim-body">
        <div className="cp-sim-plot" ref={plotEl} data-testid="sim-plot" data-series={series?.cols.length ?? 0} />
        <div className="cp-sim-side">
          {plot && (
            <div className="cp-sim-traces" aria-label="Traces">
              {tracesOf(plot).map((v) => (
                <label key={v.name}><input type="checkbox" checked={shown.includes(v.name)} onChange={(e) => setShown(e.target.checked ? [...shown, v.name] : shown.filter((n) => n !== v.name))} /> {label(v.name)}</label>
              ))}
            </div>
          )}
          {readout.length > 0 && (
            <table className="cp-sim-readout" data-testid="sim-readout">
              <tbody>
                <tr><th>{series?.xName}</th><td className="mono">{fmt(readAt!)}</td></tr>
                {readout.map((r) => <tr key={r.label}><th>{r.label}</th><td className="mono" data-trace={r.label}>{fmt(r.value)}</td></tr>)}
              </tbody>
            </table>
          )}
          {models.length > 0 && (
            <ul className="cp-sim-models" aria-label="Model files" data-testid="sim-model-list">
              {models.map((m) => (
                <li key={m.hash}><span className="mono">{m.name}</span>{!sync.session.readOnly && <button type="button" className="btn small" aria-label={`Remove ${m.name}`} onClick={() => void removeModel(sync.session, m.hash)}>×</button>}</li>
              ))}
            </ul>
          )}
          {op && (
            <table className="cp-sim-readout" data-testid="sim-op">
              <tbody>{tracesOf(op).map((v) => <tr key={v.name}><th>{label(v.name)}</th><td className="mono">{fmt(v.re[0])}</td></tr>)}</tbody>
            </table>
          )}
        </div>
      </div>
    </div>
  );
}
