/** The start page (issue 4 §1, UI-4): create a project, import an archive, recent projects. */
import { useEffect, useState, type FormEvent } from 'react';
import { api, type TrashEntry } from '../api/api.ts';
import { versionsApi } from '../api/versions.ts';
import { ConfirmDialog } from '../dialogs/ConfirmDialog.tsx';
import { PromptDialog } from '../dialogs/PromptDialog.tsx';
import type { RecentEntry, User } from '../api/schemas.ts';
import { formatTime, recentProjects } from '../lib/recent.ts';
import { toast, toastError } from './toasts.tsx';
import { writeZip } from '@copperplate/format';
import { TeamSwitch } from './TeamSwitch.tsx';
import { inWorkspace, loadWorkspace, saveWorkspace, type Workspace } from '../lib/workspace.ts';

/** Accepted by the import: .epro/.epro2/.elib archives, zips (also of a KiCad project folder) and KiCad files. */
export const IMPORT_ACCEPT = '.epro,.zip,.elib,.epro2,.kicad_pro,.kicad_pcb,.kicad_sch,.kicad_sym,.kicad_mod';

/** Several KiCad files picked together (a project's .kicad_pro, .kicad_pcb, sheets...) travel as one zip. */
export async function kicadFilesAsZip(files: File[]): Promise<File> {
  const entries: [string, Uint8Array][] = [];
  for (const f of files) entries.push([f.name, new Uint8Array(await f.arrayBuffer())]);
  const pro = files.find((f) => /\.kicad_pro$/i.test(f.name)) ?? files.find((f) => /\.kicad_(pcb|sch)$/i.test(f.name)) ?? files[0];
  const stem = pro.name.replace(/\.[^.]+$/, '');
  return new File([writeZip(entries) as Uint8Array<ArrayBuffer>], `${stem}.zip`, { type: 'application/zip' });
}

export interface StartPageProps {
  user: User;
  onOpen: (uuid: string) => void;
  onImport: (file: File) => void;
  reloadKey: number;
}

export function ImportButton({ onImport, className = 'btn' }: { onImport: (f: File) => void; className?: string }) {
  return (
    <label
      className={`${className} file-btn`}
      role="button"
      tabIndex={0}
      title="Import a project archive (.epro, .epro2), or a KiCad project (a zip of its folder, or its files)"
      onKeyDown={(e) => {
        if (e.key === 'Enter' || e.key === ' ') {
          e.preventDefault();
          e.currentTarget.querySelector('input')?.click();
        }
      }}
    >
      Import
      <input
        type="file"
        tabIndex={-1}
        aria-hidden="true"
        accept={IMPORT_ACCEPT}
        multiple
        className="visually-hidden"
        onChange={(e) => {
          const files = [...(e.target.files ?? [])];
          e.target.value = '';
          if (files.length === 1) onImport(files[0]);
          else if (files.length > 1) kicadFilesAsZip(files).then(onImport, toastError);
        }}
      />
    </label>
  );
}

export function StartPage({ user, onOpen, onImport, reloadKey }: StartPageProps) {
  const [list, setList] = useState<RecentEntry[] | null>(null);
  const [title, setTitle] = useState('');
  /** ENT-3: a building-block (reuse block) project; its board is named board1. */
  const [cbb, setCbb] = useState(false);
  /** Building-block projects: not in the recent list (UI-4), listed apart. */
  const [blocks, setBlocks] = useState<RecentEntry[]>([]);
  /** Personal or a team/organisation: the list shows its projects, new projects go into it. */
  const [workspace, setWorkspace] = useState<Workspace>(() => loadWorkspace());
  const [all, setAll] = useState<RecentEntry[] | null>(null);
  const switchTo = (ws: Workspace) => (setWorkspace(ws), saveWorkspace(ws));
  const [busy, setBusy] = useState(false);
  const [trash, setTrash] = useState<TrashEntry[]>([]);
  const [renaming, setRenaming] = useState<RecentEntry | null>(null);
  const [deleting, setDeleting] = useState<RecentEntry | null>(null);
  const [again, setAgain] = useState(0);
  const reload = () => setAgain((n) => n + 1);
  useEffect(() => {
    api.recent().then((l) => (setAll(recentProjects(l, user.uuid)), setBlocks(l.filter((e) => e.cbb_project === true))), (e) => (setAll([]), toastError(e)));
    api.trash().then(setTrash, () => setTrash([]));
  }, [user.uuid, reloadKey, again]);
  useEffect(() => setList(all && all.filter((e) => inWorkspace(e, workspace))), [all, workspace]);
  const owns = (p: RecentEntry) => (p.owner as { uuid?: string } | undefined)?.uuid === user.uuid;
  const restore = (t: TrashEntry) =>
    api.restore(t.projectId).then((r) => (toast(`Restored "${r.projectName}"`, 'success', 3000), reload()), toastError);
  const purge = (t: TrashEntry) => api.purge(t.projectId).then(() => (toast(`"${t.projectName}" deleted for good`, 'success', 3000), reload()), toastError);
  async function create(e: FormEvent) {
    e.preventDefault();
    if (!title.trim()) return;
    setBusy(true);
    try {
      const p = await api.create(title.trim(), '', cbb, workspace ?? undefined);
      onOpen(p.uuid);
    } catch (err) {
      toastError(err);
    } finally {
      setBusy(false);
    }
  }
  return (
    <main className="start">
      <section className="start-actions" aria-label="Start">
        <h1>Start</h1>
        <TeamSwitch value={workspace} onChange={switchTo} />
        <form className="create-form" onSubmit={create} aria-label="New project">
          <label className="field">
            <span>Project name</span>
            <input name="title" value={title} maxLength={128} onChange={(e) => setTitle(e.target.value)} placeholder="e.g. Power supply rev B" />
          </label>
          <label className="check">
            <input type="checkbox" checked={cbb} onChange={(e) => setCbb(e.target.checked)} /> Building block (reuse block)
          </label>
          <button type="submit" className="btn primary" disabled={busy || !title.trim()}>
            Create project
          </button>
        </form>
        <div className="import-row">
          <ImportButton onImport={onImport} />
          <span className="muted small">EasyEDA Pro project archive (.epro, .epro2), or a KiCad project: a zip of its folder, or its files (.kicad_pro, .kicad_pcb, .kicad_sch...)</span>
        </div>
        <p className="small"><a href="#/library">Your library</a> <span className="muted">— the symbols, footprints and devices you saved: edit them there</span></p>
        <dl className="shortcuts" aria-label="Keyboard shortcuts">
          <dt>F2</dt>
          <dd>Rename the open document</dd>
          <dt>Ctrl+S</dt>
          <dd>Sync with the cloud now</dd>
          <dt>Ctrl+Shift+E</dt>
          <dd>Export (.epro)</dd>
          <dt>Ctrl+Shift+B</dt>
          <dd>Backups</dd>
          <dt>Ctrl+PgUp / PgDn</dt>
          <dd>Switch tabs</dd>
        </dl>
      </section>
      <section className="recent" aria-label="Recent projects">
        <h2>Recent projects</h2>
        {list === null ? (
          <p className="muted">Loading…</p>
        ) : list.length === 0 ? (
          <p className="muted empty">No projects yet. Create one or import an .epro archive.</p>
        ) : (
          <table className="grid">
            <thead>
              <tr>
                <th>Name</th>
                <th>Last opened</th>
                <th>Updated</th>
                <th>
                  <span className="visually-hidden">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {list.map((p) => (
                <tr key={p.projectId}>
                  <td>
                    <button type="button" className="link" onClick={() => onOpen(p.projectId)}>
                      {p.projectName}
                    </button>
                  </td>
                  <td className="mono">{formatTime(p.timeOfOpenProject)}</td>
                  <td className="mono">{formatTime(p.updateTime)}</td>
                  <td className="row-actions">
                    <button type="button" className={`btn small icon${p.stick ? ' on' : ''}`} aria-pressed={p.stick === true} aria-label={`${p.stick ? 'Unpin' : 'Pin'} ${p.projectName}`} title={p.stick ? 'Unpin from the top of the list' : 'Pin to the top of the list'} onClick={() => void versionsApi.mark(p.projectId, p.stick ? 'unstick' : 'stick').then(reload, toastError)}>
                      {p.stick ? '📌' : '📍'}
                    </button>
                    <button type="button" className={`btn small icon${p.star ? ' on' : ''}`} aria-pressed={p.star === true} aria-label={`${p.star ? 'Unstar' : 'Star'} ${p.projectName}`} title={p.star ? 'Remove the star' : 'Star this project'} onClick={() => void versionsApi.mark(p.projectId, p.star ? 'unstar' : 'star').then(reload, toastError)}>
                      {p.star ? '★' : '☆'}
                    </button>
                    {owns(p) && (
                      <>
                        <button type="button" className="btn small" aria-label={`Rename ${p.projectName}`} onClick={() => setRenaming(p)}>
                          Rename
                        </button>
                        <button type="button" className="btn small danger" aria-label={`Delete ${p.projectName}`} onClick={() => setDeleting(p)}>
                          Delete
                        </button>
                      </>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
        {blocks.length > 0 && (
          <section className="blocks" aria-label="Building blocks">
            <h2>Building blocks</h2>
            <ul className="block-list">
              {blocks.map((b) => (
                <li key={b.projectId}>
                  <button type="button" className="btn small" onClick={() => onOpen(b.projectId)}>
                    {b.projectName}
                  </button>
                </li>
              ))}
            </ul>
          </section>
        )}
        {trash.length > 0 && (
          <section className="trash" aria-label="Trash">
            <h2>Trash</h2>
            <p className="muted small">Deleted projects are kept for 30 days, then deleted for good.</p>
            <table className="grid">
              <thead>
                <tr>
                  <th>Name</th>
                  <th>Deleted</th>
                  <th>Deleted for good on</th>
                  <th>
                    <span className="visually-hidden">Actions</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {trash.map((t) => (
                  <tr key={t.projectId}>
                    <td>{t.projectName}</td>
                    <td className="mono">{formatTime(t.trashedAt)}</td>
                    <td className="mono">{formatTime(t.purgeAt)}</td>
                    <td className="row-actions">
                      <button type="button" className="btn small" aria-label={`Restore ${t.projectName}`} onClick={() => void restore(t)}>
                        Restore
                      </button>
                      <button type="button" className="btn small danger" aria-label={`Delete ${t.projectName} for good`} onClick={() => void purge(t)}>
                        Delete for good
                      </button>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </section>
        )}
      </section>
      {renaming && (
        <PromptDialog
          title="Rename project"
          label="Name"
          okText="Rename"
          initial={renaming.projectName}
          onOk={async (v) => {
            await api.update(renaming.projectId, { title: v });
            setRenaming(null);
            reload();
          }}
          onClose={() => setRenaming(null)}
        />
      )}
      {deleting && (
        <ConfirmDialog
          title="Delete project"
          message={`Move the project "${deleting.projectName}" to the trash? It can be restored for 30 days.`}
          okText="Delete"
          onOk={() => api.remove(deleting.projectId).then(() => (setDeleting(null), reload()))}
          onClose={() => setDeleting(null)}
        />
      )}
    </main>
  );
}
