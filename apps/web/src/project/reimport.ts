/**
 * Reimport (IMP-2, issue 17): an archive read into the open project by the server
 * (`POST /api/projects/:uuid/reimport`). Progress 'reimport data...' over PROGRESS_STEPS.REIMPORT
 * (CONST-3: 14) steps, the server's phases: the first ('read archive') runs while the file is read
 * and sent (its part: the upload's share), the others are stepped as the server reports them done;
 * before the last ('commit') the open project pulls the written documents through sync (server-side
 * edits: never in the undo history).
 */
import { PROGRESS_STEPS } from '@copperplate/model';
import { Steps } from '../lib/progress.ts';

export interface ReimportCounts { added: number; updated: number; unchanged: number; kept: number }
export interface ReimportResult {
  report: unknown;
  counts: ReimportCounts & { byKind: Record<string, ReimportCounts> };
  adjustments: string[];
  backup: { id: string; name: string };
  phases: string[];
}

/** The upload call (importWithProgress in the app; a stub in tests). */
export type Upload = (bytes: Uint8Array, onProgress: (share: number) => void) => Promise<Record<string, unknown>>;

/** Reads an answer of the reimport call (fields missing: empty). */
export function readReimportAnswer(a: Record<string, unknown>): ReimportResult {
  const c = (a.counts ?? {}) as Partial<ReimportResult['counts']>;
  const n = (v: unknown) => (typeof v === 'number' ? v : 0);
  const b = (a.backup ?? {}) as { id?: unknown; name?: unknown };
  return {
    report: a.report,
    counts: { added: n(c.added), updated: n(c.updated), unchanged: n(c.unchanged), kept: n(c.kept), byKind: (c.byKind && typeof c.byKind === 'object' ? c.byKind : {}) as Record<string, ReimportCounts> },
    adjustments: Array.isArray(a.adjustments) ? a.adjustments.map(String) : [],
    backup: { id: String(b.id ?? ''), name: String(b.name ?? '') },
    phases: Array.isArray(a.phases) ? a.phases.map(String) : [],
  };
}

/** Runs a reimport of `bytes`: `onProgress(share)` after each step, `pull()` brings the changes into the open project. */
export async function runReimport(bytes: Uint8Array, upload: Upload, pull: () => Promise<void>, onProgress: (share: number) => void): Promise<ReimportResult> {
  const steps = new Steps(PROGRESS_STEPS.REIMPORT, onProgress);
  onProgress(0);
  const answer = readReimportAnswer(await upload(bytes, (s) => steps.part(s * 0.9)));
  const phases = answer.phases;
  for (let i = 0; i < phases.length - 1; i++) steps.step();
  await pull();
  if (phases.length) steps.step(); // commit: written on the server and pulled here
  return answer;
}

/** Summary lines of a reimport for the dialog: totals, then per kind. */
export function reimportSummary(r: ReimportResult): string[] {
  const c = r.counts;
  const lines = [`${c.added} added, ${c.updated} updated, ${c.unchanged} unchanged, ${c.kept} kept`];
  for (const [kind, k] of Object.entries(c.byKind)) {
    if (k.added || k.updated) lines.push(`${kind}: ${k.added} added, ${k.updated} updated, ${k.unchanged} unchanged, ${k.kept} kept`);
  }
  return lines;
}
