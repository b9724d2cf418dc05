/**
 * `#/library/<uuid>`: a part of the user's own library opened in its editor without a project (issue
 * 16 part 3): a symbol in the symbol editor, a footprint in the footprint editor, a device as its
 * symbol and footprint (a tab each). Edits stay in the page (and a draft in this browser) until
 * **Save version** writes them back to the library as the part's next version (library-session.ts);
 * an earlier version can be opened and saved again as the next one.
 * `#/library`: the user's library (the user basic library list) with an Edit link per part.
 */
import { useEffect, useMemo, useState, useSyncExternalStore } from 'react';
import { DocumentEditor } from '../editors/DocumentEditor.tsx';
import { Painted } from '../project/Painted.tsx';
import { toast } from '../ui/toasts.tsx';
import { componentDetail, componentVersion, componentVersions, type LibVersion } from './library-api.ts';
import { useLibraryList } from './library-lists.ts';
import { LibrarySession, partsOf } from './library-session.ts';
import './library.css';

const KIND_NAME: Record<number, string> = { 2: 'symbol', 3: 'device', 4: 'footprint', 26: 'panel part' };

export function LibraryEditPage({ uuid }: { uuid: string }) {
  const [session, setSession] = useState<LibrarySession | null>(null);
  const [error, setError] = useState('');
  const [active, setActive] = useState('');
  const [saving, setSaving] = useState(false);
  const [gen, setGen] = useState(0); // a discard opens the documents again
  useEffect(() => {
    let live = true;
    setSession(null);
    setError('');
    componentDetail(uuid).then((d) => {
      if (!live) return;
      const parts = partsOf(d);
      if (!parts.length) { setError(d.type === 26 ? 'A panel part is edited in a panel: Place part, then Save as part' : 'This part has no symbol or footprint to edit'); return; }
      const s = new LibrarySession(d, parts);
      setSession(s);
      setActive(parts[0].detail.uuid);
    }, (e: Error) => live && setError(e.message));
    return () => { live = false; };
  }, [uuid]);
  const state = useSyncExternalStore(
    (fn) => session?.subscribe(fn) ?? (() => {}),
    () => session?.state(),
  );
  const parts = session?.editedParts() ?? [];
  const part = parts.find((p) => p.detail.uuid === active);
  // eslint-disable-next-line react-hooks/exhaustive-deps
  const item = useMemo(() => (part ? session!.snapshot().items[part.kind].get(part.detail.uuid) : undefined), [session, part, gen]);
  if (error) return <main className="cp-libpage"><p className="form-error" role="alert">{error}</p><a href="#/library">Your library</a></main>;
  if (!session || !part || !item) return <main className="cp-libpage muted">Opening the library part…</main>;
  const main = session.main;
  const save = async () => {
    setSaving(true);
    try {
      const done = await session.saveVersion();
      const v = [...done.values()];
      toast(v.length ? `Saved to the library as version ${v.join(', ')}` : 'No changes to save', 'success', 4000);
    } catch (e) {
      toast((e as Error).message, 'error', 8000);
    } finally {
      setSaving(false);
    }
  };
  return (
    <div className="doc cp-libedit" data-testid="library-edit" aria-label={`Library part ${main.title}`}>
      <div className="doc-head">
        <a href="#/library" className="btn small" title="Your library">Library</a>
        <h2 className="doc-title">{main.title}</h2>
        <span className="badge">{KIND_NAME[main.type] ?? 'part'} · {main.lib}</span>
        {parts.length > 1 && (
          <div className="seg" role="tablist" aria-label="Documents of the device">
            {parts.map((p) => (
              <button key={p.detail.uuid} type="button" role="tab" aria-selected={p.detail.uuid === active} className={p.detail.uuid === active ? 'on' : ''} onClick={() => setActive(p.detail.uuid)}>
                {p.kind === 'symbols' ? 'Symbol' : 'Footprint'}{session.changed(p.detail.uuid) ? ' •' : ''}
              </button>
            ))}
          </div>
        )}
        <span className="spacer" />
        <span className="muted small" data-testid="library-version">Version {part.base}</span>
        {!session.readOnly && <EarlierVersions key={`${part.detail.uuid}:${part.base}`} uuid={part.detail.uuid} onPick={(text) => void session.edit(part.kind, { ...item, dataStr: text }).then(() => setGen((g) => g + 1))} />}
        <span className="small" data-testid="library-edit-state" data-state={state?.status}>
          {session.readOnly ? 'Read-only (system library)' : state?.status === 'conflict' || state?.status === 'error' ? state.message : session.changed() ? 'Unsaved changes' : 'Saved in the library'}
        </span>
        {!session.readOnly && session.changed() && <button type="button" className="btn small" disabled={saving} onClick={() => { session.discard(); setGen((g) => g + 1); }} title="Drop the changes not saved to the library">Discard</button>}
        <button type="button" className="btn small primary" disabled={session.readOnly || saving || !session.changed()} onClick={() => void save()} title="Write the changes back to the library as the part's next version">
          {saving ? 'Saving…' : 'Save version'}
        </button>
      </div>
      <div className="doc-body">
        <DocumentEditor key={`${part.kind}:${part.detail.uuid}:${gen}`} session={session} kind={part.kind} item={item}
          fallback={<Painted kind={part.kind} item={item} items={session.snapshot().items} fallback={<p className="muted pad">This document cannot be drawn</p>} />} />
      </div>
    </div>
  );
}

/** The earlier versions of a document: one picked becomes the editor's content (Save version makes it the next version). */
function EarlierVersions({ uuid, onPick }: { uuid: string; onPick: (dataStr: string) => void }) {
  const [versions, setVersions] = useState<LibVersion[]>([]);
  useEffect(() => { componentVersions(uuid).then(setVersions, () => setVersions([])); }, [uuid]);
  if (!versions.length) return null;
  return (
    <select className="cp-select" aria-label="Earlier versions" value="" title="Open an earlier version (Save version makes it the next one)"
      onChange={(e) => { const g = Number(e.target.value); if (g) componentVersion(uuid, g).then((v) => onPick(v.dataStr ?? ''), (err: Error) => toast(err.message, 'error')); }}>
      <option value="">Earlier versions…</option>
      {versions.map((v) => <option key={v.g_ticket} value={v.g_ticket}>Version {v.g_ticket} · {new Date(v.update_time * 1000).toLocaleString()}</option>)}
    </select>
  );
}

/** `#/library`: the parts of the user's own libraries (personal, teams', their public ones), each with Edit. */
export function LibraryPage() {
  const { list, from, error } = useLibraryList('user');
  const [q, setQ] = useState('');
  const items = (list?.items ?? []).filter((i) => i.type !== 26 && i.title.toLowerCase().includes(q.trim().toLowerCase()));
  return (
    <main className="cp-libpage" data-testid="library-page">
      <div className="cp-libpage-head">
        <h1>Your library</h1>
        <span className="muted small">{list ? `${list.items.length} parts${from === 'local' ? ' (kept in this browser)' : ''}` : error || 'Loading…'}</span>
        <input type="search" aria-label="Filter your library" placeholder="Filter" value={q} onChange={(e) => setQ(e.target.value)} />
      </div>
      <table className="grid" aria-label="Your library parts">
        <thead><tr><th>Name</th><th>Kind</th><th>Library</th><th className="num">Version</th><th>Updated</th><th /></tr></thead>
        <tbody>
          {items.map((i) => (
            <tr key={i.uuid}>
              <td>{i.title}</td>
              <td>{KIND_NAME[i.type] ?? i.type}</td>
              <td>{i.lib}</td>
              <td className="num">{i.g_ticket}</td>
              <td className="muted small">{new Date(i.update_time * 1000).toLocaleString()}</td>
              <td><a className="btn small" href={`#/library/${i.uuid}`} aria-label={`Edit ${i.title}`}>Edit</a></td>
            </tr>
          ))}
        </tbody>
      </table>
      {list && !items.length && <p className="muted">No part{q ? ' matches' : ' yet: save one from a project (Save to library… in the project tree)'}.</p>}
    </main>
  );
}
