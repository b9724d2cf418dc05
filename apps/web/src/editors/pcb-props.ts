/**
 * Property-panel fields of the PCB selection: a track's net, layer and width, a via's net, drill and
 * diameter (mil), a component's designator and side. Every change is one commit of the PcbEditor.
 * Record fields (FORMAT.md): LINE 3 net, 4 layer, 9 width; VIA 3 net, 7 drill, 8 diameter.
 */
import { num, str } from '@copperplate/editor';
import type { PcbEditor } from '@copperplate/editor/pcb/editor';
import type { PropField } from './PropertyPanel.tsx';

const positive = (v: string): number | undefined => { const n = Number(v); return Number.isFinite(n) && n > 0 ? n : undefined; };

export function pcbProps(ed: PcbEditor): { title: string; fields: PropField[] } {
  const ids = ed.selection.ids;
  if (ids.length !== 1) return { title: ids.length ? `${ids.length} selected` : 'Properties', fields: [] };
  const key = ids[0];
  const r = ed.doc.get(key);
  if (!r) return { title: 'Properties', fields: [] };
  const net = (): PropField => ({ key: 'net', label: 'Net', value: str(r[3]), onCommit: (v) => ed.assignNet([key], v.trim()) });
  const size = (i: number, label: string, name: string): PropField => ({
    key: name, label, kind: 'number', value: String(num(r[i])),
    onCommit: (v) => { const n = positive(v); if (n !== undefined) ed.setFields(key, { [i]: n }, `Set ${name}`); },
  });
  switch (r[0]) {
    case 'LINE': {
      const layers = ed.panel.copperLayers().map((id) => ({ value: String(id), label: ed.panel.table.get(id).name }));
      return {
        title: 'Track',
        fields: [net(), { key: 'layer', label: 'Layer', value: String(num(r[4])), options: layers, onCommit: (v) => void ed.setFields(key, { 4: Number(v) }, 'Set layer') }, size(9, 'Width (mil)', 'width')],
      };
    }
    case 'VIA':
      return { title: 'Via', fields: [net(), size(7, 'Drill (mil)', 'drill'), size(8, 'Diameter (mil)', 'diameter')] };
    case 'COMPONENT': {
      const c = ed.scene.components.get(str(r[1]));
      return {
        title: `Component ${c?.designator ?? ''}`.trim(),
        fields: [
          { key: 'side', label: 'Side', value: c?.bottom ? 'Bottom' : 'Top', readOnly: true },
          { key: 'rotation', label: 'Rotation (°)', value: String(c?.angle ?? 0), readOnly: true },
        ],
      };
    }
    default:
      return { title: str(r[0]).charAt(0) + str(r[0]).slice(1).toLowerCase(), fields: [] };
  }
}
