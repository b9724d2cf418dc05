/**
 * Property-panel fields of the PCB selection: a track's net, layer and width, a via's net, drill and
 * diameter (mil), a pad's number, net, size and rotation, a component's designator and side. Every
 * change is one commit of the PcbEditor. Fields are read and set by name (@copperplate/format/records).
 */
import { num, str } from '@copperplate/editor';
import type { PcbEditor } from '@copperplate/editor/pcb/editor';
import { Line, Pad, PcbComponent, Via, recType } from '@copperplate/format/records';
import type { PropField } from './PropertyPanel.tsx';

const positive = (v: string): number | undefined => { const n = Number(v); return Number.isFinite(n) && n > 0 ? n : undefined; };

export function pcbProps(ed: PcbEditor): { title: string; fields: PropField[] } {
  const ids = ed.selection.ids;
  if (ids.length !== 1) return { title: ids.length ? `${ids.length} selected` : 'Properties', fields: [] };
  const [key] = ids;
  const r = ed.doc.get(key);
  if (!r) return { title: 'Properties', fields: [] };
  const type = recType(r);
  const net = (value: string): PropField => ({ key: 'net', label: 'Net', value, onCommit: (v) => ed.assignNet([key], v.trim()) });
  const size = (value: number, label: string, name: string): PropField => ({
    key: name, label, kind: 'number', value: String(value),
    onCommit: (v) => { const n = positive(v); if (n !== undefined) ed.setFields(key, { [name]: n }, `Set ${name}`); },
  });
  switch (type) {
    case 'LINE': {
      const t = Line.parse(r);
      const layers = ed.panel.copperLayers().map((id) => ({ value: String(id), label: ed.panel.table.get(id).name }));
      return {
        title: 'Track',
        fields: [net(t.net), { key: 'layer', label: 'Layer', value: String(t.layer), options: layers, onCommit: (v) => void ed.setFields(key, { layer: Number(v) }, 'Set layer') }, size(t.width, 'Width (mil)', 'width')],
      };
    }
    case 'VIA': {
      const v = Via.parse(r);
      return { title: 'Via', fields: [net(v.net), size(v.drill, 'Drill (mil)', 'drill'), size(v.diameter, 'Diameter (mil)', 'diameter')] };
    }
    case 'PAD': {
      const pd = Pad.parse(r);
      // shape [kind, w, h, ...] (mil)
      const shape = Array.isArray(pd.shape) ? (pd.shape as unknown[]) : [];
      const [kind, w, h] = shape;
      const dim = (i: 1 | 2, label: string): PropField => ({
        key: `shape${i}`, label, kind: 'number', value: String(num(i === 1 ? w : h)),
        onCommit: (v) => { const n = positive(v); if (n !== undefined) { const o = shape.slice(); o[i] = n; ed.setFields(key, { shape: o }, 'Set pad size'); } },
      });
      const sized = typeof w === 'number' && typeof h === 'number';
      return {
        title: `Pad ${pd.number}`,
        fields: [
          { key: 'number', label: 'Number', value: pd.number, onCommit: (v) => void (v.trim() && ed.setFields(key, { number: v.trim() }, 'Set pad number')) },
          net(pd.net),
          ...(sized ? [dim(1, `${str(kind)} width (mil)`), dim(2, 'Height (mil)')] : []),
          { key: 'rot', label: 'Rotation (°)', kind: 'number', value: String(pd.angle), onCommit: (v) => { const n = Number(v); if (Number.isFinite(n)) ed.setFields(key, { angle: ((n % 360) + 360) % 360 }, 'Rotate pad'); } },
        ],
      };
    }
    case 'COMPONENT': {
      const c = ed.scene.components.get(PcbComponent.get(r, 'id'));
      return {
        title: `Component ${c?.designator ?? ''}`.trim(),
        fields: [
          { key: 'side', label: 'Side', value: c?.bottom ? 'Bottom' : 'Top', readOnly: true },
          { key: 'rotation', label: 'Rotation (°)', value: String(c?.angle ?? 0), readOnly: true },
        ],
      };
    }
    default:
      return { title: type.charAt(0) + type.slice(1).toLowerCase(), fields: [] };
  }
}
