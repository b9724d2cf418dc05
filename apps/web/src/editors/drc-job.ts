/**
 * The board job of the PCB editor's DRC panel, run in a Web Worker (drc.worker.ts) so that a check or
 * a refill never blocks the canvas: the open PCB's records, the project's footprints (text, parsed
 * here) and the stored pour fills in; the DRC report (@copperplate/board runDrc) and every pour's fill
 * status (fresh, stale, unknown: EasyEDA's own fill, empty) out. Plain data both ways.
 *
 * The worker keeps the board between jobs (BoardSession), as the CLI bench does: the first job
 * resolves it; a later job of the same PCB compares the records part by part (a component with its
 * ATTR and PAD_NET records, or a primitive) and updates the kept model in place for the parts that
 * changed (updateBoard), refills from a tile cache (only the tiles an edit reached are filled again)
 * and takes new stored fills without resolving the board. Rules, layers, the outline, footprints or
 * devices changed: resolved again.
 */
import { mainBlockOr, parseDocuments } from '@copperplate/format';
import { Poured } from '@copperplate/format/records';
import { type BoardModel, type BoardSource, CLIP_SCALE, type DrcReport, type FillStatus, TileCache, fillPours, fillStatus, indexBoard, pouredRecords, pourFingerprint, recordPart, resolveBoard, runDrc, storedFills, storedStamps, updateBoard } from '@copperplate/board';

type Rec = unknown[];

export interface BoardJobInput {
  /** 'drc': check (and fill states); 'status': fill states only; 'refill': refill `only` (all when empty), new POURED records out. */
  kind: 'drc' | 'status' | 'refill';
  records: Rec[];
  extraBlocks?: Array<{ docType: string; records: Rec[] }>;
  pcbUuid?: string;
  /** Footprint documents (their text) by uuid. */
  footprints: Record<string, string>;
  devices?: Record<string, { attributes?: Record<string, unknown> } | undefined>;
  /** POURED records of the board's pour file. */
  poured: Rec[];
  only?: string[];
}

export interface PourState { id: string; name: string; layer: number; net: string; status: FillStatus; box: { minX: number; minY: number; maxX: number; maxY: number } }

export type BoardJobOutput =
  | { ok: true; kind: 'drc'; report: DrcReport; pours: PourState[] }
  | { ok: true; kind: 'status'; pours: PourState[] }
  | { ok: true; kind: 'refill'; poured: Rec[]; refilled: string[]; ms: number }
  | { ok: false; message: string };

/** What the last job left: its board (model and tile cache) and what it was made from. */
interface BoardSession {
  /** PCB, extra blocks, devices and footprints (JSON): anything else changed means a new board. */
  context: string;
  /** Records of each part (JSON lines), records of no part (rules, layers, ...), stored fills. */
  parts: Map<string, string>;
  loose: string;
  poured: string;
  model: BoardModel;
  cache: TileCache;
  /** How the board was had: resolved, updated in place (parts), or kept as it was. */
  how: 'resolved' | 'updated' | 'kept';
}
let session: BoardSession | undefined;

/** How the last job had its board (tests): resolved in full, updated in place, or kept. */
export const lastBoardSession = (): { how: BoardSession['how']; updated: number } | undefined => (session ? { how: session.how, updated: lastUpdated } : undefined);
let lastUpdated = 0;
/** Forget the kept board (the next job resolves it). */
export const dropBoardSession = (): void => { session = undefined; };

/** The job's records split by part (recordPart), the POURED ones apart. */
function splitRecords(input: BoardJobInput): { parts: Map<string, string>; loose: string; poured: string } {
  const parts = new Map<string, string>();
  const loose: string[] = [], poured: string[] = [];
  for (const r of input.records) {
    const line = JSON.stringify(r);
    if (Poured.is(r)) { poured.push(line); continue; }
    const id = recordPart(r);
    if (id === undefined) { loose.push(line); continue; }
    const was = parts.get(id);
    parts.set(id, was === undefined ? line : `${was}\n${line}`);
  }
  for (const r of input.poured) poured.push(JSON.stringify(r));
  return { parts, loose: loose.join('\n'), poured: poured.join('\n') };
}

/** The board of this job: the kept one updated in place when only parts changed, else resolved. */
function boardFor(input: BoardJobInput, src: BoardSource): { model: BoardModel; cache: TileCache } {
  const context = JSON.stringify([input.pcbUuid ?? '', input.extraBlocks ?? [], input.devices ?? {}, input.footprints]);
  const now = splitRecords(input);
  const s = session;
  if (s && s.context === context && s.loose === now.loose) {
    const changed: string[] = [];
    for (const [id, t] of now.parts) if (s.parts.get(id) !== t) changed.push(id);
    for (const id of s.parts.keys()) if (!now.parts.has(id)) changed.push(id);
    let ok = true;
    if (changed.length) {
      // the cache's tiles the edit reached are dropped, its fingerprints patched
      ok = !updateBoard(s.model, src, changed, s.cache).rebuild;
    }
    if (ok) {
      if (s.poured !== now.poured) {
        const f = storedFills(input.records.filter((r) => Poured.is(r)).concat(input.poured));
        s.model.stored = f.stored;
        s.model.storedSpokes = f.storedSpokes;
      }
      session = { ...s, parts: now.parts, poured: now.poured, how: changed.length ? 'updated' : 'kept' };
      lastUpdated = changed.length;
      return session;
    }
  }
  const model = resolveBoard(src);
  indexBoard(model);
  session = { context, parts: now.parts, loose: now.loose, poured: now.poured, model, cache: new TileCache(), how: 'resolved' };
  lastUpdated = 0;
  return session;
}

export function runBoardJob(input: BoardJobInput): BoardJobOutput {
  try {
    const fps = new Map<string, Rec[] | undefined>();
    const footprint = (uuid: string) => {
      if (!fps.has(uuid)) {
        const t = input.footprints[uuid];
        try {
          fps.set(uuid, t ? (mainBlockOr(parseDocuments(t), 'FOOTPRINT')?.records as Rec[] | undefined) : undefined);
        } catch {
          fps.set(uuid, undefined);
        }
      }
      return fps.get(uuid);
    };
    const src: BoardSource = { records: input.records, extraBlocks: input.extraBlocks, pcbUuid: input.pcbUuid, footprint, devices: input.devices, poured: input.poured };
    const { model, cache } = boardFor(input, src);
    if (input.kind === 'refill') {
      const t0 = Date.now();
      const only = input.only?.length ? input.only : undefined;
      const res = fillPours(model, { only, cache });
      const poured: Rec[] = [];
      for (const [id, r] of res) {
        const p = model.pours.find((q) => q.id === id);
        if (p) poured.push(...(pouredRecords(r, pourFingerprint(model, p)) as Rec[]));
      }
      return { ok: true, kind: 'refill', poured, refilled: [...res.keys()], ms: Date.now() - t0 };
    }
    const stamps = storedStamps([...input.records, ...input.poured]);
    const mil = (u: number) => u / CLIP_SCALE;
    const pours = model.pours.map((p) => ({ id: p.id, name: p.name, layer: p.layer, net: p.net, status: fillStatus(model, p.id, stamps), box: { minX: mil(p.box.minX), minY: mil(p.box.minY), maxX: mil(p.box.maxX), maxY: mil(p.box.maxY) } }));
    if (input.kind === 'status') return { ok: true, kind: 'status', pours };
    return { ok: true, kind: 'drc', report: runDrc(model), pours };
  } catch (e) {
    return { ok: false, message: e instanceof Error ? e.message : String(e) };
  }
}
