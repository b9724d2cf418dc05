/**
 * The left project tree's model (issue 4 §3): boards with their schematic (and its sheets in sort
 * order) and PCB; schematics and PCBs on no board; symbols, footprints, devices, panels.
 */
import { DocType, isPageId } from '@copperplate/model';
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
  /** Set on nodes that drag and drop reorders: a node drops before another of the same group. */
  order?: { group: string; id: string };
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
    .map((s) => ({ key: `sheets:${s.uuid}`, label: itemName(s), icon: 'sheet' as const, doc: { kind: 'sheets' as const, id: String(s.uuid) }, order: { group: `sheets:${schId}`, id: String(s.uuid) } }));
}

function schematicNode(snap: ProjectSnapshot, sch: Item): TreeNode {
  return { key: `schematics:${sch.uuid}`, label: itemName(sch), icon: 'schematic', children: sheetsOf(snap, sch) };
}
function pcbNode(p: Item): TreeNode {
  return { key: `pcbs:${p.uuid}`, label: itemName(p), icon: 'pcb', doc: { kind: 'pcbs', id: String(p.uuid) } };
}

const byName = (a: Item, b: Item) => itemName(a).localeCompare(itemName(b));
/**
 * Tree order of schematics (SPEC bulk-update-sort), and likewise of PCBs on no board and of panels:
 * by `position`, the unpositioned after them by name.
 */
export const byPosition = (a: Item, b: Item): number => {
  const pa = typeof a.position === 'number' ? a.position : Infinity;
  const pb = typeof b.position === 'number' ? b.position : Infinity;
  return pa !== pb ? (pa < pb ? -1 : 1) : byName(a, b);
};

/** The schematics on no board, in tree order. */
export function looseSchematics(snap: ProjectSnapshot): Item[] {
  const used = new Set(snap.detail.boards.map((b) => b.sch).filter(Boolean).map(String));
  return [...snap.items.schematics.values()].filter((s) => !used.has(String(s.uuid))).sort(byPosition);
}

/** The PCBs on no board, in tree order. */
export function loosePcbs(snap: ProjectSnapshot): Item[] {
  const used = new Set(snap.detail.boards.map((b) => b.pcb).filter(Boolean).map(String));
  return [...snap.items.pcbs.values()].filter((p) => !used.has(String(p.uuid))).sort(byPosition);
}

/** The panels (none is on a board), in tree order. */
export function loosePanels(snap: ProjectSnapshot): Item[] {
  return [...snap.items.panels.values()].sort(byPosition);
}

/** The groups whose members are ordered by their `position` field (drag and drop, Move up/down). */
export const LOOSE_LISTS = { schematics: looseSchematics, pcbs: loosePcbs, panels: loosePanels } as const;
export type LooseKind = keyof typeof LOOSE_LISTS;

export function buildTree(snap: ProjectSnapshot): TreeNode[] {
  const boards: TreeNode[] = [];
  for (const b of snap.detail.boards) {
    const children: TreeNode[] = [];
    const sch = b.sch ? snap.items.schematics.get(b.sch) : undefined;
    if (sch) {
      children.push(schematicNode(snap, sch));
    }
    const pcb = b.pcb ? snap.items.pcbs.get(b.pcb) : undefined;
    if (pcb) children.push(pcbNode(pcb));
    boards.push({ key: `board:${b.name}`, label: b.name, icon: 'board', children, order: { group: 'boards', id: b.name } });
  }
  const nodes: TreeNode[] = [...boards];
  for (const s of looseSchematics(snap)) nodes.push({ ...schematicNode(snap, s), order: { group: 'schematics', id: String(s.uuid) } });
  for (const p of loosePcbs(snap)) nodes.push({ ...pcbNode(p), order: { group: 'pcbs', id: String(p.uuid) } });
  const group = (key: ViewKind, label: string, icon: TreeNode['icon']): TreeNode => ({
    key: `group:${key}`,
    label,
    icon: 'folder',
    children: (key === 'panels' ? loosePanels(snap) : [...snap.items[key].values()].sort(byName)).map((it) => ({
      key: `${key}:${it.uuid}`, label: itemName(it), icon, doc: { kind: key, id: String(it.uuid) },
      ...(key === 'panels' && { order: { group: 'panels', id: String(it.uuid) } }),
    })),
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
      // TAB-2: a symbol's document type is its tab's page id when it is one (up to panel, 26); else a part
      return isPageId(t) && t > 0 ? t : DocType.PART;
    }
  }
}
