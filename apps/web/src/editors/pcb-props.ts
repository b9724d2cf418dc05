/**
 * Property-panel fields of the PCB selection: the rows of packages/editor's `pcbProperties`
 * (component designator, X/Y in the board's unit, rotation, side; track net/layer/width/clearance;
 * via net/position/drill/diameter/clearance; pad number/net/position/size/rotation; text). Every
 * change is one commit of the PcbEditor; a refused value leaves the field as it was.
 */
import type { PcbEditor } from '@copperplate/editor';
import { pcbProperties } from '@copperplate/editor';
import type { PropField } from './PropertyPanel.tsx';

export function pcbProps(ed: PcbEditor): { title: string; fields: PropField[] } {
  const sheet = pcbProperties(ed);
  return {
    title: sheet.title,
    fields: sheet.rows.map((r) => ({ key: r.key, label: r.label, value: r.value, kind: r.kind, options: r.options, readOnly: r.readOnly, onCommit: r.set ? (v: string) => r.set!(v) : undefined })),
  };
}
