/**
 * The web app's reimport progress (issue 17, CONST-3): 'reimport data...' over PROGRESS_STEPS.REIMPORT
 * steps, one per phase the server reports (the server test checks it reports that many), the last
 * after the open project pulled the changes.
 */
import { describe, it, expect } from 'vitest';
import { PROGRESS_STEPS } from '@copperplate/model';
import { runReimport, reimportSummary } from '../src/project/reimport.ts';

/** The phases the server answers (apps/server/src/reimport.ts REIMPORT_PHASES). */
const SERVER_PHASES = ['read archive', 'backup', 'schematics', 'sheets', 'pcbs', 'panels', 'symbols', 'footprints', 'devices', 'attributes', 'blobs', 'copper', 'fonts', 'commit'];

describe('reimport progress', () => {
  it('[CONST-3] reimport: 14 steps, each reported once in order, the last after the pull', async () => {
    const shares: number[] = [];
    let pulledAt = -1;
    const upload = async (_b: Uint8Array, p: (s: number) => void) => {
      p(0.5);
      p(1);
      return { phases: SERVER_PHASES, counts: { added: 1, updated: 2, unchanged: 3, kept: 4, byKind: { sheets: { added: 1, updated: 2, unchanged: 3, kept: 4 } } }, adjustments: [], backup: { id: 'b', name: 'Before reimport x' }, report: { ok: true } };
    };
    const r = await runReimport(new Uint8Array([1]), upload, async () => void (pulledAt = shares.length), (s) => shares.push(s));
    const whole = shares.filter((s) => Math.abs(s * 14 - Math.round(s * 14)) < 1e-9 && s > 0);
    expect(PROGRESS_STEPS.REIMPORT).toBe(14);
    expect(whole).toEqual(SERVER_PHASES.map((_, i) => (i + 1) / PROGRESS_STEPS.REIMPORT));
    expect(shares.at(-1)).toBe(1);
    expect(pulledAt).toBe(shares.length - 1); // the commit step follows the pull
    expect(reimportSummary(r)).toEqual(['1 added, 2 updated, 3 unchanged, 4 kept', 'sheets: 1 added, 2 updated, 3 unchanged, 4 kept']);
  });
});
