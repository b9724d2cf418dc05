/** Annotate: this sheet or the whole schematic, by rows or by columns, only new (`?`, duplicates) or all again. */
import { useState, type FormEvent } from 'react';
import type { AnnotateOrder } from '@copperplate/editor';
import { Modal } from '../ui/Modal.tsx';

export interface AnnotateChoice { scope: 'sheet' | 'schematic'; order: AnnotateOrder; renumber: boolean }

export function AnnotateDialog({ onOk, onClose }: { onOk: (c: AnnotateChoice) => Promise<void>; onClose: () => void }) {
  const [c, setC] = useState<AnnotateChoice>({ scope: 'schematic', order: 'rows', renumber: false });
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  async function submit(e: FormEvent) {
    e.preventDefault();
    setBusy(true);
    try {
      await onOk(c);
    } catch (err) {
      setError((err as Error).message);
      setBusy(false);
    }
  }
  return (
    <Modal title="Annotate designators" width={420} onClose={onClose}>
      <form onSubmit={submit} className="stack">
        <label className="field">
          <span>Scope</span>
          <select value={c.scope} onChange={(e) => setC({ ...c, scope: e.target.value as AnnotateChoice['scope'] })}>
            <option value="schematic">Whole schematic (all sheets)</option>
            <option value="sheet">This sheet</option>
          </select>
        </label>
        <label className="field">
          <span>Order</span>
          <select value={c.order} onChange={(e) => setC({ ...c, order: e.target.value as AnnotateOrder })}>
            <option value="rows">Across, then down (rows)</option>
            <option value="columns">Down, then across (columns)</option>
          </select>
        </label>
        <label className="field">
          <span>Designators</span>
          <select value={c.renumber ? 'all' : 'new'} onChange={(e) => setC({ ...c, renumber: e.target.value === 'all' })}>
            <option value="new">Only new (R?) and duplicates</option>
            <option value="all">Number all again</option>
          </select>
        </label>
        {error && <p className="form-error" role="alert">{error}</p>}
        <div className="row gap end">
          <button type="button" className="btn" onClick={onClose}>Cancel</button>
          <button type="submit" className="btn primary" disabled={busy}>Annotate</button>
        </div>
      </form>
    </Modal>
  );
}
