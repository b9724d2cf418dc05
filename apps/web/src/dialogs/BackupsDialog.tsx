/** Backups (issue 4 §6): manual backup with a name and description, the list, restore as a new project. */
import { useEffect, useState } from 'react';
import { api } from '../api/api.ts';
import type { Backup } from '../api/schemas.ts';
import { formatTime } from '../lib/recent.ts';
import { Modal } from '../ui/Modal.tsx';
import { NameDescriptionForm } from './NameDescriptionForm.tsx';
import { toastError } from '../ui/toasts.tsx';

export function BackupsDialog({ projectUuid, readOnly, onRestored, onClose }: { projectUuid: string; readOnly: boolean; onRestored: (uuid: string, title: string) => void; onClose: () => void }) {
  const [list, setList] = useState<Backup[] | null>(null);
  const [busy, setBusy] = useState(false);
  const reload = () => api.backups(projectUuid).then(setList, (e) => (setList([]), toastError(e)));
  useEffect(() => void reload(), [projectUuid]);
  async function restore(b: Backup) {
    setBusy(true);
    try {
      const p = await api.restoreBackup(projectUuid, b.id);
      onRestored(p.uuid, p.title);
    } catch (err) {
      toastError(err);
    } finally {
      setBusy(false);
    }
  }
  return (
    <Modal title="Backups" width={620} onClose={onClose} testId="backups-dialog">
      {!readOnly && (
        <NameDescriptionForm label="Backup Project Manually" nameLabel="Backup name" submitLabel="Back up now" savedMessage="Backup created" disabled={busy}
          save={async (name, description) => { await api.createBackup(projectUuid, name, description); await reload(); }} />
      )}
      {list === null ? (
        <p className="muted">Loading…</p>
      ) : list.length === 0 ? (
        <p className="muted empty">No backups yet.</p>
      ) : (
        <table className="grid" aria-label="Backup list">
          <thead>
            <tr>
              <th>Name</th>
              <th>Description</th>
              <th>Created</th>
              <th />
            </tr>
          </thead>
          <tbody>
            {list.map((b) => (
              <tr key={String(b.id)}>
                <td>
                  {b.name} {b.auto === true || b.auto === 1 ? <span className="badge">auto</span> : null}
                </td>
                <td>{b.description ?? ''}</td>
                <td className="mono">{formatTime(b.created_at)}</td>
                <td>
                  <button type="button" className="btn small" disabled={busy} onClick={() => restore(b)}>
                    Restore as new project
                  </button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </Modal>
  );
}
