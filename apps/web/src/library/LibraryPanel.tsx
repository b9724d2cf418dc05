/**
 * The library panel of the schematic and PCB editors (issue 16): search as you type (the server's
 * full-text and trigram search), filters (kind, library, package), the results as a list box
 * (arrow keys, Enter places, Escape closes), the symbol and footprint previews side by side, the
 * attributes, and the licence and attribution of the KiCad libraries. A result is placed by a click
 * on Place, a double-click, Enter, or by dragging it onto the canvas (`onPlace` gets the drop point).
 */
import { useEffect, useMemo, useRef, useState } from 'react';
import { openDocument, renderSymbolSvg } from '@copperplate/editor';
import { renderPcbSvg } from '@copperplate/editor';
import { componentDetail, LIB_KINDS, libraryInfo, searchLibrary, type LibDetail, type LibInfo, type LibRow } from './library-api.ts';
import { forgetRecentPart, recentParts, rememberPart } from './recent.ts';
import { OwnItem, PriceStock } from './ItemActions.tsx';
import { useLibraryList } from './library-lists.ts';
import './library.css';
import { PART_MIME } from './part-drop.ts';

/** The drag data type of a library part (its uuid). */
export { PART_MIME };

function SvgImg({ svg, label }: { svg: string | null; label: string }) {
  const url = useMemo(() => (svg ? URL.createObjectURL(new Blob([svg], { type: 'image/svg+xml' })) : null), [svg]);
  useEffect(() => () => void (url && URL.revokeObjectURL(url)), [url]);
  return <div className="cp-lib-preview">{url ? <img src={url} alt={label} /> : <span className="muted small">{label}: none</span>}</div>;
}

function safe(f: () => string): string | null {
  try { return f(); } catch { return null; }
}

export function LibraryPanel({ onPlace, onClose, busy, defaultKind = 3, footprints = false }: { onPlace: (uuid: string) => void; onClose: () => void; busy?: boolean; defaultKind?: number; footprints?: boolean }) {
  const [q, setQ] = useState('');
  const [kind, setKind] = useState(defaultKind);
  const [lib, setLib] = useState('');
  const [pkg, setPkg] = useState('');
  const [scope, setScope] = useState('');
  const [recent, setRecent] = useState(recentParts);
  const [reload, setReload] = useState(0);
  const [rows, setRows] = useState<LibRow[]>([]);
  const [hasMore, setHasMore] = useState(false);
  const [page, setPage] = useState(1);
  const [active, setActive] = useState(0);
  const [error, setError] = useState('');
  const [info, setInfo] = useState<LibInfo | null>(null);
  const [detail, setDetail] = useState<LibDetail | null>(null);
  const [searching, setSearching] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  const listRef = useRef<HTMLUListElement>(null);
  const seq = useRef(0);

  useEffect(() => { input.current?.focus(); libraryInfo().then(setInfo, () => {}); }, []);
  // the library filter: the system and user basic library lists (local copy first, then the cloud's)
  const sysList = useLibraryList('system');
  const userList = useLibraryList('user', reload);
  const ownLibs = useMemo(() => [...new Set([...(userList.list?.items.map((i) => i.lib) ?? []), 'Public'])].sort(), [userList.list]);
  // search as you type: the newest answer wins (earlier ones still in flight are dropped)
  useEffect(() => {
    const n = ++seq.current;
    setSearching(true);
    const t = setTimeout(() => {
      searchLibrary({ q, type: kind, lib, package: pkg, page, owner: scope === '' ? undefined : [Number(scope)] }).then(
        (r) => { if (n !== seq.current) return; setRows((old) => (page > 1 ? [...old, ...r.items] : r.items)); setHasMore(r.hasMore); if (page === 1) setActive(0); setError(''); setSearching(false); },
        (e: Error) => { if (n === seq.current) { setError(e.message); setSearching(false); } },
      );
    }, 120);
    return () => clearTimeout(t);
  }, [q, kind, lib, pkg, page, scope, reload]);
  useEffect(() => setPage(1), [q, kind, lib, pkg, scope]);
  // an empty query without filters shows the recently used parts (of the kind asked), when there are some
  const recentShown = !q.trim() && !lib && !pkg && !scope ? recent.filter((r) => !kind || r.type === kind) : [];
  const list = recentShown.length ? recentShown : rows;
  const current = list[active];
  const place = (r: LibRow) => { setRecent(rememberPart(r)); onPlace(r.uuid); };
  useEffect(() => {
    if (!current) { setDetail(null); return; }
    let live = true;
    componentDetail(current.uuid).then((d) => live && setDetail(d), () => live && setDetail(null));
    return () => { live = false; };
  }, [current?.uuid]);
  useEffect(() => { listRef.current?.querySelector('[aria-selected="true"]')?.scrollIntoView({ block: 'nearest' }); }, [active]);

  const sym = detail?.type === 3 ? detail.symbol : detail?.type === 2 ? detail : undefined;
  const fp = detail?.type === 3 ? detail.footprint : detail?.type === 4 ? detail : undefined;
  const symSvg = useMemo(() => (sym?.dataStr ? safe(() => renderSymbolSvg(openDocument(sym.dataStr!), { background: '#FFFFFF' })) : null), [sym?.dataStr]);
  const fpSvg = useMemo(() => (fp?.dataStr ? safe(() => renderPcbSvg(fp.dataStr!, { background: '#10141a' })) : null), [fp?.dataStr]);

  const key = (e: React.KeyboardEvent) => {
    e.stopPropagation(); // the editor's shortcuts stay out of the panel
    if (e.key === 'ArrowDown') { e.preventDefault(); setActive((a) => Math.min(list.length - 1, a + 1)); }
    else if (e.key === 'ArrowUp') { e.preventDefault(); setActive((a) => Math.max(0, a - 1)); }
    else if (e.key === 'Enter' && current) { e.preventDefault(); place(current); }
    else if (e.key === 'Escape') { e.preventDefault(); onClose(); }
  };
  const kindName = (t: number) => (t === 3 ? 'device' : t === 2 ? 'symbol' : 'footprint');
  return (
    <aside className="cp-lib" aria-label="Component library" data-testid="library-panel" onKeyDown={key}>
      <div className="cp-lib-head">
        <strong>Library</strong>
        <span className="muted small">{info?.build ? `${info.build.counts.devices.toLocaleString()} devices` : ''}</span>
        <span className="spacer" />
        <button type="button" className="btn small" aria-label="Close the library" onClick={onClose}>×</button>
      </div>
      <input ref={input} className="cp-lib-q" type="search" placeholder="Search parts: LED 0603, STM32, usb c…" aria-label="Search the component library" value={q} onChange={(e) => setQ(e.target.value)}
        role="combobox" aria-expanded="true" aria-controls="cp-lib-results" aria-activedescendant={current ? `cp-lib-${current.uuid}` : undefined} />
      <div className="cp-lib-filters">
        <select className="cp-select" aria-label="Kind" value={kind} onChange={(e) => setKind(Number(e.target.value))}>
          {LIB_KINDS.map((k) => <option key={k.type} value={k.type}>{k.label}</option>)}
        </select>
        <select className="cp-select" aria-label="Library" value={lib} onChange={(e) => setLib(e.target.value)}>
          <option value="">All libraries</option>
          {sysList.list && <optgroup label="System">{sysList.list.libs.map((l) => <option key={l.lib} value={l.lib} title={`${l.devices} devices, ${l.symbols} symbols, ${l.footprints} footprints`}>{l.lib}</option>)}</optgroup>}
          <optgroup label="Yours and shared">{ownLibs.map((l) => <option key={l} value={l}>{l}</option>)}</optgroup>
        </select>
        <select className="cp-select" aria-label="Scope" value={scope} onChange={(e) => setScope(e.target.value)}>
          <option value="">All scopes</option>
          <option value="0">My library</option>
          <option value="1">Team libraries</option>
          <option value="2">System (KiCad, basic)</option>
          <option value="3">Public</option>
        </select>
        <input className="cp-lib-pkg" aria-label="Package" placeholder="Package" value={pkg} onChange={(e) => setPkg(e.target.value)} />
      </div>
      {error && <p className="form-error small">{error}</p>}
      <ul id="cp-lib-results" ref={listRef} className="cp-lib-list" role="listbox" aria-label="Library results" aria-busy={searching}>
        {recentShown.length > 0 && <li className="muted small cp-lib-recent" role="presentation">Recently used</li>}
        {list.map((r, i) => (
          <li key={r.uuid} id={`cp-lib-${r.uuid}`} role="option" aria-selected={i === active} className={i === active ? 'active' : ''} draggable
            onDragStart={(e) => { e.dataTransfer.setData(PART_MIME, r.uuid); e.dataTransfer.effectAllowed = 'copy'; }}
            onClick={() => setActive(i)} onDoubleClick={() => place(r)} title={r.description}>
            <span className="cp-lib-title">{r.title}</span>
            <span className="cp-lib-meta muted small">{kindName(r.type)} · {r.lib}{r.value && r.value !== r.title ? ` · ${r.value}` : ''}{r.package && r.package !== r.title ? ` · ${r.package}` : ''}</span>
          </li>
        ))}
        {!list.length && !searching && <li className="muted small" role="presentation">No part found</li>}
        {hasMore && <li role="presentation"><button type="button" className="btn small" onClick={() => setPage((p) => p + 1)}>More…</button></li>}
      </ul>
      {current && (
        <div className="cp-lib-detail" data-testid="library-detail">
          <div className="cp-lib-previews">
            <SvgImg svg={symSvg} label={`Symbol of ${current.title}`} />
            <SvgImg svg={fpSvg} label={`Footprint of ${current.title}`} />
          </div>
          <dl className="cp-lib-attrs small">
            <dt>Name</dt><dd>{current.title}</dd>
            {current.value && <><dt>Value</dt><dd>{current.value}</dd></>}
            {current.package && <><dt>Package</dt><dd>{current.package}</dd></>}
            {current.designator && <><dt>Designator</dt><dd>{current.designator}?</dd></>}
            {current.description && <><dt>Description</dt><dd>{current.description}</dd></>}
            {current.datasheet && /^https?:\/\//.test(current.datasheet) && <><dt>Datasheet</dt><dd><a href={current.datasheet} target="_blank" rel="noreferrer noopener">link</a></dd></>}
            {current.manufacturer_part && <><dt>Part</dt><dd>{current.manufacturer_part}</dd></>}
          </dl>
          <button type="button" className="btn small primary" disabled={busy || (current.type === 4 && !footprints) || (current.type === 2 && footprints)} onClick={() => place(current)} title="Place (Enter, double-click, or drag onto the canvas)">
            {busy ? 'Placing…' : 'Place'}
          </button>
          {current.owner !== 2 && <OwnItem row={current} onChanged={(gone) => { if (gone) forgetRecentPart(gone); setRecent(recentParts()); setReload((n) => n + 1); }} />}
          <PriceStock row={current} />
        </div>
      )}
      <p className="cp-lib-licence muted small" data-testid="library-licence">
        {info ? <>KiCad libraries: <a href={info.licence.url} target="_blank" rel="noreferrer noopener" title={info.licence.text}>{info.licence.name}</a>. Designs using them are yours to license.</> : 'KiCad libraries: CC-BY-SA 4.0 with the design exception.'}
      </p>
    </aside>
  );
}
