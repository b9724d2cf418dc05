/** Place table: the size of the new table (rows x columns, 1 to TABLE_MAX each). */
import { useState, type FormEvent } from 'react';
import { TABLE_MAX, type TableSize } from '@copperplate/editor';
import { CancelOk, Modal } from '../ui/Modal.tsx';

export function TableSizeDialog({ onOk, onClose }: { onOk: (s: TableSize) => void; onClose: () => void }) {
  const [rows, setRows] = useState('3');
  const [cols, setCols] = useState('3');
  const ok = (v: string) => /^\d+$/.test(v) && Number(v) >= 1 && Number(v) <= TABLE_MAX;
  const valid = ok(rows) && ok(cols);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (valid) onOk({ rows: Number(rows), cols: Number(cols) });
  };
  return (
    <Modal title="Place table" width={360} onClose={onClose}>
      <form onSubmit={submit} className="stack">
        <label className="field">
          <span>Rows</span>
          <input type="number" min={1} max={TABLE_MAX} value={rows} onChange={(e) => setRows(e.target.value)} />
        </label>
        <label className="field">
          <span>Columns</span>
          <input type="number" min={1} max={TABLE_MAX} value={cols} onChange={(e) => setCols(e.target.value)} />
        </label>
        <div className="row gap end">
          <CancelOk onCancel={onClose} submit disabled={!valid} label="Place" />
        </div>
      </form>
    </Modal>
  );
}
