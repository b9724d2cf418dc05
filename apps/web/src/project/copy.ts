/**
 * Copying a page (sheet), a schematic or a board inside the open project (issue 4 §4). New items
 * get new document ids and free names (NAME-2: `name_1`, `name_2`, ...) and are saved through the
 * session like any edit (local first, then uploaded); a board copy also adds the board to the
 * project (online). Failures carry the copy messages of SPEC §8 (ERR-5).
 */
import { CatalogueError, NAMED_ERRORS, newDocumentId, renameWithSuffix } from '@copperplate/model';
import { api } from '../api/api.ts';
import type { Item } from '../api/schemas.ts';
import { itemName } from './http-session.ts';
import type { ProjectSession, ProjectSnapshot } from './types.ts';

/** Everything but the sync fields (the copy is a new item), under a new uuid when one is given. */
export function fresh(item: Item, uuid?: string): Item {
  const { ticket: _t, base_ticket: _b, updateTime: _u, ...rest } = item as Item & { base_ticket?: unknown; updateTime?: unknown };
  return (uuid === undefined ? rest : { ...rest, uuid }) as Item;
}

function failWith(prefix: string, err: unknown): never {
  throw new CatalogueError('COPY_FAILED', `${prefix}${err instanceof Error ? err.message : String(err)}`);
}

/** Copies one sheet into its own schematic, appended to the schematic's sheet order. Returns the new sheet id. */
export async function copyPage(session: ProjectSession, sheetId: string): Promise<string> {
  try {
    const { items } = session.snapshot();
    const sheet = items.sheets.get(sheetId);
    const sch = sheet ? items.schematics.get(String(sheet.schematic_uuid)) : undefined;
    if (!sheet || !sch) throw CatalogueError.named('PRJ_NOT_EXIST');
    const siblings = [...items.sheets.values()].filter((s) => s.schematic_uuid === sheet.schematic_uuid);
    const title = renameWithSuffix(itemName(sheet), (n) => siblings.some((s) => itemName(s) === n));
    const id = newDocumentId();
    const sheetNo = Math.max(0, ...siblings.map((s) => Number(s.sheet_id) || 0)) + 1;
    await session.edit('schematics', { ...sch, sort: [...(Array.isArray(sch.sort) ? sch.sort : siblings.map((s) => s.uuid)), id] });
    await session.edit('sheets', { ...fresh(sheet, id), title, display_title: title, sheet_id: sheetNo });
    return id;
  } catch (err) {
    failWith(NAMED_ERRORS.COPY_FAILED, err);
  }
}

/** Copies schematic `schId` of `from` (this project's items, or another project's) into the session's project. */
async function copySchematicItems(session: ProjectSession, schId: string, from: ProjectSnapshot['items'] = session.snapshot().items): Promise<string> {
  const { items } = session.snapshot();
  const sch = from.schematics.get(schId);
  if (!sch) throw CatalogueError.named('PRJ_NOT_EXIST');
  const name = renameWithSuffix(itemName(sch), (n) => [...items.schematics.values()].some((s) => itemName(s) === n));
  const newSch = newDocumentId();
  const order = Array.isArray(sch.sort) ? (sch.sort as unknown[]).map(String) : [];
  const sheets = [...from.sheets.values()].filter((s) => s.schematic_uuid === schId).sort((a, b) => order.indexOf(String(a.uuid)) - order.indexOf(String(b.uuid)));
  const ids = sheets.map(() => newDocumentId());
  await session.edit('schematics', { ...fresh(sch, newSch), name, display_name: name, sort: ids });
  for (let i = 0; i < sheets.length; i++) await session.edit('sheets', { ...fresh(sheets[i], ids[i]), schematic_uuid: newSch });
  return newSch;
}

/** Copies a schematic with all its sheets (a schematic on no board). Returns the new schematic id. */
export async function copySchematic(session: ProjectSession, schId: string): Promise<string> {
  try {
    return await copySchematicItems(session, schId);
  } catch (err) {
    failWith(NAMED_ERRORS.COPY_SCHEMATIC_FAILED, err);
  }
}

/** Copies a board: its schematic (with sheets) and PCB, and adds the new board to the project. */
export async function copyBoard(session: ProjectSession, boardName: string): Promise<string> {
  try {
    return await copyBoardFrom(session, session.snapshot(), boardName, boardName);
  } catch (err) {
    failWith(NAMED_ERRORS.COPY_BOARDS_FAILED, err);
  }
}

/**
 * Copies board `boardName` of `from` (this project or another one: a building block) into the
 * session's project as a new board named `name` (or `name_1`, ... when taken). Returns its name.
 */
export async function copyBoardFrom(session: ProjectSession, from: ProjectSnapshot, boardName: string, name: string): Promise<string> {
  const board = from.detail.boards.find((b) => b.name === boardName);
  if (!board) throw CatalogueError.named('PRJ_NOT_EXIST');
  const sch = await copySchematicFrom(session, from, board.sch);
  const pcb = await copyPcbItem(session, from, board.pcb);
  return addBoard(session, name, sch, pcb);
}

/** Copies schematic `schId` (with its sheets) of `from` into the session's project; '' when there is none. */
export async function copySchematicFrom(session: ProjectSession, from: ProjectSnapshot, schId: string | null | undefined): Promise<string> {
  return schId && from.items.schematics.has(schId) ? copySchematicItems(session, schId, from.items) : '';
}

/** Copies PCB `pcbId` of `from` into the session's project under a new id and a free name; '' when there is none. */
export async function copyPcbItem(session: ProjectSession, from: ProjectSnapshot, pcbId: string | null | undefined): Promise<string> {
  const src = pcbId ? from.items.pcbs.get(pcbId) : undefined;
  if (!src) return '';
  const { items } = session.snapshot();
  const pcb = newDocumentId();
  const title = renameWithSuffix(itemName(src), (n) => [...items.pcbs.values()].some((p) => itemName(p) === n));
  // footprints edited on the board are blocks keyed "<pcbUuid>_<id>" inside the PCB text
  const dataStr = typeof src.dataStr === 'string' ? src.dataStr.split(String(src.uuid)).join(pcb) : src.dataStr;
  await session.edit('pcbs', { ...fresh(src, pcb), title, display_title: title, dataStr });
  return pcb;
}

/**
 * Adds a board named `name` (or `name_1`, ... when taken) of schematic `sch` and PCB `pcb` to the
 * project (online), with `link` (a building block's source and version) when given. Returns its name.
 */
export async function addBoard(session: ProjectSession, name: string, sch: string, pcb: string, link?: { source: string; version: number }): Promise<string> {
  const free = renameWithSuffix(name, (n) => session.snapshot().detail.boards.some((b) => b.name === n));
  await session.refresh();
  await api.update(session.uuid, { boards: [...session.snapshot().detail.boards, { name: free, sch, pcb, ...link }] });
  await session.refresh();
  return free;
}
