/**
 * Project versions (SPEC §7 "add/show/toggle version"): named states of a project's documents that
 * the designer switches between. A version holds the project's boards, default sheet and every live
 * item. Switching (toggle) first saves the current state into the current version (or into a new
 * version "Main" when none is current), then replaces the project's items in place, in one
 * transaction that advances g_ticket: every client sees the change as a remote edit. Nothing is lost.
 */
import { CODES } from '@copperplate/model';
import * as repo from './repo/index.ts';
import type { Ctx } from './context.ts';
import type { Queryable } from './db.ts';
import { KIND_DEFS, isKind } from './kinds.ts';
import { pack, packJson, unpack, unpackJson } from './codec.ts';
import { fail, noPermission } from './http.ts';
import { invalidateSnapshot } from './context.ts';
import { uuid32 } from './routes/auth.ts';

interface VersionBody {
  boards: repo.Board[];
  default_sheet: string;
  items: Array<{ kind: string; key: string; map: string; fields: Record<string, unknown>; dataStr?: string }>;
}

async function stateOf(q: Queryable, projectUuid: string): Promise<{ g: number; body: VersionBody }> {
  const p = await repo.projectByUuid(q, projectUuid);
  if (!p) noPermission();
  const items = await repo.allItems(q, projectUuid);
  return {
    g: p!.g_ticket,
    body: { boards: p!.boards, default_sheet: p!.default_sheet, items: items.map((it) => ({ kind: it.kind, key: it.key, map: it.map, fields: it.fields, dataStr: unpack(it.data) })) },
  };
}

export function versionSummary(v: repo.VersionRow, current: string | null) {
  return { id: v.id, name: v.name, description: v.description, g_ticket: v.g_ticket, creator_uuid: v.creator_uuid, created_at: new Date(v.created_at).toISOString(), updated_at: new Date(v.updated_at).toISOString(), current: v.id === current };
}

export async function listProjectVersions(ctx: Ctx, projectUuid: string) {
  const link = await repo.projectLink(ctx.db, projectUuid);
  return (await repo.listVersions(ctx.db, projectUuid)).map((v) => versionSummary(v, link.current_version));
}

/** Saves the current state as a new version, which becomes the current one (3002 when the name is taken). */
export async function addVersion(ctx: Ctx, projectUuid: string, userUuid: string, name: string, description: string) {
  const id = uuid32();
  const ok = await ctx.db.tx(async (q) => {
    const s = await stateOf(q, projectUuid);
    const inserted = await repo.insertVersion(q, { id, projectUuid, name, description, gTicket: s.g, creatorUuid: userUuid, data: packJson(s.body) });
    // the project's state is now this version's: later edits belong to it (saved into it on a switch)
    if (inserted) await repo.setProjectLink(q, projectUuid, { current_version: id });
    return inserted;
  });
  if (!ok) fail(CODES.BACKUP_NAME_EXISTS);
  return (await listProjectVersions(ctx, projectUuid)).find((v) => v.id === id)!;
}

/** A version's summary, boards and per-kind counts, and (with `withItems`) its documents' names. */
export async function showVersion(ctx: Ctx, projectUuid: string, id: string) {
  const v = await repo.versionData(ctx.db, projectUuid, id);
  if (!v) fail(CODES.DOCUMENT_NOT_EXISTS, { documentName: id });
  const body = unpackJson<VersionBody>(v!.data);
  const counts: Record<string, number> = {};
  for (const it of body.items) counts[it.kind] = (counts[it.kind] ?? 0) + 1;
  const link = await repo.projectLink(ctx.db, projectUuid);
  const names = (kind: string) => body.items.filter((it) => it.kind === kind).map((it) => ({ uuid: it.key, title: String(it.fields.title ?? it.fields.name ?? it.key) }));
  return { ...versionSummary(v!, link.current_version), boards: body.boards, default_sheet: body.default_sheet, counts, schematics: names('schematics'), sheets: names('sheets'), pcbs: names('pcbs') };
}

/** One document of a version with its content (to open a version read-only). */
export async function versionItem(ctx: Ctx, projectUuid: string, id: string, kind: string, key: string) {
  const v = await repo.versionData(ctx.db, projectUuid, id);
  if (!v) fail(CODES.DOCUMENT_NOT_EXISTS, { documentName: id });
  const it = unpackJson<VersionBody>(v!.data).items.find((x) => x.kind === kind && x.key === key);
  if (!it) fail(CODES.DOCUMENT_NOT_EXISTS, { documentName: key });
  return { ...it!.fields, [isKind(kind) ? KIND_DEFS[kind].key : 'uuid']: key, ...(it!.dataStr !== undefined && { dataStr: it!.dataStr }) };
}

const same = (a: repo.ItemRow, b: VersionBody['items'][number]) => JSON.stringify(a.fields) === JSON.stringify(b.fields) && (unpack(a.data) ?? undefined) === b.dataStr && a.map === b.map;

/** Switches the project to version `id`: saves the current state first, then writes the version's items in place. */
export async function toggleVersion(ctx: Ctx, projectUuid: string, id: string, userUuid: string) {
  let g = 0;
  let changed = 0;
  await ctx.db.tx(async (q) => {
    const g0 = await repo.lockProjectTicket(q, projectUuid);
    if (g0 === undefined) noPermission();
    const target = await repo.versionData(q, projectUuid, id);
    if (!target) fail(CODES.DOCUMENT_NOT_EXISTS, { documentName: id });
    const link = await repo.projectLink(q, projectUuid);
    // the state being left is kept in the version it belongs to (a new "Main" when there is none)
    const now = await stateOf(q, projectUuid);
    if (link.current_version && link.current_version !== id) await repo.updateVersionData(q, projectUuid, link.current_version, g0!, packJson(now.body));
    else if (!link.current_version) {
      const taken = new Set((await repo.listVersions(q, projectUuid)).map((v) => v.name));
      let name = 'Main';
      for (let i = 1; taken.has(name); i++) name = `Main_${i}`;
      await repo.insertVersion(q, { id: uuid32(), projectUuid, name, description: 'The state before the first switch of version', gTicket: g0!, creatorUuid: userUuid, data: packJson(now.body) });
    }
    const body = unpackJson<VersionBody>(target!.data);
    g = g0! + 1;
    const live = new Map((await repo.allItems(q, projectUuid)).map((it) => [`${it.kind}\u0000${it.key}`, it]));
    const rows: repo.ItemRow[] = [];
    const want = new Set<string>();
    for (const it of body.items) {
      if (!isKind(it.kind)) continue;
      const k = `${it.kind}\u0000${it.key}`;
      want.add(k);
      const cur = live.get(k);
      if (cur && same(cur, it)) continue;
      rows.push({ kind: it.kind, key: it.key, map: it.map, ticket: g, deleted: false, fields: it.fields, data: it.dataStr !== undefined && KIND_DEFS[it.kind].content ? pack(it.dataStr) : null });
    }
    for (const [k, cur] of live) if (!want.has(k)) rows.push({ ...cur, ticket: g, deleted: true, data: null });
    changed = rows.length;
    for (let i = 0; i < rows.length; i += 200) await repo.upsertItems(q, projectUuid, rows.slice(i, i + 200));
    await repo.updateProject(q, projectUuid, userUuid, { boards: body.boards, default_sheet: body.default_sheet, g_ticket: g });
    await repo.setProjectLink(q, projectUuid, { current_version: id });
    await ctx.bus.publish({ type: 'g_ticket', project_uuid: projectUuid, g_ticket: g, origin: ctx.bus.origin }, q);
  });
  invalidateSnapshot(ctx, projectUuid);
  return { g_ticket: g, changed };
}
