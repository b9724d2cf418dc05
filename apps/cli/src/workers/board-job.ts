/**
 * Board jobs run off the main thread (a worker thread in Node: workers/board-worker.mjs via
 * runInWorker): refill the pours of a PCB of an .epro, or run its DRC. Inputs and outputs are plain
 * data (archive bytes in, archive bytes or violations out).
 */
import { readEpro, writeEpro } from '@copperplate/format';
import { CatalogueError } from '@copperplate/model';
import { boardSourceFromArchive, findPcb, refillArchive, resolveBoard, runDrc, type DrcReport, type RefillReport } from '@copperplate/board';

export type BoardJob =
  | { kind: 'pour'; bytes: Uint8Array; name: string; doc: string; only?: string[] }
  | { kind: 'drc'; bytes: Uint8Array; name: string; doc: string };

export type BoardJobResult =
  | { ok: true; kind: 'pour'; bytes: Uint8Array; report: RefillReport }
  | { ok: true; kind: 'drc'; report: DrcReport }
  | { ok: false; message: string };

export function runBoardJob(job: BoardJob): BoardJobResult {
  try {
    const a = readEpro(job.bytes, { name: job.name });
    const pcb = findPcb(a, job.doc);
    if (!pcb) throw CatalogueError.fromCode(1000010, { documentName: job.doc });
    if (job.kind === 'pour') {
      const { archive, report } = refillArchive(a, pcb.uuid, { only: job.only });
      return { ok: true, kind: 'pour', bytes: writeEpro(archive), report };
    }
    const model = resolveBoard(boardSourceFromArchive(a, pcb.uuid));
    return { ok: true, kind: 'drc', report: runDrc(model) };
  } catch (e) {
    return { ok: false, message: e instanceof Error ? e.message : String(e) };
  }
}
