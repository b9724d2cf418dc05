/**
 * Property-panel fields of the schematic selection: a component's attributes (designator, value,
 * any attribute; `={...}` templates shown resolved), a wire's net name, a text's content. Every
 * change is one commit of the SchematicEditor. Coordinates 0.01 inch.
 */
import { attrMap, num, str, withFields, type SchematicEditor } from '@copperplate/editor';
import type { PropField } from './PropertyPanel.tsx';

/** Attributes that hold references (uuids), shown but not edited here. */
const REFERENCE_KEYS = new Set(['Symbol', 'Device', 'Footprint', '3D Model']);

export function schProps(ed: SchematicEditor): { title: string; fields: PropField[] } {
  const ids = ed.selection.ids;
  if (ids.length !== 1) return { title: ids.length ? `${ids.length} selected` : 'Properties', fields: [] };
  const key = ids[0];
  const r = ed.doc.get(key);
  if (!r) return { title: 'Properties', fields: [] };
  const type = str(r[0]);
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
    const first = (r[2] as number[][] | undefined)?.[0] ?? [0, 0];
    const at = net && net[7] != null ? { x: num(net[7]), y: num(net[8]) } : { x: num(first[0]), y: num(first[1]) };
    return {
      title: 'Wire',
      fields: [{ key: 'net', label: 'Net', value: net ? str(net[4]) : '', onCommit: (v) => v.trim() && ed.setNetLabel(key, v.trim(), at) }],
    };
  }
  if (type === 'TEXT') {
    return {
      title: 'Text',
      fields: [{ key: 'text', label: 'Text', value: str(r[5]), onCommit: (v) => void ed.doc.commit('Edit text', (tx) => tx.update(key, (q) => withFields(q, { 5: v }))) }],
    };
  }
  return { title: type.charAt(0) + type.slice(1).toLowerCase(), fields: [] };
}
