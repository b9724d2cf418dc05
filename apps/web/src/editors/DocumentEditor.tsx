/**
 * The editable drawing of an open document: sheets and symbols in the schematic editor, PCBs and
 * footprints in the PCB editor, panels in the panel editor. Opens the document once per tab (DocSync: saves through the session,
 * applies newer items from it as remote changes) and shows `fallback` (the read-only drawing) when
 * the text cannot be opened.
 */
import { useEffect, useMemo, useState, type ReactNode } from 'react';
import type { Item } from '../api/schemas.ts';
import type { ProjectSession, ViewKind } from '../project/types.ts';
import { DocSync } from './doc-sync.ts';
import { PcbEditorView } from './PcbEditorView.tsx';
import { SchematicEditorView } from './SchematicEditorView.tsx';
import { PanelEditorView } from './PanelEditorView.tsx';
import './editors.css';

const EDITABLE: ReadonlySet<ViewKind> = new Set(['sheets', 'symbols', 'pcbs', 'footprints', 'panels']);
export const hasEditor = (kind: ViewKind): boolean => EDITABLE.has(kind);

export function DocumentEditor({ session, kind, item, fallback }: { session: ProjectSession; kind: ViewKind; item: Item; fallback: ReactNode }) {
  const id = String(item.uuid ?? '');
  const hasText = typeof item.dataStr === 'string' && item.dataStr.trim() !== '';
  const [sync, setSync] = useState<DocSync | null>(null);
  const [error, setError] = useState('');
  useEffect(() => {
    if (!hasText) return;
    let s: DocSync;
    try {
      performance.mark('cp:doc-open');
      s = new DocSync(session, kind, item);
      performance.mark('cp:doc-parsed');
    } catch (err) {
      setError(err instanceof Error ? err.message : String(err));
      return;
    }
    setError('');
    setSync(s);
    return () => {
      setSync(null);
      void s.close();
    };
    // the document is opened once per tab; newer items reach it through `receive` below
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [session, kind, id, hasText]);
  useEffect(() => {
    sync?.receive(item);
  }, [sync, item]);
  // the project context (symbols, devices, footprints) is taken when the document opens: a new
  // snapshot after every save must not rebuild the editor
  // eslint-disable-next-line react-hooks/exhaustive-deps
  const items = useMemo(() => session.snapshot().items, [session, sync]);
  if (error || !hasText) {
    return (
      <>
        {error && <p className="form-error small pad">{error}</p>}
        {fallback}
      </>
    );
  }
  if (!sync) return <div className="cp-editor cp-loading">Opening…</div>;
  if (kind === 'panels') return <PanelEditorView key={id} sync={sync} items={items} id={id} title={String(item.title ?? item.display_title ?? 'panel')} />;
  return kind === 'pcbs' || kind === 'footprints' ? <SchematicOrPcb pcb sync={sync} items={items} id={id} /> : <SchematicOrPcb sync={sync} items={items} id={id} />;
}

function SchematicOrPcb({ pcb, sync, items, id }: { pcb?: boolean; sync: DocSync; items: ReturnType<ProjectSession['snapshot']>['items']; id: string }) {
  return pcb ? <PcbEditorView key={id} sync={sync} items={items} id={id} /> : <SchematicEditorView key={id} sync={sync} items={items} id={id} />;
}
