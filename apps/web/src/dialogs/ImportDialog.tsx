/**
 * Import a project archive (issue 4 §4, UI-2, UI-3): 'Import Project...' while the file is read,
 * 'import data...' while it is sent and imported, with a progress bar of the share of steps done;
 * then 'Import project successfully!' or 'Import project failure information:' with the grouped list,
 * and 'Import project success !Open the imported project?'.
 */
import { useEffect, useState, type FormEvent } from 'react';
import { NAMED_ERRORS } from '@copperplate/model';
import { isEncryptedZip, listZip } from '@copperplate/format';
import { importWithProgress } from '../api/upload.ts';
import { PROGRESS, RESULT } from '../lib/messages.ts';
import { readReport, type ImportReport } from '../lib/report.ts';
import { Modal } from '../ui/Modal.tsx';
import { Progress } from '../ui/Progress.tsx';

type Phase =
  | { kind: 'work'; message: string; share: number }
  | { kind: 'password'; error?: string }
  | { kind: 'done'; uuid: string | null; report: ImportReport; error?: string };

/** IMP-10: whether an archive is encrypted (then the dialog asks for its password). */
function encrypted(bytes: Uint8Array): boolean {
  try {
    return isEncryptedZip(bytes);
  } catch {
    return false; // not a readable zip: the server's answer says so
  }
}

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
  /** The password typed for an encrypted archive (IMP-10); undefined until asked. */
  const [typed, setTyped] = useState<{ value: string; n: number } | undefined>(undefined);
  const password = typed?.value;
  useEffect(() => {
    let live = true;
    (async () => {
      try {
        const bytes = new Uint8Array(await file.arrayBuffer());
        if (!live) return;
        setPhase({ kind: 'work', message: PROGRESS.IMPORT_DATA, share: 1 / STEPS });
        const kicad = isKicadImport(file.name, bytes);
        if (!kicad && password === undefined && encrypted(bytes)) return setPhase({ kind: 'password' });
        const name = kicad ? file.name : file.name.replace(/\.(epro|zip|elib)$/i, '');
        const progress = (s: number) => live && setPhase({ kind: 'work', message: PROGRESS.IMPORT_DATA, share: (1 + s * 0.99) / STEPS });
        const answer = await importWithProgress(bytes, name, progress, kicad ? '/api/projects/import/kicad' : undefined, password);
        if (!live) return;
        const uuid = answer.uuid ?? null;
        setPhase({ kind: 'done', uuid, report: readReport(answer.report, uuid) });
      } catch (err) {
        if (!live) return;
        const message = (err as Error).message;
        // IMP-10: the server checked the password; a wrong one asks again
        if (password !== undefined && message.startsWith(NAMED_ERRORS.PASSWORD_WRONG)) return setPhase({ kind: 'password', error: message });
        setPhase({ kind: 'done', uuid: null, report: { ok: false, groups: [] }, error: message });
      }
    })();
    return () => {
      live = false;
    };
  }, [file, typed]);

  if (phase.kind === 'password') return <PasswordForm name={file.name} error={phase.error} onOk={(p) => (setPhase({ kind: 'work', message: PROGRESS.IMPORT_DATA, share: 1 / STEPS }), setTyped((t) => ({ value: p, n: (t?.n ?? 0) + 1 })))} onClose={onClose} />;

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

/** IMP-10: the password of an encrypted archive. */
export function PasswordForm({ name, error, onOk, onClose }: { name: string; error?: string; onOk: (password: string) => void; onClose: () => void }) {
  const [value, setValue] = useState('');
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (value !== '') onOk(value);
  };
  return (
    <Modal title="Import" width={460} onClose={onClose} testId="import-password">
      <form onSubmit={submit}>
        <p className="muted small">{name}</p>
        <p>{NAMED_ERRORS.PASSWORD_REQUIRED}</p>
        <label>
          Password <input type="password" autoFocus value={value} onChange={(e) => setValue(e.target.value)} aria-label="Archive password" />
        </label>
        {error && <p className="failure-line" role="alert">{error}</p>}
        <div className="modal-footer">
          <button type="submit" className="btn primary" disabled={value === ''}>
            Import
          </button>
          <button type="button" className="btn" onClick={onClose}>
            Cancel
          </button>
        </div>
      </form>
    </Modal>
  );
}
