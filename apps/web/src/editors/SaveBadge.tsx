/** The editor's save state in its status line: saved locally and handed to sync, pending, error. */
import type { DocSync } from './doc-sync.ts';

const TEXT = { saved: 'Saved', pending: 'Editing…', saving: 'Saving…', error: 'Not saved' } as const;

export function SaveBadge({ sync }: { sync: DocSync }) {
  if (sync.readOnly) return <span className="muted">Read-only</span>;
  return (
    <span className={`cp-save cp-save-${sync.state}`} data-testid="editor-save" data-state={sync.state} title={sync.error || undefined}>
      {TEXT[sync.state]}
    </span>
  );
}
