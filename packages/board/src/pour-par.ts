/**
 * A refill split over threads. Pours of different layers never meet (pour.ts: a pour's obstacles are
 * the items on its layer, multi-layer items, holes, keep-outs of its layer and the fills of the pours
 * of its layer), so the layers are shared out between threads, each filling its layers' pours in the
 * sequential order; the results are the sequential ones, gathered in the sequential order.
 *
 * The package knows no threads: the caller gives `run`, which hands a job to a thread and resolves
 * with what that thread's `runPourJob` returned (a Node worker thread in the CLI and the bench, a Web
 * Worker in a browser), passing the transfer lists along. Jobs and results are flat typed arrays
 * (pour-job.ts).
 */
import { type FillOptions, type PourResult, fillPours } from './pour.ts';
import { type BoardModel, MULTI } from './model.ts';
import { type PourJob, type PourJobResult, buffersOf, encodePourJob, flatRings, jobModel, polysOf } from './pour-job.ts';
import type { PolyWithHoles } from './clip.ts';

export type { PourJob, PourJobResult } from './pour-job.ts';

/** Hands a job to a thread (transferring `transfer`) and resolves with that thread's `runPourJob(job).result`. */
export type RunPourJob = (job: PourJob, transfer: ArrayBuffer[]) => Promise<PourJobResult>;

/** What a split refill did, for benchmarks: its serial parts on the calling thread (ms). */
export interface SplitStats { jobs: number; layers: number[][]; encodeMs: number; decodeMs: number }

/**
 * The layers of the pours to fill shared out between at most `threads` jobs, each weighed by the
 * items on its layers (multi-layer items weigh on every layer); heaviest first to the lightest job.
 */
export function splitLayers(model: BoardModel, pourIds: ReadonlySet<string> | undefined, threads: number): number[][] {
  const perLayer = new Map<number, number>();
  for (const p of model.pours) if (!pourIds || pourIds.has(p.id)) perLayer.set(p.layer, 0);
  let multi = 0;
  for (const it of model.items) {
    if (it.layer === MULTI) multi++;
    else if (perLayer.has(it.layer)) perLayer.set(it.layer, perLayer.get(it.layer)! + 1);
  }
  const layers = [...perLayer.entries()].map(([l, w]) => ({ l, w: w + multi })).sort((a, b) => b.w - a.w || a.l - b.l);
  const jobs = Array.from({ length: Math.max(1, Math.min(threads, layers.length)) }, () => ({ layers: [] as number[], w: 0 }));
  for (const x of layers) {
    let j = jobs[0];
    for (const k of jobs) if (k.w < j.w) j = k;
    j.layers.push(x.l);
    j.w += x.w;
  }
  return jobs.map((j) => j.layers.sort((a, b) => a - b)).filter((l) => l.length);
}

/**
 * fillPours split over threads: the same results (same pours, polygons and order), filled by `run`.
 * Falls back to the sequential fillPours (on this thread) when there is one job or less, when the
 * rules do not carry their records, or with a tile cache (the tiles would stay in the threads).
 */
export async function fillPoursSplit(model: BoardModel, opts: FillOptions, run: RunPourJob, threads = 2, stats?: SplitStats): Promise<Map<string, PourResult>> {
  const only = opts.only ? new Set(opts.only) : undefined;
  const t0 = Date.now();
  const groups = splitLayers(model, only, threads);
  if (groups.length < 2 || opts.cache || !model.rules.records) {
    if (stats) Object.assign(stats, { jobs: 1, layers: groups, encodeMs: 0, decodeMs: 0 });
    return fillPours(model, opts);
  }
  const fill = model.pours.filter((p) => !only || only.has(p.id)).map((p) => p.id);
  const jobs = groups.map((g) => encodePourJob(model, new Set(g), fill, { minIslandArea: opts.minIslandArea, minWidth: opts.minWidth }));
  const t1 = Date.now();
  const answers = await Promise.all(jobs.map((j) => run(j, buffersOf(j))));
  const t2 = Date.now();
  const byId = new Map<string, { polys: PolyWithHoles[]; removed: number }>();
  for (const a of answers) {
    const polys = polysOf(a.rings);
    let k = 0;
    a.ids.forEach((id, i) => { byId.set(id, { polys: polys.slice(k, k + a.polys[i]), removed: a.removed[i] }); k += a.polys[i]; });
  }
  // the sequential order (pour.ts fillPours)
  const out = new Map<string, PourResult>();
  for (const p of [...model.pours].sort((a, b) => a.order - b.order || a.index - b.index)) {
    const r = byId.get(p.id);
    if (r && (!only || only.has(p.id))) out.set(p.id, { pourId: p.id, layer: p.layer, net: p.net, polys: r.polys, removedIslands: r.removed });
  }
  if (stats) Object.assign(stats, { jobs: jobs.length, layers: groups, encodeMs: t1 - t0, decodeMs: Date.now() - t2 });
  return out;
}

/** The worker's side: fill a job's pours; `transfer` lists the result's buffers. */
export function runPourJob(job: PourJob): { result: PourJobResult; transfer: ArrayBuffer[] } {
  const model = jobModel(job);
  const res = fillPours(model, { only: job.fill, minIslandArea: job.minIslandArea, minWidth: job.minWidth });
  const ids = [...res.keys()];
  const all: PolyWithHoles[] = [];
  const polys = new Int32Array(ids.length), removed = new Int32Array(ids.length);
  ids.forEach((id, i) => { const r = res.get(id)!; polys[i] = r.polys.length; removed[i] = r.removedIslands; for (const p of r.polys) all.push(p); });
  const result: PourJobResult = { ids, removed, polys, rings: flatRings(all.map((p) => [p.outer, ...p.holes])) };
  return { result, transfer: buffersOf(result) };
}
