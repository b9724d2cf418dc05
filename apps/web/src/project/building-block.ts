/**
 * Using a building block (reuse block: a project with cbb_project, SPEC §1) inside another project
 * (issue 17 part 5): the block's board (board1, ENT-3) comes in as a new board named after the block,
 * with its schematic and sheets and its PCB under new ids, and the symbols, footprints and devices of
 * the block that the project lacks. It is a paste import ('paste data...'): sync is suspended while it
 * writes and resumed and forced afterwards (SYNC-9). Everything is saved through the session like any
 * edit. A failure carries 'Copying boards failure! The reason is:' (ERR-5).
 *
 * The board keeps its link to the block, as library parts keep theirs (SPEC §3 source and version):
 * `source` is the block project's uuid, `version` the block's g_ticket when it was copied. When the
 * block has changed since (its g_ticket is higher), **Update from building block** brings the board
 * to the block's current state: the sheets and the PCB take the block's content under the board's
 * own ids (open tabs stay on them), the block's symbols, footprints and devices are written again, and
 * the version moves on. The same paste-import steps and suspended sync apply.
 */
import { CatalogueError, NAMED_ERRORS, PROGRESS_STEPS, newDocumentId } from '@copperplate/model';
import { api } from '../api/api.ts';
import type { Board, Item, RecentEntry } from '../api/schemas.ts';
import { addBoard, copyPcbItem, copySchematicFrom, fresh } from './copy.ts';
import { sheetOrder } from './structure.ts';
import { PasteSteps } from '../lib/progress.ts';
import { KIND_MAPS, readAll } from './http-session.ts';
import { VIEW_KINDS, type ProjectSession, type ProjectSnapshot, type ViewKind } from './types.ts';

/** The building blocks the user can use here: every building-block project of the list but this one. */
export function usableBlocks(list: readonly RecentEntry[], current: string): RecentEntry[] {
  return list.filter((e) => e.cbb_project === true && e.projectId !== current);
}

/** Detail and every item of a project the user can read (the block), straight from the cloud. */
export async function loadProject(uuid: string): Promise<ProjectSnapshot> {
  const detail = await api.detail(uuid);
  const t = await api.ticket(uuid, -1);
  const items = Object.fromEntries(VIEW_KINDS.map((k) => [k, new Map<string, Item>()])) as ProjectSnapshot['items'];
  for (const kind of VIEW_KINDS) {
    const ids = KIND_MAPS[kind].flatMap((m) => Object.keys((t[m] ?? {}) as Record<string, number>));
    if (ids.length) for (const it of await readAll(uuid, kind, ids)) items[kind].set(String(it.uuid), it);
  }
  return { detail, items };
}

/**
 * Inserts building block `blockUuid` into the session's project. Returns the new board's name.
 * Progress is the share of the 16 steps of a paste import (CONST-3): IMP-1's phases in its order
 * (the schematic and its sheets, symbols, the PCB, footprints, devices, the board), then the forced
 * sync after it.
 */
export async function insertBuildingBlock(session: ProjectSession, blockUuid: string, onProgress: (share: number) => void): Promise<string> {
  const steps = new PasteSteps(PROGRESS_STEPS.PASTE_IMPORT, onProgress);
  const resume = session.suspendSync?.();
  let name: string;
  try {
    onProgress(0);
    const block = await loadProject(blockUuid);
    if (!block.detail.cbb_project) throw CatalogueError.named('PRJ_NOT_EXIST');
    const board = block.detail.boards[0];
    if (!board) throw new Error(NAMED_ERRORS.PRJ_NOT_EXIST);
    const { items } = session.snapshot();
    const missing = (kind: ViewKind) => [...block.items[kind].values()].filter((it) => !items[kind].has(String(it.uuid)));
    const sch = await copySchematicFrom(session, block, board.sch);
    steps.phase('sheets');
    for (const it of missing('symbols')) await session.edit('symbols', fresh(it));
    steps.phase('block symbols');
    const pcb = await copyPcbItem(session, block, board.pcb);
    steps.phase('pcbs');
    for (const kind of ['footprints', 'devices'] as const) {
      for (const it of missing(kind)) await session.edit(kind, fresh(it));
      steps.phase(kind);
    }
    steps.before('boards');
    name = await addBoard(session, block.detail.title, sch, pcb, { source: blockUuid, version: block.detail.g_ticket });
    steps.phase('boards');
  } catch (err) {
    await resume?.();
    throw new CatalogueError('COPY_FAILED', `${NAMED_ERRORS.COPY_BOARDS_FAILED}${err instanceof Error ? err.message : String(err)}`);
  }
  await resume?.();
  steps.synced();
  return name;
}

export interface BlockLink { source: string; version: number }
/** The building block a board was inserted from, and the block's version then; undefined for other boards. */
export function blockLinkOf(board: Board | undefined): BlockLink | undefined {
  const source = board?.source, version = board?.version;
  return typeof source === 'string' && source && typeof version === 'number' ? { source, version } : undefined;
}

/** The block's current version (its g_ticket) for the board `boardName`'s link; undefined when it has none. */
export async function blockVersion(session: ProjectSession, boardName: string): Promise<{ link: BlockLink; latest: number } | undefined> {
  const link = blockLinkOf(session.snapshot().detail.boards.find((b) => b.name === boardName));
  if (!link) return undefined;
  const d = await api.detail(link.source);
  return { link, latest: d.g_ticket };
}

/**
 * Brings board `boardName` (inserted from a building block) to the block's current state; returns
 * the version it now has (unchanged when the block had not changed).
 */
export async function updateFromBlock(session: ProjectSession, boardName: string, onProgress: (share: number) => void): Promise<number> {
  const board = session.snapshot().detail.boards.find((b) => b.name === boardName);
  const link = blockLinkOf(board);
  if (!board || !link) throw CatalogueError.named('PRJ_NOT_EXIST');
  const steps = new PasteSteps(PROGRESS_STEPS.PASTE_IMPORT, onProgress);
  const resume = session.suspendSync?.();
  let version = link.version;
  try {
    onProgress(0);
    const block = await loadProject(link.source);
    if (!block.detail.cbb_project) throw CatalogueError.named('PRJ_NOT_EXIST');
    const src = block.detail.boards[0];
    if (!src) throw new Error(NAMED_ERRORS.PRJ_NOT_EXIST);
    if (block.detail.g_ticket > link.version) {
      if (board.sch && src.sch) await replaceSheets(session, block, src.sch, board.sch);
      steps.phase('sheets');
      await rewriteParts(session, block, 'symbols');
      steps.phase('block symbols');
      const from = src.pcb ? block.items.pcbs.get(src.pcb) : undefined;
      const mine = board.pcb ? session.snapshot().items.pcbs.get(board.pcb) : undefined;
      if (from && mine && typeof from.dataStr === 'string') {
        // footprints edited on the board are blocks keyed "<pcbUuid>_<id>" inside the PCB text
        await session.edit('pcbs', { ...mine, dataStr: from.dataStr.split(String(from.uuid)).join(String(mine.uuid)) });
      }
      steps.phase('pcbs');
      for (const kind of ['footprints', 'devices'] as const) {
        await rewriteParts(session, block, kind);
        steps.phase(kind);
      }
      steps.before('boards');
      version = block.detail.g_ticket;
      await session.refresh();
      await api.update(session.uuid, { boards: session.snapshot().detail.boards.map((b) => (b.name === boardName ? { ...b, version } : b)) });
      await session.refresh();
      steps.phase('boards');
    }
  } catch (err) {
    await resume?.();
    throw new CatalogueError('COPY_FAILED', `${NAMED_ERRORS.COPY_BOARDS_FAILED}${err instanceof Error ? err.message : String(err)}`);
  }
  await resume?.();
  steps.synced();
  return version;
}

/** The sheets of schematic `schId` take the content of the block's schematic `blockSch`, in its order (ids kept where they can be). */
async function replaceSheets(session: ProjectSession, block: ProjectSnapshot, blockSch: string, schId: string): Promise<void> {
  const { items } = session.snapshot();
  const sch = items.schematics.get(schId);
  const bsch = block.items.schematics.get(blockSch);
  if (!sch || !bsch) return;
  const order = Array.isArray(bsch.sort) ? (bsch.sort as unknown[]).map(String) : [];
  const theirs = [...block.items.sheets.values()].filter((x) => x.schematic_uuid === blockSch).sort((a, b) => order.indexOf(String(a.uuid)) - order.indexOf(String(b.uuid)));
  const mine = sheetOrder(session, schId);
  const ids = theirs.map((_, i) => mine[i] ?? newDocumentId());
  for (let i = 0; i < theirs.length; i++) {
    const cur = items.sheets.get(ids[i]);
    await session.edit('sheets', { ...cur, ...fresh(theirs[i], ids[i]), schematic_uuid: schId, ...(cur?.ticket !== undefined && { ticket: cur.ticket }) });
  }
  await session.edit('schematics', { ...sch, sort: ids });
  for (const id of mine.slice(theirs.length)) await session.remove('sheets', id);
}

/** The block's parts of `kind` written into the project (new ones added, the project's copies replaced). */
async function rewriteParts(session: ProjectSession, block: ProjectSnapshot, kind: 'symbols' | 'footprints' | 'devices'): Promise<void> {
  for (const it of block.items[kind].values()) {
    const cur = session.snapshot().items[kind].get(String(it.uuid));
    await session.edit(kind, cur ? { ...cur, ...fresh(it), ...(cur.ticket !== undefined && { ticket: cur.ticket }) } : fresh(it));
  }
}
