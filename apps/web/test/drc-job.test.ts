/**
 * The board job of the PCB editor's DRC panel (apps/web/src/editors/drc-job.ts, run in a Web Worker
 * in the browser; here called directly): fill states, DRC, refill, and the pour file written back.
 */
import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { readEpro, parseDocuments } from '@copperplate/format';
import { boardSourceFromArchive, listPcbs } from '@copperplate/board';
import { runBoardJob, type BoardJobInput } from '../src/editors/drc-job.ts';
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
