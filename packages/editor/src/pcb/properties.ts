/**
 * The property panel of the PCB/footprint selection, headless: rows with the value as shown (lengths
 * and positions in the board's display unit, CANVAS) and a `set(text)` that applies a typed value as
 * one commit (one undo step). A value that cannot be read changes nothing and `set` returns false.
 * - component: designator, X, Y, rotation, side;
 * - track: net, layer, width, the net's clearance; arc: net, layer, width;
 * - via: net, X, Y, drill, diameter, the net's clearance;
 * - pad: number, net, X, Y, width, height, rotation;
 * - text: text, layer, X, Y, height.
 * Fields are read and written by name (@copperplate/format/records).
 */
import { Line, Pad, PcbArc, PcbAttr, PcbComponent, PcbString, Via, recType } from '@copperplate/format/records';
import { num, str } from '../core/records.ts';
import type { PcbEditor } from './editor.ts';
import { isCopper, L } from './layers.ts';
import { netClearance, setNetClearance } from './net-rules.ts';
import { type BoardUnit, formatLen, parseLen } from './units.ts';

export interface PropRow {
  key: string;
  label: string;
  value: string;
  kind?: 'text' | 'number';
  options?: Array<{ value: string; label: string }>;
  readOnly?: boolean;
  /** Apply a typed value; false when it was refused (not a number, not positive...). */
  set?: (text: string) => boolean;
}

export interface PropSheet { title: string; rows: PropRow[] }

const norm360 = (v: number) => ((v % 360) + 360) % 360;

export function pcbProperties(ed: PcbEditor): PropSheet {
  const ids = ed.selection.ids;
  if (ids.length !== 1) return { title: ids.length ? `${ids.length} selected` : 'Properties', rows: [] };
  const [key] = ids;
  const r = ed.doc.get(key);
  if (!r) return { title: 'Properties', rows: [] };
  const unit: BoardUnit = ed.grid.unit;
  const u = unit === 'inch' ? 'in' : unit;
  const len = (k: string, label: string, mil: number, apply: (mil: number) => void, positive = true): PropRow => ({
    key: k, label: `${label} (${u})`, kind: 'text', value: formatLen(mil, unit), // text: a unit may be typed ("80mil")
    set: (t) => { const v = parseLen(t, unit); if (v === undefined || (positive && !(v > 0))) return false; apply(v); return true; },
  });
  const angle = (k: string, value: number, apply: (deg: number) => void): PropRow => ({
    key: k, label: 'Rotation (°)', kind: 'number', value: String(value),
    set: (t) => { const n = Number(t); if (t.trim() === '' || !Number.isFinite(n)) return false; apply(norm360(n)); return true; },
  });
  const net = (value: string): PropRow => ({ key: 'net', label: 'Net', value, set: (t) => { ed.assignNet([key], t.trim()); return true; } });
  const clearance = (n: string): PropRow => n
    ? len('clearance', 'Clearance', netClearance(ed.doc, n), (v) => void setNetClearance(ed.doc, n, v))
    : { key: 'clearance', label: `Clearance (${u})`, value: formatLen(netClearance(ed.doc, ''), unit), readOnly: true };
  const field = (name: string, label: string) => (mil: number) => void ed.setFields(key, { [name]: mil }, `Set ${label}`);
  const copperLayers = () => ed.panel.copperLayers().map((id) => ({ value: String(id), label: ed.panel.table.get(id).name }));
  const layerRow = (value: number, options: Array<{ value: string; label: string }>): PropRow => ({
    key: 'layer', label: 'Layer', value: String(value), options,
    set: (t) => { const n = Number(t); if (!options.some((o) => o.value === t)) return false; ed.setFields(key, { layer: n }, 'Set layer'); return true; },
  });
  const type = recType(r);
  switch (type) {
    case 'COMPONENT': {
      const c = PcbComponent.parse(r);
      const info = ed.scene.components.get(c.id);
      const desKey = ed.doc.childrenOf(c.id).find((k) => { const a = ed.doc.get(k); return a !== undefined && PcbAttr.is(a) && PcbAttr.get(a, 'key') === 'Designator'; });
      return {
        title: `Component ${info?.designator ?? ''}`.trim(),
        rows: [
          { key: 'designator', label: 'Designator', value: info?.designator ?? '', readOnly: !desKey, set: (t) => { if (!desKey || !t.trim()) return false; ed.setFields(desKey, { value: t.trim() }, 'Set designator'); return true; } },
          len('x', 'X', c.x, (v) => void ed.placeComponent(key, v, c.y), false),
          len('y', 'Y', c.y, (v) => void ed.placeComponent(key, c.x, v), false),
          angle('rotation', c.angle, (d) => void ed.setComponentAngle(key, d)),
          { key: 'side', label: 'Side', value: c.layer === L.BOTTOM ? 'bottom' : 'top', options: [{ value: 'top', label: 'Top' }, { value: 'bottom', label: 'Bottom' }], set: (t) => { if (t !== 'top' && t !== 'bottom') return false; ed.setComponentSide(key, t === 'bottom'); return true; } },
        ],
      };
    }
    case 'LINE': case 'ARC': {
      const kind = type === 'LINE' ? Line : PcbArc;
      const t = kind.parse(r);
      const copper = isCopper(t.layer);
      const rows: PropRow[] = [];
      if (copper) rows.push(net(t.net));
      rows.push(layerRow(t.layer, copper ? copperLayers() : ed.panel.rows().filter((l) => l.used && !isCopper(l.id)).map((l) => ({ value: String(l.id), label: l.name }))));
      rows.push(len('width', 'Width', t.width, field('width', 'width')));
      if (copper) rows.push(clearance(t.net));
      return { title: type === 'LINE' ? (copper ? 'Track' : 'Line') : 'Arc', rows };
    }
    case 'VIA': {
      const v = Via.parse(r);
      return {
        title: 'Via',
        rows: [
          net(v.net),
          len('x', 'X', v.x, (x) => void ed.move([key], x - v.x, 0), false),
          len('y', 'Y', v.y, (y) => void ed.move([key], 0, y - v.y), false),
          len('drill', 'Drill', v.drill, field('drill', 'drill')),
          len('diameter', 'Diameter', v.diameter, field('diameter', 'diameter')),
          clearance(v.net),
        ],
      };
    }
    case 'PAD': {
      const pd = Pad.parse(r);
      const shape = Array.isArray(pd.shape) ? (pd.shape as unknown[]) : [];
      const [kindName, w, h] = shape;
      const dim = (i: 1 | 2, label: string): PropRow => len(`shape${i}`, label, num(i === 1 ? w : h), (v) => { const o = shape.slice(); o[i] = v; ed.setFields(key, { shape: o }, 'Set pad size'); });
      const sized = typeof w === 'number' && typeof h === 'number';
      return {
        title: `Pad ${pd.number}`,
        rows: [
          { key: 'number', label: 'Number', value: pd.number, set: (t) => { if (!t.trim()) return false; ed.setFields(key, { number: t.trim() }, 'Set pad number'); return true; } },
          net(pd.net),
          len('x', 'X', pd.x, (x) => void ed.move([key], x - pd.x, 0), false),
          len('y', 'Y', pd.y, (y) => void ed.move([key], 0, y - pd.y), false),
          ...(sized ? [dim(1, `${str(kindName)} width`), dim(2, 'Height')] : []),
          angle('rot', pd.angle, (d) => void ed.setFields(key, { angle: d }, 'Rotate pad')),
        ],
      };
    }
    case 'STRING': {
      const s = PcbString.parse(r);
      return {
        title: 'Text',
        rows: [
          { key: 'text', label: 'Text', value: s.text, set: (t) => { if (!t) return false; ed.setFields(key, { text: t }, 'Set text'); return true; } },
          len('x', 'X', s.x, (x) => void ed.move([key], x - s.x, 0), false),
          len('y', 'Y', s.y, (y) => void ed.move([key], 0, y - s.y), false),
          len('height', 'Height', s.height, field('height', 'height')),
        ],
      };
    }
    default:
      return { title: type.charAt(0) + type.slice(1).toLowerCase(), rows: [] };
  }
}
