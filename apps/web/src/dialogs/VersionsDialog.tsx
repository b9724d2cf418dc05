/**
 * Project versions (issue 17 part 3): save the current state under a name, list the versions,
 * switch the project to one (the state being left is kept in its own version), and look at a sheet
 * or PCB of any version read-only, or two of them side by side with what changed (VersionCompare.tsx).
 */
import { useEffect, useMemo, useState } from 'react';
import { versionsApi, type Version, type VersionDetail } from '../api/versions.ts';
import { formatTime } from '../lib/recent.ts';
import type { ProjectSession } from '../project/types.ts';
import { Modal } from '../ui/Modal.tsx';
import { CURRENT, VersionCompare, type Doc } from './VersionCompare.tsx';
import { NameDescriptionForm } from './NameDescriptionForm.tsx';
import { toast, toastError } from '../ui/toasts.tsx';

export function VersionsDialog({ session, onClose }: { session: ProjectSession; onClose: () => void }) {
  const uuid = session.uuid;
  const [list, setList] = useState<Version[] | null>(null);
  const [busy, setBusy] = useState(false);
  const [confirm, setConfirm] = useState<Version | null>(null);
  const [left, setLeft] = useState(CURRENT);
  const [right, setRight] = useState<string | null>(null);
  const [details, setDetails] = useState<Record<string, VersionDetail>>({});
  const [doc, setDoc] = useState('');
  const reload = () => versionsApi.list(uuid).then(setList, (e) => (setList([]), toastError(e)));
  useEffect(() => void reload(), [uuid]);
  useEffect(() => {
    for (const id of [left, right]) if (id && !details[id]) versionsApi.show(uuid, id).then((d) => setDetails((m) => ({ ...m, [id]: d })), toastError);
  }, [left, right]);

  // the documents one can look at: those of the current project and of the chosen versions
  const docs = useMemo(() => {
    const out = new Map<string, Doc>();
    const snap = session.snapshot();
    for (const [id, s] of snap.items.sheets) out.set(`sheets:${id}`, { kind: 'sheets', uuid: id, title: String(s.title ?? id) });
    for (const [id, s] of snap.items.pcbs) out.set(`pcbs:${id}`, { kind: 'pcbs', uuid: id, title: String(s.title ?? id) });
    for (const id of [left, right]) {
      const d = id ? details[id] : undefined;
      for (const s of d?.sheets ?? []) out.set(`sheets:${s.uuid}`, { kind: 'sheets', uuid: s.uuid, title: s.title });
      for (const s of d?.pcbs ?? []) out.set(`pcbs:${s.uuid}`, { kind: 'pcbs', uuid: s.uuid, title: s.title });
    }
    return [...out.entries()];
  }, [session, left, right, details]);
  const chosen = docs.find(([k]) => k === doc)?.[1] ?? docs[0]?.[1];

  async function toggle(v: Version) {
    setConfirm(null);
    setBusy(true);
    try {
      const r = await versionsApi.toggle(uuid, v.id);
      await session.refresh().catch(() => {});
      toast(`Switched to ${v.name} (${r.changed} documents changed)`, 'success', 4000);
      setDetails({});
      await reload();
    } catch (err) {
      toastError(err);
    } finally {
      setBusy(false);
    }
  }
  const readOnly = session.readOnly;
  const label = (id: string) => (id === CURRENT ? 'Current state' : (list?.find((v) => v.id === id)?.name ?? id));
  return (
    <Modal title="Versions" width={right !== null ? 1100 : 720} onClose={onClose} testId="versions-dialog">
      {!readOnly && (
        <NameDescriptionForm label="Save a version" nameLabel="Version name" submitLabel="Save version" savedMessage="Version saved" disabled={busy}
          save={async (name, description) => { await versionsApi.add(uuid, name, description); await reload(); }} />
      )}
      {list === null ? (
        <p className="muted">Loading…</p>
      ) : list.length === 0 ? (
        <p className="muted empty">No versions yet. Save one to keep this state under a name.</p>
      ) : (
        <table className="grid" aria-label="Version list">
          <thead>
            <tr>
              <th>Name</th>
              <th>Description</th>
              <th>Saved</th>
              <th />
            </tr>
          </thead>
          <tbody>
            {list.map((v) => (
              <tr key={v.id} aria-current={v.current ? 'true' : undefined}>
                <td>
                  {v.name} {v.current && <span className="badge">current</span>}
                </td>
                <td>{v.description}</td>
                <td className="mono">{formatTime(Date.parse(v.updated_at))}</td>
                <td className="row-actions">
                  <button type="button" className="btn small" onClick={() => (setRight(v.id), setLeft(CURRENT))}>
                    View
                  </button>
                  {!readOnly && !v.current && (
                    <button type="button" className="btn small" disabled={busy} onClick={() => setConfirm(v)}>
                      Switch to
                    </button>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {confirm && (
        <div className="confirm-row" role="alertdialog" aria-label="Switch version">
          <p>
            Switch the project to <b>{confirm.name}</b>? The current state is kept in the version it belongs to; everyone with the project open sees the switch.
          </p>
          <button type="button" className="btn primary" onClick={() => void toggle(confirm)}>
            Switch
          </button>
          <button type="button" className="btn" onClick={() => setConfirm(null)}>
            Cancel
          </button>
        </div>
      )}
      {right !== null && list && (
        <section className="version-compare" aria-label="Compare versions">
          <div className="compare-controls">
            <label className="field">
              <span>Left</span>
              <select value={left} onChange={(e) => setLeft(e.target.value)} aria-label="Left version">
                <option value={CURRENT}>Current state</option>
                {list.map((v) => <option key={v.id} value={v.id}>{v.name}</option>)}
              </select>
            </label>
            <label className="field">
              <span>Right</span>
              <select value={right} onChange={(e) => setRight(e.target.value)} aria-label="Right version">
                <option value={CURRENT}>Current state</option>
                {list.map((v) => <option key={v.id} value={v.id}>{v.name}</option>)}
              </select>
            </label>
            <label className="field">
              <span>Document</span>
              <select value={doc || docs[0]?.[0] || ''} onChange={(e) => setDoc(e.target.value)} aria-label="Document">
                {docs.map(([k, d]) => <option key={k} value={k}>{d.kind === 'pcbs' ? 'PCB' : 'Sheet'}: {d.title}</option>)}
              </select>
            </label>
          </div>
          {chosen && <VersionCompare session={session} left={left} right={right} label={label} doc={chosen} />}
        </section>
      )}
    </Modal>
  );
}
