/**
 * The left project tree's model (issue 4 §3): boards with their schematic (and its sheets in sort
 * order) and PCB; schematics and PCBs on no board; symbols, footprints, devices, panels.
 */
import { DocType } from '@copperplate/model';
import type { Item } from '../api/schemas.ts';
import { itemName } from './http-session.ts';
import type { ProjectSnapshot, ViewKind } from './types.ts';

export interface TreeNode {
  key: string;
  label: string;
  /** Set on nodes that open a document tab. */
  doc?: { kind: ViewKind; id: string };
  icon: 'board' | 'schematic' | 'sheet' | 'pcb' | 'panel' | 'symbol' | 'footprint' | 'device' | 'folder';
  children?: TreeNode[];
}

function sheetsOf(snap: ProjectSnapshot, sch: Item): TreeNode[] {
  const schId = String(sch.uuid);
  const all = [...snap.items.sheets.values()].filter((s) => s.schematic_uuid === schId);
  const order = Array.isArray(sch.sort) ? (sch.sort as unknown[]).map(String) : [];
  const rank = (s: Item) => {
    const i = order.indexOf(String(s.uuid));
    return i < 0 ? order.length + Number(s.sheet_id ?? 0) : i;
  };
  return all
    .sort((a, b) => rank(a) - rank(b))
    .map((s) => ({ key: `sheets:${s.uuid}`, label: itemName(s), icon: 'sheet' as const, doc: { kind: 'sheets' as const, id: String(s.uuid) } }));
}

function schematicNode(snap: ProjectSnapshot, sch: Item): TreeNode {
  return { key: `schematics:${sch.uuid}`, label: itemName(sch), icon: 'schematic', children: sheetsOf(snap, sch) };
}
function pcbNode(p: Item): TreeNode {
  return { key: `pcbs:${p.uuid}`, label: itemName(p), icon: 'pcb', doc: { kind: 'pcbs', id: String(p.uuid) } };
}

const byName = (a: Item, b: Item) => itemName(a).localeCompare(itemName(b));

export function buildTree(snap: ProjectSnapshot): TreeNode[] {
  const usedSch = new Set<string>();
  const usedPcb = new Set<string>();
  const boards: TreeNode[] = [];
  for (const b of snap.detail.boards) {
    const children: TreeNode[] = [];
    const sch = b.sch ? snap.items.schematics.get(b.sch) : undefined;
    if (sch) {
      usedSch.add(String(sch.uuid));
      children.push(schematicNode(snap, sch));
    }
    const pcb = b.pcb ? snap.items.pcbs.get(b.pcb) : undefined;
    if (pcb) {
      usedPcb.add(String(pcb.uuid));
      children.push(pcbNode(pcb));
    }
    boards.push({ key: `board:${b.name}`, label: b.name, icon: 'board', children });
  }
  const nodes: TreeNode[] = [...boards];
  const looseSch = [...snap.items.schematics.values()].filter((s) => !usedSch.has(String(s.uuid))).sort(byName);
  for (const s of looseSch) nodes.push(schematicNode(snap, s));
  const loosePcb = [...snap.items.pcbs.values()].filter((p) => !usedPcb.has(String(p.uuid))).sort(byName);
  for (const p of loosePcb) nodes.push(pcbNode(p));
  const group = (key: ViewKind, label: string, icon: TreeNode['icon']): TreeNode => ({
    key: `group:${key}`,
    label,
    icon: 'folder',
    children: [...snap.items[key].values()].sort(byName).map((it) => ({ key: `${key}:${it.uuid}`, label: itemName(it), icon, doc: { kind: key, id: String(it.uuid) } })),
  });
  nodes.push(group('panels', 'Panels', 'panel'), group('symbols', 'Symbols', 'symbol'), group('footprints', 'Footprints', 'footprint'), group('devices', 'Devices', 'device'));
  return nodes;
}

/** The tab kind (a DocType) of a document (SPEC §2 tab kinds). */
export function tabKindOf(kind: ViewKind, item: Item | undefined): number {
  switch (kind) {
    case 'sheets':
    case 'schematics':
      return DocType.SCH;
    case 'pcbs':
      return DocType.PCB;
    case 'panels':
      return DocType.PANEL;
    case 'footprints':
      return DocType.FOOTPRINT;
    case 'devices':
      return DocType.DEVICE;
    case 'symbols': {
      const t = Number(item?.docType);
      return Number.isFinite(t) && t > 0 ? t : DocType.PART;
    }
  }
}
