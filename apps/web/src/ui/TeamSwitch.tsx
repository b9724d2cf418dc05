/** The workspace switch of the start page: personal, or one of the caller's teams and organisations. */
import { useEffect, useState } from 'react';
import { shareApi, type Team } from '../api/share.ts';
import type { Workspace } from '../lib/workspace.ts';

export function TeamSwitch({ value, onChange }: { value: Workspace; onChange: (ws: Workspace) => void }) {
  const [teams, setTeams] = useState<Team[]>([]);
  useEffect(() => {
    shareApi.teams().then(setTeams, () => setTeams([]));
  }, []);
  if (teams.length === 0 && value === null) return null;
  return (
    <label className="field team-switch">
      <span>Workspace</span>
      <select aria-label="Workspace" value={value ?? ''} onChange={(e) => onChange(e.target.value || null)}>
        <option value="">Personal</option>
        {teams.map((t) => (
          <option key={t.uuid} value={t.uuid}>
            {t.kind === 'organisation' ? 'Organisation' : 'Team'}: {t.name}
          </option>
        ))}
      </select>
    </label>
  );
}
