/**
 * The front-panel editor in the browser (issue 19): a PanelEditor (packages/editor/src/panel) on the
 * open PANEL document, its tools and actions (toolbar + shortcuts), the panel drawn as SVG in its
 * colours (packages/convert/src/panel) with selection and tool overlays, a property panel for the
 * plate (material, thickness, print side, craft, cover and background colour, size), cut-outs from a
 * PCB of the project, and the outputs (DXF and SVG for the cutter, the picture). Frame: panel mil.
 */
import { useCallback, useEffect, useMemo, useRef, useState, type PointerEvent as RPointerEvent } from 'react';
import { PanelEditor, mm, MIL_PER_MM, MAX_IMAGE_BYTES, type CutoutSpec } from '@copperplate/editor';
import { registerPanelTools, type CutoutTool, type PanelTextTool as TextTool, type AuxLineTool, type PartTool } from '@copperplate/editor';
import { builtinPanelParts, partFromSelection, partMeta } from '@copperplate/editor';
import { panelActions } from '@copperplate/editor';
import { panelEditorSvg } from '@copperplate/convert/panel/index';
import { PANEL_LAYER_NAMES } from '@copperplate/format/records';
import type { Overlay } from '@copperplate/editor';
import type { ProjectSnapshot } from '../project/types.ts';
import type { DocSync } from './doc-sync.ts';
import { publishTestHook } from './test-hook.ts';
import { panelPartRows, panelPartText, savePanelPart, type PanelPartRow } from '../api/panel-parts.ts';
import { watchLibraryList } from '../library/library-lists.ts';
import { shareApi, type Team } from '../api/share.ts';
import { Toolbar, type ToolButton } from './Toolbar.tsx';
import { SaveBadge } from './SaveBadge.tsx';
import { boardSourceOf, downloadText, panelDrawingPdf, panelFiles, pcbChoices } from './panel-board.ts';

const TOOL_NAMES: Record<string, string> = { part: 'Place part', select: 'Select', cutout: 'Cut-out / hole', text: 'Text', dimension: 'Dimension', aux: 'Auxiliary line', 'outline-polygon': 'Polygon outline' };
/** Fonts offered for panel text ('default' = the stroke font; others are kept by name, as EasyEDA's fontFamily). */
const FONTS = ['default', 'Arial', 'Helvetica', 'Verdana', 'Times New Roman', 'Courier New', 'DejaVu Sans'];
const MATERIALS = ['acrylic', 'aluminium', 'PVC', 'PC', 'ABS', 'FR4'];
const PRINT_SIDES = ['Top Side', 'Bottom Side', ''];
const fmm = (mil: number) => String(Math.round((mil / MIL_PER_MM) * 100) / 100);

interface VB { x: number; y: number; w: number; h: number }


export function PanelEditorView({ sync, items, id, title }: { sync: DocSync; items: ProjectSnapshot['items']; id: string; title: string }) {
  const svgRef = useRef<SVGSVGElement>(null);
  const [, setTick] = useState(0);
  const kick = useCallback(() => setTick((t) => t + 1), []);
  const readOnly = sync.readOnly;
  const ed = useMemo(() => { const e = new PanelEditor(sync.doc); registerPanelTools(e); return e; }, [sync]);
  const actions = useMemo(() => panelActions(ed), [ed]);
  const fit = useCallback((): VB => { const b = ed.model.box; const m = Math.max(b.maxX - b.minX, b.maxY - b.minY) * 0.08 + 50; return { x: b.minX - m, y: b.minY - m, w: b.maxX - b.minX + 2 * m, h: b.maxY - b.minY + 2 * m }; }, [ed]);
  const [vb, setVb] = useState<VB>(() => fit());
  // the PCB a panel was made for ("<PCB> panel"), else the first one
  const [pcb, setPcb] = useState(() => { const c = pcbChoices(items); return (c.find((p) => title.startsWith(`${p.name} panel`)) ?? c[0])?.id ?? ''; });
  const [cutSpec, setCutSpec] = useState<{ shape: CutoutSpec['shape']; a: string; b: string }>({ shape: 'round', a: '6', b: '3' });
  const [text, setText] = useState('TEXT');
  const [partName, setPartName] = useState('');
  // panel parts of the user's and their teams' libraries (component library type 26), and where a new one goes
  const [mine, setMine] = useState<PanelPartRow[]>([]);
  const [teams, setTeams] = useState<Team[]>([]);
  const [saveTo, setSaveTo] = useState('');
  // the user-panel basic library list: the local copy at once (offline too), then the cloud's (library-lists.ts)
  const refreshParts = useCallback(() => void watchLibraryList('userPanel', (l) => setMine(l.kind === 'userPanel' ? panelPartRows(l.items) : []), () => setMine([])), []);
  useEffect(() => { refreshParts(); shareApi.teams().then(setTeams, () => setTeams([])); }, [refreshParts]);
  const builtins = useMemo(() => builtinPanelParts(ed), [ed]);
  const usePart = (t: string) => {
    (ed.tools.get('part') as PartTool).text = t;
    ed.tools.activate('part');
    kick();
  };
  const pickPart = (v: string) => {
    if (v.startsWith('b:')) { const t = builtins[Number(v.slice(2))]?.text; if (t) usePart(t); return; }
    if (v.startsWith('m:')) {
      panelPartText(v.slice(2)).then((t) => { if (t) usePart(t); else { ed.status = 'That part is no longer in the library'; kick(); } }, (e: Error) => { ed.status = e.message; kick(); });
    }
  };
  const saveAsPart = () => {
    const title = partName.trim() || 'Part';
    const t = partFromSelection(ed, ed.selection.ids, { title, description: '', tags: [] });
    if (!t) return;
    ed.status = `Saving part ${title}…`;
    kick();
    savePanelPart(t, title, saveTo || undefined).then(() => {
      setPartName('');
      ed.status = `Saved part ${partMeta(t).title} to ${saveTo ? teams.find((x) => x.uuid === saveTo)?.name ?? 'the team' : 'My library'}`;
      refreshParts();
      kick();
    }, (e: Error) => { ed.status = `The part was not saved: ${e.message}`; kick(); });
  };
  // a picture printed on the panel: read as a data URL, 30 mm wide (its aspect kept), at the plate's centre
  const placeImage = (file: File | undefined) => {
    if (!file) return;
    if (file.size > MAX_IMAGE_BYTES) { ed.status = `The picture is too large (${(file.size / 1048576).toFixed(1)} MB; at most ${MAX_IMAGE_BYTES / 1048576} MB)`; kick(); return; }
    const r = new FileReader();
    r.onerror = () => { ed.status = 'The picture could not be read'; kick(); };
    r.onload = () => {
      const url = String(r.result);
      const img = new Image();
      img.onerror = () => { ed.status = 'That file is not a picture (PNG, JPEG, WebP, GIF or SVG)'; kick(); };
      img.onload = () => {
        const w = mm(30), h = img.naturalWidth ? (w * img.naturalHeight) / img.naturalWidth : w;
        const s0 = ed.settings;
        const k = ed.addImage(s0.originX + s0.width / 2, s0.originY + s0.height / 2, w, h, url, file.name);
        if (!k) ed.status = 'That file is not a picture (PNG, JPEG, WebP, GIF or SVG)';
        else { ed.selection.select([k]); ed.status = `Placed picture ${file.name}`; }
        kick();
      };
      img.src = url;
    };
    r.readAsDataURL(file);
  };
  const cursor = useRef({ x: 0, y: 0 });
  const [cursorText, setCursorText] = useState('X 0 Y 0');

  useEffect(() => {
    const offs = [ed.subscribe(kick), ed.selection.subscribe(kick), ed.tools.subscribe(kick)];
    return () => offs.forEach((o) => o());
  }, [ed, kick]);

  // the cut-out tool's shape and size from the toolbar fields (mm)
  useEffect(() => {
    const t = ed.tools.get('cutout') as CutoutTool;
    const a = mm(Number(cutSpec.a) || 1), b = mm(Number(cutSpec.b) || 1);
    t.spec = cutSpec.shape === 'round' ? { shape: 'round', d: a } : cutSpec.shape === 'rect' ? { shape: 'rect', w: a, h: b } : cutSpec.shape === 'd' ? { shape: 'd', d: a, flat: a / 2 - Math.min(b, a / 2) }
      : { shape: 'custom', points: [{ x: 0, y: -a / 2 }, { x: a / 2, y: a / 2 }, { x: -a / 2, y: a / 2 }] };
  }, [ed, cutSpec]);
  const [textOpts, setTextOpts] = useState({ font: 'default', size: '3', bold: false, italic: false });
  useEffect(() => {
    const t = ed.tools.get('text') as TextTool;
    Object.assign(t, { text, font: textOpts.font, size: mm(Number(textOpts.size) || 3), bold: textOpts.bold, italic: textOpts.italic });
  }, [ed, text, textOpts]);

  const toDoc = useCallback((cx: number, cy: number) => {
    const s = svgRef.current!;
    const m = s.getScreenCTM()!.inverse();
    const p = new DOMPoint(cx, cy).matrixTransform(m);
    return { x: p.x, y: p.y };
  }, []);

  useEffect(() => publishTestHook({
    kind: 'panels', id, editor: ed, doc: sync.doc, sync, view: true,
    toPage: (x, y) => { const s = svgRef.current!; const p = new DOMPoint(x, y).matrixTransform(s.getScreenCTM()!); return { x: p.x, y: p.y }; },
    fitBox: (minX, minY, maxX, maxY) => setVb({ x: minX, y: minY, w: maxX - minX, h: maxY - minY }),
  }), [ed, sync, id]);

  const onPointer = (kind: 'down' | 'move' | 'up') => (e: RPointerEvent<SVGSVGElement>) => {
    const p = toDoc(e.clientX, e.clientY);
    cursor.current = p;
    if (kind === 'move') setCursorText(`X ${fmm(p.x - ed.settings.originX)} Y ${fmm(p.y - ed.settings.originY)}`);
    if (readOnly && ed.tools.active?.id !== 'select') return;
    if (kind === 'down') (e.currentTarget as Element).setPointerCapture?.(e.pointerId);
    if (readOnly) return;
    ed.tools.pointer({ kind, x: p.x, y: p.y, shift: e.shiftKey, ctrl: e.ctrlKey, button: e.button });
    if (kind !== 'up' || ed.tools.active?.state !== 'idle') kick();
  };
  const onWheel = (e: React.WheelEvent<SVGSVGElement>) => {
    const p = toDoc(e.clientX, e.clientY);
    const k = e.deltaY > 0 ? 1.2 : 1 / 1.2;
    setVb((v) => ({ x: p.x - (p.x - v.x) * k, y: p.y - (p.y - v.y) * k, w: v.w * k, h: v.h * k }));
  };
  const onKey = (e: React.KeyboardEvent) => {
    if ((e.target as HTMLElement).tagName === 'INPUT' || (e.target as HTMLElement).tagName === 'SELECT') return;
    const ev = { key: e.key, shift: e.shiftKey, ctrl: e.ctrlKey || e.metaKey, alt: e.altKey };
    if (readOnly ? ed.tools.key(ev) : ed.key(ev)) { e.preventDefault(); kick(); }
  };

  const tool = ed.tools.active?.id ?? 'select';
  const sel = ed.selection.ids;
  const a = (actionId: string, glyph: string, toolId?: string): ToolButton => {
    const act = actions.get(actionId)!;
    const sc = Array.isArray(act.shortcut) ? act.shortcut[0] : act.shortcut;
    return { label: act.label, shortcut: sc, glyph, active: toolId ? tool === toolId : undefined, disabled: readOnly || (act.enabled ? !act.enabled() : false), onClick: () => { actions.run(actionId); kick(); } };
  };
  const groups: ToolButton[][] = [
    [a('tool.select', 'select', 'select'), a('tool.cutout', 'hole', 'cutout'), a('tool.text', 'text', 'text'), a('tool.dimension', 'dimension', 'dimension'), a('tool.aux', 'aux', 'aux'), a('tool.outline-polygon', 'outline', 'outline-polygon')],
    [a('edit.undo', 'undo'), a('edit.redo', 'redo'), a('edit.delete', 'delete')],
    [a('edit.rotate', 'rotate'), a('edit.mirror-x', 'mirrorX'), a('edit.mirror-y', 'mirrorY'), a('edit.copy', 'copy'), a('edit.paste', 'paste')],
    [a('align.left', 'left'), a('align.centerY', 'middle'), a('distribute.x', 'distribute')],
    [{ label: 'Fit', glyph: 'fit', onClick: () => setVb(fit()) }],
  ];
  const svg = panelEditorSvg(ed.model, ed.hiddenLayers);
  const inner = svg.slice(svg.indexOf('>') + 1, svg.lastIndexOf('</svg>'));
  const overlays: Overlay[] = ed.tools.overlay();
  const s = ed.settings;
  const canvasRec = ed.canvasKey() ? ed.doc.get(ed.canvasKey()!) : undefined;
  const setting = (k: 'material' | 'thickness' | 'print' | 'craft' | 'coverColor' | 'backgroundColor' | 'width' | 'height', v: string) => { if (!readOnly) ed.setCanvas({ [k]: v }, `Panel ${k}`); };
  const download = (kind: 'dxf' | 'cut-svg' | 'picture-svg') => {
    const f = panelFiles(title, ed.doc.records()).find((x) => x.kind === kind)!;
    downloadText(f.name, f.data, kind === 'dxf' ? 'application/dxf' : 'image/svg+xml');
  };
  // the board changed since its cut-outs were derived (checked when the panel opens or another PCB is picked)
  const [stale, setStale] = useState(false);
  useEffect(() => { const src = boardSourceOf(items, pcb); setStale(!!src && ed.derivedStale(src)); }, [ed, pcb, items]);
  const derive = () => {
    const src = boardSourceOf(items, pcb);
    if (!src) { ed.status = 'The PCB has no content'; kick(); return; }
    ed.deriveFromBoard(src);
    setStale(false);
    kick();
  };
  return (
    <div className="cp-editor cp-panel" data-testid="panel-editor" tabIndex={-1} onKeyDown={onKey}>
      <Toolbar label="Panel tools" groups={groups}>
        {tool === 'cutout' && (
          <span className="cp-inline" aria-label="Cut-out shape">
            <select className="cp-select" aria-label="Hole shape" value={cutSpec.shape} onChange={(e) => setCutSpec({ ...cutSpec, shape: e.target.value as CutoutSpec['shape'] })}>
              <option value="round">Round</option><option value="rect">Rectangular</option><option value="d">D-shaped</option><option value="custom">Custom (triangle)</option>
            </select>
            <input className="cp-num" aria-label={cutSpec.shape === 'rect' ? 'Width (mm)' : 'Diameter (mm)'} value={cutSpec.a} onChange={(e) => setCutSpec({ ...cutSpec, a: e.target.value })} size={4} />
            {(cutSpec.shape === 'rect' || cutSpec.shape === 'd') && <input className="cp-num" aria-label={cutSpec.shape === 'rect' ? 'Height (mm)' : 'Flat depth (mm)'} value={cutSpec.b} onChange={(e) => setCutSpec({ ...cutSpec, b: e.target.value })} size={4} />}
          </span>
        )}
        {tool === 'text' && (
          <span className="cp-inline" aria-label="Text options">
            <input className="cp-text" aria-label="Text to place" value={text} onChange={(e) => setText(e.target.value)} />
            <select className="cp-select" aria-label="Font" value={textOpts.font} onChange={(e) => setTextOpts({ ...textOpts, font: e.target.value })}>
              {FONTS.map((f) => <option key={f} value={f}>{f === 'default' ? 'Stroke font' : f}</option>)}
            </select>
            <input className="cp-num" aria-label="Text height (mm)" value={textOpts.size} onChange={(e) => setTextOpts({ ...textOpts, size: e.target.value })} size={3} />
            <label><input type="checkbox" aria-label="Bold" checked={textOpts.bold} onChange={(e) => setTextOpts({ ...textOpts, bold: e.target.checked })} /> B</label>
            <label><input type="checkbox" aria-label="Italic" checked={textOpts.italic} onChange={(e) => setTextOpts({ ...textOpts, italic: e.target.checked })} /> I</label>
          </span>
        )}
        {tool === 'aux' && <button type="button" className="cp-btn" onClick={() => { const t = ed.tools.get('aux') as AuxLineTool; t.angle = t.angle ? 0 : 90; kick(); }}>{(ed.tools.get('aux') as AuxLineTool).angle ? 'Vertical' : 'Horizontal'}</button>}
        <label className="cp-btn file-btn">Image…<input type="file" aria-label="Place image" accept="image/png,image/jpeg,image/webp,image/gif,image/svg+xml" hidden disabled={readOnly} onChange={(e) => { placeImage(e.target.files?.[0]); e.target.value = ''; }} /></label>
        <select className="cp-select" aria-label="Outline" value="" disabled={readOnly} onChange={(e) => { if (e.target.value) { ed.setOutline(e.target.value as 'rect' | 'rounded'); kick(); } }}>
          <option value="">Outline…</option><option value="rect">Rectangle</option><option value="rounded">Rounded rectangle</option>
        </select>
        <span className="cp-inline" aria-label="Panel parts">
          <select className="cp-select" aria-label="Place part" value="" disabled={readOnly} onChange={(e) => pickPart(e.target.value)}>
            <option value="">Place part…</option>
            <optgroup label="Built-in">{builtins.map((p, i) => <option key={p.title} value={`b:${i}`}>{p.title}</option>)}</optgroup>
            {[...new Set(mine.map((p) => p.lib))].map((lib) => (
              <optgroup key={lib} label={lib === 'Personal' ? 'My library' : `${lib} library`}>{mine.filter((p) => p.lib === lib).map((p) => <option key={p.uuid} value={`m:${p.uuid}`}>{p.title}</option>)}</optgroup>
            ))}
          </select>
          {sel.length > 0 && <><input className="cp-text" aria-label="Part name" placeholder="Part name" value={partName} onChange={(e) => setPartName(e.target.value)} size={10} />
            {teams.length > 0 && <select className="cp-select" aria-label="Save part to" value={saveTo} onChange={(e) => setSaveTo(e.target.value)}>
              <option value="">My library</option>{teams.map((t) => <option key={t.uuid} value={t.uuid}>{t.name}</option>)}
            </select>}
            <button type="button" className="cp-btn" onClick={saveAsPart}>Save as part</button></>}
        </span>
        <span className="cp-inline">
          <select className="cp-select" aria-label="Board for cut-outs" value={pcb} onChange={(e) => setPcb(e.target.value)}>
            {pcbChoices(items).map((p) => <option key={p.id} value={p.id}>{p.name}</option>)}
          </select>
          <button type="button" className="cp-btn" disabled={readOnly || !pcb} onClick={derive}>Cut-outs from board</button>
          {stale && <button type="button" className="cp-btn cp-warn" disabled={readOnly} onClick={derive} title="The board's connectors, switches or LEDs moved since the cut-outs were derived">Board changed: update cut-outs</button>}
        </span>
        <span className="cp-inline" aria-label="Panel outputs">
          <button type="button" className="cp-btn" onClick={() => download('dxf')}>Export DXF</button>
          <button type="button" className="cp-btn" onClick={() => download('cut-svg')}>Export SVG</button>
          <button type="button" className="cp-btn" onClick={() => download('picture-svg')}>Picture</button>
          <button type="button" className="cp-btn" onClick={() => { const f = panelDrawingPdf(title, ed.doc.records()); downloadText(f.name, f.data, 'application/pdf'); }}>Drawing (PDF)</button>
        </span>
      </Toolbar>
      <div className="cp-main">
        <div className="cp-canvas-wrap">
          <svg ref={svgRef} className="cp-canvas cp-panel-canvas" role="img" aria-label="Panel canvas" viewBox={`${vb.x} ${vb.y} ${vb.w} ${vb.h}`} preserveAspectRatio="xMidYMid meet"
            onPointerDown={onPointer('down')} onPointerMove={onPointer('move')} onPointerUp={onPointer('up')} onWheel={onWheel} style={{ width: '100%', height: '100%', background: '#f4f5f7', touchAction: 'none' }}>
            <g dangerouslySetInnerHTML={{ __html: inner }} />
            <g className="cp-selection" fill="none" stroke="#ff6d00" strokeWidth={vb.w / 400} strokeDasharray={`${vb.w / 150} ${vb.w / 300}`}>
              {sel.map((k) => { const b = ed.boxOf(k); return b ? <rect key={k} x={b.minX} y={b.minY} width={b.maxX - b.minX} height={b.maxY - b.minY} /> : null; })}
            </g>
            <g className="cp-overlay" fill="none" stroke="#2962ff" strokeWidth={vb.w / 500}>
              {overlays.map((o, i) => o.kind === 'rect' ? <rect key={i} x={o.minX} y={o.minY} width={o.maxX - o.minX} height={o.maxY - o.minY} />
                : o.kind === 'polyline' ? <polyline key={i} points={o.points.join(' ')} /> : <circle key={i} cx={o.x} cy={o.y} r={vb.w / 200} />)}
            </g>
          </svg>
        </div>
        <div className="cp-side">
          <section className="cp-props" aria-label="Panel settings">
            <h3>Panel</h3>
            <label>Material <select aria-label="Material" value={canvasRec ? s.material : ''} disabled={readOnly} onChange={(e) => setting('material', e.target.value)}>
              {[...new Set([s.material, ...MATERIALS])].map((m) => <option key={m} value={m}>{m}</option>)}
            </select></label>
            <label>Thickness <input aria-label="Thickness" defaultValue={s.thickness} key={`t${s.thickness}`} disabled={readOnly} onBlur={(e) => e.target.value !== s.thickness && setting('thickness', e.target.value)} /></label>
            <label>Print side <select aria-label="Print side" value={s.print} disabled={readOnly} onChange={(e) => setting('print', e.target.value)}>
              {[...new Set([s.print, ...PRINT_SIDES])].map((m) => <option key={m} value={m}>{m || 'No print'}</option>)}
            </select></label>
            <label>Finish <input aria-label="Finish" defaultValue={s.craft} key={`c${s.craft}`} disabled={readOnly} onBlur={(e) => e.target.value !== s.craft && setting('craft', e.target.value)} /></label>
            <label>Cover colour <input aria-label="Cover colour" defaultValue={s.coverColor} key={`v${s.coverColor}`} disabled={readOnly} onBlur={(e) => e.target.value !== s.coverColor && setting('coverColor', e.target.value)} /></label>
            <label>Colour <input aria-label="Panel colour" type="color" value={/^#[0-9a-f]{6}$/i.test(s.backgroundColor) ? s.backgroundColor : '#dfe9ee'} disabled={readOnly} onChange={(e) => setting('backgroundColor', e.target.value)} /></label>
            <label>Width (mm) <input aria-label="Width (mm)" defaultValue={fmm(s.width)} key={`w${s.width}`} disabled={readOnly} onBlur={(e) => Number(e.target.value) > 0 && e.target.value !== fmm(s.width) && setting('width', `${Number(e.target.value)}mm`)} /></label>
            <label>Height (mm) <input aria-label="Height (mm)" defaultValue={fmm(s.height)} key={`h${s.height}`} disabled={readOnly} onBlur={(e) => Number(e.target.value) > 0 && e.target.value !== fmm(s.height) && setting('height', `${Number(e.target.value)}mm`)} /></label>
            <fieldset className="cp-layers" aria-label="Panel layers">
              <legend>Layers</legend>
              {Object.entries(PANEL_LAYER_NAMES).map(([id, name]) => (
                <label key={id}><input type="checkbox" aria-label={`Show ${name}`} checked={!ed.hiddenLayers.has(Number(id))} onChange={(e) => { ed.setLayerVisible(Number(id), e.target.checked); kick(); }} /> {name}</label>
              ))}
            </fieldset>
            <p className="muted small">{ed.model.cutouts.length} cut-outs · {ed.model.items.filter((i) => i.kind === 'text').length} texts</p>
          </section>
        </div>
      </div>
      <div className="cp-status" aria-label="Editor status">
        <span>{readOnly ? 'Read-only' : TOOL_NAMES[tool] ?? tool}</span>
        <span className="mono" data-testid="cursor">{cursorText} <span className="muted">mm</span></span>
        <span data-testid="panel-status">{ed.status}</span>
        <SaveBadge sync={sync} />
      </div>
    </div>
  );
}
