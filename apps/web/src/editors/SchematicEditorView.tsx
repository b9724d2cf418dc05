/**
 * The schematic editor (and the symbol viewer) in the browser: packages/editor's canvas view
 * (createCanvasView: a sheet's shapes drawn by the WebGL2 painter as the PCB's are, or by Canvas2D where
 * WebGL2 is missing or `?canvas=2d` asks for it (wantedPainter); text, symbols, tools, actions, wheel zoom, middle/right-drag pan) mounted on
 * a <canvas> that fills the document area, a compact toolbar whose buttons run the editor's actions,
 * a place menu of the project's devices, and a status line (tool, cursor in 0.01 inch, zoom).
 */
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { POWER_FLAG_NAMES, componentPins, createCanvasView, schematicHostActions, tableCellAt, tableTarget, type CanvasView, type PlaceTool, type TableSize } from '@copperplate/editor';
import { PromptDialog } from '../dialogs/PromptDialog.tsx';
import { AnnotateDialog, type AnnotateChoice } from './AnnotateDialog.tsx';
import { FindPanel } from './FindPanel.tsx';
import { globalShortcuts, saveFlagSymbol, saveSheets, schematicSheets } from './sch-host.ts';
import { toast } from '../ui/toasts.tsx';
import type { ProjectSnapshot } from '../project/types.ts';
import { contextOf } from '../project/painters.ts';
import type { DocSync } from './doc-sync.ts';
import { publishTestHook } from './test-hook.ts';
import { Toolbar, type ToolButton } from './Toolbar.tsx';
import { CommandPalette, usePaletteShortcut } from './CommandPalette.tsx';
import { guardReadOnly, showCursor, spaceDragPan, useFrameTick } from './use-canvas-status.ts';
import { SaveBadge } from './SaveBadge.tsx';
import { readClipboard, writeClipboard } from './clipboard.ts';
import { PropertyPanel } from './PropertyPanel.tsx';
import { schProps } from './sch-props.ts';
import { TableCellsGrid, type CellEditRequest } from './TableCellsGrid.tsx';
import { TableSizeDialog } from './TableSizeDialog.tsx';
import { ErcPanel } from './ErcPanel.tsx';
import { otherSheets } from './sheets.ts';
import { SymbolTools } from './SymbolTools.tsx';
import { itemName } from '../project/http-session.ts';
import { SimulationPanel } from '../sim/SimulationPanel.tsx';
import { wantedPainter } from './pcb-view.ts';
import { LibraryPanel } from '../library/LibraryPanel.tsx';
import { useSchematicLibrary } from '../library/use-library.ts';

const TOOL_NAMES: Record<string, string> = { select: 'Select', wire: 'Wire', bus: 'Bus', busEntry: 'Bus entry', netLabel: 'Net label', text: 'Text', place: 'Place', noConnect: 'No connect', table: 'Table' };
/** Grid steps offered (0.01 inch). */
const GRID_SIZES = [1, 2.5, 5, 10, 20, 50];

export function SchematicEditorView({ sync, items, id }: { sync: DocSync; items: ProjectSnapshot['items']; id: string }) {
  const wrap = useRef<HTMLDivElement>(null);
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const [view, setView] = useState<CanvasView | null>(null);
  const [tick, kick] = useFrameTick();
  const [palette, setPalette] = useState(false);
  const openPalette = useCallback(() => setPalette(true), []);
  usePaletteShortcut(wrap, openPalette);
  const cursorEl = useRef<HTMLSpanElement>(null);
  const ctx = useMemo(() => contextOf(items).sch, [items]);
  const readOnly = sync.readOnly;
  const highlightRef = useRef<() => Promise<void>>(async () => {});
  const [asking, setAsking] = useState<{ initial: string; resolve: (v: string | null) => void } | null>(null);
  const [finding, setFinding] = useState(false);
  const [annotating, setAnnotating] = useState(false);
  const [sizing, setSizing] = useState<{ resolve: (v: TableSize | null) => void } | null>(null);
  const [cellEdit, setCellEdit] = useState<CellEditRequest | null>(null);
  /** Grid controls re-render at once (a controlled input must see its new value in the same event). */
  const [, setGridTick] = useState(0);

  useEffect(() => {
    const canvas = canvasRef.current!;
    const offs: Array<() => void> = [];
    const v = createCanvasView(canvas, sync.doc, {
      ctx, background: '#FFFFFF', painter: wantedPainter(), onCopy: (t) => writeClipboard('sch', t), readClipboard: () => readClipboard('sch'),
      askName: (initial) => new Promise<string | null>((resolve) => setAsking({ initial, resolve })),
      onSymbolCreated: (info, text) => void saveFlagSymbol(sync.session, info, text).catch((e: Error) => toast(e.message, 'error')),
    });
    setView(v);
    const ed = v.editor;
    if (ed) schematicHostActions(ed, { highlightNet: () => void highlightRef.current(), find: () => setFinding(true), annotateDialog: () => setAnnotating(true) });
    if (ed) ed.askTableSize = () => new Promise<TableSize | null>((resolve) => setSizing({ resolve }));
    if (ed && !readOnly) {
      // a double-click on a table edits the cell under the pointer (in the side panel's grid)
      const onDbl = (e: MouseEvent) => {
        const r = canvas.getBoundingClientRect();
        const p = v.viewport.toWorld(e.clientX - r.left, e.clientY - r.top);
        const t = tableTarget(ed.doc, [ed.hit(p.x, p.y) ?? ''])?.table;
        const cell = t ? tableCellAt(ed.doc, t, p.x, p.y) : undefined;
        if (!t || !cell) return;
        ed.selection.select([t]);
        setCellEdit((q) => ({ cell: cell.key, n: (q?.n ?? 0) + 1 }));
      };
      canvas.addEventListener('dblclick', onDbl);
      offs.push(() => canvas.removeEventListener('dblclick', onDbl));
    }
    if (ed && !readOnly) {
      // shortcuts wherever the focus is after a click in a panel (the canvas handles its own)
      offs.push(globalShortcuts(canvas, (ev) => {
        if (ev.ctrl && ev.shift && ev.key.toLowerCase() === 'p') { setPalette(true); return true; }
        const used = ed.key(ev);
        if (used) v.invalidate();
        return used;
      }));
    }
    if (ed) offs.push(ed.tools.subscribe(kick), ed.selection.subscribe(kick), ed.onChange(kick));
    offs.push(v.viewport.subscribe(kick), sync.subscribe(kick));
    const onMove = (e: PointerEvent) => {
      const r = canvas.getBoundingClientRect();
      const p = v.viewport.toWorld(e.clientX - r.left, e.clientY - r.top);
      showCursor(cursorEl, ed ? ed.grid.snapPt(p) : p);
    };
    canvas.addEventListener('pointermove', onMove);
    offs.push(() => canvas.removeEventListener('pointermove', onMove));
    if (readOnly) offs.push(guardReadOnly(wrap.current!));
    offs.push(spaceDragPan(wrap.current!, () => !ed || (ed.selection.size === 0 && ed.tools.active?.state === 'idle'), (dx, dy) => { v.viewport.panBy(dx, dy); v.moved(); }, (on) => v.hold(on)));
    offs.push(
      publishTestHook({
        kind: sync.kind,
        id,
        doc: sync.doc,
        editor: ed,
        view: v,
        sync,
        /** Every component pin (connection end, 0.01 inch). */
        pins: () => sync.doc.ofType('COMPONENT').flatMap(([k]) => componentPins(sync.doc, k, ctx)),
        toPage(x, y) {
          const r = canvas.getBoundingClientRect();
          const s = v.viewport.toScreen(x, y);
          return { x: r.left + s.x, y: r.top + s.y };
        },
        fitBox(minX, minY, maxX, maxY) {
          v.viewport.fit({ minX, minY, maxX, maxY }, 0.2);
          v.draw();
        },
      }),
    );
    // the first layout may land after mounting: fit again on the next frame
    const raf = requestAnimationFrame(() => v.fit());
    return () => {
      cancelAnimationFrame(raf);
      for (const off of offs) off();
      v.destroy();
    };
  }, [sync, ctx, id, kick, readOnly]);

  const ed = view?.editor;
  const library = useSchematicLibrary(sync, view, ctx, canvasRef.current, kick);
  const run = (actionId: string) => {
    if (!ed || readOnly) return;
    ed.actions.run(actionId);
    view?.invalidate();
    canvasRef.current?.focus();
  };
  /** Highlight the net of the selected record across the schematic's sheets, or clear the highlight. */
  const highlight = async () => {
    if (!ed) return;
    const k = ed.selection.ids[0];
    if (!k || ed.highlight.size) { ed.highlight = new Set(); ed.selection.clear(); }
    else ed.highlightNet(k, await otherSheets(sync.session, id));
    view?.invalidate();
    kick();
  };
  highlightRef.current = highlight;
  const viewAct = (f: () => void) => () => { f(); view?.invalidate(); kick(); };
  const tool = ed?.tools.active?.id ?? 'select';
  const hasSel = (ed?.selection.size ?? 0) > 0;
  const edit = !!ed && !readOnly;
  const toolBtn = (label: string, shortcut: string, glyph: string, actionId: string, toolId: string): ToolButton => ({ label, shortcut, glyph, active: tool === toolId, disabled: !edit, onClick: () => (toolId === 'select' ? (ed?.tools.reset(), view?.invalidate(), kick()) : run(actionId)) });
  const groups: ToolButton[][] = [
    [
      toolBtn('Select', 'Esc', 'select', '', 'select'),
      toolBtn('Wire', 'W', 'wire', 'place.wire', 'wire'),
      toolBtn('Bus', 'B', 'bus', 'place.bus', 'bus'),
      toolBtn('Bus entry', '', 'busEntry', 'place.busEntry', 'busEntry'),
      toolBtn('Net label', 'N', 'netLabel', 'place.netLabel', 'netLabel'),
      toolBtn('Text', 'T', 'text', 'place.text', 'text'),
    ],
    [
      { label: 'Undo', shortcut: 'Ctrl+Z', glyph: 'undo', disabled: !edit || !sync.doc.canUndo(), onClick: () => run('edit.undo') },
      { label: 'Redo', shortcut: 'Ctrl+Y', glyph: 'redo', disabled: !edit || !sync.doc.canRedo(), onClick: () => run('edit.redo') },
    ],
    [
      { label: 'Cut', shortcut: 'Ctrl+X', glyph: 'cut', disabled: !edit || !hasSel, onClick: () => run('edit.cut') },
      { label: 'Copy', shortcut: 'Ctrl+C', glyph: 'copy', disabled: !edit || !hasSel, onClick: () => run('edit.copy') },
      { label: 'Paste', shortcut: 'Ctrl+V', glyph: 'paste', disabled: !edit || !(ed?.clipboard ?? readClipboard('sch')), onClick: () => run('edit.paste') },
      { label: 'Delete', shortcut: 'Delete', glyph: 'delete', disabled: !edit || !hasSel, onClick: () => run('edit.delete') },
      { label: 'Rotate', shortcut: 'R', glyph: 'rotate', disabled: !edit || !hasSel, onClick: () => run('edit.rotate') },
      { label: 'Mirror horizontally', shortcut: 'X', glyph: 'mirrorX', disabled: !edit || !hasSel, onClick: () => run('edit.mirrorX') },
      { label: 'Mirror vertically', shortcut: 'Y', glyph: 'mirrorY', disabled: !edit || !hasSel, onClick: () => run('edit.mirrorY') },
      { label: 'Highlight net', shortcut: 'H', glyph: 'highlight', disabled: !ed || (!hasSel && !ed.highlight.size), onClick: () => void highlight() },
    ],
    [
      { label: 'Zoom in', shortcut: '+', glyph: 'zoomIn', disabled: !view, onClick: viewAct(() => view?.viewport.zoomBy(1.25)) },
      { label: 'Zoom out', shortcut: '-', glyph: 'zoomOut', disabled: !view, onClick: viewAct(() => view?.viewport.zoomBy(0.8)) },
      { label: 'Fit all', shortcut: 'K', glyph: 'fit', disabled: !view, onClick: viewAct(() => view?.fit()) },
    ],
  ];
  const setActiveCell = useCallback((k: string | undefined) => { if (view?.editor) view.editor.activeCell = k; }, [view]);
  const devices = useMemo(() => placeable(items, ctx.symbols), [items, ctx]);
  const place = (value: string) => {
    if (!ed || !value) return;
    if (value.startsWith('flag:')) ed.armNetFlag(value.slice(5));
    else if (value === 'port') { run('place.netPort'); return; }
    else if (value === 'noConnect') ed.tools.activate('noConnect');
    else if (value === 'table') { run('place.table'); return; }
    else {
      const [sym, dev] = value.split('|');
      const t = ed.tools.get('place') as PlaceTool;
      t.arm(sym, dev);
      ed.tools.activate('place');
    }
    kick();
    canvasRef.current?.focus();
  };
  /** Annotate this sheet, or every sheet of its schematic (the others are saved through the session). */
  const annotate = async (c: AnnotateChoice) => {
    if (!ed) return;
    if (c.scope === 'sheet') {
      const n = ed.annotate({ order: c.order, renumber: c.renumber }).size;
      toast(`${n} designator${n === 1 ? '' : 's'} changed`, 'success', 3000);
    } else {
      const { others, order } = await schematicSheets(sync.session, id);
      const mine = itemName(sync.current);
      const changed = ed.annotateAll(others, { order: c.order, renumber: c.renumber, sheetOrder: order.map((n) => (n === mine ? ed.sheetName : n)) });
      await saveSheets(sync.session, others, changed.keys());
      const n = [...changed.values()].reduce((a, m) => a + m.size, 0);
      toast(`${n} designator${n === 1 ? '' : 's'} changed on ${changed.size} sheet${changed.size === 1 ? '' : 's'}`, 'success', 3000);
    }
    setAnnotating(false);
    view?.invalidate();
    kick();
    canvasRef.current?.focus();
  };
  void tick;
  const tableId = ed ? tableTarget(ed.doc, ed.selection.ids)?.table ?? null : null;
  return (
    <div className="cp-editor cp-sch" ref={wrap} data-testid={ed ? 'schematic-editor' : 'symbol-editor'}>
      {ed ? (
        <Toolbar label="Schematic tools" groups={groups}>
          <button type="button" className="btn small" disabled={!edit} title="Annotate designators (number the U?, R? ... of this sheet or of the whole schematic)" onClick={() => setAnnotating(true)}>
            Annotate
          </button>
          <button type="button" className="btn small" disabled={!ed} title="Find parts, nets and text (Ctrl+F)" onClick={() => setFinding(true)}>
            Find
          </button>
          <button type="button" className="btn small" disabled={!edit} aria-pressed={library.open} title="Component library: search, preview and place parts" onClick={() => library.setOpen(!library.open)}>
            Library
          </button>
          <select className="cp-select" aria-label="Place component (P)" title="Place component (P)" value="" disabled={!edit} onChange={(e) => place(e.target.value)}>
            <option value="">Place…</option>
            <optgroup label="Power and ground">
              {POWER_FLAG_NAMES.map((n) => (
                <option key={n} value={`flag:${n}`}>
                  {n}
                </option>
              ))}
            </optgroup>
            <optgroup label="Flags">
              <option value="port">Net port…</option>
              <option value="noConnect">No connect (Q)</option>
            </optgroup>
            <optgroup label="Drawing">
              <option value="table">Table… (Shift+T)</option>
            </optgroup>
            <optgroup label="Parts">
              {devices.map((d) => (
                <option key={d.value} value={d.value}>
                  {d.label}
                </option>
              ))}
            </optgroup>
          </select>
        </Toolbar>
      ) : (
        <SymbolTools doc={sync.doc} view={view} canvas={canvasRef.current} readOnly={readOnly} title={itemName(sync.current)} kick={kick} />
      )}
      <div className="cp-main">
        <div className="cp-canvas-wrap" {...(edit ? library.dropProps : {})}>
          <canvas ref={canvasRef} className="cp-canvas" aria-label={ed ? 'Schematic canvas' : 'Symbol canvas'} />
          {library.open && edit && <LibraryPanel busy={library.busy} onPlace={(u) => void library.place(u)} onClose={() => { library.setOpen(false); canvasRef.current?.focus(); }} />}
          {finding && ed && <FindPanel ed={ed} onFocus={() => { view?.invalidate(); kick(); }} onClose={() => { setFinding(false); canvasRef.current?.focus(); }} />}
          {palette && ed && !readOnly && <CommandPalette actions={ed.actions} onClose={() => { setPalette(false); canvasRef.current?.focus(); }} onRan={() => { view?.invalidate(); kick(); }} />}
        </div>
        {ed && (
          <div className="cp-side">
            <PropertyPanel {...schProps(ed)} readOnly={readOnly} />
            {tableId && <TableCellsGrid key={tableId} doc={ed.doc} tableId={tableId} readOnly={readOnly} editRequest={cellEdit} onActiveCell={setActiveCell} onChanged={() => { view?.invalidate(); kick(); }} />}
            <ErcPanel ed={ed} sync={sync} id={id} onFocus={() => { view?.invalidate(); kick(); }} />
          </div>
        )}
      </div>
      {ed && <SimulationPanel ed={ed} view={view} canvas={canvasRef.current} sync={sync} id={id} ctx={ctx} />}
      <div className="cp-status" aria-label="Editor status">
        <span>{readOnly ? 'Read-only' : ed ? TOOL_NAMES[tool] ?? tool : 'Symbol'}</span>
        <span className="mono" data-testid="cursor">
          <span ref={cursorEl}>X 0 Y 0</span> <span className="muted">(0.01 in)</span>
        </span>
        <span className="mono">{view ? `${Math.round(view.viewport.zoom)}%` : ''}</span>
        {ed && (
          <label className="cp-grid-ctl" title="Grid (0.01 inch)">
            <input type="checkbox" aria-label="Show grid" checked={ed.gridVisible} onChange={(e) => { ed.setGridVisible(e.target.checked); setGridTick((t) => t + 1); }} /> Grid
            <select className="cp-select" aria-label="Grid size" value={ed.grid.size} onChange={(e) => { ed.setGridSize(Number(e.target.value)); setGridTick((t) => t + 1); }}>
              {(GRID_SIZES.includes(ed.grid.size) ? GRID_SIZES : [...GRID_SIZES, ed.grid.size].sort((a, b) => a - b)).map((g) => (
                <option key={g} value={g}>
                  {g}
                </option>
              ))}
            </select>
          </label>
        )}
        {ed && <span>{ed.selection.size} selected</span>}
        <span className="spacer" />
        <SaveBadge sync={sync} />
      </div>
      {asking && (
        <PromptDialog
          title="Net name"
          label="Name"
          okText="Place"
          initial={asking.initial}
          onOk={(v) => { asking.resolve(v); setAsking(null); canvasRef.current?.focus(); }}
          onClose={() => { asking.resolve(null); setAsking(null); canvasRef.current?.focus(); }}
        />
      )}
      {sizing && (
        <TableSizeDialog
          onOk={(v) => { sizing.resolve(v); setSizing(null); canvasRef.current?.focus(); }}
          onClose={() => { sizing.resolve(null); setSizing(null); canvasRef.current?.focus(); }}
        />
      )}
      {annotating && ed && <AnnotateDialog onOk={annotate} onClose={() => { setAnnotating(false); canvasRef.current?.focus(); }} />}
    </div>
  );
}

/** Devices with a symbol in the project, and net flags/ports (symbols of type 18/19) without a device. */
function placeable(items: ProjectSnapshot['items'], symbols: Map<string, { title: string; type: number }>): Array<{ value: string; label: string }> {
  const out: Array<{ value: string; label: string }> = [];
  for (const [uuid, d] of items.devices) {
    const sym = String((d.attributes as Record<string, unknown> | undefined)?.Symbol ?? '');
    if (sym && symbols.has(sym)) out.push({ value: `${sym}|${uuid}`, label: String(d.title ?? uuid) });
  }
  for (const [uuid, s] of symbols) if (s.type === 18 || s.type === 19) out.push({ value: `${uuid}|`, label: s.title });
  return out.sort((a, b) => a.label.localeCompare(b.label));
}
