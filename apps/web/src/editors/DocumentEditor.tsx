/**
 * The editable drawing of an open document: sheets and symbols in the schematic editor, PCBs and
 * footprints in the PCB editor, panels in the panel editor. Opens the document once per tab (DocSync: saves through the session,
 * applies newer items from it as remote changes) and shows `fallback` (the read-only drawing) when
 * the text cannot be opened.
 */
import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import type { Item } from '../api/schemas.ts';
import type { ProjectSession, ViewKind } from '../project/types.ts';
import { DocSync } from './doc-sync.ts';
import { PcbEditorView, PcbToolbar } from './PcbEditorView.tsx';
import { EditorDocument, PcbEditor, installPcbTools, pcbActions } from '@copperplate/editor';
import { SchematicEditorView } from './SchematicEditorView.tsx';
import { PanelEditorView } from './PanelEditorView.tsx';
import { openBehindPicture, pictureWanted } from './board-picture.ts';
import type { parseDocuments } from '@copperplate/format';
import type { BoardPicture } from '@copperplate/editor';
import './editors.css';

const EDITABLE: ReadonlySet<ViewKind> = new Set(['sheets', 'symbols', 'pcbs', 'footprints', 'panels']);
export const hasEditor = (kind: ViewKind): boolean => EDITABLE.has(kind);

export function DocumentEditor({ session, kind, item, fallback }: { session: ProjectSession; kind: ViewKind; item: Item; fallback: ReactNode }) {
  const id = String(item.uuid ?? '');
  const hasText = typeof item.dataStr === 'string' && item.dataStr.trim() !== '';
  const [sync, setSync] = useState<DocSync | null>(null);
  const [error, setError] = useState('');
  // a big board opens behind its picture (board-picture.ts): the editor's layout first (PictureShell,
  // its canvas's place), the text parsed and the picture drawn over that place and shown, then the
  // document opened from the parsed text
  const [shell, setShell] = useState(false);
  const picture = useRef<HTMLCanvasElement | null>(null);
  /** The picture drawn (the view's first frame takes it as its own when it is of the same view). */
  const drawnPicture = useRef<BoardPicture | null>(null);
  const dropPicture = useCallback(() => {
    picture.current?.remove();
    picture.current = null;
    drawnPicture.current = null;
  }, []);
  const opening = useRef<{ open: (blocks?: ReturnType<typeof parseDocuments>) => void; live: () => boolean } | null>(null);
  useEffect(() => {
    if (!hasText) return;
    let s: DocSync | undefined;
    let live = true;
    const open = (blocks?: ReturnType<typeof parseDocuments>) => {
      if (!live) return;
      setShell(false);
      try {
        performance.mark('cp:doc-open');
        s = new DocSync(session, kind, item, blocks);
        performance.mark('cp:doc-parsed');
      } catch (err) {
        dropPicture();
        setError(err instanceof Error ? err.message : String(err));
        return;
      }
      setError('');
      setSync(s);
    };
    opening.current = { open, live: () => live };
    if (pictureWanted(kind, item)) setShell(true);
    else open();
    return () => {
      live = false;
      opening.current = null;
      dropPicture();
      setShell(false);
      setSync(null);
      if (s) void s.close();
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
  if (shell) {
    return (
      <PictureShell
        start={(canvas) => {
          const o = opening.current;
          if (!o) return;
          picture.current = canvas;
          openBehindPicture(canvas, item, () => session.snapshot(), {
            live: o.live,
            took: (pic) => {
              drawnPicture.current = pic;
              if (!pic) dropPicture();
            },
            open: o.open,
          });
        }}
      />
    );
  }
  if (!sync) return <div className="cp-editor cp-loading">Opening…</div>;
  if (kind === 'panels') return <PanelEditorView key={id} sync={sync} items={items} id={id} title={String(item.title ?? item.display_title ?? 'panel')} />;
  return kind === 'pcbs' || kind === 'footprints' ? <SchematicOrPcb pcb sync={sync} items={items} id={id} onFirstFrame={dropPicture} picture={drawnPicture.current} /> : <SchematicOrPcb sync={sync} items={items} id={id} />;
}

/**
 * The PCB editor's layout while a big board opens (toolbar, canvas, side panel, status line: the
 * canvas's place is the editor's), and the canvas of its picture over that place: fixed in the page
 * (it stays while the editor replaces this shell, until the editor's first frame), never in the way
 * of the pointer.
 */
function PictureShell({ start }: { start: (canvas: HTMLCanvasElement) => void }) {
  const wrap = useRef<HTMLDivElement>(null);
  // the editor's toolbar (of an empty board, everything disabled): the same height as the editor's, wrapped alike
  const stub = useMemo(() => {
    const ed = new PcbEditor(EditorDocument.empty('PCB', '1.8'));
    installPcbTools(ed);
    const actions = pcbActions(ed, { cursor: () => ({ x: 0, y: 0 }), fit: () => {}, zoomBy: () => {}, readClip: () => undefined, writeClip: () => {} });
    return { ed, actions };
  }, []);
  const started = useRef(false);
  useLayoutEffect(() => {
    if (started.current || !wrap.current) return;
    started.current = true;
    const w = wrap.current, r = w.getBoundingClientRect(), dpr = window.devicePixelRatio || 1;
    const c = document.createElement('canvas');
    c.className = 'cp-picture';
    c.dataset.testid = 'board-picture';
    c.setAttribute('aria-hidden', 'true');
    // the editor's canvas fills the same place: its size in device pixels as pcb-view.ts's resize makes it
    c.width = Math.round((w.clientWidth || 800) * dpr);
    c.height = Math.round((w.clientHeight || 600) * dpr);
    Object.assign(c.style, { left: `${r.left}px`, top: `${r.top}px`, width: `${w.clientWidth}px`, height: `${w.clientHeight}px` });
    document.body.appendChild(c);
    start(c);
  });
  return (
    <div className="cp-editor cp-pcb cp-opening" data-testid="pcb-opening">
      <PcbToolbar ed={stub.ed} actions={stub.actions} kind="pcbs" edit={false} run={() => {}} showRats onRats={() => {}} onFilter={() => {}}>
        <button type="button" className="btn small" disabled>
          Library
        </button>
        <button type="button" className="btn small" disabled>
          Update from schematic
        </button>
      </PcbToolbar>
      <div className="cp-main">
        <div className="cp-canvas-wrap" ref={wrap} />
        <div className="cp-side cp-dark" />
      </div>
      <div className="cp-status" aria-label="Editor status">
        <span role="status">Opening the board…</span>
      </div>
    </div>
  );
}

function SchematicOrPcb({ pcb, sync, items, id, onFirstFrame, picture }: { pcb?: boolean; sync: DocSync; items: ReturnType<ProjectSession['snapshot']>['items']; id: string; onFirstFrame?: () => void; picture?: BoardPicture | null }) {
  return pcb ? <PcbEditorView key={id} sync={sync} items={items} id={id} onFirstFrame={onFirstFrame} picture={picture} /> : <SchematicEditorView key={id} sync={sync} items={items} id={id} />;
}
