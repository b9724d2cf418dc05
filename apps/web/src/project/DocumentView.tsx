/**
 * Shows one open document. Until the editor painters are plugged in for a kind, the document is a
 * read-only table of its line records (issue 4 §3 allows this); all values render as React text.
 */
import { useMemo, useState } from 'react';
import type { Item } from '../api/schemas.ts';
import { itemName } from './http-session.ts';
import { countRows, fieldText, parseRecords, recordCounts } from './records.ts';
import { editorOf, type Tab } from './tabs.ts';
import type { ProjectSession } from './types.ts';
import { Painted } from './Painted.tsx';
import { DocumentEditor, hasEditor } from '../editors/DocumentEditor.tsx';

const PAGE = 300;

function DeviceAttributes({ item }: { item: Item }) {
  const attrs = (item.attributes && typeof item.attributes === 'object' ? item.attributes : {}) as Record<string, unknown>;
  return (
    <table className="grid records" aria-label="Attributes">
      <thead>
        <tr>
          <th>Attribute</th>
          <th>Value</th>
        </tr>
      </thead>
      <tbody>
        {Object.entries(attrs).map(([k, v]) => (
          <tr key={k}>
            <td>{k}</td>
            <td className="mono">{fieldText(v, 200)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function RecordTable({ dataStr }: { dataStr: unknown }) {
  const rows = useMemo(() => parseRecords(dataStr), [dataStr]);
  const counts = useMemo(() => recordCounts(rows), [rows]);
  const [limit, setLimit] = useState(PAGE);
  return (
    <>
      <div className="chips" aria-label="Record types">
        {counts.map(([t, n]) => (
          <span key={t} className="chip">
            {t} <b>{n}</b>
          </span>
        ))}
      </div>
      <table className="grid records" aria-label="Records">
        <thead>
          <tr>
            <th className="num">#</th>
            <th>Type</th>
            <th>Id</th>
            <th>Fields</th>
          </tr>
        </thead>
        <tbody>
          {rows.slice(0, limit).map((r) => (
            <tr key={r.line}>
              <td className="num">{r.line}</td>
              <td className="rtype">{r.type}</td>
              <td className="mono">{r.id}</td>
              <td className="mono fields">{r.raw ?? r.fields.map((f) => fieldText(f, 60)).join(', ')}</td>
            </tr>
          ))}
        </tbody>
      </table>
      {rows.length > limit && (
        <button type="button" className="btn small" onClick={() => setLimit(rows.length)}>
          Show all {rows.length} records
        </button>
      )}
    </>
  );
}

export function DocumentView({ session, tab, onRename }: { session: ProjectSession; tab: Tab; onRename: () => void }) {
  // the snapshot's item is the full item (with its text), as the local store had it at its last
  // change: the document is not read again from the store (a 13 MB PCB's text and its merge base
  // were read from IndexedDB at every open and after every change of the snapshot)
  const item = session.snapshot().items[tab.kind].get(tab.id);
  const [view, setView] = useState<'drawing' | 'records'>('drawing');
  const text = item?.dataStr;
  const rows = useMemo(() => (typeof text === 'string' ? countRows(text) : 0), [text]);
  if (!item) return <div className="doc-empty">This document is not in the project any more.</div>;
  return (
    <div className="doc" data-testid="document-view" aria-label={`Document ${itemName(item)}`}>
      <div className="doc-head">
        <h2 className="doc-title">{itemName(item)}</h2>
        <span className="badge">{editorOf(tab)} editor</span>
        {rows > 0 && <span className="muted small">{rows} records</span>}
        <span className="spacer" />
        {tab.kind !== 'devices' && (
          <div className="seg" role="group" aria-label="View">
            <button type="button" className={view === 'drawing' ? 'on' : ''} aria-pressed={view === 'drawing'} onClick={() => setView('drawing')}>
              Drawing
            </button>
            <button type="button" className={view === 'records' ? 'on' : ''} aria-pressed={view === 'records'} onClick={() => setView('records')}>
              Records
            </button>
          </div>
        )}
        <button type="button" className="btn small" disabled={session.readOnly} onClick={onRename} title="Rename (F2)">
          Rename
        </button>
      </div>
      <div className="doc-body">
        {tab.kind === 'devices' ? (
          <DeviceAttributes item={item} />
        ) : view === 'drawing' && hasEditor(tab.kind) ? (
          <DocumentEditor
            key={`${tab.kind}:${tab.id}`}
            session={session}
            kind={tab.kind}
            item={item}
            fallback={<Painted kind={tab.kind} item={item} items={session.snapshot().items} fallback={<RecordTable dataStr={item.dataStr} />} />}
          />
        ) : view === 'drawing' ? (
          <Painted kind={tab.kind} item={item} items={session.snapshot().items} fallback={<RecordTable dataStr={item.dataStr} />} />
        ) : (
          <RecordTable dataStr={item.dataStr} />
        )}
      </div>
    </div>
  );
}
