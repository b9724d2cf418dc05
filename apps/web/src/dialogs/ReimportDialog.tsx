/**
 * Reimport into the open project (IMP-2, issue 17): 'reimport data...' over PROGRESS_STEPS.REIMPORT
 * steps while the archive is sent, written by the server and pulled into the project
 * (project/reimport.ts); then the summary (added, updated, unchanged, kept; per kind), the
 * adjustments, the import report's failures and warnings, and the backup taken before; or the
 * catalogue message of a refusal (the project is left as it was).
 */
import { useEffect, useState } from 'react';
import { NAMED_ERRORS } from '@copperplate/model';
import { isEncryptedZip } from '@copperplate/format';
import { importWithProgress } from '../api/upload.ts';
import { PROGRESS, RESULT } from '../lib/messages.ts';
import { readReport } from '../lib/report.ts';
import { reimportSummary, runReimport, type ReimportResult } from '../project/reimport.ts';
import { Modal } from '../ui/Modal.tsx';
import { Progress } from '../ui/Progress.tsx';
import { PasswordForm } from './ImportDialog.tsx';

type Phase = { kind: 'work'; share: number } | { kind: 'password'; error?: string } | { kind: 'done'; result: ReimportResult } | { kind: 'failed'; error: string };

function encrypted(bytes: Uint8Array): boolean {
  try {
    return isEncryptedZip(bytes);
  } catch {
    return false; // not a readable zip: the server's answer says so
  }
}

export function ReimportDialog({ projectUuid, file, pull, onClose }: { projectUuid: string; file: File; pull: () => Promise<void>; onClose: () => void }) {
  const [phase, setPhase] = useState<Phase>({ kind: 'work', share: 0 });
  const [password, setPassword] = useState<{ value: string; n: number } | undefined>(undefined);
  useEffect(() => {
    let live = true;
    (async () => {
      try {
        const bytes = new Uint8Array(await file.arrayBuffer());
        if (!live) return;
        if (password === undefined && encrypted(bytes)) return setPhase({ kind: 'password' });
        const name = file.name.replace(/\.(epro2?|zip|elib)$/i, '');
        const upload = (b: Uint8Array, p: (s: number) => void) => importWithProgress(b, name, p, `/api/projects/${encodeURIComponent(projectUuid)}/reimport`, password?.value) as Promise<Record<string, unknown>>;
        const result = await runReimport(bytes, upload, pull, (share) => live && setPhase({ kind: 'work', share }));
        if (live) setPhase({ kind: 'done', result });
      } catch (err) {
        if (!live) return;
        const message = (err as Error).message;
        if (password !== undefined && message.startsWith(NAMED_ERRORS.PASSWORD_WRONG)) return setPhase({ kind: 'password', error: message });
        setPhase({ kind: 'failed', error: message });
      }
    })();
    return () => {
      live = false;
    };
  }, [file, password, projectUuid]);

  if (phase.kind === 'password') return <PasswordForm name={file.name} error={phase.error} onOk={(p) => (setPhase({ kind: 'work', share: 0 }), setPassword((t) => ({ value: p, n: (t?.n ?? 0) + 1 })))} onClose={onClose} />;
  if (phase.kind === 'work') {
    return (
      <Modal title="Reimport" closable={false} width={460} testId="reimport-dialog">
        <p className="muted small">{file.name}</p>
        <Progress message={PROGRESS.REIMPORT_DATA} share={phase.share} />
      </Modal>
    );
  }
  const footer = (
    <button type="button" className="btn primary" onClick={onClose}>
      Close
    </button>
  );
  if (phase.kind === 'failed') {
    return (
      <Modal title="Reimport" width={520} onClose={onClose} footer={footer} testId="reimport-report">
        <p className="muted small">{file.name}</p>
        <div className="result bad" role="alert">
          <p className="failure-line">{phase.error}</p>
          <p className="muted small">The project was not changed.</p>
        </div>
      </Modal>
    );
  }
  const { result } = phase;
  const report = readReport(result.report, projectUuid);
  return (
    <Modal title="Reimport" width={560} onClose={onClose} footer={footer} testId="reimport-report">
      <p className="muted small">{file.name}</p>
      <ul className="reimport-summary" data-testid="reimport-summary" role="status">
        {reimportSummary(result).map((l) => (
          <li key={l}>{l}</li>
        ))}
      </ul>
      {result.adjustments.length > 0 && (
        <section className="failure-group" aria-label="Adjustments">
          <h3>Adjustments</h3>
          <ul>
            {result.adjustments.map((l, i) => (
              <li key={i}>{l}</li>
            ))}
          </ul>
        </section>
      )}
      {!report.ok && (
        <div className="result bad" role="alert">
          <p>{RESULT.IMPORT_FAILURES}</p>
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
        <div className="result warn">
          <p>{RESULT.IMPORT_WARNINGS}</p>
          {report.warnings.map((g) => (
            <p key={g.group}>
              {g.group}: {g.lines.length}
            </p>
          ))}
        </div>
      )}
      <p className="muted small" data-testid="reimport-backup">
        The project before the reimport is kept as the backup “{result.backup.name}” (Backups).
      </p>
    </Modal>
  );
}
