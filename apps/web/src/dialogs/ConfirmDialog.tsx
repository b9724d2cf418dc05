/** A yes/no question before something that cannot be undone from the editor (delete a sheet, a board...). */
import { useState } from 'react';
import { CancelOk, Modal } from '../ui/Modal.tsx';

export interface ConfirmProps {
  title: string;
  message: string;
  okText: string;
  onOk: () => Promise<void> | void;
  onClose: () => void;
}

export function ConfirmDialog({ title, message, okText, onOk, onClose }: ConfirmProps) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  async function ok() {
    setBusy(true);
    setError('');
    try {
      await onOk();
      onClose();
    } catch (err) {
      setError((err as Error).message);
      setBusy(false);
    }
  }
  return (
    <Modal title={title} width={440} onClose={onClose}>
      <div className="stack">
        <p>{message}</p>
        {error && (
          <p className="form-error" role="alert">
            {error}
          </p>
        )}
        <div className="row gap end">
          <CancelOk onCancel={onClose} onOk={() => void ok()} disabled={busy} kind="danger" label={okText} />
        </div>
      </div>
    </Modal>
  );
}
