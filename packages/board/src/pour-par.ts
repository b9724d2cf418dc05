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
import { type FlatRings, type PourJob, type PourJobResult, buffersOf, encodePourJob, flatPolys, jobModel, polysOf } from './pour-job.ts';
import type { PolyWithHoles } from './clip.ts';

export type { PourJob, PourJobResult } from './pour-job.ts';

/** Hands a job to a thread (transferring `transfer`) and resolves with that thread's `runPourJob(job).result`. */
export type RunPourJob = (job: PourJob, transfer: ArrayBuffer[]) => Promise<PourJobResult>;

/** What a split refill did, for benchmarks: its serial parts on the calling thread (ms). */
export interface SplitStats { jobs: number; layers: number[][]; encodeMs: number }

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
  const groups = splitLayers(model, only, threads);
  if (groups.length < 2 || opts.cache || !model.rules.records) {
    if (stats) Object.assign(stats, { jobs: 1, layers: groups, encodeMs: 0 });
    return fillPours(model, opts);
  }
  const fill = model.pours.filter((p) => !only || only.has(p.id)).map((p) => p.id);
  // each job is sent as soon as it is made (its thread starts while the next is made), and each answer
  // decoded as soon as it comes (while the other threads still fill)
  const byId = new Map<string, { polys: FlatRings; removed: number }>();
  let encodeMs = 0;
  const pending: Array<Promise<void>> = [];
  for (const g of groups) {
    const e0 = Date.now();
    const job = encodePourJob(model, new Set(g), fill, { minIslandArea: opts.minIslandArea, minWidth: opts.minWidth });
    encodeMs += Date.now() - e0;
    pending.push(run(job, buffersOf(job)).then((a) => { for (const r of a.pours) byId.set(r.id, r); }));
  }
  await Promise.all(pending);
  // the sequential order (pour.ts fillPours)
  const out = new Map<string, PourResult>();
  for (const p of [...model.pours].sort((a, b) => a.order - b.order || a.index - b.index)) {
    const r = byId.get(p.id);
    if (r && (!only || only.has(p.id))) out.set(p.id, new FlatPourResult(p.id, p.layer, p.net, r.removed, r.polys));
  }
  if (stats) Object.assign(stats, { jobs: groups.length, layers: groups, encodeMs });
  return out;
}

/**
 * A pour's fill as a thread sent it: flat (`flat`, what pouredRecords writes from), its polygons made
 * when first read (28M points of a 300k-pad board as objects cost seconds of the calling thread's
 * time, most of it collecting a board-sized heap).
 */
export class FlatPourResult implements PourResult {
  private p: PolyWithHoles[] | undefined;
  constructor(readonly pourId: string, readonly layer: number, readonly net: string, readonly removedIslands: number, readonly flat: FlatRings) {}
  get polys(): PolyWithHoles[] { return (this.p ??= polysOf(this.flat)); }
  set polys(v: PolyWithHoles[]) { this.p = v; }
}

/**
 * The worker's side: fill a job's pours, a layer at a time (layers never meet: the same fills), each
 * layer's fills made flat before the next (the thread's heap holds one layer's polygons, not all);
 * `transfer` lists the result's buffers.
 */
export function runPourJob(job: PourJob): { result: PourJobResult; transfer: ArrayBuffer[] } {
  const model = jobModel(job);
  const fill = new Set(job.fill);
  const layers = [...new Set(model.pours.filter((p) => fill.has(p.id)).map((p) => p.layer))];
  const done = new Map<string, PourJobResult['pours'][number]>();
  for (const l of layers) {
    const res = fillPours(model, { only: model.pours.filter((p) => p.layer === l && fill.has(p.id)).map((p) => p.id), minIslandArea: job.minIslandArea, minWidth: job.minWidth });
    for (const [id, r] of res) done.set(id, { id, removed: r.removedIslands, polys: flatPolys(r.polys) });
  }
  const result: PourJobResult = { pours: job.fill.filter((id) => done.has(id)).map((id) => done.get(id)!) };
  return { result, transfer: buffersOf(result) };
}
