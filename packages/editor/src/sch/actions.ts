/** The schematic editor's actions: menus, shortcuts and the command palette all read these. */
import type { SchematicEditor } from './editor.ts';
import type { PlaceTool } from './tools.ts';
import { insertLine, removeLine, tableTarget, type PlaceTableTool } from './table.ts';

/** What the host (the web app) does for the schematic actions that need it: dialogs, other sheets. */
export interface SchematicActionHost {
  /** Highlight the selected record's net across the schematic's sheets (or clear the highlight). */
  highlightNet(): void;
  /** Open the find panel. */
  find(): void;
  /** Ask how to annotate (this sheet or the whole schematic) and do it. */
  annotateDialog(): void;
}

/** Registers the host's actions on the editor's one registry (once per editor; a later call changes the host). */
export function schematicHostActions(ed: SchematicEditor, host: SchematicActionHost): void {
  hosts.set(ed, host);
  if (ed.actions.get('view.highlightNet')) return;
  const h = () => hosts.get(ed)!;
  ed.actions.register({ id: 'view.highlightNet', label: 'Highlight net', menu: 'View', shortcut: 'H', run: () => h().highlightNet() });
  ed.actions.register({ id: 'edit.find', label: 'Find…', menu: 'Edit', shortcut: 'Ctrl+F', run: () => h().find() });
  ed.actions.register({ id: 'tools.annotateAll', label: 'Annotate…', menu: 'Tools', run: () => h().annotateDialog() });
}
const hosts = new WeakMap<SchematicEditor, SchematicActionHost>();

export function registerSchematicActions(ed: SchematicEditor): void {
  const a = ed.actions;
  const hasSel = () => ed.selection.size > 0;
  a.register({ id: 'edit.undo', label: 'Undo', menu: 'Edit', shortcut: 'Ctrl+Z', run: () => ed.undo(), enabled: () => ed.doc.canUndo() });
  a.register({ id: 'edit.redo', label: 'Redo', menu: 'Edit', shortcut: ['Ctrl+Y', 'Ctrl+Shift+Z'], run: () => ed.redo(), enabled: () => ed.doc.canRedo() });
  a.register({ id: 'edit.copy', label: 'Copy', menu: 'Edit', shortcut: 'Ctrl+C', run: () => void ed.copy(), enabled: hasSel });
  a.register({ id: 'edit.cut', label: 'Cut', menu: 'Edit', shortcut: 'Ctrl+X', run: () => ed.cut(), enabled: hasSel });
  a.register({ id: 'edit.paste', label: 'Paste', menu: 'Edit', shortcut: 'Ctrl+V', run: () => void ed.paste() });
  a.register({ id: 'edit.delete', label: 'Delete', menu: 'Edit', shortcut: ['Delete', 'Backspace'], run: () => ed.deleteSelection(), enabled: hasSel });
  a.register({ id: 'edit.selectAll', label: 'Select All', menu: 'Edit', shortcut: 'Ctrl+A', run: () => ed.selectAll() });
  a.register({ id: 'edit.rotate', label: 'Rotate', menu: 'Edit', shortcut: ['Space', 'R'], run: () => ed.rotateSelection(), enabled: hasSel });
  a.register({ id: 'edit.mirrorX', label: 'Flip Horizontal', menu: 'Edit', shortcut: 'X', run: () => ed.mirrorSelection('x'), enabled: hasSel });
  a.register({ id: 'edit.mirrorY', label: 'Flip Vertical', menu: 'Edit', shortcut: 'Y', run: () => ed.mirrorSelection('y'), enabled: hasSel });
  const nudge = (dx: number, dy: number) => () => ed.nudge(dx, dy);
  a.register({ id: 'edit.nudgeLeft', label: 'Nudge left', menu: 'Edit', shortcut: 'ArrowLeft', run: nudge(-1, 0), enabled: hasSel });
  a.register({ id: 'edit.nudgeRight', label: 'Nudge right', menu: 'Edit', shortcut: 'ArrowRight', run: nudge(1, 0), enabled: hasSel });
  a.register({ id: 'edit.nudgeUp', label: 'Nudge up', menu: 'Edit', shortcut: 'ArrowUp', run: nudge(0, 1), enabled: hasSel });
  a.register({ id: 'edit.nudgeDown', label: 'Nudge down', menu: 'Edit', shortcut: 'ArrowDown', run: nudge(0, -1), enabled: hasSel });
  a.register({ id: 'place.wire', label: 'Wire', menu: 'Place', shortcut: 'W', run: () => ed.tools.activate('wire') });
  a.register({ id: 'place.bus', label: 'Bus', menu: 'Place', shortcut: 'B', run: () => ed.tools.activate('bus') });
  a.register({ id: 'place.busEntry', label: 'Bus Entry', menu: 'Place', run: () => ed.tools.activate('busEntry') });
  a.register({ id: 'place.netLabel', label: 'Net Label', menu: 'Place', shortcut: 'N', run: () => ed.tools.activate('netLabel') });
  a.register({ id: 'place.noConnect', label: 'No Connect Flag', menu: 'Place', shortcut: 'Q', run: () => ed.tools.activate('noConnect') });
  a.register({ id: 'place.vcc', label: 'Power Port VCC', menu: 'Place', run: () => ed.armNetFlag('VCC') });
  a.register({ id: 'place.gnd', label: 'Ground Port GND', menu: 'Place', run: () => ed.armNetFlag('GND') });
  a.register({
    id: 'place.netPort', label: 'Net Port', menu: 'Place',
    run: async () => {
      const name = ed.askName ? await ed.askName('PORT1', 'net') : 'PORT1';
      if (name?.trim()) ed.armNetFlag(name.trim(), 'port');
    },
  });
  a.register({ id: 'place.rect', label: 'Rectangle', menu: 'Place', run: () => ed.tools.activate('rect') });
  a.register({ id: 'place.circle', label: 'Circle', menu: 'Place', run: () => ed.tools.activate('circle') });
  a.register({ id: 'place.polyline', label: 'Polyline', menu: 'Place', shortcut: 'L', run: () => ed.tools.activate('polyline') });
  a.register({ id: 'place.text', label: 'Text', menu: 'Place', shortcut: 'T', run: () => ed.tools.activate('text') });
  a.register({
    id: 'place.table', label: 'Table…', menu: 'Place', shortcut: 'Shift+T',
    run: async () => {
      const size = ed.askTableSize ? await ed.askTableSize() : { rows: 3, cols: 3 };
      if (!size) return;
      (ed.tools.get('table') as PlaceTableTool).arm(size.rows, size.cols);
      ed.tools.activate('table');
    },
  });
  // rows and columns of the selected table, at its chosen cell (one commit each)
  const target = () => tableTarget(ed.doc, ed.selection.ids, ed.activeCell);
  const line = (id: string, label: string, f: (t: NonNullable<ReturnType<typeof target>>) => boolean) =>
    a.register({ id, label, menu: 'Table', enabled: () => !!target(), run: () => { const t = target(); if (t) f(t); } });
  const cell = (t: NonNullable<ReturnType<typeof target>>) => t.cell ?? { row: 0, col: 0, rowSpan: 1, colSpan: 1 };
  line('table.insertRowAbove', 'Insert row above', (t) => insertLine(ed.doc, t.table, 'row', cell(t).row));
  line('table.insertRowBelow', 'Insert row below', (t) => insertLine(ed.doc, t.table, 'row', cell(t).row + cell(t).rowSpan));
  line('table.insertColumnLeft', 'Insert column left', (t) => insertLine(ed.doc, t.table, 'col', cell(t).col));
  line('table.insertColumnRight', 'Insert column right', (t) => insertLine(ed.doc, t.table, 'col', cell(t).col + cell(t).colSpan));
  line('table.removeRow', 'Remove row', (t) => removeLine(ed.doc, t.table, 'row', cell(t).row));
  line('table.removeColumn', 'Remove column', (t) => removeLine(ed.doc, t.table, 'col', cell(t).col));
  a.register({
    id: 'place.component', label: 'Component', menu: 'Place', shortcut: 'P',
    run: () => { const t = ed.tools.get('place') as PlaceTool; if (t.symbol) { t.arm(t.symbol, t.device); ed.tools.activate('place'); } },
  });
  a.register({
    id: 'place.sheetSymbol', label: 'Create sheet symbol', menu: 'Place', enabled: () => !!ed.hierarchy?.chooseChildSheet,
    run: () => { const c = ed.hierarchy?.chooseChildSheet?.(); if (c) ed.createSheetSymbol(c); },
  });
  a.register({ id: 'view.descend', label: 'Descend into sheet', menu: 'View', run: () => void ed.descend(), enabled: () => !!ed.hierarchy && !!ed.selectedSheetSymbol() });
  a.register({ id: 'tools.erc', label: 'Check Electrical Rules (ERC)', menu: 'Tools', run: () => void ed.erc() });
  a.register({ id: 'tools.annotate', label: 'Annotate Designators', menu: 'Tools', run: () => void ed.annotate() });
  a.register({ id: 'view.fit', label: 'Fit All', menu: 'View', shortcut: 'K', run: () => ed.viewport.fit(ed.scene.bbox()) });
  a.register({ id: 'view.zoomIn', label: 'Zoom In', menu: 'View', shortcut: ['=', '+'], run: () => ed.viewport.zoomBy(1.25) });
  a.register({ id: 'view.zoomOut', label: 'Zoom Out', menu: 'View', shortcut: '-', run: () => ed.viewport.zoomBy(0.8) });
}
