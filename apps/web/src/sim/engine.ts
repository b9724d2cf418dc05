/**
 * Running a SPICE netlist: in the browser (offline; engine-worker.ts, eecircuit-engine in a Web
 * Worker, with a time limit: the worker is terminated and a new one made for the next run) or on the
 * server (`POST /api/spice/simulate`, ngspice). Both take the same netlist text and give plots of
 * float64 vectors; errors are catalogue errors naming the part or net.
 */
import { CatalogueError } from '@copperplate/model';
import { diagnose, firstError, parseRaw, plotFromEngine, resultBytesEstimate, type EngineResult, type NameMaps, type Plot } from '@copperplate/spice';
import { request } from '../api/http.ts';
import type { EngineAnswer } from './engine-worker.ts';

export type EngineKind = 'server' | 'browser';
export interface RunResult { plots: Plot[]; engine: EngineKind; ms: number; loadMs?: number }

/** Time limit of a browser run (the server has its own, SPICE_LIMITS). */
export const BROWSER_TIMEOUT_MS = 60_000;
/**
 * Memory limit of a browser run: the results a netlist would produce (resultBytesEstimate) and the
 * raw results the engine gives back. ngspice's WebAssembly heap never shrinks, so after a run with
 * large results the worker is ended and the next run gets a fresh one.
 */
export const BROWSER_MEMORY_LIMIT = 256 * 1024 * 1024;
const FRESH_WORKER_AFTER = 32 * 1024 * 1024;
const mb = (b: number) => `${Math.round(b / 1048576)} MB`;

let worker: Worker | undefined;
let seq = 0;

function newWorker(): Worker {
  return new Worker(new URL('./engine-worker.ts', import.meta.url), { type: 'module', name: 'spice-engine' });
}

export async function runInBrowser(netlist: string, maps: NameMaps = {}, timeoutMs = BROWSER_TIMEOUT_MS, memoryLimit = BROWSER_MEMORY_LIMIT): Promise<RunResult> {
  const estimate = resultBytesEstimate(netlist);
  if (estimate > memoryLimit) throw CatalogueError.named('SPICE_TOO_BIG', { limit: mb(memoryLimit), what: `results of at least ${mb(estimate)} in the browser; use fewer points or the server` });
  worker ??= newWorker();
  const w = worker;
  const id = ++seq;
  const t0 = performance.now();
  const answer = await new Promise<EngineAnswer>((resolve, reject) => {
    const timer = setTimeout(() => {
      w.terminate();
      if (worker === w) worker = undefined;
      reject(CatalogueError.named('SPICE_TIMEOUT', { seconds: timeoutMs / 1000 }));
    }, timeoutMs);
    const onMessage = (e: MessageEvent<EngineAnswer>) => {
      if (e.data.id !== id) return;
      clearTimeout(timer);
      w.removeEventListener('message', onMessage);
      resolve(e.data);
    };
    w.addEventListener('message', onMessage);
    w.addEventListener('error', (e) => { clearTimeout(timer); if (worker === w) worker = undefined; reject(CatalogueError.named('SPICE_FAILED', { reason: e.message || 'the engine could not start' })); }, { once: true });
    w.postMessage({ id, netlist });
  });
  const rawBytes = answer.raw?.length ?? 0;
  if (rawBytes > FRESH_WORKER_AFTER) { w.terminate(); if (worker === w) worker = undefined; }
  if (rawBytes > memoryLimit) throw CatalogueError.named('SPICE_TOO_BIG', { limit: mb(memoryLimit), what: 'results in the browser' });
  if (answer.failure) throw CatalogueError.named('SPICE_FAILED', { reason: answer.failure });
  const log = `${answer.info}\n${answer.errors.join('\n')}`;
  const named = diagnose(log, maps);
  if (named) throw named;
  let plots: Plot[] = [];
  try {
    plots = answer.raw ? parseRaw(answer.raw) : answer.result ? [plotFromEngine(answer.result as EngineResult)] : [];
  } catch (e) { throw CatalogueError.named('SPICE_FAILED', { reason: (e as Error).message }); }
  if (!plots.length || !plots[0].points) throw CatalogueError.named('SPICE_FAILED', { reason: firstError(log) || 'no results' });
  return { plots, engine: 'browser', ms: performance.now() - t0, loadMs: answer.loadMs };
}

interface PlotJson { title: string; plotname: string; complex: boolean; points: number; vectors: Array<{ name: string; type: string; re: number[]; im?: number[] }> }

export async function runOnServer(netlist: string): Promise<RunResult> {
  const t0 = performance.now();
  const r = await request<{ plots: PlotJson[] }>('POST', '/api/spice/simulate', { body: { netlist } });
  const plots: Plot[] = r.plots.map((p) => ({ ...p, vectors: p.vectors.map((v) => ({ name: v.name, type: v.type, re: Float64Array.from(v.re), ...(v.im ? { im: Float64Array.from(v.im) } : {}) })) }));
  return { plots, engine: 'server', ms: performance.now() - t0 };
}
