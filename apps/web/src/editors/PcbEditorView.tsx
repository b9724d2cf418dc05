/**
 * The PCB and footprint editor in the browser: a PcbEditor (packages/editor) on the open document,
 * its tools, the PCB actions (toolbar + shortcuts), the tile-cached canvas (dark background), the
 * layers panel, and a status line (tool, active layer, cursor in mil, zoom, unrouted connections).
 */
import { useCallback, useEffect, useMemo, useReducer, useRef, useState, type ReactNode } from 'react';
import { PcbEditor } from '@copperplate/editor';
import { installPcbTools } from '@copperplate/editor';
import type { ProjectSnapshot } from '../project/types.ts';
import { contextOf } from '../project/painters.ts';
import { fontsFor, pouredFor } from './pour-items.ts';
import type { DocSync } from './doc-sync.ts';
import { createPcbView, type PcbView } from './pcb-view.ts';
import type { BoardPicture, OutlineTool, OutlineMode } from '@copperplate/editor';
import { formatLen, parseLen, setGridSettings, type BoardUnit } from '@copperplate/editor';
import { pcbActions } from '@copperplate/editor';
import { globalShortcuts } from './sch-host.ts';
import { readPcbClip, writePcbClip } from './clipboard.ts';
import { LayersPanel } from './LayersPanel.tsx';
import { publishTestHook } from './test-hook.ts';
import { Toolbar, type ToolButton } from './Toolbar.tsx';
import { CommandPalette, usePaletteShortcut } from './CommandPalette.tsx';
import { guardReadOnly, useFrameTick } from './use-canvas-status.ts';
import { SaveBadge } from './SaveBadge.tsx';
import { PropertyPanel } from './PropertyPanel.tsx';
import { pcbProps } from './pcb-props.ts';
import { UpdateFromSchematic } from './UpdateFromSchematic.tsx';
import { FootprintGenerator, PadTool } from './FootprintTools.tsx';
import { DrcMarkers, DrcPanel } from './DrcPanel.tsx';
import { useBoardChecks } from './drc-state.ts';
import { LibraryPanel } from '../library/LibraryPanel.tsx';
import { usePcbLibrary } from '../library/use-pcb-library.ts';

/** Selection filters: which record kinds a click or box picks. */
const FILTERS: Record<string, string[] | null> = {
  All: null,
  Components: ['COMPONENT', 'ATTR'],
  Tracks: ['LINE', 'ARC'],
  Vias: ['VIA'],
  Pads: ['PAD'],
  'Pours and fills': ['POUR', 'FILL', 'REGION', 'POLY'],
  Text: ['STRING', 'ATTR'],
};

const TOOL_NAMES: Record<string, string> = { pad: 'Pad', select: 'Select', route: 'Route track', 'drag-segment': 'Drag track segment', via: 'Via', outline: 'Board outline', graphic: 'Line', text: 'Text' };

export function PcbEditorView({ sync, items, id, onFirstFrame, picture }: { sync: DocSync; items: ProjectSnapshot['items']; id: string; onFirstFrame?: () => void; picture?: BoardPicture | null }) {
  const wrap = useRef<HTMLDivElement>(null);
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const cursor = useRef({ x: 0, y: 0 });
  const cursorEl = useRef<HTMLSpanElement>(null);
  const [view, setView] = useState<PcbView | null>(null);
  // React state (not only the view's flag): the checkbox shows the new value as soon as it is clicked
  const [showGrid, setShowGrid] = useState(true);
  const [tick, kick] = useFrameTick();
  const [palette, setPalette] = useState(false);
  const openPalette = useCallback(() => setPalette(true), []);
  usePaletteShortcut(wrap, openPalette);
  // controlled inputs (active layer, ratsnest) re-render in the same event as their change
  const [, bump] = useReducer((x: number) => x + 1, 0);
  const [showRats, setShowRats] = useState(true);
  const readOnly = sync.readOnly;
  // the project context: footprints and devices, and this PCB's stored pour fills (copper items)
  const project = useMemo(() => (sync.kind === 'pcbs' ? { ...contextOf(items).pcb, poured: pouredFor(sync.session.snapshot().coppers, id), fonts: fontsFor(sync.session.snapshot().fonts, id) } : undefined), [items, sync, id]);
  // one editor per open document (the project context is read when the scene is built)
  const ed = useMemo(() => {
    performance.mark('cp:scene-start');
    const e = new PcbEditor(sync.doc, { project, pcbUuid: sync.kind === 'pcbs' ? id : undefined });
    performance.mark('cp:scene-made');
    installPcbTools(e);
    if (sync.kind === 'footprints') e.tools.register(new PadTool(e));
    return e;
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [sync, id]);
  // the editor's one registry (packages/editor pcb/actions.ts), talking to this view
  const actions = useMemo(() => pcbActions(ed, { cursor: () => cursor.current, fit: () => viewRef.current?.fit(), zoomBy: (f) => { viewRef.current?.viewport.zoomBy(f); viewRef.current?.invalidate(); }, readClip: readPcbClip, writeClip: writePcbClip }), [ed]);
  const viewRef = useRef<PcbView | null>(null);
  const firstFrame = useRef(onFirstFrame);
  firstFrame.current = onFirstFrame;
  // the view's first frame shown and the page idle since (its index and ratsnest made)
  const [ready, setReady] = useState(false);
  const checks = useBoardChecks(ed, sync, items, id, useCallback(() => { viewRef.current?.invalidate(); kick(); }, [kick]), ready);
  const library = usePcbLibrary(sync, ed, view, canvasRef.current, kick);

  useEffect(() => {
    const canvas = canvasRef.current!;
    const v = createPcbView(canvas, ed, {
      onFirstFrame: () => firstFrame.current?.(),
      picture,
      onReady: () => { setReady(true); kick(); },
      onCursor: (p) => {
        cursor.current = p;
        const u = ed.grid.unit;
        if (cursorEl.current) cursorEl.current.textContent = `X ${formatLen(p.x, u)} Y ${formatLen(p.y, u)}`;
      },
    });
    viewRef.current = v;
    setView(v);
    const offs = [ed.subscribe(kick), ed.selection.subscribe(kick), ed.tools.subscribe(() => { kick(); v.invalidate(); }), ed.panel.subscribe(bump), v.viewport.subscribe(kick), sync.subscribe(kick)];
    if (readOnly) offs.push(guardReadOnly(wrap.current!));
    // shortcuts wherever the focus is after a click in a panel (the canvas handles its own)
    else offs.push(globalShortcuts(canvas, (ev) => { const used = ed.key(ev); if (used) { v.invalidate(); kick(); } return used; }));
    offs.push(
      publishTestHook({
        kind: sync.kind,
        id,
        doc: sync.doc,
        editor: ed,
        view: v,
        sync,
        toPage: (x, y) => v.toPage(x, y),
        fitBox(minX, minY, maxX, maxY) {
          v.viewport.fit({ minX, minY, maxX, maxY }, 0.2);
          v.draw();
        },
      }),
    );
    const raf = requestAnimationFrame(() => v.fit());
    return () => {
      cancelAnimationFrame(raf);
      for (const off of offs) off();
      v.destroy();
      viewRef.current = null;
    };
  }, [ed, actions, sync, id, kick, readOnly]);

  const tool = ed.tools.active?.id ?? 'select';
  const edit = !readOnly;
  const run = (actionId: string) => {
    if (!edit && !actionId.startsWith('view.')) return;
    actions.run(actionId);
    view?.invalidate();
    kick();
    canvasRef.current?.focus();
  };
  const layerName = (lid: number) => ed.panel.table.get(lid).name;
  // undefined until the view made the ratsnest after its first frame (a big board's takes seconds)
  const unrouted = useMemo(() => view?.ratsnest()?.lines.length, [ed, view, tick]); // eslint-disable-line react-hooks/exhaustive-deps
  const copper = ed.panel.copperLayers();
  return (
    <div className="cp-editor cp-pcb" ref={wrap} data-testid={sync.kind === 'pcbs' ? 'pcb-editor' : 'footprint-editor'}>
      <PcbToolbar ed={ed} actions={actions} kind={sync.kind} edit={edit} run={run} showRats={showRats} onRats={(on) => { setShowRats(on); if (view) { view.showRatsnest = on; view.invalidate(); } }} onFilter={bump}>
        {tool === 'outline' && <OutlineModes tool={ed.tools.get('outline') as OutlineTool} onChange={() => { kick(); canvasRef.current?.focus(); }} />}
        {sync.kind === 'footprints' && <FootprintGenerator ed={ed} disabled={!edit} onDone={() => { view?.fit(); kick(); }} />}
        {sync.kind === 'pcbs' && (
          <button type="button" className="btn small" disabled={readOnly} aria-pressed={library.open} title="Component library: search, preview and place parts" onClick={() => library.setOpen(!library.open)}>
            Library
          </button>
        )}
        {sync.kind === 'pcbs' && <UpdateFromSchematic session={sync.session} ed={ed} pcbId={id} disabled={!edit} onApplied={() => { view?.invalidate(); kick(); }} />}
      </PcbToolbar>
      <div className="cp-main">
        <div className="cp-canvas-wrap" {...(sync.kind === 'pcbs' && !readOnly ? library.dropProps : {})}>
          <canvas ref={canvasRef} className="cp-canvas" aria-label={sync.kind === 'pcbs' ? 'PCB canvas' : 'Footprint canvas'} />
          {library.open && sync.kind === 'pcbs' && !readOnly && <LibraryPanel footprints busy={library.busy} onPlace={(u) => void library.place(u)} onClose={() => { library.setOpen(false); canvasRef.current?.focus(); }} />}
          {checks && <DrcMarkers checks={checks} view={view} canvas={canvasRef.current} />}
          {palette && !readOnly && <CommandPalette actions={actions} onClose={() => { setPalette(false); canvasRef.current?.focus(); }} onRan={() => { view?.invalidate(); kick(); }} />}
        </div>
        <div className="cp-side cp-dark">
          <PropertyPanel {...pcbProps(ed)} readOnly={readOnly} />
          {checks && <DrcPanel checks={checks} ed={ed} view={view} readOnly={readOnly} />}
          <LayersPanel panel={ed.panel} onSide={(bottom) => { ed.panel.setSide(bottom ? 'bottom' : 'top'); view?.setMirrored(bottom); }} />
        </div>
      </div>
      <div className="cp-status" aria-label="Editor status">
        <span>{readOnly ? 'Read-only' : TOOL_NAMES[tool] ?? tool}</span>
        <span>
          <span className="cp-swatch" style={{ background: ed.panel.paint(ed.panel.active).color }} /> {layerName(ed.panel.active)}
          {copper.length > 2 ? ` (${copper.length} copper layers)` : ''}
        </span>
        <span className="mono" data-testid="cursor">
          <span ref={cursorEl}>X 0 Y 0</span> <span className="muted">{ed.grid.unit}</span>
        </span>
        <span className="mono">{view ? `${Math.round(view.viewport.zoom)}%` : ''}</span>
        <GridControl ed={ed} disabled={!edit} onChange={() => { view?.invalidate(); kick(); }} />
        <label className="cp-check" title="Show the grid">
          <input type="checkbox" checked={showGrid} onChange={(e) => { setShowGrid(e.target.checked); if (view) { view.showGrid = e.target.checked; view.invalidate(); kick(); } }} />
          Grid
        </label>
        <span>{ed.selection.size} selected</span>
        {sync.kind === 'pcbs' && <span data-testid="unrouted">{unrouted ?? '…'} unrouted</span>}
        {ed.status && <span role="status" data-testid="drc-status" style={{ color: '#e66' }}>{ed.status}</span>}
        <span className="spacer" />
        <SaveBadge sync={sync} />
      </div>
    </div>
  );
}

/**
 * The PCB editor's toolbar: tools, edit and view commands (the editor's action registry), the active
 * layer, the selection filter, the ratsnest switch, then `children` (outline shapes, the library,
 * update from schematic...). Its layout does not depend on the board (the two selects have a fixed
 * width): a big board's opening shell (DocumentEditor) shows the same toolbar, of the same height,
 * so its picture lies where the editor's canvas will.
 */
export function PcbToolbar({ ed, actions, kind, edit, run, showRats, onRats, onFilter, children }: { ed: PcbEditor; actions: ReturnType<typeof pcbActions>; kind: string; edit: boolean; run: (actionId: string) => void; showRats: boolean; onRats: (on: boolean) => void; onFilter: () => void; children?: ReactNode }) {
  const tool = ed.tools.active?.id ?? 'select';
  const a = (actionId: string, glyph: string, toolId?: string): ToolButton => {
    const act = actions.get(actionId)!;
    const sc = Array.isArray(act.shortcut) ? act.shortcut[0] : act.shortcut;
    const enabled = (actionId.startsWith('view.') || edit) && (!act.enabled || act.enabled());
    return { label: act.label, shortcut: sc, glyph, active: toolId ? tool === toolId : undefined, disabled: !enabled, onClick: () => run(actionId) };
  };
  const groups: ToolButton[][] = [
    [a('tool.select', 'select', 'select'), ...(ed.tools.get('pad') ? [a('tool.pad', 'pad', 'pad')] : []), a('tool.route', 'route', 'route'), a('tool.via', 'via', 'via'), a('tool.drag', 'drag', 'drag-segment'), a('tool.outline', 'outline', 'outline'), a('tool.graphic', 'line', 'graphic'), a('tool.text', 'text', 'text')],
    [a('edit.undo', 'undo'), a('edit.redo', 'redo')],
    [a('edit.cut', 'cut'), a('edit.copy', 'copy'), a('edit.paste', 'paste'), a('edit.delete', 'delete'), a('edit.rotate', 'rotate'), a('edit.mirrorX', 'mirrorX'), a('edit.mirrorY', 'mirrorY'), a('edit.flip', 'flip'), a('net.highlight', 'highlight')],
    [a('view.zoomIn', 'zoomIn'), a('view.zoomOut', 'zoomOut'), a('view.fit', 'fit')],
  ];
  return (
    <Toolbar label={kind === 'pcbs' ? 'PCB tools' : 'Footprint tools'} groups={groups}>
      <select className="cp-select cp-layer-select" aria-label="Active layer" title="Active layer (T, B, L)" value={ed.panel.active} disabled={!edit} onChange={(e) => { run('tool.select'); ed.panel.setActive(Number(e.target.value)); }}>
        {ed.panel.rows().filter((r) => r.used && !r.locked && r.id !== 12).map((r) => (
          <option key={r.id} value={r.id}>
            {r.name}
          </option>
        ))}
      </select>
      <select className="cp-select cp-filter-select" aria-label="Selection filter" title="What a click or a box selects" value={Object.keys(FILTERS).find((k) => (FILTERS[k]?.join() ?? null) === (ed.selectFilter ? [...ed.selectFilter].join() : null)) ?? 'All'} onChange={(e) => { const f = FILTERS[e.target.value]; ed.selectFilter = f ? new Set(f) : null; onFilter(); }}>
        {Object.keys(FILTERS).map((k) => (
          <option key={k} value={k}>
            Select: {k}
          </option>
        ))}
      </select>
      <label className="cp-check" title="Show the ratsnest">
        <input type="checkbox" checked={showRats} onChange={(e) => onRats(e.target.checked)} />
        Ratsnest
      </label>
      {children}
    </Toolbar>
  );
}

const OUTLINE_MODES: Array<[OutlineMode, string]> = [['rect', 'Rectangle'], ['polygon', 'Polygon'], ['arc', 'Arc']];

/** The outline tool's shape: rectangle (two corners), polygon (corners), arc (a point on it, then its end). */
function OutlineModes({ tool, onChange }: { tool: OutlineTool; onChange: () => void }) {
  return (
    <span className="cp-seg" role="group" aria-label="Outline shape">
      {OUTLINE_MODES.map(([m, label]) => (
        <button key={m} type="button" className="btn small" aria-pressed={tool.mode === m} onClick={() => { tool.setMode(m); onChange(); }}>
          {label}
        </button>
      ))}
    </span>
  );
}

/** The board's unit (mm/mil) and grid step, stored in the document (CANVAS): one undo step each. */
function GridControl({ ed, disabled, onChange }: { ed: PcbEditor; disabled: boolean; onChange: () => void }) {
  const { unit, size } = ed.grid;
  const shown = formatLen(size, unit);
  const [text, setText] = useState(shown);
  useEffect(() => setText(shown), [shown]);
  const commitSize = () => {
    const mil = parseLen(text, unit);
    if (mil === undefined || !(mil > 0)) { setText(shown); return; }
    setGridSettings(ed.doc, { size: mil });
    onChange();
  };
  return (
    <span className="cp-grid-ctl">
      <label>
        Grid{' '}
        <input className="cp-grid-size mono" aria-label="Grid size" value={text} disabled={disabled} size={6} onChange={(e) => setText(e.target.value)} onBlur={commitSize} onKeyDown={(e) => { e.stopPropagation(); if (e.key === 'Enter') commitSize(); if (e.key === 'Escape') setText(shown); }} />
      </label>
      <select className="cp-select" aria-label="Units" value={unit} disabled={disabled} onChange={(e) => { setGridSettings(ed.doc, { unit: e.target.value as BoardUnit }); onChange(); }}>
        <option value="mm">mm</option>
        <option value="mil">mil</option>
        <option value="inch">inch</option>
      </select>
    </span>
  );
}
