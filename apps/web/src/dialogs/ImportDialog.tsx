/**
 * Import a project archive (issue 4 §4, UI-2, UI-3): 'Import Project...' while the file is read,
 * 'import data...' while it is sent and imported, with a progress bar of the share of steps done;
 * then 'Import project successfully!' or 'Import project failure information:' with the grouped list,
 * and 'Import project success !Open the imported project?'.
 */
import { useEffect, useState } from 'react';
import { listZip } from '@copperplate/format';
import { importWithProgress } from '../api/upload.ts';
import { PROGRESS, RESULT } from '../lib/messages.ts';
import { readReport, type ImportReport } from '../lib/report.ts';
import { Modal } from '../ui/Modal.tsx';
import { Progress } from '../ui/Progress.tsx';

type Phase = { kind: 'work'; message: string; share: number } | { kind: 'done'; uuid: string | null; report: ImportReport; error?: string };

/** KiCad input (issue 15): a .kicad_* file, or a zip of a KiCad project folder (no project.json inside). */
export function isKicadImport(name: string, bytes: Uint8Array): boolean {
  if (/\.kicad_(pro|pcb|sch|sym|mod)$/i.test(name)) return true;
  if (!/\.zip$/i.test(name)) return false;
  try {
    const names = listZip(bytes).map((e) => e.name);
    return !names.some((n) => /(^|\/)(project2?|device|symbol|footprint|panel-lib)\.json$/.test(n)) && names.some((n) => /\.kicad_(pro|pcb|sch|sym|mod)$/i.test(n));
  } catch {
    return false;
  }
}

/** Steps: read the file (1), send it (1, split by upload progress), import on the server (1). */
const STEPS = 3;

export function ImportDialog({ file, onOpen, onClose }: { file: File; onOpen: (uuid: string) => void; onClose: () => void }) {
  const [phase, setPhase] = useState<Phase>({ kind: 'work', message: PROGRESS.IMPORT_PROJECT, share: 0 });
  useEffect(() => {
    let live = true;
    (async () => {
      try {
        const bytes = new Uint8Array(await file.arrayBuffer());
        if (!live) return;
        setPhase({ kind: 'work', message: PROGRESS.IMPORT_DATA, share: 1 / STEPS });
        const kicad = isKicadImport(file.name, bytes);
        const name = kicad ? file.name : file.name.replace(/\.(epro|zip|elib)$/i, '');
        const progress = (s: number) => live && setPhase({ kind: 'work', message: PROGRESS.IMPORT_DATA, share: (1 + s * 0.99) / STEPS });
        const answer = await importWithProgress(bytes, name, progress, kicad ? '/api/projects/import/kicad' : undefined);
        if (!live) return;
        const uuid = answer.uuid ?? null;
        setPhase({ kind: 'done', uuid, report: readReport(answer.report, uuid) });
      } catch (err) {
        if (live) setPhase({ kind: 'done', uuid: null, report: { ok: false, groups: [] }, error: (err as Error).message });
      }
    })();
    return () => {
      live = false;
    };
  }, [file]);

  if (phase.kind === 'work') {
    return (
      <Modal title="Import" closable={false} width={460} testId="import-dialog">
        <p className="muted small">{file.name}</p>
        <Progress message={phase.message} share={phase.share} />
      </Modal>
    );
  }
  const { report, uuid, error } = phase;
  const footer = (
    <>
      {uuid && (
        <button type="button" className="btn primary" onClick={() => onOpen(uuid)}>
          Open
        </button>
      )}
      <button type="button" className="btn" onClick={onClose}>
        {uuid ? 'Cancel' : 'Close'}
      </button>
    </>
  );
  return (
    <Modal title="Import" width={560} onClose={onClose} footer={footer} testId="import-report">
      <p className="muted small">{file.name}</p>
      {report.ok ? (
        <p className="result ok" role="status">
          {RESULT.IMPORT_OK}
        </p>
      ) : (
        <div className="result bad" role="alert">
          <p>{RESULT.IMPORT_FAILURES}</p>
          {error && <p className="failure-line">{error}</p>}
          {report.groups.map((g) => (
            <section key={g.group} className="failure-group" aria-label={g.group}>
              <h3>
                {g.group} <span className="count">{g.lines.length}</span>
              </h3>
              <ul>
                {g.lines.map((l, i) => (
                  <li key={i}>{l}</li>
                ))}
              </ul>
            </section>
          ))}
        </div>
      )}
      {report.warnings && (
        <div className="result warn" data-testid="import-warnings">
          <p>{RESULT.IMPORT_WARNINGS}</p>
          {report.warnings.map((g) => (
            <section key={g.group} className="failure-group" aria-label={`${g.group} (kept)`}>
              <h3>
                {g.group} <span className="count">{g.lines.length}</span>
              </h3>
              <ul>
                {g.lines.map((l, i) => (
                  <li key={i}>{l}</li>
                ))}
              </ul>
            </section>
          ))}
        </div>
      )}
      {report.conversion && (
        <details className="conversion-report" data-testid="conversion-report">
          <summary>{report.conversion[0]}</summary>
          <ul>
            {report.conversion.slice(1).map((l, i) => (
              <li key={i}>{l}</li>
            ))}
          </ul>
        </details>
      )}
      {uuid && <p className="question">{RESULT.OPEN_IMPORTED}</p>}
    </Modal>
  );
}
