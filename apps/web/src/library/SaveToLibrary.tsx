/**
 * "Save to library…" of a symbol, footprint or device in the project tree: the scope (your personal
 * library, a team's, or public) and Save (save-to-library.ts). Saving again after editing the item in
 * the project's symbol or footprint editor gives the library item a new version.
 */
import { useEffect, useState } from 'react';
import { Modal } from '../ui/Modal.tsx';
import { toast } from '../ui/toasts.tsx';
import { shareApi, type Team } from '../api/share.ts';
import type { ProjectSession } from '../project/types.ts';
import { saveToLibrary, type LibKind } from './save-to-library.ts';

export function SaveToLibrary({ session, kind, id, title, onClose }: { session: ProjectSession; kind: LibKind; id: string; title: string; onClose: () => void }) {
  const [scope, setScope] = useState<'0' | '1' | '3'>('0');
  const [teams, setTeams] = useState<Team[]>([]);
  const [team, setTeam] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  useEffect(() => {
    shareApi.teams().then((t) => { setTeams(t); setTeam(t[0]?.uuid ?? ''); }, () => setTeams([]));
  }, []);
  const save = async () => {
    setBusy(true);
    setError('');
    try {
      await saveToLibrary(session, kind, id, { owner: Number(scope) as 0 | 1 | 3, team: scope === '1' ? team : undefined });
      toast(`"${title}" saved to ${scope === '0' ? 'your library' : scope === '1' ? 'the team library' : 'the public library'}`, 'success', 4000);
      onClose();
    } catch (e) {
      setError((e as Error).message);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal title="Save to library" onClose={onClose} testId="save-to-library"
      footer={<>
        <button type="button" className="btn" onClick={onClose}>Cancel</button>
        <button type="button" className="btn primary" disabled={busy || (scope === '1' && !team)} onClick={() => void save()}>{busy ? 'Saving…' : 'Save'}</button>
      </>}>
      <p className="small">Save <strong>{title}</strong>{kind === 'devices' ? ' with its symbol and footprint' : ''} to a library, to use it in any project.</p>
      <label className="field">
        <span>Library</span>
        <select className="cp-select" aria-label="Library scope" value={scope} onChange={(e) => setScope(e.target.value as '0' | '1' | '3')}>
          <option value="0">My library (personal)</option>
          <option value="1" disabled={!teams.length}>Team library{teams.length ? '' : ' (no team)'}</option>
          <option value="3">Public library</option>
        </select>
      </label>
      {scope === '1' && (
        <label className="field">
          <span>Team</span>
          <select className="cp-select" aria-label="Team" value={team} onChange={(e) => setTeam(e.target.value)}>
            {teams.map((t) => <option key={t.uuid} value={t.uuid}>{t.name}</option>)}
          </select>
        </label>
      )}
      {error && <p className="form-error small" role="alert">{error}</p>}
    </Modal>
  );
}
