/** Opens a project session for the route's uuid and shows the editor frame ('open project...'). */
import { useEffect, useState } from 'react';
import type { ParsedMode } from '@copperplate/model';
import { afterLogin, isNoPermission, isNotLoggedIn } from '../api/http.ts';
import type { EngineHooks } from './sync-session.ts';
import { PROGRESS } from '../lib/messages.ts';
import { Modal } from '../ui/Modal.tsx';
import { Progress } from '../ui/Progress.tsx';
import { EditorFrame } from './EditorFrame.tsx';
import { openSession, releaseSession } from './open.ts';
import type { ProjectSession } from './types.ts';

export function ProjectPage({ uuid, mode, modeString, hooks, readOnly, onSession, onHome, onSaveAsCloud }: {
  uuid: string;
  mode: ParsedMode;
  modeString: string;
  hooks: EngineHooks;
  readOnly: boolean;
  onSession: (s: ProjectSession | null) => void;
  onHome: () => void;
  onSaveAsCloud: () => void;
}) {
  const [session, setSession] = useState<ProjectSession | null>(null);
  const [error, setError] = useState<{ message: string; noPermission: boolean } | null>(null);
  const [share, setShare] = useState(0);
  useEffect(() => {
    let live = true;
    setSession(null);
    setError(null);
    const fail = (err: unknown) => live && setError({ message: (err as Error).message, noPermission: isNoPermission(err) });
    const open = (): void => {
      openSession(uuid, readOnly, modeString, hooks, (s) => live && setShare(s))
        .then((s) => {
          if (!live) return;
          setSession(s);
          onSession(s);
        })
        .catch((err) => {
          if (!live) return;
          // PERM-2: a 401 while the project opens (the session ended meanwhile) opens the login, and
          // the open goes on once the user has logged in; closing the login without it shows the error
          if (isNotLoggedIn(err)) return void afterLogin().then(() => live && open(), fail);
          fail(err);
        });
    };
    open();
    return () => {
      live = false;
      onSession(null);
      releaseSession(uuid, readOnly);
    };
  }, [uuid, readOnly]);
  if (error) {
    return (
      <Modal
        title={error.noPermission ? 'No permission' : 'Open project'}
        width={460}
        onClose={onHome}
        footer={
          <>
            {error.noPermission && (
              <button type="button" className="btn primary" onClick={onSaveAsCloud}>
                Save as Cloud
              </button>
            )}
            <button type="button" className="btn" onClick={onHome}>
              Back to start
            </button>
          </>
        }
      >
        <p role="alert">{error.message}</p>
      </Modal>
    );
  }
  if (!session) {
    return (
      <div className="opening">
        <Progress message={PROGRESS.OPEN_PROJECT} share={share} />
      </div>
    );
  }
  return <EditorFrame session={session} mode={mode} />;
}
