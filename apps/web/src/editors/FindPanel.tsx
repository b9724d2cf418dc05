/** Ctrl+F on a sheet: a search box over parts, nets and text; a click (or Enter) on a result selects it and centres the view. */
import { useEffect, useRef, useState } from 'react';
import type { FindHit, SchematicEditor } from '@copperplate/editor';

const KIND: Record<FindHit['kind'], string> = { part: 'Part', net: 'Net', text: 'Text' };

export function FindPanel({ ed, onFocus, onClose }: { ed: SchematicEditor; onFocus: () => void; onClose: () => void }) {
  const [q, setQ] = useState('');
  const input = useRef<HTMLInputElement>(null);
  useEffect(() => input.current?.focus(), []);
  const hits = q.trim() ? ed.find(q).slice(0, 50) : [];
  const go = (h: FindHit) => { ed.focusHit(h); onFocus(); };
  return (
    <div className="cp-find" role="search" aria-label="Find in sheet">
      <input
        ref={input}
        className="cp-find-input"
        placeholder="Find parts, nets, text…"
        aria-label="Find"
        value={q}
        onChange={(e) => setQ(e.target.value)}
        onKeyDown={(e) => {
          if (e.key === 'Escape') { e.preventDefault(); onClose(); }
          else if (e.key === 'Enter' && hits[0]) { e.preventDefault(); go(hits[0]); }
        }}
      />
      <button type="button" className="btn small" aria-label="Close find" onClick={onClose}>×</button>
      {q.trim() && (
        <ul className="cp-find-list" aria-label="Find results">
          {hits.length === 0 && <li className="muted small">Nothing found</li>}
          {hits.map((h, i) => (
            <li key={`${h.key}-${i}`}>
              <button type="button" className="cp-find-hit" onClick={() => go(h)}>
                <span className="muted small">{KIND[h.kind]}</span> {h.label}
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
