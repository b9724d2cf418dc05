/** The app shell: session user, routes (#/ start, #/project/<uuid>, #/library[/<uuid>]), top bar, dialogs, toasts. */
import { useCallback, useEffect, useMemo, useRef, useState, useSyncExternalStore } from 'react';
import { CODES, NAMED_ERRORS, messageForCode } from '@copperplate/model';
import { api } from '../api/api.ts';
import { ApiError, NETWORK_CODE, loginAbandoned, onUnauthorized, request } from '../api/http.ts';
import { rememberUser, rememberedUser } from '../lib/user.ts';
import type { User } from '../api/schemas.ts';
import { BackupsDialog } from '../dialogs/BackupsDialog.tsx';
import { VersionsDialog } from '../dialogs/VersionsDialog.tsx';
import { ShareDialog } from '../dialogs/ShareDialog.tsx';
import { ImportDialog } from '../dialogs/ImportDialog.tsx';
import { ReimportDialog } from '../dialogs/ReimportDialog.tsx';
import { FabricationDialog } from '../dialogs/FabricationDialog.tsx';
import { PromptDialog } from '../dialogs/PromptDialog.tsx';
import { downloadFileName, saveBytes } from '../lib/download.ts';
import { currentMode, currentModeString, currentReadOnly } from '../lib/env.ts';
import { browserClock, desktopClient, type EngineHooks } from '../project/sync-session.ts';
import { startNotificationCheck, startUpdateCheck } from '../lib/checks.ts';
import { startCloudClipboard } from '../lib/cloud-clipboard.ts';
import { loadKicadFont } from '../lib/kicad-font.ts';
import { PROGRESS, RESULT } from '../lib/messages.ts';
import { ProjectPage } from '../project/ProjectPage.tsx';
import { LibraryEditPage, LibraryPage } from '../library/LibraryEditPage.tsx';
import type { ProjectSession } from '../project/types.ts';
import { LoginForm, LoginPage } from './LoginForm.tsx';
import { Modal } from './Modal.tsx';
import { Progress } from './Progress.tsx';
import { StartPage, ImportButton } from './StartPage.tsx';
import { TopBar } from './TopBar.tsx';
import { Toasts, toast, toastError } from './toasts.tsx';

function useHash(): string {
  return useSyncExternalStore(
    (fn) => (window.addEventListener('hashchange', fn), () => window.removeEventListener('hashchange', fn)),
    () => window.location.hash,
  );
}
export const go = (path: string) => {
  window.location.hash = path;
};

type Dialog =
  | { kind: 'import'; file: File }
  | { kind: 'reimport'; file: File }
  | { kind: 'progress'; message: string; share: number }
  | { kind: 'saveAs'; copy: boolean }
  | { kind: 'openNew'; uuid: string; question: string }
  | { kind: 'backups' }
  | { kind: 'versions' }
  | { kind: 'share' }
  | { kind: 'fab' }
  | { kind: 'saveLocal'; path: string }
  | null;

export function App() {
  const [user, setUser] = useState<User | null | undefined>(undefined);
  const [needLogin, setNeedLogin] = useState(false);
  const [dialog, setDialog] = useState<Dialog>(null);
  const [session, setSession] = useState<ProjectSession | null>(null);
  const [reloadKey, setReloadKey] = useState(0);
  /** The file picker of Reimport… (IMP-2). */
  const reimportInput = useRef<HTMLInputElement>(null);
  const hash = useHash();
  const mode = useMemo(() => currentMode(), []);
  const modeString = useMemo(() => currentModeString(), []);
  const [noPermission, setNoPermission] = useState<string | null>(null);
  const hooks = useMemo<EngineHooks>(
    () => ({
      onToast: (m) => toast(m, 'error'),
      onDbWarning: (m) => toast(m, 'error', 15000),
      onNoPermission: (m) => setNoPermission(m),
    }),
    [],
  );
  const readOnly = useMemo(() => currentReadOnly(), []);
  const projectUuid = /^#\/project\/([^/?#]+)/.exec(hash)?.[1] ?? null;
  // #/library: the user's library; #/library/<uuid>: one of its parts in its editor (no project)
  const libMatch = /^#\/library(?:\/([^/?#]+))?\/?$/.exec(hash);
  const libraryRoute = libMatch ? { uuid: libMatch[1] ?? '' } : null;

  useEffect(() => {
    api.me().then(
      (u) => (setUser(u), rememberUser(u)),
      // offline: keep working with the last user of this browser (projects open from the local cache)
      (err) => setUser(err instanceof ApiError && err.code === NETWORK_CODE ? rememberedUser() : null),
    );
    return onUnauthorized(() => setNeedLogin(true));
  }, []);

  // CONST-1: the notification check (120 s) and the update check (1 h) while someone is signed in
  const signedIn = !!user;
  useEffect(() => {
    if (!signedIn) return;
    void loadKicadFont(); // KiCad's glyphs for text of boards imported from KiCad (issue 15)
    const stops = [
      startNotificationCheck(browserClock, async () => (await request<{ count: number }>('GET', '/api/notifications/unread', { relogin: false })).count, (n) => {
        if (n > 0) toast(`${n} shared project${n === 1 ? '' : 's'} changed by others`, 'info');
      }),
      startUpdateCheck(browserClock, () => api.onlineVersion(), (v) => toast(`A new version (${v}) is available: reload the page to use it`, 'info', 30000)),
      startCloudClipboard(), // the clipboard across tabs and browsers of this user (client cache calls)
    ];
    return () => stops.forEach((stop) => stop());
  }, [signedIn]);

  const onImport = useCallback((file: File) => setDialog({ kind: 'import', file }), []);

  async function logout() {
    try {
      await api.logout();
    } catch (err) {
      toastError(err);
    }
    setUser(null);
    rememberUser(null);
    go('/');
  }

  async function exportProject() {
    if (!session) return;
    const d = session.snapshot().detail;
    const client = desktopClient();
    if (client) {
      // the desktop build: the file dialog proposes a path; the .epro is written from the local files (works offline)
      try {
        const { path } = await client.openSaveFileDlg(downloadFileName(d.cbb_project === true), false, [{ name: 'Project', extensions: ['epro'] }]);
        setDialog({ kind: 'saveLocal', path });
      } catch (err) {
        toastError(err);
      }
      return;
    }
    setDialog({ kind: 'progress', message: PROGRESS.SAVE_AS_LOCAL, share: 0 });
    try {
      // local edits first go to the cloud, whose archive is exported
      await session.refresh();
      const bytes = await api.exportEpro(d.uuid);
      // the download itself: 'DownLoad zip', the share of its 5 steps (CONST-3)
      setDialog({ kind: 'progress', message: PROGRESS.DOWNLOAD_ZIP, share: 0 });
      await saveBytes(bytes, downloadFileName(d.cbb_project === true), (s) => setDialog({ kind: 'progress', message: PROGRESS.DOWNLOAD_ZIP, share: s }));
      setDialog(null);
    } catch (err) {
      setDialog(null);
      toastError(err);
    }
  }

  async function saveLocal(path: string) {
    const client = desktopClient();
    if (!session || !client) return;
    setDialog({ kind: 'progress', message: PROGRESS.SAVE_AS_LOCAL, share: 0.3 });
    try {
      const r = await client.saveAsLocal(session.uuid, path);
      setDialog(null);
      toast(`Saved ${r.path}`, 'info');
    } catch (err) {
      setDialog(null);
      toastError(err);
    }
  }

  async function onlineBackup() {
    const client = desktopClient();
    if (!session || !client) return;
    try {
      await client.onlineBackup(session.uuid);
      toast('Online backup done', 'info');
    } catch (err) {
      toastError(err);
    }
  }

  async function saveAs(title: string, copy: boolean) {
    if (!projectUuid) return;
    setDialog({ kind: 'progress', message: PROGRESS.SAVE_AS_CLOUD, share: 0.3 });
    try {
      await session?.refresh();
      const p = await api.copy(projectUuid, title);
      setReloadKey((k) => k + 1);
      setDialog({ kind: 'openNew', uuid: p.uuid, question: RESULT.OPEN_SAVED_AS });
    } catch (err) {
      setDialog(null);
      toast(copy ? `${NAMED_ERRORS.COPY_FAILED}${(err as Error).message}` : (err as Error).message);
    }
  }

  if (user === undefined) return <div className="opening muted">Loading…</div>;
  if (user === null) return (
    <>
      <LoginPage onDone={(u) => (setUser(u), rememberUser(u), setNeedLogin(false))} />
      <Toasts />
    </>
  );

  const title = session?.snapshot().detail.title;
  return (
    <div className="app">
      <TopBar
        user={user}
        projectTitle={projectUuid ? (title ?? '') : null}
        readOnly={session?.readOnly ?? readOnly}
        onHome={() => go('/')}
        onLogout={logout}
        actions={
          projectUuid && session
            ? [
                { label: 'Export', title: 'Save as local (.epro)', onClick: exportProject, key: 'e' },
                { label: 'Fabrication files…', title: 'Export > Fabrication files: Gerber, drill, BOM, pick-and-place', onClick: () => void session.refresh().catch(() => {}).then(() => setDialog({ kind: 'fab' })) },
                { label: 'Save as Cloud', title: 'Save as a new cloud project', onClick: () => setDialog({ kind: 'saveAs', copy: false }) },
                { label: 'Copy', title: 'Copy this project', onClick: () => setDialog({ kind: 'saveAs', copy: true }) },
                ...(session.readOnly ? [] : [{ label: 'Reimport…', title: 'Reimport an archive (.epro, .epro2, .zip) into this project: changed documents replaced, new ones added, the others kept; a backup is taken first', onClick: () => reimportInput.current?.click() }]),
                { label: 'Backups', title: 'Manual backups and restore', onClick: () => setDialog({ kind: 'backups' }), key: 'b' },
                { label: 'Versions…', title: 'Named versions of the project: save, switch, view and compare', onClick: () => setDialog({ kind: 'versions' }) },
                { label: 'Share…', title: 'Members and roles, invite by user name, team, read-only link', onClick: () => setDialog({ kind: 'share' }) },
                ...(desktopClient() ? [{ label: 'Online backup', title: 'Back up the local copy to the cloud (desktop client)', onClick: () => void onlineBackup() }] : []),
              ]
            : []
        }
        importButton={<ImportButton onImport={onImport} className="tb-btn" />}
      />
      {libraryRoute ? (
        libraryRoute.uuid ? <LibraryEditPage key={libraryRoute.uuid} uuid={libraryRoute.uuid} /> : <LibraryPage />
      ) : projectUuid ? (
        <ProjectPage uuid={projectUuid} mode={mode} modeString={modeString} hooks={hooks} readOnly={readOnly} onSession={setSession} onHome={() => go('/')} onSaveAsCloud={() => setDialog({ kind: 'saveAs', copy: false })} />
      ) : (
        <StartPage user={user} onOpen={(u) => go(`/project/${u}`)} onImport={onImport} reloadKey={reloadKey} />
      )}
      {dialog?.kind === 'import' && (
        <ImportDialog
          file={dialog.file}
          onOpen={(u) => (setDialog(null), go(`/project/${u}`))}
          onClose={() => (setDialog(null), setReloadKey((k) => k + 1))}
        />
      )}
      <input
        ref={reimportInput}
        type="file"
        tabIndex={-1}
        aria-hidden="true"
        accept=".epro,.epro2,.zip,.elib"
        className="visually-hidden"
        data-testid="reimport-file"
        onChange={(e) => {
          const f = e.target.files?.[0];
          e.target.value = '';
          if (f && projectUuid) setDialog({ kind: 'reimport', file: f });
        }}
      />
      {dialog?.kind === 'reimport' && projectUuid && (
        <ReimportDialog projectUuid={projectUuid} file={dialog.file} pull={() => session?.refresh() ?? Promise.resolve()} onClose={() => setDialog(null)} />
      )}
      {dialog?.kind === 'fab' && projectUuid && session && (
        <FabricationDialog
          projectUuid={projectUuid}
          pcbs={session.snapshot().detail.boards.filter((b) => b.pcb).map((b) => ({ uuid: b.pcb as string, name: b.name }))}
          onClose={() => setDialog(null)}
        />
      )}
      {dialog?.kind === 'progress' && (
        <Modal title="Please wait" closable={false} width={420}>
          <Progress message={dialog.message} share={dialog.share} />
        </Modal>
      )}
      {dialog?.kind === 'saveAs' && (
        <PromptDialog
          title={dialog.copy ? 'Copy Project' : 'Save as Cloud'}
          label="Project name"
          okText={dialog.copy ? 'Copy' : 'Save'}
          initial={`${title ?? 'Project'}${dialog.copy ? '_copy' : ''}`}
          onOk={(v) => saveAs(v, dialog.copy)}
          onClose={() => setDialog(null)}
        />
      )}
      {dialog?.kind === 'saveLocal' && (
        <PromptDialog title="Save as local" label="File" okText="Save" initial={dialog.path} onOk={(v) => saveLocal(v)} onClose={() => setDialog(null)} />
      )}
      {dialog?.kind === 'openNew' && (
        <Modal
          title="Save as"
          width={420}
          onClose={() => setDialog(null)}
          footer={
            <>
              <button type="button" className="btn primary" onClick={() => (setDialog(null), go(`/project/${dialog.uuid}`))}>
                Open
              </button>
              <button type="button" className="btn" onClick={() => setDialog(null)}>
                Cancel
              </button>
            </>
          }
        >
          <p>{dialog.question}</p>
        </Modal>
      )}
      {dialog?.kind === 'versions' && projectUuid && session && <VersionsDialog session={session} onClose={() => setDialog(null)} />}
      {dialog?.kind === 'share' && projectUuid && <ShareDialog projectUuid={projectUuid} onClose={() => setDialog(null)} />}
      {dialog?.kind === 'backups' && projectUuid && (
        <BackupsDialog
          projectUuid={projectUuid}
          readOnly={session?.readOnly ?? readOnly}
          onClose={() => setDialog(null)}
          onRestored={(u) => setDialog({ kind: 'openNew', uuid: u, question: RESULT.OPEN_SAVED_AS })}
        />
      )}
      {noPermission && (
        <Modal
          title="No permission"
          width={460}
          onClose={() => setNoPermission(null)}
          footer={
            <>
              <button type="button" className="btn primary" onClick={() => (setNoPermission(null), setDialog({ kind: 'saveAs', copy: false }))}>
                Save as Cloud
              </button>
              <button type="button" className="btn" onClick={() => setNoPermission(null)}>
                Cancel
              </button>
            </>
          }
        >
          <p role="alert">{noPermission}</p>
        </Modal>
      )}
      {needLogin && (
        <Modal title="Log in" width={380} onClose={() => (setNeedLogin(false), loginAbandoned())}>
          <LoginForm notice={messageForCode(CODES.NOT_LOGGED_IN)} onDone={(u) => (setUser(u), setNeedLogin(false))} />
        </Modal>
      )}
      <Toasts />
    </div>
  );
}
