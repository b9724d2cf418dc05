/** Backups (issue 4 §6): manual backup with a name and description, the list, restore as a new project. */
import { useEffect, useState, type FormEvent } from 'react';
import { api } from '../api/api.ts';
import type { Backup } from '../api/schemas.ts';
import { formatTime } from '../lib/recent.ts';
import { Modal } from '../ui/Modal.tsx';
import { toast, toastError } from '../ui/toasts.tsx';

export function BackupsDialog({ projectUuid, readOnly, onRestored, onClose }: { projectUuid: string; readOnly: boolean; onRestored: (uuid: string, title: string) => void; onClose: () => void }) {
  const [list, setList] = useState<Backup[] | null>(null);
  const [name, setName] = useState('');
  const [description, setDescription] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  const reload = () => api.backups(projectUuid).then(setList, (e) => (setList([]), toastError(e)));
  useEffect(() => void reload(), [projectUuid]);
  async function create(e: FormEvent) {
    e.preventDefault();
    setBusy(true);
    setError('');
    try {
      await api.createBackup(projectUuid, name.trim(), description);
      setName('');
      setDescription('');
      toast('Backup created', 'success', 3000);
      await reload();
    } catch (err) {
      setError((err as Error).message);
    } finally {
      setBusy(false);
    }
  }
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
        <form className="backup-form" onSubmit={create} aria-label="Backup Project Manually">
          <label className="field">
            <span>Backup name</span>
            <input value={name} maxLength={128} onChange={(e) => setName(e.target.value)} required />
          </label>
          <label className="field">
            <span>Description</span>
            <input value={description} onChange={(e) => setDescription(e.target.value)} />
          </label>
          <button type="submit" className="btn primary" disabled={busy || !name.trim()}>
            Back up now
          </button>
        </form>
      )}
      {error && (
        <p className="form-error" role="alert">
          {error}
        </p>
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
