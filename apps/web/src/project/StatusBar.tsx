/** The status bar (issue 4 §5): sync status (saved, uploading, offline), mode, read-only, version. */
import type { ParsedMode } from '@copperplate/model';
import type { ProjectSession } from './types.ts';

export function statusText(status: string, pending: number, online: boolean): string {
  if (!online || status === 'offline') return pending ? `Offline · ${pending} change${pending === 1 ? '' : 's'} kept locally` : 'Offline';
  if (status === 'conflict') return 'Not uploaded: the cloud version changed';
  if (status === 'uploading') return `Uploading… (${pending})`;
  if (status === 'loading') return 'Loading…';
  if (status === 'error') return 'Sync error';
  return 'Saved';
}

export function StatusBar({ session, mode, online }: { session: ProjectSession; mode: ParsedMode; online: boolean }) {
  const st = session.state();
  const shown = !online ? 'offline' : st.status;
  const snap = session.snapshot();
  const editors = [mode.editors.sch && 'SCH', mode.editors.pcb && 'PCB', mode.editors.panel && 'PANEL'].filter(Boolean).join(' · ');
  return (
    <footer className="statusbar" aria-label="Status">
      <span className={`sync sync-${shown}`} role="status" data-testid="sync-status" data-status={shown} title={st.message}>
        <span className="dot" aria-hidden="true" />
        {statusText(st.status, st.pending, online)}
      </span>
      {session.readOnly && <span className="ro">Read-only</span>}
      <span className="spacer" />
      <span title="Editors available in this mode">{editors}</span>
      <span title="Project version (g_ticket)">v{snap.detail.g_ticket}</span>
      <span>{snap.detail.modifier?.nickname ? `Last change: ${snap.detail.modifier.nickname}` : ''}</span>
    </footer>
  );
}
