/**
 * The PCB/footprint editor's actions, in the one action registry of the engine (core/actions.ts:
 * menus, toolbar, shortcuts and the command palette read these): tools (W route, V via, D drag track
 * segment, O board outline), edit commands (undo/redo, copy/cut/paste at the cursor, delete, rotate,
 * flip), layers (T top, B bottom, L next copper layer; while routing a layer change drops a via) and
 * view commands. The host gives the cursor, the view and the shared copy-and-paste store.
 * Coordinates: board mil, Y up.
 */
import { ActionRegistry } from '../core/actions.ts';
import type { Rec } from '../core/records.ts';
import type { PcbEditor } from './editor.ts';
import type { RouteTool } from './tools.ts';
import { L } from './layers.ts';

/** What a copy puts in the shared store: the records and the point they were copied around. */
export interface PcbClip { anchor: { x: number; y: number }; records: Rec[] }

export interface PcbActionHost {
  /** Last pointer position (board mil): the paste anchor. */
  cursor(): { x: number; y: number };
  fit(): void;
  zoomBy(f: number): void;
  /** The copy-and-paste store shared by boards and tabs (default: this editor only). */
  readClip?(): PcbClip | undefined;
  writeClip?(clip: PcbClip): void;
}

/**
 * Fills the editor's one registry (`ed.actions`) once; a later call (a view mounted again) only
 * changes the host the actions talk to. Returns the registry.
 */
export function pcbActions(ed: PcbEditor, host: PcbActionHost): ActionRegistry {
  hosts.set(ed, host);
  if (!ed.actions.get('edit.undo')) registerPcbActions(ed, () => hosts.get(ed)!);
  return ed.actions;
}
const hosts = new WeakMap<PcbEditor, PcbActionHost>();

function registerPcbActions(ed: PcbEditor, current: () => PcbActionHost): void {
  const a = ed.actions;
  const host: PcbActionHost = {
    cursor: () => current().cursor(), fit: () => current().fit(), zoomBy: (f) => current().zoomBy(f),
    readClip: () => current().readClip?.(), writeClip: (c) => current().writeClip?.(c),
  };
  const hasSel = () => ed.selection.size > 0;
  const route = () => ed.tools.get('route') as RouteTool | undefined;
  let anchor = { x: 0, y: 0 };
  const copy = () => {
    const ids = ed.selection.ids;
    if (!ids.length) return false;
    let minX = Infinity, minY = Infinity, maxX = -Infinity, maxY = -Infinity;
    for (const k of ids) { const b = ed.boxOf(k); if (b) { minX = Math.min(minX, b.minX); minY = Math.min(minY, b.minY); maxX = Math.max(maxX, b.maxX); maxY = Math.max(maxY, b.maxY); } }
    anchor = minX <= maxX ? { x: (minX + maxX) / 2, y: (minY + maxY) / 2 } : host.cursor();
    const n = ed.copy(ids);
    if (n) host.writeClip?.({ anchor, records: ed.clipboard.map((r) => r.slice()) });
    return n > 0;
  };
  /** The shared store's records (copied in any board or footprint) become this editor's clipboard. */
  const loadShared = () => {
    const clip = host.readClip?.();
    if (clip) { ed.clipboard = clip.records; anchor = clip.anchor; }
  };
  /** Switch the active copper layer; while routing this drops a via (the route continues on the other layer). */
  const toLayer = (id: number | 'next') => {
    const r = route();
    if (r && ed.tools.active === r && r.state === 'routing') { r.dropVia(); return; }
    const cu = ed.panel.copperLayers();
    const next = id === 'next' ? cu[(cu.indexOf(ed.panel.active) + 1) % cu.length] : id;
    if (next !== undefined) ed.panel.setActive(next);
  };
  a.register({ id: 'tool.select', label: 'Select', menu: 'Tools', shortcut: 'S', run: () => ed.tools.reset() });
  if (ed.tools.get('pad')) a.register({ id: 'tool.pad', label: 'Pad', menu: 'Place', shortcut: 'P', run: () => ed.tools.activate('pad') });
  a.register({ id: 'tool.route', label: 'Route track', menu: 'Place', shortcut: 'W', run: () => ed.tools.activate('route') });
  a.register({ id: 'tool.via', label: 'Via', menu: 'Place', shortcut: 'V', run: () => ed.tools.activate('via') });
  a.register({ id: 'tool.drag', label: 'Drag track segment', menu: 'Tools', shortcut: 'D', run: () => ed.tools.activate('drag-segment') });
  a.register({ id: 'tool.outline', label: 'Board outline', menu: 'Place', shortcut: 'O', run: () => ed.tools.activate('outline') });
  a.register({ id: 'tool.graphic', label: 'Line', menu: 'Place', run: () => ed.tools.activate('graphic') });
  a.register({ id: 'tool.text', label: 'Text', menu: 'Place', run: () => ed.tools.activate('text') });
  a.register({ id: 'edit.undo', label: 'Undo', menu: 'Edit', shortcut: 'Ctrl+Z', run: () => ed.undo(), enabled: () => ed.doc.canUndo() });
  a.register({ id: 'edit.redo', label: 'Redo', menu: 'Edit', shortcut: ['Ctrl+Y', 'Ctrl+Shift+Z'], run: () => ed.redo(), enabled: () => ed.doc.canRedo() });
  a.register({ id: 'edit.copy', label: 'Copy', menu: 'Edit', shortcut: 'Ctrl+C', run: () => void copy(), enabled: hasSel });
  a.register({ id: 'edit.cut', label: 'Cut', menu: 'Edit', shortcut: 'Ctrl+X', run: () => { if (copy()) ed.delete(ed.selection.ids); }, enabled: hasSel });
  a.register({
    id: 'edit.paste', label: 'Paste', menu: 'Edit', shortcut: 'Ctrl+V', enabled: () => ed.clipboard.length > 0 || host.readClip?.() !== undefined,
    run: () => { loadShared(); const c = host.cursor(); ed.paste(Math.round(c.x - anchor.x), Math.round(c.y - anchor.y)); },
  });
  a.register({ id: 'edit.delete', label: 'Delete', menu: 'Edit', shortcut: ['Delete', 'Backspace'], run: () => void ed.delete(ed.selection.ids), enabled: hasSel });
  a.register({ id: 'edit.rotate', label: 'Rotate', menu: 'Edit', shortcut: ['R', 'Space'], run: () => void ed.rotate(ed.selection.ids, 90), enabled: hasSel });
  a.register({ id: 'edit.flip', label: 'Flip side', menu: 'Edit', shortcut: 'F', run: () => void ed.flip(ed.selection.ids), enabled: hasSel });
  // mirror in place about the selection's pivot (to the other side too, as a mirrored part must be)
  a.register({ id: 'edit.mirrorX', label: 'Flip Horizontal', menu: 'Edit', shortcut: 'X', run: () => void ed.mirror(ed.selection.ids, 'x'), enabled: hasSel });
  a.register({ id: 'edit.mirrorY', label: 'Flip Vertical', menu: 'Edit', shortcut: 'Y', run: () => void ed.mirror(ed.selection.ids, 'y'), enabled: hasSel });
  a.register({ id: 'edit.selectAll', label: 'Select All', menu: 'Edit', shortcut: 'Ctrl+A', run: () => ed.selection.select(ed.doc.keys().filter((k) => ed.boxOf(k))) });
  a.register({ id: 'layer.top', label: 'Top layer', menu: 'Layers', shortcut: 'T', run: () => toLayer(L.TOP) });
  a.register({ id: 'layer.bottom', label: 'Bottom layer', menu: 'Layers', shortcut: 'B', run: () => toLayer(L.BOTTOM) });
  a.register({ id: 'layer.next', label: 'Next copper layer', menu: 'Layers', shortcut: 'L', run: () => toLayer('next') });
  a.register({
    id: 'net.highlight', label: 'Highlight net', menu: 'View', shortcut: 'H',
    run: () => { const k = ed.selection.ids[0]; const net = k ? (ed.scene.prims.get(k) ?? []).find((p) => p.net)?.net ?? null : null; ed.setHighlight(net === ed.highlightNet ? null : net); },
  });
  a.register({ id: 'view.fit', label: 'Fit all', menu: 'View', shortcut: ['K', 'Home'], run: () => host.fit() });
  a.register({ id: 'view.zoomIn', label: 'Zoom in', menu: 'View', shortcut: ['=', '+'], run: () => host.zoomBy(1.25) });
  a.register({ id: 'view.zoomOut', label: 'Zoom out', menu: 'View', shortcut: '-', run: () => host.zoomBy(0.8) });
}
