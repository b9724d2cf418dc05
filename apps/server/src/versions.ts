/**
 * Project versions (SPEC §7 "add/show/toggle version"): named states of a project's documents that
 * the designer switches between. A version holds the project's boards, default sheet and every live
 * item. Switching (toggle) first saves the current state into the current version (or into a new
 * version "Main" when none is current), then replaces the project's items in place, in one
 * transaction that advances g_ticket: every client sees the change as a remote edit. Nothing is lost.
 * Packing and comparing states runs in a files worker thread (workers/state-job.ts), outside the
 * transactions (issue 11).
 */
import { CODES } from '@copperplate/model';
import * as repo from './repo/index.ts';
import type { Ctx } from './context.ts';
import type { Queryable } from './db.ts';
import { KIND_DEFS, isKind } from './kinds.ts';
import { fail, noPermission } from './http.ts';
import { invalidateSnapshot } from './context.ts';
import { uuid32 } from './routes/auth.ts';
import { stateInWorker, storedBytes } from './workers/files.ts';
import type { StateItem, StateSummary, StateSwitch } from './workers/state-job.ts';

/** The project's state as stored: g_ticket, the version head (boards, default sheet) and its live items. */
async function stateOf(q: Queryable, projectUuid: string) {
  const p = await repo.projectByUuid(q, projectUuid);
  if (!p) noPermission();
  return { g: p!.g_ticket, head: { boards: p!.boards, default_sheet: p!.default_sheet }, items: await repo.allItems(q, projectUuid) };
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
  const s = await ctx.db.tx((q) => stateOf(q, projectUuid));
  const { bytes } = await stateInWorker<{ bytes: Uint8Array }>(ctx, userUuid, { op: 'pack', head: s.head, items: s.items }, storedBytes(s.items));
  const key = uuid32();
  await repo.writeStateParts(ctx.db, projectUuid, key, bytes);
  const ok = await ctx.db.tx(async (q) => {
    const inserted = await repo.insertVersion(q, { id, projectUuid, name, description, gTicket: s.g, creatorUuid: userUuid, state: key });
    // the project's state is now this version's: later edits belong to it (saved into it on a switch)
    if (inserted) await repo.setProjectLink(q, projectUuid, { current_version: id });
    return inserted;
  });
  if (!ok) {
    await repo.dropStateParts(ctx.db, [key]);
    fail(CODES.BACKUP_NAME_EXISTS);
  }
  return (await listProjectVersions(ctx, projectUuid)).find((v) => v.id === id)!;
}

/** A version's row and its state's bytes (DOCUMENT_NOT_EXISTS when there is none). */
async function storedVersion(q: Queryable, projectUuid: string, id: string) {
  const v = await repo.versionRow(q, projectUuid, id);
  const data = v && (await repo.storedState(q, v));
  if (!v || !data) fail(CODES.DOCUMENT_NOT_EXISTS, { documentName: id });
  return { ...v!, data: data! };
}

/** A version's summary, boards and per-kind counts, and its schematics', sheets' and PCBs' names. */
export async function showVersion(ctx: Ctx, projectUuid: string, id: string, userUuid: string) {
  const v = await storedVersion(ctx.db, projectUuid, id);
  const s = await stateInWorker<StateSummary>(ctx, userUuid, { op: 'summary', data: v.data }, v.data.length);
  const link = await repo.projectLink(ctx.db, projectUuid);
  return { ...versionSummary(v, link.current_version), boards: s.head.boards as repo.Board[], default_sheet: String(s.head.default_sheet), counts: s.counts, ...s.names };
}

/** One document of a version with its content (to open a version read-only). */
export async function versionItem(ctx: Ctx, projectUuid: string, id: string, kind: string, key: string, userUuid: string) {
  const v = await storedVersion(ctx.db, projectUuid, id);
  const { item: it } = await stateInWorker<{ item: StateItem | null }>(ctx, userUuid, { op: 'item', data: v.data, kind, key }, v.data.length);
  if (!it) fail(CODES.DOCUMENT_NOT_EXISTS, { documentName: key });
  return { ...it!.fields, [isKind(kind) ? KIND_DEFS[kind].key : 'uuid']: key, ...(it!.dataStr !== undefined && { dataStr: it!.dataStr }) };
}

/** Attempts of a switch whose project changed between its read and its write (then the last one holds the project while it packs). */
const SWITCH_ATTEMPTS = 3;

/**
 * Switches the project to version `id`: saves the current state first, then writes the version's
 * items in place. The state is read, packed and compared (in a worker thread) outside the writing
 * transaction, which checks that neither the project's g_ticket nor its current version moved
 * meanwhile (else it starts again; the last attempt does it all under the project's lock).
 */
export async function toggleVersion(ctx: Ctx, projectUuid: string, id: string, userUuid: string) {
  const read = async (q: Queryable) => {
    const s = await stateOf(q, projectUuid);
    const target = await storedVersion(q, projectUuid, id);
    const link = await repo.projectLink(q, projectUuid);
    const sw = await stateInWorker<StateSwitch>(ctx, userUuid, { op: 'switch', head: s.head, live: s.items, target: target.data }, storedBytes(s.items, target.data));
    return { g0: s.g, current: link.current_version, sw };
  };
  /** The state being left, as parts under a fresh key. */
  const saveLeft = async (q: Queryable, sw: StateSwitch) => {
    const key = uuid32();
    await repo.writeStateParts(q, projectUuid, key, sw.bytes);
    return key;
  };
  let g = 0;
  let changed = 0;
  for (let attempt = 1; ; attempt++) {
    const last = attempt >= SWITCH_ATTEMPTS;
    const before = last ? undefined : await ctx.db.tx(read);
    const leftKey = before && (await saveLeft(ctx.db, before.sw));
    const done = await ctx.db.tx(async (q) => {
      const g0 = await repo.lockProjectTicket(q, projectUuid);
      if (g0 === undefined) noPermission();
      const r = before ?? (await read(q));
      const link = await repo.projectLink(q, projectUuid);
      if (r.g0 !== g0 || link.current_version !== r.current) return false; // edited meanwhile: read again
      await writeSwitch(ctx, q, projectUuid, id, userUuid, g0!, r.current, leftKey ?? (await saveLeft(q, r.sw)), r.sw);
      g = g0! + 1;
      changed = r.sw.rows.length;
      return true;
    }).catch(async (e: unknown) => {
      if (leftKey) await repo.dropStateParts(ctx.db, [leftKey]);
      throw e;
    });
    if (done) break;
    if (leftKey) await repo.dropStateParts(ctx.db, [leftKey]);
  }
  invalidateSnapshot(ctx, projectUuid);
  return { g_ticket: g, changed };
}

/** The writes of a switch, in the transaction holding the project's lock at ticket `g0`. */
async function writeSwitch(ctx: Ctx, q: Queryable, projectUuid: string, id: string, userUuid: string, g0: number, current: string | null, leftKey: string, sw: StateSwitch) {
  // the state being left is kept in the version it belongs to (a new "Main" when there is none)
  if (current && current !== id) await repo.updateVersionState(q, projectUuid, current, g0, leftKey);
  else if (!current) {
    const taken = new Set((await repo.listVersions(q, projectUuid)).map((v) => v.name));
    let name = 'Main';
    for (let i = 1; taken.has(name); i++) name = `Main_${i}`;
    await repo.insertVersion(q, { id: uuid32(), projectUuid, name, description: 'The state before the first switch of version', gTicket: g0, creatorUuid: userUuid, state: leftKey });
  } else await repo.dropStateParts(q, [leftKey]); // switching to the version it is on: nothing to keep
  const g = g0 + 1;
  const rows = sw.rows.map((r) => ({ ...r, ticket: g }));
  for (let i = 0; i < rows.length; i += 200) await repo.upsertItems(q, projectUuid, rows.slice(i, i + 200));
  await repo.updateProject(q, projectUuid, userUuid, { boards: sw.head.boards as repo.Board[], default_sheet: String(sw.head.default_sheet), g_ticket: g });
  await repo.setProjectLink(q, projectUuid, { current_version: id });
  await ctx.bus.publish({ type: 'g_ticket', project_uuid: projectUuid, g_ticket: g, origin: ctx.bus.origin }, q);
}
