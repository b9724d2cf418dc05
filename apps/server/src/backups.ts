/**
 * Backups: a compressed copy of a project's items and fields, listed, shown, restored as a new
 * project. Packing and reading a backup (inflating every document, compressing the whole) runs in a
 * files worker thread (workers/state-job.ts), never on the event loop (issue 11).
 */
import { CODES, MAX_BACKUP_LEVEL } from '@copperplate/model';
import * as repo from './repo/index.ts';
import type { Ctx } from './context.ts';
import { fail } from './http.ts';
import { createProject } from './projects.ts';
import { uuid32 } from './routes/auth.ts';
import { stateInWorker, storedBytes } from './workers/files.ts';
import type { StateRows, StateSummary } from './workers/state-job.ts';

interface BackupMeta { title: string; description: string; cbb_project: boolean; default_sheet: string; boards: repo.Board[]; extra: Record<string, unknown>; owner: { uuid: string; nickname: string }; members: Array<{ uuid: string; nickname: string; role: string }>; creator: { uuid: string; nickname: string } }

/**
 * Backs up (or archives) a project: the cloud copy, or with `upload` (the multipart call's upload
 * part: the client's own .epro of the project) that file. The meta carries the owner, the members
 * and the creator (PERM-4) either way. The project is read in one transaction, packed in a worker
 * thread, and the backup stored in parts (repo/states.ts) named by its row.
 */
export async function makeBackup(ctx: Ctx, projectUuid: string, user: { uuid: string; nickname: string }, b: { name: string; description: string; auto: boolean; archive: boolean; keep?: number; upload?: Uint8Array }) {
  const id = uuid32();
  const state = await ctx.db.tx(async (q) => {
    const p = await repo.projectByUuid(q, projectUuid);
    if (!p) fail(CODES.NO_PERMISSION);
    const mem = await repo.members(q, projectUuid);
    const owner = mem.find((m) => m.role === 'owner');
    const meta = {
      title: p!.title, description: p!.description, cbb_project: p!.cbb_project, default_sheet: p!.default_sheet, boards: p!.boards,
      owner: { uuid: p!.owner_uuid, nickname: owner?.nickname ?? '' }, members: mem.map((m) => ({ uuid: m.uuid, nickname: m.nickname, role: m.role })), creator: user,
    };
    if (b.upload) return { g: p!.g_ticket, meta };
    return { g: p!.g_ticket, meta, items: await repo.allItems(q, projectUuid), extra: await repo.projectExtra(q, projectUuid) };
  });
  const { bytes: data } = state.items
    ? await stateInWorker<{ bytes: Uint8Array }>(ctx, user.uuid, { op: 'pack', head: { meta: state.meta }, items: state.items, extra: state.extra }, storedBytes(state.items, state.extra))
    : await stateInWorker<{ bytes: Uint8Array }>(ctx, user.uuid, { op: 'pack-upload', head: { meta: state.meta }, upload: new Uint8Array(b.upload!), name: `${b.name}.epro` }, Infinity);
  const key = uuid32();
  await repo.writeStateParts(ctx.db, projectUuid, key, data);
  const ok = await ctx.db.tx(async (q) => {
    const inserted = await repo.insertBackup(q, { id, projectUuid, name: b.name, description: b.description, auto: b.auto, archive: b.archive, gTicket: state.g, creatorUuid: user.uuid, state: key });
    if (inserted && !b.archive) await repo.pruneBackups(q, projectUuid, Math.min(b.keep ?? MAX_BACKUP_LEVEL, MAX_BACKUP_LEVEL)); // max backup level (CONST-2)
    return inserted;
  });
  if (!ok) {
    await repo.dropStateParts(ctx.db, [key]);
    fail(CODES.BACKUP_NAME_EXISTS);
  }
  return backupSummary((await repo.listBackups(ctx.db, projectUuid)).find((x) => x.id === id)!);
}

export function backupSummary(b: repo.BackupRow) {
  return { id: b.id, name: b.name, description: b.description, auto: b.auto, archive: b.archive, g_ticket: b.g_ticket, creator_uuid: b.creator_uuid, created_at: new Date(b.created_at).toISOString() };
}

/** A backup's row and its state's bytes (DOCUMENT_NOT_EXISTS when there is none). */
async function storedBackup(ctx: Ctx, projectUuid: string, id: string) {
  const b = await repo.backupRow(ctx.db, projectUuid, id);
  const data = b && (await repo.storedState(ctx.db, b));
  if (!b || !data) fail(CODES.DOCUMENT_NOT_EXISTS, { documentName: id });
  return { ...b!, data: data! };
}

export async function backupDetail(ctx: Ctx, projectUuid: string, id: string, userUuid: string) {
  const b = await storedBackup(ctx, projectUuid, id);
  const s = await stateInWorker<StateSummary>(ctx, userUuid, { op: 'summary', data: b.data }, b.data.length);
  return { ...backupSummary(b), meta: s.head.meta as BackupMeta, counts: s.counts };
}

/** Restores a backup as a new project owned by the caller. */
export async function restoreBackup(ctx: Ctx, projectUuid: string, id: string, userUuid: string): Promise<string> {
  const b = await storedBackup(ctx, projectUuid, id);
  const s = await stateInWorker<StateRows>(ctx, userUuid, { op: 'rows', data: b.data }, b.data.length);
  const m = s.head.meta as BackupMeta;
  return createProject(ctx, userUuid, { title: m.title, description: m.description, cbb: m.cbb_project, defaultSheet: m.default_sheet, boards: m.boards, extra: s.extra, items: s.items }, true);
}
