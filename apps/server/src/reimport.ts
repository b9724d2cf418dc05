/**
 * Reimport (IMP-2): an archive (.epro, .epro2, library .zip; the readers of the project import, in
 * its worker thread) read INTO an existing project. Documents are matched by kind and uuid: one the
 * archive holds in another version is replaced by the archive's, one new in the archive is added
 * (a deleted one comes back), one only in the project is kept. Nothing is lost: a backup
 * 'Before reimport …' is taken first (backups.ts), and every write runs in one transaction (a
 * failure leaves the project as it was). The writes advance g_ticket and are published like any
 * other edit, so open clients pull them through sync (server-side edits, never in a client's undo).
 *
 * The work runs as PROGRESS_STEPS.REIMPORT (CONST-3: 14) phases, reported in order in the answer:
 * the archive read, the backup, one per document kind, and the commit.
 */
import { CODES } from '@copperplate/model';
import * as repo from './repo/index.ts';
import type { Ctx } from './context.ts';
import { invalidateSnapshot } from './context.ts';
import { fail, noPermission } from './http.ts';
import { makeBackup } from './backups.ts';
import { insertBatches } from './projects.ts';
import { unpack } from './codec.ts';
import { importInWorker } from './workers/files.ts';
import type { ImportJob, ImportJobResult } from './workers/files-job.ts';

/** Document kinds in the order a reimport writes them (the kinds of epro.ts). */
export const REIMPORT_KINDS = ['schematics', 'sheets', 'pcbs', 'panels', 'symbols', 'footprints', 'devices', 'attributes', 'blobs', 'copper', 'fonts'] as const;
/** The phases of a reimport: PROGRESS_STEPS.REIMPORT of them. */
export const REIMPORT_PHASES = ['read archive', 'backup', ...REIMPORT_KINDS, 'commit'] as const;

export interface KindCounts { added: number; updated: number; unchanged: number; kept: number }
export interface ReimportAnswer {
  /** The import report of the archive (failures, warnings, conversion), as the project import answers it. */
  report: Record<string, unknown>;
  /** Totals and per kind (kinds with no document left out). */
  counts: KindCounts & { byKind: Record<string, KindCounts> };
  /** Per-document changes of the reimport itself (a renamed schematic...). */
  adjustments: string[];
  /** The backup taken before the writes. */
  backup: { id: string; name: string };
  /** The phases done, in order (PROGRESS_STEPS.REIMPORT). */
  phases: string[];
  g_ticket: number;
}

type Row = Omit<repo.ItemRow, 'ticket'>;
const IGNORED_FIELDS = new Set(['_pos', 'updateTime', 'ticket']);

/** JSON with object keys sorted at every depth (jsonb gives objects back in its own key order). */
function canonical(v: unknown): string {
  if (Array.isArray(v)) return `[${v.map(canonical).join(',')}]`;
  if (v && typeof v === 'object') return `{${Object.keys(v).sort().map((k) => `${JSON.stringify(k)}:${canonical((v as Record<string, unknown>)[k])}`).join(',')}}`;
  return JSON.stringify(v ?? null);
}

/** Fields as compared: without the list position and the write time (a move or a save alone is no change). */
function sameFields(a: Record<string, unknown>, b: Record<string, unknown>): boolean {
  const strip = (o: Record<string, unknown>) => Object.fromEntries(Object.entries(o).filter(([k, v]) => !IGNORED_FIELDS.has(k) && v !== undefined));
  return canonical(strip(a)) === canonical(strip(b));
}

/** Same fields and content; equal compressed bytes (the same gzip of the same text) are compared without inflating. */
function sameRow(cur: repo.ItemRow, next: Row): boolean {
  if (!sameFields(cur.fields, next.fields)) return false;
  if (cur.data && next.data && Buffer.from(cur.data).equals(Buffer.from(next.data))) return true;
  return (unpack(cur.data) ?? null) === (unpack(next.data) ?? null);
}

const docName = (r: { key: string; fields: Record<string, unknown> }) => String(r.fields.name ?? r.fields.title ?? r.fields.display_title ?? r.key);

/** A name free among `taken`: `name (reimported)`, then numbered. */
function freeName(taken: Set<string>, name: string): string {
  let n = `${name} (reimported)`;
  for (let i = 2; taken.has(n); i++) n = `${name} (reimported ${i})`;
  return n;
}

/**
 * Reimports `job.bytes` into project `projectUuid` for `user` (who has write access). Refused with
 * the catalogue's answer when the archive is not readable (the project is left as it was).
 * `afterBackup` runs between each backup and its writes (tests put a competing edit there).
 */
export async function reimportProject(ctx: Ctx, projectUuid: string, user: { uuid: string; nickname: string }, job: Omit<ImportJob, 'kind'>, onPhase: (phase: string) => void = () => {}, afterBackup: (attempt: number) => Promise<void> | void = () => {}): Promise<ReimportAnswer> {
  const phases: string[] = [];
  const phase = (p: (typeof REIMPORT_PHASES)[number]) => {
    phases.push(p);
    onPhase(p);
  };
  if (ctx.filesJobs.count(user.uuid) >= ctx.limits.filesJobsPerUser) fail(CODES.TOO_MANY_REQUESTS, {}, 429);
  if (!ctx.imports.take(user.uuid, ctx.limits.importsPerUserPerHour)) fail(CODES.QUOTA_EXCEEDED, { reason: `at most ${ctx.limits.importsPerUserPerHour} imports per hour` }, 429);
  const parsed: ImportJobResult = await importInWorker(ctx, user.uuid, job);
  phase('read archive');

  const byKind = new Map<string, Row[]>();
  for (const it of parsed.items) byKind.set(it.kind, [...(byKind.get(it.kind) ?? []), it]);
  // The backup must hold the state the writes replace: an edit landing between the two takes a
  // new backup (the writes wait on the project's lock, so the check below is exact).
  for (let attempt = 1; ; attempt++) {
    const stamp = new Date().toISOString().replace('T', ' ').slice(0, 23);
    const backup = await makeBackup(ctx, projectUuid, user, { name: `Before reimport ${stamp}`, description: `The project before the reimport of ${job.name ?? 'an archive'}`, auto: false, archive: false });
    if (attempt === 1) phase('backup');
    await afterBackup(attempt);
    const written = await writeReimport(ctx, projectUuid, user.uuid, parsed, byKind, Number(backup.g_ticket));
    // edited again and again while we back up: refused with nothing written rather than written
    // over edits no backup holds
    if (!written && attempt >= 3) fail(CODES.STALE_TICKET, {}, 409);
    if (!written) continue;
    for (const k of REIMPORT_KINDS) phase(k);
    invalidateSnapshot(ctx, projectUuid);
    phase('commit');
    return { report: parsed.report, ...written, backup: { id: backup.id, name: backup.name }, phases };
  }
}

/**
 * The writes of a reimport in one transaction holding the project's lock; false (nothing written)
 * when the project moved past `backupTicket` since the backup.
 */
async function writeReimport(ctx: Ctx, projectUuid: string, userUuid: string, parsed: ImportJobResult, byKind: Map<string, Row[]>, backupTicket: number) {
  const counts: ReimportAnswer['counts'] = { added: 0, updated: 0, unchanged: 0, kept: 0, byKind: {} };
  const adjustments: string[] = [];
  let gTicket = 0;
  const done = await ctx.db.tx(async (q) => {
    const g0 = await repo.lockProjectTicket(q, projectUuid);
    if (g0 === undefined) noPermission();
    if (g0 !== backupTicket) return false;
    let g = g0!;
    for (const kind of REIMPORT_KINDS) {
      const incoming = byKind.get(kind) ?? [];
      const current = await repo.allItems(q, projectUuid, kind); // live rows, contents included
      const cur = new Map(current.map((r) => [r.key, r]));
      const c: KindCounts = { added: 0, updated: 0, unchanged: 0, kept: 0 };
      const inArchive = new Set(incoming.map((r) => r.key));
      c.kept = current.filter((r) => !inArchive.has(r.key)).length;
      // ERR-2: a schematic of the archive named as one the project keeps gets a free name
      const keptNames = kind === 'schematics' ? new Set(current.filter((r) => !inArchive.has(r.key)).map((r) => String(r.fields.name ?? ''))) : undefined;
      const writes: repo.ItemRow[] = [];
      for (const it of incoming) {
        const old = cur.get(it.key);
        let row = it;
        if (keptNames && typeof it.fields.name === 'string' && keptNames.has(it.fields.name)) {
          const name = freeName(keptNames, it.fields.name);
          adjustments.push(`Schematic "${it.fields.name}" renamed "${name}": the project keeps another of that name`);
          row = { ...it, fields: { ...it.fields, name } };
          keptNames.add(name);
        }
        if (old && sameRow(old, row)) {
          c.unchanged++;
          continue;
        }
        if (old) c.updated++;
        else c.added++;
        writes.push({ ...row, deleted: false, ticket: ++g });
      }
      for (const batch of insertBatches(writes, 50, 256 << 10)) await repo.upsertItems(q, projectUuid, batch);
      if (c.added + c.updated + c.unchanged + c.kept) counts.byKind[kind] = c;
      counts.added += c.added;
      counts.updated += c.updated;
      counts.unchanged += c.unchanged;
      counts.kept += c.kept;
    }
    // boards of the archive replace the project's of the same name; the project's others are kept
    const p = await repo.projectByUuid(q, projectUuid);
    const boards = [...(p?.boards ?? [])];
    let boardsChanged = false;
    for (const b of parsed.project.boards) {
      const i = boards.findIndex((x) => x.name === b.name);
      if (i < 0) boards.push(b);
      else if (JSON.stringify(boards[i]) !== JSON.stringify({ ...boards[i], ...b })) boards[i] = { ...boards[i], ...b };
      else continue;
      boardsChanged = true;
    }
    if (boardsChanged && g === g0) g++;
    if (g !== g0) {
      await repo.updateProject(q, projectUuid, userUuid, { ...(boardsChanged ? { boards } : {}), ...(!p?.default_sheet && parsed.project.defaultSheet ? { default_sheet: parsed.project.defaultSheet } : {}), g_ticket: g });
      await ctx.bus.publish({ type: 'g_ticket', project_uuid: projectUuid, g_ticket: g, origin: ctx.bus.origin }, q);
    }
    gTicket = g;
    return true;
  });
  return done ? { counts, adjustments, g_ticket: gTicket } : undefined;
}
