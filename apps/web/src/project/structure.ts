/**
 * The project's structure from the tree and the menus (issue 14 §1): add, delete and reorder sheets;
 * add and delete schematics, PCBs, boards and front panels. Documents are saved through the session like any
 * edit (local first, then uploaded); the board list lives in the project detail and changes online
 * (as the copy of a board does). New documents start as the create call's do (@copperplate/format
 * blankSheetText / blankPcbText). Names are free names (NAME-2: `name_1`, ...).
 */
import { blankPcbText, blankSheetText } from '@copperplate/format';
import { CatalogueError, newDocumentId, renameWithSuffix } from '@copperplate/model';
import { api } from '../api/api.ts';
import type { Item } from '../api/schemas.ts';
import { itemName } from './http-session.ts';
import { LOOSE_LISTS, type LooseKind } from './tree.ts';
import { blankPanelText } from '@copperplate/editor';
import { boardSize } from '@copperplate/convert/panel/index';
import { boardSourceOf } from '../editors/panel-board.ts';
import type { ProjectSession } from './types.ts';

/** The sheets of a schematic in tree order (its `sort`, then sheet number). */
export function sheetOrder(session: ProjectSession, schId: string): string[] {
  const { items } = session.snapshot();
  const sch = items.schematics.get(schId);
  const order = Array.isArray(sch?.sort) ? (sch!.sort as unknown[]).map(String) : [];
  const sheets = [...items.sheets.values()].filter((s) => s.schematic_uuid === schId);
  const rank = (s: Item) => {
    const i = order.indexOf(String(s.uuid));
    return i < 0 ? order.length + Number(s.sheet_id ?? 0) : i;
  };
  return sheets.sort((a, b) => rank(a) - rank(b)).map((s) => String(s.uuid));
}

function schematicOf(session: ProjectSession, schId: string): Item {
  const sch = session.snapshot().items.schematics.get(schId);
  if (!sch) throw CatalogueError.named('PRJ_NOT_EXIST');
  return sch;
}

/** Adds a blank sheet at the end of a schematic ("P<n>"). Returns the new sheet id. */
export async function addSheet(session: ProjectSession, schId: string): Promise<string> {
  const sch = schematicOf(session, schId);
  const { items } = session.snapshot();
  const siblings = [...items.sheets.values()].filter((s) => s.schematic_uuid === schId);
  const sheetNo = Math.max(0, ...siblings.map((s) => Number(s.sheet_id) || 0)) + 1;
  const title = renameWithSuffix(`P${sheetNo}`, (n) => siblings.some((s) => itemName(s) === n));
  const id = newDocumentId();
  await session.edit('sheets', { uuid: id, schematic_uuid: schId, title, display_title: title, sheet_id: sheetNo, dataStr: blankSheetText() } as Item);
  await session.edit('schematics', { ...sch, sort: [...sheetOrder(session, schId), id] });
  return id;
}

/** Moves a sheet one place up (-1) or down (+1) in its schematic's order. */
export async function moveSheet(session: ProjectSession, sheetId: string, by: -1 | 1): Promise<void> {
  const sheet = session.snapshot().items.sheets.get(sheetId);
  if (!sheet) throw CatalogueError.named('PRJ_NOT_EXIST');
  const schId = String(sheet.schematic_uuid);
  const order = sheetOrder(session, schId);
  const i = order.indexOf(sheetId);
  const j = i + by;
  if (i < 0 || j < 0 || j >= order.length) return;
  [order[i], order[j]] = [order[j], order[i]];
  await session.edit('schematics', { ...schematicOf(session, schId), sort: order });
}

/** Deletes a sheet; a schematic keeps at least one. */
export async function deleteSheet(session: ProjectSession, sheetId: string): Promise<void> {
  const sheet = session.snapshot().items.sheets.get(sheetId);
  if (!sheet) return;
  const schId = String(sheet.schematic_uuid);
  const order = sheetOrder(session, schId);
  if (order.length <= 1) throw new Error('A schematic keeps at least one sheet');
  await session.edit('schematics', { ...schematicOf(session, schId), sort: order.filter((id) => id !== sheetId) });
  await session.remove('sheets', sheetId);
}

async function newSchematic(session: ProjectSession, base: string): Promise<string> {
  const { items } = session.snapshot();
  const name = renameWithSuffix(base, (n) => [...items.schematics.values()].some((s) => itemName(s) === n));
  const schId = newDocumentId();
  const sheetId = newDocumentId();
  await session.edit('sheets', { uuid: sheetId, schematic_uuid: schId, title: 'P1', display_title: 'P1', sheet_id: 1, dataStr: blankSheetText() } as Item);
  await session.edit('schematics', { uuid: schId, name, display_name: name, sort: [sheetId] } as Item);
  return schId;
}

async function newPcb(session: ProjectSession, base: string): Promise<string> {
  const { items } = session.snapshot();
  const title = renameWithSuffix(base, (n) => [...items.pcbs.values()].some((p) => itemName(p) === n));
  const id = newDocumentId();
  await session.edit('pcbs', { uuid: id, title, display_title: title, parent_uuid: '', dataStr: blankPcbText() } as Item);
  return id;
}

/**
 * A front panel (issue 19): a plate with a rectangular outline; for a PCB, 20 mm wider and higher
 * than the board, titled after it. Returns its id.
 */
export async function addPanel(session: ProjectSession, pcbId?: string): Promise<string> {
  const { items } = session.snapshot();
  const pcb = pcbId ? items.pcbs.get(pcbId) : undefined;
  const src = pcbId ? boardSourceOf(items, pcbId) : null;
  const size = src ? boardSize(src) : null;
  const mmOf = (mil: number) => Math.round((mil * 25.4) / 1000 + 20);
  const title = renameWithSuffix(pcb ? `${itemName(pcb)} panel` : 'Panel1', (n) => [...items.panels.values()].some((p) => itemName(p) === n));
  const id = newDocumentId();
  const dataStr = blankPanelText(size ? { width: mmOf(size.width), height: mmOf(size.height) } : {});
  await session.edit('panels', { uuid: id, title, display_title: title, dataStr } as Item);
  return id;
}

/** A schematic (with sheet P1) on no board. Returns its id. */
export const addSchematic = (session: ProjectSession): Promise<string> => newSchematic(session, 'Schematic1');
/** A PCB on no board. Returns its id. */
export const addPcb = (session: ProjectSession): Promise<string> => newPcb(session, 'PCB1');

async function setBoards(session: ProjectSession, boards: Array<{ name: string; sch?: string | null; pcb?: string | null }>): Promise<void> {
  await session.refresh();
  await api.update(session.uuid, { boards });
  await session.refresh();
}

/** A new board with its own schematic (sheet P1) and PCB. Returns the board's name. */
export async function addBoard(session: ProjectSession): Promise<string> {
  const { detail } = session.snapshot();
  const name = renameWithSuffix('Board1', (n) => detail.boards.some((b) => b.name === n));
  const sch = await newSchematic(session, 'Schematic1');
  const pcb = await newPcb(session, 'PCB1');
  await setBoards(session, [...detail.boards, { name, sch, pcb }]);
  return name;
}

/** Deletes a schematic with its sheets; a board that held it keeps its PCB. */
export async function deleteSchematic(session: ProjectSession, schId: string): Promise<void> {
  const { detail } = session.snapshot();
  for (const id of sheetOrder(session, schId)) await session.remove('sheets', id);
  await session.remove('schematics', schId);
  if (detail.boards.some((b) => b.sch === schId)) await setBoards(session, detail.boards.map((b) => (b.sch === schId ? { ...b, sch: '' } : b)));
}

/** Deletes a PCB; a board that held it keeps its schematic. */
export async function deletePcb(session: ProjectSession, pcbId: string): Promise<void> {
  const { detail } = session.snapshot();
  await session.remove('pcbs', pcbId);
  if (detail.boards.some((b) => b.pcb === pcbId)) await setBoards(session, detail.boards.map((b) => (b.pcb === pcbId ? { ...b, pcb: '' } : b)));
}

/** Deletes a board with its schematic (and sheets) and its PCB. */
export async function deleteBoard(session: ProjectSession, boardName: string): Promise<void> {
  const { detail, items } = session.snapshot();
  const board = detail.boards.find((b) => b.name === boardName);
  if (!board) return;
  if (board.sch && items.schematics.has(board.sch)) {
    for (const id of sheetOrder(session, board.sch)) await session.remove('sheets', id);
    await session.remove('schematics', board.sch);
  }
  if (board.pcb && items.pcbs.has(board.pcb)) await session.remove('pcbs', board.pcb);
  await setBoards(session, detail.boards.filter((b) => b.name !== boardName));
}

/**
 * `list` with the entry keyed `key` moved just before the one keyed `before` (last when null);
 * undefined when there is nothing to move (no such entry, a drop on itself, `before` not in the list).
 */
function moveBefore<T>(list: readonly T[], keyOf: (t: T) => string, key: string, before: string | null): T[] | undefined {
  const moved = list.find((t) => keyOf(t) === key);
  if (moved === undefined || key === before) return undefined;
  const order = list.filter((t) => t !== moved);
  const at = before === null ? order.length : order.findIndex((t) => keyOf(t) === before);
  if (at < 0) return undefined;
  order.splice(at, 0, moved);
  return order;
}

/**
 * Drag and drop in the tree: puts a sheet just before `beforeId` (another sheet of the same
 * schematic), or last when `beforeId` is null. The schematic's `sort` is written once.
 */
export async function placeSheet(session: ProjectSession, sheetId: string, beforeId: string | null): Promise<void> {
  const sheet = session.snapshot().items.sheets.get(sheetId);
  if (!sheet) return;
  const schId = String(sheet.schematic_uuid);
  const current = sheetOrder(session, schId);
  const order = moveBefore(current, (id) => id, sheetId, beforeId);
  if (!order || order.join() === current.join()) return;
  await session.edit('schematics', { ...schematicOf(session, schId), sort: order });
}

/**
 * Drag and drop (and Move up/down) of a schematic or PCB on no board, or of a panel: puts it just
 * before `beforeId` (another of the same list), or last when `beforeId` is null, and writes
 * `position` 0..n-1 on every one whose position changed (for schematics what SPEC's
 * bulk-update-sort writes), so the order is the same in every browser and after a reload.
 */
export async function placeLoose(session: ProjectSession, kind: LooseKind, id: string, beforeId: string | null): Promise<void> {
  const order = moveBefore(LOOSE_LISTS[kind](session.snapshot()), (s) => String(s.uuid), id, beforeId);
  for (const [i, s] of (order ?? []).entries()) if (s.position !== i) await session.edit(kind, { ...s, position: i });
}
/** A schematic on no board (placeLoose). */
export const placeSchematic = (session: ProjectSession, schId: string, beforeId: string | null): Promise<void> => placeLoose(session, 'schematics', schId, beforeId);

/** Drag and drop of a board: puts it just before `beforeName`, or last when null (the project's board list). */
export async function placeBoard(session: ProjectSession, name: string, beforeName: string | null): Promise<void> {
  const order = moveBefore(session.snapshot().detail.boards, (b) => b.name, name, beforeName);
  if (order) await setBoards(session, order);
}

/** Renames a board (a free name: NAME-2 suffix when another board has it). Returns the name given. */
export async function renameBoard(session: ProjectSession, oldName: string, name: string): Promise<string> {
  const { detail } = session.snapshot();
  if (!detail.boards.some((b) => b.name === oldName)) throw CatalogueError.named('PRJ_NOT_EXIST');
  const free = renameWithSuffix(name.trim(), (n) => n !== oldName && detail.boards.some((b) => b.name === n));
  await setBoards(session, detail.boards.map((b) => (b.name === oldName ? { ...b, name: free } : b)));
  return free;
}
