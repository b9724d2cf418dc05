/**
 * Property-panel fields of the PCB selection: a track's net, layer and width, a via's net, drill and
 * diameter (mil), a pad's number, net, size and rotation, a component's designator and side. Every
 * change is one commit of the PcbEditor. Record fields (FORMAT.md): LINE 3 net, 4 layer, 9 width;
 * VIA 3 net, 7 drill, 8 diameter; PAD 3 net, 5 number, 8 rotation, 10 shape [kind, w, h, ...].
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
    case 'PAD': {
      const shape = Array.isArray(r[10]) ? (r[10] as unknown[]) : [];
      const dim = (i: 1 | 2, label: string): PropField => ({
        key: `shape${i}`, label, kind: 'number', value: String(num(shape[i])),
        onCommit: (v) => { const n = positive(v); if (n !== undefined) { const o = shape.slice(); o[i] = n; ed.setFields(key, { 10: o }, 'Set pad size'); } },
      });
      const sized = typeof shape[1] === 'number' && typeof shape[2] === 'number';
      return {
        title: `Pad ${str(r[5])}`,
        fields: [
          { key: 'number', label: 'Number', value: str(r[5]), onCommit: (v) => void (v.trim() && ed.setFields(key, { 5: v.trim() }, 'Set pad number')) },
          net(),
          ...(sized ? [dim(1, `${str(shape[0])} width (mil)`), dim(2, 'Height (mil)')] : []),
          { key: 'rot', label: 'Rotation (°)', kind: 'number', value: String(num(r[8])), onCommit: (v) => { const n = Number(v); if (Number.isFinite(n)) ed.setFields(key, { 8: ((n % 360) + 360) % 360 }, 'Rotate pad'); } },
        ],
      };
    }
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
