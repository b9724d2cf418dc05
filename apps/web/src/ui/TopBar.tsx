/** The dark top bar: brand, breadcrumb, project actions, user and log out. */
import { useEffect, useRef, type ReactNode } from 'react';
import type { User } from '../api/schemas.ts';

export interface TopAction {
  label: string;
  title: string;
  onClick: () => void;
  /** Ctrl/Cmd + Shift + key shortcut. */
  key?: string;
}

export function TopBar({ user, projectTitle, readOnly, actions, importButton, onHome, onLogout }: {
  user: User;
  projectTitle: string | null;
  readOnly: boolean;
  actions: TopAction[];
  importButton: ReactNode;
  onHome: () => void;
  onLogout: () => void;
}) {
  // The listener lives as long as the bar and reads the actions of the last render: a shortcut pressed
  // as soon as a project shows works (a listener re-added in an effect after each render missed a key
  // pressed between the paint and the effect, and the action, the Backups of [PERM-2], never opened)
  const current = useRef(actions);
  current.current = actions;
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (!(e.ctrlKey || e.metaKey) || !e.shiftKey) return;
      const a = current.current.find((x) => x.key && x.key === e.key.toLowerCase());
      if (a) {
        e.preventDefault();
        a.onClick();
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);
  return (
    <header className="topbar">
      <button type="button" className="brand" onClick={onHome} aria-label="Copperplate start page">
        <img src="/favicon.svg" alt="" width={18} height={18} />
        <span>Copperplate</span>
      </button>
      <nav className="crumbs" aria-label="Breadcrumb">
        <button type="button" className="crumb" onClick={onHome}>
          Start
        </button>
        {projectTitle !== null && (
          <>
            <span className="sep" aria-hidden="true">
              /
            </span>
            <span className="crumb current" data-testid="project-title">
              {projectTitle}
            </span>
            {readOnly && <span className="badge ro">Read-only</span>}
          </>
        )}
      </nav>
      <div className="tb-actions">
        {importButton}
        {actions.map((a) => (
          <button key={a.label} type="button" className="tb-btn" onClick={a.onClick} title={a.key ? `${a.title} (Ctrl+Shift+${a.key.toUpperCase()})` : a.title}>
            {a.label}
          </button>
        ))}
      </div>
      <div className="tb-user">
        <span className="avatar" aria-hidden="true">
          {(user.nickname || user.username).slice(0, 1).toUpperCase()}
        </span>
        <span className="uname">{user.nickname || user.username}</span>
        <button type="button" className="tb-btn" onClick={onLogout}>
          Log out
        </button>
      </div>
    </header>
  );
}
