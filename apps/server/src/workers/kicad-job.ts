/** The work of a KiCad conversion job, run inside the worker thread (kicad-worker.mjs). */
import { kicadToProject, type ReportEntry } from '@copperplate/convert';
import { projectDataToEpro, writeEpro, type ProjectData } from '@copperplate/format';
import { projectDataToRows } from '../epro.ts';
import { loadKicadFont } from '../kicad-font.ts';

/** KiCad's stroke font when cached (kicad-font.ts): without it the report says its text falls back to ours. */
loadKicadFont();

export interface KicadJob {
  /** The upload's file name (.zip, .kicad_pro, .kicad_pcb, ...). */
  name: string;
  bytes: Uint8Array;
  /** 'epro': answer the .epro bytes; 'data': the ProjectData; 'rows': the project and item rows to store (the import). */
  want: 'epro' | 'data' | 'rows';
}

export interface KicadJobResult {
  epro?: Uint8Array;
  data?: ProjectData;
  rows?: ReturnType<typeof projectDataToRows>;
  report: { text: string; entries: ReportEntry[] };
}

export function runKicadJob(job: KicadJob): KicadJobResult {
  const { data, report } = kicadToProject([{ name: job.name, data: job.bytes }]);
  const rep = { text: report.text(), entries: report.list() };
  if (job.want === 'epro') return { epro: writeEpro(projectDataToEpro(data)), report: rep };
  if (job.want === 'rows') return { rows: projectDataToRows(data), report: rep }; // contents compressed here, not on the event loop
  return { data, report: rep };
}
