/** A one-field dialog (rename, save as, copy): labelled input, OK and Cancel. */
import { useState, type FormEvent } from 'react';
import { CancelOk, Modal } from '../ui/Modal.tsx';

export interface PromptProps {
  title: string;
  label: string;
  initial: string;
  okText: string;
  extraLabel?: string;
  onOk: (value: string, extra: string) => Promise<void> | void;
  onClose: () => void;
}

export function PromptDialog({ title, label, initial, okText, extraLabel, onOk, onClose }: PromptProps) {
  const [value, setValue] = useState(initial);
  const [extra, setExtra] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  async function submit(e: FormEvent) {
    e.preventDefault();
    if (!value.trim()) return;
    setBusy(true);
    setError('');
    try {
      await onOk(value.trim(), extra);
    } catch (err) {
      setError((err as Error).message);
      setBusy(false);
    }
  }
  return (
    <Modal title={title} width={440} onClose={onClose}>
      <form onSubmit={submit} className="stack">
        <label className="field">
          <span>{label}</span>
          <input value={value} maxLength={128} onChange={(e) => setValue(e.target.value)} />
        </label>
        {extraLabel && (
          <label className="field">
            <span>{extraLabel}</span>
            <textarea rows={3} value={extra} onChange={(e) => setExtra(e.target.value)} />
          </label>
        )}
        {error && (
          <p className="form-error" role="alert">
            {error}
          </p>
        )}
        <div className="row gap end">
          <CancelOk onCancel={onClose} submit disabled={busy || !value.trim()} label={okText} />
        </div>
      </form>
    </Modal>
  );
}
