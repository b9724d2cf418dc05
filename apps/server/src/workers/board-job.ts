/** The work of a design rule check job (issue 13), run inside a worker thread (board-worker.mjs). */
import { archiveOfRows, type ProjectRows } from './files-job.ts';
import { CatalogueError } from '@copperplate/model';
import { type DrcReport, type FillStatus, boardSourceFromArchive, fillStatus, findPcb, listPcbs, resolveBoard, runDrc, storedStamps } from '@copperplate/board';

export interface BoardJob {
  /** The project as stored: inflated and parsed here, in the worker. */
  rows: ProjectRows;
  /** PCB name or uuid (undefined: the first PCB). */
  pcb?: string;
}

export interface DrcJobResult extends DrcReport {
  board: string;
  /** Every pour with the state of its stored fill (stale: the board changed within its reach since it was filled). */
  pours: Array<{ id: string; name: string; layer: number; net: string; status: FillStatus }>;
}

export function runDrcJob(job: BoardJob): DrcJobResult {
  const archive = archiveOfRows(job.rows);
  const pcb = job.pcb ? findPcb(archive, job.pcb) : listPcbs(archive)[0];
  if (!pcb) throw CatalogueError.fromCode(1000010, { documentName: job.pcb ?? 'PCB' });
  const src = boardSourceFromArchive(archive, pcb.uuid);
  const model = resolveBoard(src);
  const stamps = storedStamps([...src.records, ...(src.poured ?? [])]);
  const pours = model.pours.map((p) => ({ id: p.id, name: p.name, layer: p.layer, net: p.net, status: fillStatus(model, p.id, stamps) }));
  return { board: pcb.name, ...runDrc(model), pours };
}
