/** Insert building block… (issue 17 part 5): pick one of the user's building blocks; the frame inserts it as a new board. */
import { useEffect, useState } from 'react';
import { api } from '../api/api.ts';
import type { RecentEntry } from '../api/schemas.ts';
import { usableBlocks } from '../project/building-block.ts';
import { Modal } from '../ui/Modal.tsx';
import { toastError } from '../ui/toasts.tsx';

export function BuildingBlockDialog({ project, onPick, onClose }: { project: string; onPick: (block: RecentEntry) => void; onClose: () => void }) {
  const [list, setList] = useState<RecentEntry[] | null>(null);
  useEffect(() => void api.recent().then((l) => setList(usableBlocks(l, project)), (e) => (setList([]), toastError(e))), [project]);
  return (
    <Modal title="Insert building block" width={520} onClose={onClose} testId="building-block-dialog">
      {list === null ? (
        <p className="muted">Loading…</p>
      ) : list.length === 0 ? (
        <p className="muted empty">No building blocks yet. Create one on the start page (Building block).</p>
      ) : (
        <ul className="plain-list" aria-label="Building blocks">
          {list.map((b) => (
            <li key={b.projectId}>
              <span>{b.projectName}</span>{' '}
              <button type="button" className="btn small" aria-label={`Insert ${b.projectName}`} onClick={() => onPick(b)}>
                Insert
              </button>
            </li>
          ))}
        </ul>
      )}
    </Modal>
  );
}
