/** The panel editor's actions (toolbar, shortcuts, command palette), in the editor's one registry. */
import type { ActionRegistry } from '../core/actions.ts';
import type { PanelEditor } from './editor.ts';

/** Fills `ed.actions` once (a view mounted again gets the same registry). Returns it. */
export function panelActions(ed: PanelEditor): ActionRegistry {
  const reg = ed.actions;
  if (reg.get('edit.undo')) return reg;
  const sel = () => ed.selection.ids;
  const tool = (id: string, label: string, shortcut?: string) => reg.register({ id: `tool.${id}`, label, menu: 'Place', shortcut, run: () => ed.tools.activate(id) });
  tool('select', 'Select', 'S');
  tool('cutout', 'Cut-out / hole', 'H');
  tool('text', 'Text', 'T');
  tool('dimension', 'Dimension', 'D');
  tool('aux', 'Auxiliary line', 'A');
  tool('outline-polygon', 'Polygon outline');
  reg.register({ id: 'edit.undo', label: 'Undo', menu: 'Edit', shortcut: 'Ctrl+Z', run: () => void ed.doc.undo(), enabled: () => ed.doc.canUndo() });
  reg.register({ id: 'edit.redo', label: 'Redo', menu: 'Edit', shortcut: ['Ctrl+Y', 'Ctrl+Shift+Z'], run: () => void ed.doc.redo(), enabled: () => ed.doc.canRedo() });
  reg.register({ id: 'edit.rotate', label: 'Rotate 90°', menu: 'Edit', shortcut: ['R', 'Space'], run: () => ed.rotate(sel(), 90), enabled: () => sel().length > 0 });
  reg.register({ id: 'edit.mirror-x', label: 'Mirror left-right', menu: 'Edit', shortcut: 'X', run: () => ed.mirror(sel(), 'x'), enabled: () => sel().length > 0 });
  reg.register({ id: 'edit.mirror-y', label: 'Mirror top-bottom', menu: 'Edit', shortcut: 'Y', run: () => ed.mirror(sel(), 'y'), enabled: () => sel().length > 0 });
  reg.register({ id: 'edit.copy', label: 'Copy', menu: 'Edit', shortcut: 'Ctrl+C', run: () => void ed.copy(sel()), enabled: () => sel().length > 0 });
  reg.register({ id: 'edit.cut', label: 'Cut', menu: 'Edit', shortcut: 'Ctrl+X', run: () => void ed.cut(sel()), enabled: () => sel().length > 0 });
  reg.register({ id: 'edit.paste', label: 'Paste', menu: 'Edit', shortcut: 'Ctrl+V', run: () => void ed.paste(), enabled: () => ed.clipboard.length > 0 });
  reg.register({ id: 'edit.duplicate', label: 'Duplicate', menu: 'Edit', shortcut: 'Ctrl+D', run: () => { ed.copy(sel()); ed.paste(); }, enabled: () => sel().length > 0 });
  for (const [key, dx, dy] of [['ArrowLeft', -1, 0], ['ArrowRight', 1, 0], ['ArrowUp', 0, -1], ['ArrowDown', 0, 1]] as const) {
    reg.register({ id: `edit.nudge-${key}`, label: `Nudge ${key.slice(5).toLowerCase()}`, menu: 'Edit', shortcut: key, run: () => ed.move(sel(), dx * (ed.grid || 1), dy * (ed.grid || 1)), enabled: () => sel().length > 0 });
  }
  reg.register({ id: 'edit.delete', label: 'Delete', menu: 'Edit', shortcut: ['Delete', 'Backspace'], run: () => ed.delete(sel()), enabled: () => sel().length > 0 });
  for (const [how, label] of [['left', 'Align left'], ['right', 'Align right'], ['top', 'Align top'], ['bottom', 'Align bottom'], ['centerX', 'Align centres horizontally'], ['centerY', 'Align centres vertically']] as const) {
    reg.register({ id: `align.${how}`, label, menu: 'Align', run: () => ed.align(sel(), how), enabled: () => sel().length > 1 });
  }
  reg.register({ id: 'distribute.x', label: 'Distribute horizontally', menu: 'Align', run: () => ed.distribute(sel(), 'x'), enabled: () => sel().length > 2 });
  reg.register({ id: 'distribute.y', label: 'Distribute vertically', menu: 'Align', run: () => ed.distribute(sel(), 'y'), enabled: () => sel().length > 2 });
  reg.register({ id: 'outline.rect', label: 'Rectangular outline', menu: 'Panel', run: () => void ed.setOutline('rect') });
  reg.register({ id: 'outline.rounded', label: 'Rounded outline', menu: 'Panel', run: () => void ed.setOutline('rounded') });
  return reg;
}
