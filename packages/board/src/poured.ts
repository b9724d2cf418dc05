/**
 * Stored fills: POURED records written from pour results, fingerprints that say whether a stored fill
 * is stale, and the refill of an archive's board (all pours, one, or only those an edit touched).
 *
 * POURED `1 id, 2 pourId, 3 strokeWidth (10 mil), 4 isPolygon, 5 [outer path, hole paths...]` with
 * coordinates in 10-mil units (FORMAT.md); one record per island. Copperplate appends one trailing
 * field, `{"cpStamp": fingerprint}`, the fingerprint of the pour's inputs when it was filled (EasyEDA
 * keeps unknown trailing fields; the record modules preserve them).
 *
 * Staleness: `fillStatus(model, pourId)` is 'fresh' when the stored stamp equals the fingerprint of
 * the board as it is now, 'stale' when it differs (something in the pour's reach changed since), and
 * 'unknown' for fills without a stamp (written by EasyEDA). Outputs refuse 'stale' unless told.
 */
import { type TileCache, touchedPoursFast } from './tiles.ts';
import { type EproArchive, parseDocuments, serializeDocuments, withRecords } from '@copperplate/format';
import { Poured } from '@copperplate/format/records';
import { type Path64, type PolyWithHoles, CLIP_SCALE, growIBox, iboxOverlap } from './clip.ts';
import { type BoardModel, type PourDef, MULTI } from './model.ts';
import { type FillOptions, type PourResult, fillPours } from './pour.ts';
import { FlatPourResult, type RunPourJob, fillPoursSplit } from './pour-par.ts';
import { boardSourceFromArchive, pourFilePath } from './source.ts';
import { resolveBoard } from './model.ts';

type Raw = readonly unknown[];

const r4 = (v: number): number => Math.round(v * 10000) / 10000;

/** One ring (clip units) as a POURED path in 10-mil units: start point, then "L" and the rest. */
function ringPath(p: Path64): unknown[] {
  const k = 1 / (CLIP_SCALE * 10);
  const out: unknown[] = [r4(p[0].x * k), r4(p[0].y * k), 'L'];
  for (let i = 1; i < p.length; i++) out.push(r4(p[i].x * k), r4(p[i].y * k));
  out.push(r4(p[0].x * k), r4(p[0].y * k));
  return out;
}

/** The same as ringPath, from ring j of flat rings (starting at point `at`). */
function flatRingPath(xy: ArrayLike<number>, at: number, n: number): unknown[] {
  const k = 1 / (CLIP_SCALE * 10);
  const out: unknown[] = new Array(2 * n + 3);
  out[0] = r4(xy[2 * at] * k); out[1] = r4(xy[2 * at + 1] * k); out[2] = 'L';
  for (let i = 1, o = 3; i < n; i++) { out[o++] = r4(xy[2 * (at + i)] * k); out[o++] = r4(xy[2 * (at + i) + 1] * k); }
  out[2 * n + 1] = out[0]; out[2 * n + 2] = out[1];
  return out;
}

/** POURED records of one pour result (one per island), stamped with `stamp`. A split refill's result is written from its flat rings. */
export function pouredRecords(res: PourResult, stamp: string, idPrefix = `${res.pourId}_cp`): unknown[][] {
  const make = (i: number, paths: unknown[][]) => [...Poured.create({ id: `${idPrefix}${i}`, pourId: res.pourId, f3: 0, isPolygon: true, paths }), { cpStamp: stamp }];
  if (res instanceof FlatPourResult) {
    const { count, lens, xy } = res.flat;
    const out: unknown[][] = new Array(count.length);
    for (let i = 0, j = 0, at = 0; i < count.length; i++) {
      const paths: unknown[][] = new Array(count[i]);
      for (let r = 0; r < count[i]; r++, j++) { paths[r] = flatRingPath(xy, at, lens[j]); at += lens[j]; }
      out[i] = make(i, paths);
    }
    return out;
  }
  return res.polys.map((poly: PolyWithHoles, i: number) => make(i, [ringPath(poly.outer), ...poly.holes.map(ringPath)]));
}

/** The stamp a POURED record carries (its trailing `{cpStamp}`), or undefined. */
export function pouredStamp(r: Raw): string | undefined {
  for (let i = r.length - 1; i >= 6; i--) {
    const v = r[i];
    if (v && typeof v === 'object' && !Array.isArray(v) && typeof (v as { cpStamp?: unknown }).cpStamp === 'string') return (v as { cpStamp: string }).cpStamp;
  }
  return undefined;
}

/** FNV-1a over a string, as 8 hex digits. */
function fnv(s: string, h = 0x811c9dc5): number {
  for (let i = 0; i < s.length; i++) { h ^= s.charCodeAt(i); h = Math.imul(h, 0x01000193); }
  return h >>> 0;
}

/**
 * Fingerprint of everything a pour's fill depends on: the pour itself, the rules, the board outline,
 * and every copper item, hole, keep-out and other pour of its layer within its reach (by key, net,
 * position and shape). Moving, resizing, renetting or deleting any of them changes it.
 */
export function pourFingerprint(model: BoardModel, p: PourDef): string {
  const reach = (model.rules.maxClearance + 60) * CLIP_SCALE;
  const box = growIBox(p.box, reach);
  const parts: string[] = [`${p.id}|${p.net}|${p.layer}|${p.order}|${p.fillType}|${p.fineness}|${p.keepIsland}|${JSON.stringify(p.outline.map((q) => q.length))}|${p.box.minX},${p.box.minY},${p.box.maxX},${p.box.maxY}`];
  parts.push(JSON.stringify(model.rules.pour(p.id, p.net)), String(model.rules.holeClearance));
  const ob = model.outline.flat();
  parts.push(`outline:${ob.length}:${ob.reduce((s, q) => (s * 31 + q.x * 7 + q.y) % 1e9, 0)}`);
  const item = (k: string, net: string, b: { minX: number; minY: number; maxX: number; maxY: number }, extra = '') => `${k}|${net}|${b.minX},${b.minY},${b.maxX},${b.maxY}|${extra}`;
  const its: string[] = [];
  for (const it of model.items) {
    if ((it.layer !== p.layer && it.layer !== MULTI) || !iboxOverlap(it.box, box)) continue;
    its.push(item(it.key, it.net, it.box, `${it.kind}${it.shapeKey ?? ''}${it.paths.length}:${it.paths[0]?.length ?? 0}${it.thermal ? JSON.stringify(it.thermal) : ''}${it.net ? model.rules.netPourClearance(it.net) : ''}`));
  }
  for (const h of model.holes) if (iboxOverlap(h.box, box)) its.push(item(`h${h.key}`, h.net, h.box, String(h.plated)));
  for (const k of model.keepouts) if (iboxOverlap(k.box, box)) its.push(item(`k${k.id}`, '', k.box, `${k.layer}${k.prohibit.join(',')}`));
  for (const q of model.pours) if (q.id !== p.id && q.layer === p.layer && iboxOverlap(q.box, box)) its.push(item(`p${q.id}`, q.net, q.box, `${q.order}`));
  its.sort();
  let h = fnv(parts.join('\n'));
  for (const s of its) h = fnv(s, h);
  return `${h.toString(16).padStart(8, '0')}${its.length.toString(16)}`;
}

export type FillStatus = 'fresh' | 'stale' | 'unknown' | 'empty';

/**
 * Whether a pour's stored fill matches the board as it is now: see the file header. `stamps` are the
 * cpStamp values of the pour's stored POURED records (`storedStamps`).
 */
export function fillStatus(model: BoardModel, pourId: string, stamps: ReadonlyMap<string, string | undefined>): FillStatus {
  const p = model.pours.find((q) => q.id === pourId);
  if (!p) return 'unknown';
  if (!stamps.has(pourId)) return 'empty';
  const s = stamps.get(pourId);
  if (s === undefined) return 'unknown';
  return s === pourFingerprint(model, p) ? 'fresh' : 'stale';
}

/** cpStamp per pour id over POURED records (undefined when any record of the pour has none). */
export function storedStamps(records: Iterable<Raw>): Map<string, string | undefined> {
  const out = new Map<string, string | undefined>();
  for (const r of records) {
    if (r[0] !== 'POURED') continue;
    const id = Poured.get(r, 'pourId');
    const s = pouredStamp(r);
    if (!out.has(id)) out.set(id, s);
    else if (out.get(id) !== s) out.set(id, undefined);
  }
  return out;
}

/**
 * Pours an edit touched between two models of the same board (see tiles.ts: obstacle fingerprints,
 * not the board's text). Pass the board's TileCache to reuse the fingerprints it already holds.
 */
export function touchedPours(before: BoardModel, after: BoardModel, cache?: TileCache): string[] {
  return touchedPoursFast(before, after, cache);
}

/**
 * Replace the POURED records of the refilled pours in a record list (others kept in place), appending
 * the new ones after the last POURED record (or at the end).
 */
export function replacePoured(records: readonly Raw[], results: ReadonlyMap<string, PourResult>, model: BoardModel): unknown[][] {
  const kept: unknown[][] = [];
  let at = -1;
  for (const r of records) {
    if (r[0] === 'POURED' && results.has(Poured.get(r, 'pourId'))) { at = kept.length; continue; }
    kept.push(r as unknown[]);
  }
  const fresh: unknown[][] = [];
  for (const [id, res] of results) {
    const p = model.pours.find((q) => q.id === id);
    if (p) fresh.push(...pouredRecords(res, pourFingerprint(model, p)));
  }
  const pos = at >= 0 ? at : kept.length;
  return [...kept.slice(0, pos), ...fresh, ...kept.slice(pos)];
}

export interface RefillReport { pcbUuid: string; pours: Array<{ id: string; name: string; layer: number; net: string; islands: number; removedIslands: number }>; ms: number }

/**
 * Refill the pours of one PCB of an archive (all, or `opts.only`) and return a new archive with the
 * new POURED records where the board keeps its fills: in the pour file (.ecop) when it has one,
 * else in the .epcb's PCB block. The input archive is not modified.
 */
export function refillArchive(a: EproArchive, pcbUuid: string, opts: FillOptions = {}): { archive: EproArchive; report: RefillReport } {
  const t0 = Date.now();
  const model = resolveBoard(boardSourceFromArchive(a, pcbUuid));
  return withFills(a, pcbUuid, model, fillPours(model, opts), t0);
}

/** refillArchive with the refill split over threads (pour-par.ts fillPoursSplit, `run` hands a job to a thread): the same archive. */
export async function refillArchiveSplit(a: EproArchive, pcbUuid: string, opts: FillOptions, run: RunPourJob, threads = 2): Promise<{ archive: EproArchive; report: RefillReport }> {
  const t0 = Date.now();
  const model = resolveBoard(boardSourceFromArchive(a, pcbUuid));
  return withFills(a, pcbUuid, model, await fillPoursSplit(model, opts, run, threads), t0);
}

function withFills(a: EproArchive, pcbUuid: string, model: BoardModel, results: Map<string, PourResult>, t0: number): { archive: EproArchive; report: RefillReport } {
  const entries = new Map(a.entries);
  const epcbPath = `PCB/${pcbUuid}.epcb`;
  const pourPath = pourFilePath(pcbUuid);
  const text = (v: Uint8Array | string | undefined) => (v === undefined ? undefined : typeof v === 'string' ? v : new TextDecoder().decode(v));
  const ecop = text(a.entries.get(pourPath));
  const inEcop = ecop !== undefined && parseDocuments(ecop).some((b) => b.records.some((r) => r[0] === 'POURED'));
  if (inEcop) {
    const blocks = parseDocuments(ecop!);
    const i = blocks.findIndex((b) => b.records.some((r) => r[0] === 'POURED'));
    blocks[i] = withRecords(blocks[i], replacePoured(blocks[i].records, results, model));
    entries.set(pourPath, serializeDocuments(blocks));
    // a refilled pour's records leave the .epcb if EasyEDA had put any there
    const pt = text(a.entries.get(epcbPath))!;
    const pblocks = parseDocuments(pt);
    const j = pblocks.findIndex((b) => b.docType === 'PCB');
    if (j >= 0 && pblocks[j].records.some((r) => r[0] === 'POURED' && results.has(Poured.get(r, 'pourId')))) {
      pblocks[j] = withRecords(pblocks[j], pblocks[j].records.filter((r) => !(r[0] === "POURED" && results.has(Poured.get(r, "pourId")))));
      entries.set(epcbPath, serializeDocuments(pblocks));
    }
  } else {
    const pt = text(a.entries.get(epcbPath))!;
    const blocks = parseDocuments(pt);
    const j = blocks.findIndex((b) => b.docType === 'PCB');
    blocks[j] = withRecords(blocks[j], replacePoured(blocks[j].records, results, model));
    entries.set(epcbPath, serializeDocuments(blocks));
  }
  const report: RefillReport = {
    pcbUuid,
    pours: [...results.values()].map((r) => {
      const p = model.pours.find((q) => q.id === r.pourId)!;
      return { id: r.pourId, name: p.name, layer: r.layer, net: r.net, islands: r instanceof FlatPourResult ? r.flat.count.length : r.polys.length, removedIslands: r.removedIslands };
    }),
    ms: Date.now() - t0,
  };
  return { archive: { ...a, entries }, report };
}
