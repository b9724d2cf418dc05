/**
 * The work of project import and export jobs (issue 11), run inside a worker thread
 * (files-worker.mjs): reading and inflating the archive, parsing every document, compressing each
 * content for storage, and on export the project back to .epro bytes. The event loop of the server
 * only stores the rows.
 */
import { eproToProjectData, projectDataToEpro, readEpro, writeEpro, formatConversionReport, formatFailureReport, formatWarningReport, type EproArchive } from '@copperplate/format';
import { projectDataToRows, rowsToProjectData, type ProjectFields } from '../epro.ts';
import type { ItemRow, ProjectRow } from '../repo/index.ts';

export interface ImportJob { kind: 'import'; bytes: Uint8Array; name?: string; /** IMP-10: an encrypted archive's password */ password?: string }
/** A project as the database holds it: the row, every live item (contents compressed) and the stored extra. */
export interface ProjectRows { project: ProjectRow; items: ItemRow[]; extra: Uint8Array | null }
export interface ExportJob extends ProjectRows { kind: 'export' }
export type FilesJob = ImportJob | ExportJob;

export interface ImportJobResult {
  project: ProjectFields;
  items: Array<Omit<ItemRow, 'ticket'>>;
  /** The import report of the API answer (failures, warnings, V3 conversion). */
  report: Record<string, unknown>;
  library: boolean;
}
export interface ExportJobResult { bytes: Uint8Array }

export function runImportJob(job: ImportJob): ImportJobResult {
  const result = eproToProjectData(readEpro(job.bytes, { name: job.name, password: job.password }));
  const { project, items } = projectDataToRows(result.data);
  const conversion = result.conversion;
  return {
    project,
    items,
    library: Boolean(result.data.library),
    report: {
      ok: result.ok, failures: result.failures, text: formatFailureReport(result.failures),
      // kept but not whole (system-library parts, pours of an absent PCB): warnings, not failures
      warnings: result.warnings, warningText: formatWarningReport(result.warnings),
      // EasyEDA Pro V3 archives: what the conversion carried and each record kind it did not (warnings, not failures).
      ...(conversion ? { conversion, conversionText: formatConversionReport(conversion) } : {}),
    },
  };
}

/** The project's archive (documents inflated and parsed): the input of the fabrication, DRC and panel jobs. */
export function archiveOfRows(rows: ProjectRows): EproArchive {
  return projectDataToEpro(rowsToProjectData(rows.project, rows.items, rows.extra));
}

export function runExportJob(job: ExportJob): ExportJobResult {
  return { bytes: writeEpro(archiveOfRows(job)) };
}
