/**
 * The board job of the PCB editor's DRC panel, run in a Web Worker (drc.worker.ts) so that a check or
 * a refill never blocks the canvas: the open PCB's records, the project's footprints (text, parsed
 * here) and the stored pour fills in; the DRC report (@copperplate/board runDrc) and every pour's fill
 * status (fresh, stale, unknown: EasyEDA's own fill, empty) out. Plain data both ways.
 */
import { mainBlockOr, parseDocuments } from '@copperplate/format';
import { CLIP_SCALE, type DrcReport, type FillStatus, fillPours, fillStatus, pouredRecords, pourFingerprint, resolveBoard, runDrc, storedStamps } from '@copperplate/board';

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
    const model = resolveBoard({ records: input.records, extraBlocks: input.extraBlocks, pcbUuid: input.pcbUuid, footprint, devices: input.devices, poured: input.poured });
    if (input.kind === 'refill') {
      const t0 = Date.now();
      const only = input.only?.length ? input.only : undefined;
      const res = fillPours(model, { only });
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
