/**
 * A name + description form that saves something under a name (a backup, a version): the submit
 * button stays disabled until there is a name, the fields clear after a save, a refusal shows as an
 * alert under the form, and `busy` is reported so the dialog can lock its other buttons.
 */
import { useState, type FormEvent } from 'react';
import { toast } from '../ui/toasts.tsx';

export interface NameDescriptionFormProps {
  /** The form's accessible name ("Backup Project Manually", "Save a version"). */
  label: string;
  /** The name field's label ("Backup name", "Version name"). */
  nameLabel: string;
  submitLabel: string;
  /** The toast after a save ("Backup created"). */
  savedMessage: string;
  /** Disabled from outside (another action running). */
  disabled?: boolean;
  save(name: string, description: string): Promise<unknown>;
  onBusy?(busy: boolean): void;
}

export function NameDescriptionForm(p: NameDescriptionFormProps) {
  const [name, setName] = useState('');
  const [description, setDescription] = useState('');
  const [busy, setBusyState] = useState(false);
  const [error, setError] = useState('');
  const setBusy = (b: boolean) => { setBusyState(b); p.onBusy?.(b); };
  async function submit(e: FormEvent) {
    e.preventDefault();
    setBusy(true);
    setError('');
    try {
      await p.save(name.trim(), description);
      setName('');
      setDescription('');
      toast(p.savedMessage, 'success', 3000);
    } catch (err) {
      setError((err as Error).message);
    } finally {
      setBusy(false);
    }
  }
  return (
    <>
      <form className="backup-form" onSubmit={submit} aria-label={p.label}>
        <label className="field">
          <span>{p.nameLabel}</span>
          <input value={name} maxLength={128} onChange={(e) => setName(e.target.value)} required />
        </label>
        <label className="field">
          <span>Description</span>
          <input value={description} onChange={(e) => setDescription(e.target.value)} />
        </label>
        <button type="submit" className="btn primary" disabled={busy || p.disabled || !name.trim()}>
          {p.submitLabel}
        </button>
      </form>
      {error && (
        <p className="form-error" role="alert">
          {error}
        </p>
      )}
    </>
  );
}
