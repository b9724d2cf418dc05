/**
 * Property-panel fields of the schematic selection: a component's attributes (designator, value,
 * any attribute; `={...}` templates shown resolved), a wire's net name, a text's content. Every
 * change is one commit of the SchematicEditor. Coordinates 0.01 inch.
 */
import { attrMap, num, recType, type SchematicEditor } from '@copperplate/editor';
import { SchAttr, SchText, Wire } from '@copperplate/format/records';
import type { PropField } from './PropertyPanel.tsx';

/** Attributes that hold references (uuids), shown but not edited here. */
const REFERENCE_KEYS = new Set(['Symbol', 'Device', 'Footprint', '3D Model']);

export function schProps(ed: SchematicEditor): { title: string; fields: PropField[] } {
  const ids = ed.selection.ids;
  if (ids.length !== 1) return { title: ids.length ? `${ids.length} selected` : 'Properties', fields: [] };
  const [key] = ids;
  const r = ed.doc.get(key);
  if (!r) return { title: 'Properties', fields: [] };
  const type = recType(r);
  if (type === 'COMPONENT') {
    const fields = ed.properties(key).map<PropField>((p) => ({
      key: p.key,
      label: p.key,
      value: p.value,
      shown: p.value.startsWith('=') ? p.shown : undefined,
      visible: p.visible,
      readOnly: REFERENCE_KEYS.has(p.key),
      onCommit: (v) => void ed.setAttribute(key, p.key, v),
      onVisible: (vis) => void ed.setAttribute(key, p.key, p.value, vis),
    }));
    return { title: `Component ${ed.attributeValue(key, 'Designator') ?? ''}`.trim(), fields };
  }
  if (type === 'WIRE') {
    const net = attrMap(ed.doc, key).get('NET');
    // the label goes where the NET attribute stands, else at the wire's first point
    const polylines = Wire.get(r, 'points') as number[][] | undefined;
    const [fx = 0, fy = 0] = polylines?.at(0) ?? [];
    const netX = net ? SchAttr.get(net, 'x') : null;
    const at = net && netX !== null ? { x: netX, y: SchAttr.get(net, 'y') ?? 0 } : { x: num(fx), y: num(fy) };
    return {
      title: 'Wire',
      fields: [{ key: 'net', label: 'Net', value: net ? SchAttr.get(net, 'value') : '', onCommit: (v) => v.trim() && ed.setNetLabel(key, v.trim(), at) }],
    };
  }
  if (type === 'TEXT') {
    return {
      title: 'Text',
      fields: [{ key: 'text', label: 'Text', value: SchText.get(r, 'text'), onCommit: (v) => void ed.doc.commit('Edit text', (tx) => tx.update(key, (q) => SchText.with(q, { text: v }))) }],
    };
  }
  return { title: type.charAt(0) + type.slice(1).toLowerCase(), fields: [] };
}
