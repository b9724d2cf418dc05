/** Backups: a compressed copy of a project's items and fields, listed, shown, restored as a new project. */
import { CODES, MAX_BACKUP_LEVEL } from '@copperplate/model';
import * as repo from './repo/index.ts';
import type { Ctx } from './context.ts';
import { KIND_DEFS, isKind } from './kinds.ts';
import { pack, packExtra, packJson, unpack, unpackExtra, unpackJson } from './codec.ts';
import { fail } from './http.ts';
import { createProject } from './projects.ts';
import { uuid32 } from './routes/auth.ts';
import { importInWorker } from './workers/files.ts';

interface BackupBody {
  meta: { title: string; description: string; cbb_project: boolean; default_sheet: string; boards: repo.Board[]; extra: Record<string, unknown>; owner: { uuid: string; nickname: string }; members: Array<{ uuid: string; nickname: string; role: string }>; creator: { uuid: string; nickname: string } };
  items: Array<{ kind: string; key: string; map: string; fields: Record<string, unknown>; dataStr?: string }>;
}

/**
 * Backs up (or archives) a project: the cloud copy, or with `upload` (the multipart call's upload
 * part: the client's own .epro of the project) that file, read in a files worker thread. The meta
 * carries the owner, the members and the creator (PERM-4) either way.
 */
export async function makeBackup(ctx: Ctx, projectUuid: string, user: { uuid: string; nickname: string }, b: { name: string; description: string; auto: boolean; archive: boolean; keep?: number; upload?: Uint8Array }) {
  const id = uuid32();
  const uploaded = b.upload ? await importInWorker(ctx, user.uuid, { bytes: new Uint8Array(b.upload), name: `${b.name}.epro` }) : undefined;
  const ok = await ctx.db.tx(async (q) => {
    const p = await repo.projectByUuid(q, projectUuid);
    if (!p) fail(CODES.NO_PERMISSION);
    const mem = await repo.members(q, projectUuid);
    const owner = mem.find((m) => m.role === 'owner');
    const people = { owner: { uuid: p!.owner_uuid, nickname: owner?.nickname ?? '' }, members: mem.map((m) => ({ uuid: m.uuid, nickname: m.nickname, role: m.role })), creator: user };
    const u = uploaded?.project;
    const items = uploaded ? uploaded.items : await repo.allItems(q, projectUuid);
    const body: BackupBody = {
      meta: u
        ? { title: p!.title, description: p!.description, cbb_project: u.cbb, default_sheet: u.defaultSheet, boards: u.boards, extra: unpackExtra(u.extra), ...people }
        : { title: p!.title, description: p!.description, cbb_project: p!.cbb_project, default_sheet: p!.default_sheet, boards: p!.boards, extra: unpackExtra(await repo.projectExtra(q, projectUuid)), ...people },
      items: items.map((it) => ({ kind: it.kind, key: it.key, map: it.map, fields: it.fields, dataStr: unpack(it.data) })),
    };
    const inserted = await repo.insertBackup(q, { id, projectUuid, name: b.name, description: b.description, auto: b.auto, archive: b.archive, gTicket: p!.g_ticket, creatorUuid: user.uuid, data: packJson(body) });
    if (inserted && !b.archive) await repo.pruneBackups(q, projectUuid, Math.min(b.keep ?? MAX_BACKUP_LEVEL, MAX_BACKUP_LEVEL)); // max backup level (CONST-2)
    return inserted;
  });
  if (!ok) fail(CODES.BACKUP_NAME_EXISTS);
  return backupSummary((await repo.listBackups(ctx.db, projectUuid)).find((x) => x.id === id)!);
}

export function backupSummary(b: repo.BackupRow) {
  return { id: b.id, name: b.name, description: b.description, auto: b.auto, archive: b.archive, g_ticket: b.g_ticket, creator_uuid: b.creator_uuid, created_at: new Date(b.created_at).toISOString() };
}

export async function backupDetail(ctx: Ctx, projectUuid: string, id: string) {
  const b = await repo.backupData(ctx.db, projectUuid, id);
  if (!b) fail(CODES.DOCUMENT_NOT_EXISTS, { documentName: id });
  const body = unpackJson<BackupBody>(b!.data);
  const counts: Record<string, number> = {};
  for (const it of body.items) counts[it.kind] = (counts[it.kind] ?? 0) + 1;
  return { ...backupSummary(b!), meta: body.meta, counts };
}

/** Restores a backup as a new project owned by the caller. */
export async function restoreBackup(ctx: Ctx, projectUuid: string, id: string, userUuid: string): Promise<string> {
  const b = await repo.backupData(ctx.db, projectUuid, id);
  if (!b) fail(CODES.DOCUMENT_NOT_EXISTS, { documentName: id });
  const body = unpackJson<BackupBody>(b!.data);
  const items = body.items.filter((it) => isKind(it.kind)).map((it) => ({ kind: it.kind, key: it.key, map: it.map, deleted: false, fields: it.fields, data: it.dataStr !== undefined && isKind(it.kind) && KIND_DEFS[it.kind].content ? pack(it.dataStr) : null }));
  const m = body.meta;
  return createProject(ctx, userUuid, { title: m.title, description: m.description, cbb: m.cbb_project, defaultSheet: m.default_sheet, boards: m.boards, extra: packExtra(m.extra), items }, true);
}
