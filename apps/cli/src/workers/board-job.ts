/**
 * Board jobs run off the main thread (a worker thread in Node: workers/board-worker.mjs via
 * runInWorker): refill the pours of a PCB of an .epro, or run its DRC. Inputs and outputs are plain
 * data (archive bytes in, archive bytes or violations out).
 */
import { readEpro, writeEpro } from '@copperplate/format';
import { CatalogueError } from '@copperplate/model';
import { boardSourceFromArchive, findPcb, refillArchive, refillArchiveSplit, resolveBoard, runDrc, type DrcReport, type RefillReport } from '@copperplate/board';
import { PourThreads } from './pour-threads.ts';

export type BoardJob =
  /** threads: the refill split over that many worker threads (pour-threads.ts) by layer; 1: in this thread. */
  | { kind: 'pour'; bytes: Uint8Array; name: string; doc: string; only?: string[]; threads?: number }
  | { kind: 'drc'; bytes: Uint8Array; name: string; doc: string };

export type BoardJobResult =
  | { ok: true; kind: 'pour'; bytes: Uint8Array; report: RefillReport }
  | { ok: true; kind: 'drc'; report: DrcReport }
  | { ok: false; message: string };

export async function runBoardJob(job: BoardJob): Promise<BoardJobResult> {
  // the pour threads start first: they load while this thread reads and resolves the board
  // (warmed on a small board when the project is big enough for its resolve to take that long)
  const threads = job.kind === 'pour' && (job.threads ?? 1) > 1 ? new PourThreads(job.threads, { warm: job.bytes.length > 4_000_000 }) : undefined;
  try {
    const a = readEpro(job.bytes, { name: job.name });
    const pcb = findPcb(a, job.doc);
    if (!pcb) throw CatalogueError.fromCode(1000010, { documentName: job.doc });
    if (job.kind === 'pour') {
      const { archive, report } = threads ? await refillArchiveSplit(a, pcb.uuid, { only: job.only }, threads.run, threads.n) : refillArchive(a, pcb.uuid, { only: job.only });
      return { ok: true, kind: 'pour', bytes: writeEpro(archive), report };
    }
    const model = resolveBoard(boardSourceFromArchive(a, pcb.uuid));
    return { ok: true, kind: 'drc', report: runDrc(model) };
  } catch (e) {
    return { ok: false, message: e instanceof Error ? e.message : String(e) };
  } finally {
    await threads?.close();
  }
}
