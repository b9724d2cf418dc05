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
import type { ProjectSession } from './types.ts';

/** Everything but the sync fields (the copy is a new item). */
function fresh(item: Item, uuid: string): Item {
  const { ticket: _t, base_ticket: _b, updateTime: _u, ...rest } = item as Item & { base_ticket?: unknown; updateTime?: unknown };
  return { ...rest, uuid } as Item;
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

async function copySchematicItems(session: ProjectSession, schId: string): Promise<string> {
  const { items } = session.snapshot();
  const sch = items.schematics.get(schId);
  if (!sch) throw CatalogueError.named('PRJ_NOT_EXIST');
  const name = renameWithSuffix(itemName(sch), (n) => [...items.schematics.values()].some((s) => itemName(s) === n));
  const newSch = newDocumentId();
  const order = Array.isArray(sch.sort) ? (sch.sort as unknown[]).map(String) : [];
  const sheets = [...items.sheets.values()].filter((s) => s.schematic_uuid === schId).sort((a, b) => order.indexOf(String(a.uuid)) - order.indexOf(String(b.uuid)));
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
    const { detail, items } = session.snapshot();
    const board = detail.boards.find((b) => b.name === boardName);
    if (!board) throw CatalogueError.named('PRJ_NOT_EXIST');
    const name = renameWithSuffix(board.name, (n) => detail.boards.some((b) => b.name === n));
    const sch = board.sch && items.schematics.has(board.sch) ? await copySchematicItems(session, board.sch) : '';
    let pcb = '';
    const src = board.pcb ? items.pcbs.get(board.pcb) : undefined;
    if (src) {
      pcb = newDocumentId();
      const title = renameWithSuffix(itemName(src), (n) => [...items.pcbs.values()].some((p) => itemName(p) === n));
      // footprints edited on the board are blocks keyed "<pcbUuid>_<id>" inside the PCB text
      const dataStr = typeof src.dataStr === 'string' ? src.dataStr.split(String(src.uuid)).join(pcb) : src.dataStr;
      await session.edit('pcbs', { ...fresh(src, pcb), title, display_title: title, dataStr });
    }
    await session.refresh();
    await api.update(session.uuid, { boards: [...detail.boards, { name, sch, pcb }] });
    await session.refresh();
    return name;
  } catch (err) {
    failWith(NAMED_ERRORS.COPY_BOARDS_FAILED, err);
  }
}
