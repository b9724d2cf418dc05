import { describe, expect, it } from 'vitest';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { FIXTURE_DIR, fixture } from './fixtures.ts';
import { pcbDocNames } from '../../src/pcb/load.ts';

const ROOT = join(import.meta.dirname, '..', '..', '..', '..');
function cli(args: string[]) {
  const r = spawnSync(process.execPath, [join(ROOT, 'bin', 'copperplate.mjs'), ...args], { encoding: 'utf8', cwd: ROOT });
  return { code: r.status, out: r.stdout, err: r.stderr };
}

describe('copperplate render for PCBs and footprints', () => {
  const dir = mkdtempSync(join(tmpdir(), 'pcb-render-'));
  it('[PCB-CLI] render FILE.epro --doc PCBNAME OUT.svg --side bottom --layers 1,3,11', () => {
    const { pcbs } = pcbDocNames(fixture('STM32G431-mini'));
    const out = join(dir, 'board.svg');
    const r = cli(['render', join(FIXTURE_DIR, 'STM32G431-mini.epro'), '--doc', pcbs[0].name, out, '--side', 'bottom', '--layers', '1,3,11']);
    expect(r.err).toBe('');
    expect(r.code).toBe(0);
    const svg = readFileSync(out, 'utf8');
    expect(svg).toMatch(/data-side="bottom"/);
    expect(new Set([...svg.matchAll(/data-layer="(\d+)"/g)].map((m) => m[1]))).toEqual(new Set(['1', '3', '11']));
    expect(svg).toMatch(/data-id="e\d+"/);
  }, 120_000); // a CLI process (tsx start-up): 10 s alone, more on a loaded machine
  it('[PCB-CLI] render a footprint by title; an unknown name is one catalogue line, exit 1', () => {
    const { footprints } = pcbDocNames(fixture('ExtModule-002'));
    const out = join(dir, 'fp.svg');
    const r = cli(['render', join(FIXTURE_DIR, 'ExtModule-002.epro'), '--doc', footprints[0].name, out]);
    expect(r.code).toBe(0);
    expect(readFileSync(out, 'utf8')).toMatch(/data-kind="PAD"/);
    const bad = cli(['render', join(FIXTURE_DIR, 'ExtModule-002.epro'), '--doc', 'NoSuchBoard', join(dir, 'x.svg')]);
    expect(bad.code).toBe(1);
    expect(bad.err.trim()).toBe('document NoSuchBoard not exists');
  }, 120_000);
});
