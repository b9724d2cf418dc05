/**
 * Share (issue 14 part 4): the project's members with their roles (owner, member, read-only), invite
 * by user name, change a role or remove a member; move the project into a team (its members get
 * access: team read-only -> read-only, else member), make a team; the read-only link (the project
 * becomes readable by any logged-in user who has the link; the app opens it read-only).
 * Only the owner changes anything; the others see the list.
 */
import { useEffect, useState, type FormEvent } from 'react';
import { SCOPE, readOnlyLink, shareApi, type ShareDetail, type Team } from '../api/share.ts';
import { Modal } from '../ui/Modal.tsx';
import { toast, toastError } from '../ui/toasts.tsx';

const ROLE_NAMES: Record<string, string> = { owner: 'Owner', member: 'Member', readonly: 'Read-only' };

export function ShareDialog({ projectUuid, onClose }: { projectUuid: string; onClose: () => void }) {
  const [detail, setDetail] = useState<ShareDetail | null>(null);
  const [teams, setTeams] = useState<Team[]>([]);
  const [name, setName] = useState('');
  const [role, setRole] = useState<'member' | 'readonly'>('member');
  const [teamName, setTeamName] = useState('');
  const [teamInvite, setTeamInvite] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  const reload = () => Promise.all([shareApi.detail(projectUuid).then(setDetail), shareApi.teams().then(setTeams)]).catch(toastError);
  useEffect(() => void reload(), [projectUuid]);

  const owner = detail?.role === 'owner';
  const run = async (fn: () => Promise<unknown>, done?: string) => {
    setBusy(true);
    setError('');
    try {
      await fn();
      await reload();
      if (done) toast(done, 'success', 3000);
    } catch (err) {
      setError((err as Error).message);
    } finally {
      setBusy(false);
    }
  };
  const invite = (e: FormEvent) => {
    e.preventDefault();
    const u = name.trim();
    if (u) void run(() => shareApi.setMember(projectUuid, u, role), `${u} invited`).then(() => setName(''));
  };
  const team = teams.find((t) => t.uuid === detail?.team_uuid);
  const isPublic = detail?.scope === SCOPE.public;
  const link = readOnlyLink(projectUuid);

  return (
    <Modal title="Share" width={560} onClose={onClose} testId="share-dialog">
      {!detail ? (
        <p className="muted">Loading…</p>
      ) : (
        <>
          <table className="share-table" aria-label="Members">
            <tbody>
              {(detail.members ?? []).map((m) => (
                <tr key={m.uuid} data-testid="share-member">
                  <td>{m.nickname}{m.username && m.username !== m.nickname ? <span className="muted"> ({m.username})</span> : null}</td>
                  <td>
                    {owner && m.role !== 'owner' && m.username ? (
                      <select aria-label={`Role of ${m.nickname}`} value={m.role} disabled={busy} onChange={(e) => void run(() => shareApi.setMember(projectUuid, m.username!, e.target.value as 'member' | 'readonly'))}>
                        <option value="member">Member</option>
                        <option value="readonly">Read-only</option>
                      </select>
                    ) : (
                      <span>{ROLE_NAMES[m.role] ?? m.role}</span>
                    )}
                  </td>
                  <td>
                    {owner && m.role !== 'owner' && m.username && (
                      <button type="button" className="btn small" disabled={busy} onClick={() => void run(() => shareApi.setMember(projectUuid, m.username!, 'none'), `${m.nickname} removed`)}>
                        Remove
                      </button>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
          {owner && (
            <form className="share-row" onSubmit={invite} aria-label="Invite">
              <input type="text" aria-label="User name" placeholder="User name" value={name} onChange={(e) => setName(e.target.value)} />
              <select aria-label="Role" value={role} onChange={(e) => setRole(e.target.value as 'member' | 'readonly')}>
                <option value="member">Member</option>
                <option value="readonly">Read-only</option>
              </select>
              <button type="submit" className="btn primary" disabled={busy || !name.trim()}>
                Invite
              </button>
            </form>
          )}

          <div className="share-section">
            <h3>Team</h3>
            <p className="muted small" data-testid="share-team">{team ? `In the team ${team.name}: its members have access.` : detail.scope === SCOPE.team ? 'In a team.' : 'Personal project.'}</p>
            {owner && (
              <div className="share-row">
                <select aria-label="Team" value={detail.scope === SCOPE.team ? (detail.team_uuid ?? '') : ''} disabled={busy}
                  onChange={(e) => void run(() => (e.target.value ? shareApi.setScope(projectUuid, SCOPE.team, e.target.value) : shareApi.setScope(projectUuid, SCOPE.personal)), 'Project moved')}>
                  <option value="">No team (personal)</option>
                  {teams.filter((t) => t.role !== 'readonly').map((t) => <option key={t.uuid} value={t.uuid}>{t.name}</option>)}
                </select>
                <input type="text" aria-label="New team name" placeholder="New team" value={teamName} onChange={(e) => setTeamName(e.target.value)} />
                <button type="button" className="btn" disabled={busy || !teamName.trim()} onClick={() => void run(() => shareApi.createTeam(teamName.trim()), 'Team created').then(() => setTeamName(''))}>
                  Create team
                </button>
              </div>
            )}
            {team && team.role === 'owner' && (
              <div className="share-row">
                <input type="text" aria-label="Team member name" placeholder="Add to the team (user name)" value={teamInvite} onChange={(e) => setTeamInvite(e.target.value)} />
                <button type="button" className="btn" disabled={busy || !teamInvite.trim()} onClick={() => void run(() => shareApi.addTeamMember(team.uuid, teamInvite.trim(), 'member'), `${teamInvite.trim()} added to ${team.name}`).then(() => setTeamInvite(''))}>
                  Add to team
                </button>
                <span className="muted small">{(team.members ?? []).map((m) => m.nickname).join(', ')}</span>
              </div>
            )}
          </div>

          <div className="share-section">
            <h3>Read-only link</h3>
            <label className="share-row">
              <input type="checkbox" aria-label="Anyone logged in with the link can view" checked={isPublic} disabled={!owner || busy}
                onChange={(e) => void run(() => shareApi.setScope(projectUuid, e.target.checked ? SCOPE.public : team ? SCOPE.team : SCOPE.personal, e.target.checked ? undefined : team?.uuid))} />
              Anyone logged in with the link can view
            </label>
            {isPublic && (
              <div className="share-row">
                <input type="text" readOnly aria-label="Read-only link" value={link} onFocus={(e) => e.target.select()} />
                <button type="button" className="btn" onClick={() => void navigator.clipboard?.writeText(link).then(() => toast('Link copied', 'info', 3000), () => toast('Select the link and copy it', 'info', 3000))}>
                  Copy
                </button>
              </div>
            )}
          </div>
          {error && <p role="alert" className="error">{error}</p>}
        </>
      )}
    </Modal>
  );
}
