/**
 * UI-1: the dialog shown when local content was not uploaded because the cloud moved on.
 * Title Warning, width 600, not closable; names (schematic-qualified), the table of update content /
 * before-uploading version / updated version / modifier, the tip, and the two buttons.
 */
import { useState } from 'react';
import type { ConflictRow } from '../project/types.ts';
import { Modal } from '../ui/Modal.tsx';

export const WARNING_TEXT = {
  title: 'Warning',
  intro: 'This project was edited and saved, but the content below was not uploaded because the cloud version changed meanwhile. Please choose which version to keep.',
  tip: 'Tip: Reload from Cloud backs up your local data before loading the cloud version.',
  reload: 'Reload from Cloud',
  upload: 'Upload Local to Cloud',
} as const;

export function WarningDialog({ rows, onChoose }: { rows: ConflictRow[]; onChoose: (c: 'reload' | 'upload') => Promise<void> }) {
  const [busy, setBusy] = useState(false);
  const choose = async (c: 'reload' | 'upload') => {
    setBusy(true);
    try {
      await onChoose(c);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal
      title={WARNING_TEXT.title}
      width={600}
      closable={false}
      testId="warning-dialog"
      footer={
        <>
          <button type="button" className="btn" disabled={busy} onClick={() => choose('reload')}>
            {WARNING_TEXT.reload}
          </button>
          <button type="button" className="btn primary" disabled={busy} onClick={() => choose('upload')}>
            {WARNING_TEXT.upload}
          </button>
        </>
      }
    >
      <div className="warn-intro">
        <span className="warn-icon" aria-hidden="true">!</span>
        <p>{WARNING_TEXT.intro}</p>
      </div>
      <p className="warn-names">
        {rows.map((r, i) => (
          <span key={r.kind + r.id}>
            {i > 0 && ', '}
            <b>{r.name}</b>
          </span>
        ))}
      </p>
      <table className="grid warn-table">
        <thead>
          <tr>
            <th>Update content</th>
            <th>Before-uploading version</th>
            <th>Updated version</th>
            <th>Modifier</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => (
            <tr key={r.kind + r.id}>
              <td>{r.name}</td>
              <td className="mono">{r.before}</td>
              <td className="mono">{r.after}</td>
              <td>{r.modifier || '—'}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <p className="tip">{WARNING_TEXT.tip}</p>
    </Modal>
  );
}
