/**
 * The board job of the PCB editor's DRC panel (apps/web/src/editors/drc-job.ts, run in a Web Worker
 * in the browser; here called directly): fill states, DRC, refill, and the pour file written back.
 */
import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { readEpro, parseDocuments } from '@copperplate/format';
import { boardSourceFromArchive, listPcbs } from '@copperplate/board';
import { dropBoardSession, lastBoardSession, runBoardJob, type BoardJobInput } from '../src/editors/drc-job.ts';
import { withNewFills } from '../src/editors/drc-state.ts';

const a = readEpro(new Uint8Array(readFileSync('../shared/fixtures/epro/STM32G431-mini.epro')));
const pcb = listPcbs(a)[0].uuid;
const src = boardSourceFromArchive(a, pcb);
const footprints: Record<string, string> = {};
for (const [path, v] of a.entries) if (path.startsWith('FOOTPRINT/') && path.endsWith('.efoo')) footprints[path.slice(10, -5)] = typeof v === 'string' ? v : new TextDecoder().decode(v);
const input = (kind: BoardJobInput['kind'], records = src.records as unknown[][], poured = (src.poured ?? []) as unknown[][]): BoardJobInput => ({
  kind, records, extraBlocks: src.extraBlocks?.map((b) => ({ docType: b.docType, records: b.records as unknown[][] })), pcbUuid: pcb, footprints, devices: src.devices, poured,
});

describe('[issue-13] the DRC panel job (Web Worker)', () => {
  it('shows EasyEDA fills as such, finds a seeded short, refills to fresh and goes stale after an edit', { timeout: 120_000 }, () => {
    const st = runBoardJob(input('status'));
    expect(st.ok && st.kind === 'status' && st.pours.length > 0 && st.pours.every((p) => p.status === 'unknown')).toBe(true);
    const moved = (src.records as unknown[][]).map((r) => (r[0] === 'LINE' && r[1] === 'e724' ? [...r.slice(0, 5), 2505, -2030, ...r.slice(7)] : r));
    const d = runBoardJob(input('drc', moved));
    expect(d.ok && d.kind === 'drc' && d.report.violations.some((v) => v.rule === 'short' && v.nets?.includes('PC6'))).toBe(true);
    const r = runBoardJob(input('refill'));
    if (!r.ok || r.kind !== 'refill') throw new Error('refill failed');
    expect(r.refilled.length).toBe(st.ok && st.kind === 'status' ? st.pours.length : -1);
    // the pour file written back: our records replace EasyEDA's for the refilled pours
    const text = withNewFills('["DOCTYPE","POURED","1.1"]\n' + (src.poured ?? []).map((x) => JSON.stringify(x)).join('\n') + '\n', r.refilled, r.poured);
    const poured = parseDocuments(text).flatMap((b) => b.records.filter((x) => x[0] === 'POURED'));
    expect(poured.length).toBe(r.poured.length);
    const fresh = runBoardJob(input('status', src.records as unknown[][], poured));
    expect(fresh.ok && fresh.kind === 'status' && fresh.pours.every((p) => p.status === 'fresh')).toBe(true);
    const stale = runBoardJob(input('status', moved, poured));
    expect(stale.ok && stale.kind === 'status' && stale.pours.some((p) => p.status === 'stale')).toBe(true);
  });
});

describe('[issue-13] the DRC worker keeps its board between jobs (incremental path)', () => {
  it('updates the kept board in place after moving a part, and its DRC and refill equal a fresh board', { timeout: 180_000 }, () => {
    dropBoardSession();
    const st = runBoardJob(input('status'));
    expect(st.ok).toBe(true);
    expect(lastBoardSession()?.how).toBe('resolved');
    // the same board again: kept as it was
    runBoardJob(input('status'));
    expect(lastBoardSession()?.how).toBe('kept');
    // a refill from the kept board, then one part moved by 40 mil
    const r0 = runBoardJob(input('refill'));
    expect(r0.ok).toBe(true);
    const recs = src.records as unknown[][];
    const ci = recs.findIndex((r) => r[0] === 'COMPONENT' && typeof r[4] === 'number');
    const moved = recs.map((r, i) => (i === ci ? [...r.slice(0, 4), (r[4] as number) + 40, ...r.slice(5)] : r));
    const d = runBoardJob(input('drc', moved));
    expect(lastBoardSession()).toEqual({ how: 'updated', updated: 1 });
    const r = runBoardJob(input('refill', moved));
    expect(lastBoardSession()?.how).toBe('kept');
    // the same jobs on a board resolved from scratch
    dropBoardSession();
    const d1 = runBoardJob(input('drc', moved));
    expect(lastBoardSession()?.how).toBe('resolved');
    dropBoardSession();
    const r1 = runBoardJob(input('refill', moved));
    if (!d.ok || d.kind !== 'drc' || !d1.ok || d1.kind !== 'drc') throw new Error('drc failed');
    expect(d.report.violations.map((v) => JSON.stringify(v)).sort()).toEqual(d1.report.violations.map((v) => JSON.stringify(v)).sort());
    expect(d.pours).toEqual(d1.pours);
    if (!r.ok || r.kind !== 'refill' || !r1.ok || r1.kind !== 'refill') throw new Error('refill failed');
    expect(r.refilled).toEqual(r1.refilled);
    expect(r.poured).toEqual(r1.poured);
    // new stored fills taken without resolving the board: the refilled pours read fresh
    const fresh = runBoardJob(input('status', moved, r.poured as unknown[][]));
    expect(lastBoardSession()?.how).toBe('kept');
    expect(fresh.ok && fresh.kind === 'status' && fresh.pours.every((p) => p.status === 'fresh')).toBe(true);
    // a rules record changed: resolved again
    const rule = recs.findIndex((x) => x[0] === 'RULE');
    if (rule >= 0) {
      runBoardJob(input('status', moved.map((x, i) => (i === rule ? [...x, null] : x))));
      expect(lastBoardSession()?.how).toBe('resolved');
    }
  });
});
