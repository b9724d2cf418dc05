/** The workspace switch of the start page: personal, or one of the caller's teams and organisations. */
import { useEffect, useState } from 'react';
import { shareApi, type Team } from '../api/share.ts';
import type { Workspace } from '../lib/workspace.ts';

export function TeamSwitch({ value, onChange }: { value: Workspace; onChange: (ws: Workspace) => void }) {
  const [teams, setTeams] = useState<Team[]>([]);
  const [loaded, setLoaded] = useState(false);
  useEffect(() => {
    shareApi.teams().then(setTeams, () => setTeams([])).finally(() => setLoaded(true));
  }, []);
  // The chosen workspace shows as chosen from the first frame: before the team list arrives the select
  // had no option for it and read as Personal while the page listed the team's projects
  const unlisted = value !== null && !teams.some((t) => t.uuid === value);
  if (teams.length === 0 && value === null) return null;
  return (
    <label className="field team-switch">
      <span>Workspace</span>
      <select aria-label="Workspace" value={value ?? ''} onChange={(e) => onChange(e.target.value || null)}>
        <option value="">Personal</option>
        {unlisted && <option value={value}>{loaded ? 'Workspace no longer available' : 'Loading…'}</option>}
        {teams.map((t) => (
          <option key={t.uuid} value={t.uuid}>
            {t.kind === 'organisation' ? 'Organisation' : 'Team'}: {t.name}
          </option>
        ))}
      </select>
    </label>
  );
}
