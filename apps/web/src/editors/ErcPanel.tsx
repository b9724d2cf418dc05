/**
 * The ERC panel of the schematic editor: "Check" runs the electrical rules check (packages/editor
 * runErc: unconnected pins, conflicting outputs, single-pin nets, duplicate designators) over the
 * open sheet and the other sheets of its schematic; clicking a marker of this sheet selects its
 * records and centres the view on it.
 */
import { useState } from 'react';
import { runErc, type ErcMarker, type SchematicEditor } from '@copperplate/editor';
import type { DocSync } from './doc-sync.ts';
import { otherSheets } from './sheets.ts';

export function ErcPanel({ ed, sync, id, onFocus }: { ed: SchematicEditor; sync: DocSync; id: string; onFocus: () => void }) {
  const [markers, setMarkers] = useState<ErcMarker[] | null>(null);
  const [busy, setBusy] = useState(false);
  const here = ed.sheetName || 'this sheet';
  const check = async () => {
    setBusy(true);
    try {
      const others = await otherSheets(sync.session, id);
      setMarkers(runErc([{ name: here, doc: ed.doc }, ...others], ed.ctx));
    } finally {
      setBusy(false);
    }
  };
  const errors = markers?.filter((m) => m.severity === 'error').length ?? 0;
  return (
    <section className="cp-erc" aria-label="ERC">
      <div className="cp-props-head cp-erc-head">
        <span>ERC</span>
        <button type="button" className="btn small" disabled={busy} onClick={() => void check()}>
          {busy ? 'Checking…' : 'Check'}
        </button>
      </div>
      {markers && (
        <>
          <p className="muted small cp-props-empty">{markers.length ? `${errors} errors, ${markers.length - errors} warnings` : 'No problems found'}</p>
          <ul className="cp-markers">
            {markers.map((m, i) => (
              <li key={i}>
                <button type="button" className={`cp-marker cp-${m.severity}`} disabled={m.sheet !== here} title={m.sheet !== here ? `On sheet ${m.sheet}` : 'Show on the sheet'} onClick={() => { ed.focusMarker(m); onFocus(); }}>
                  {m.message}
                </button>
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}
