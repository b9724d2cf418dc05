import { describe, expect, it } from 'vitest';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const bin = join(import.meta.dirname, '../../../bin/copperplate.mjs');
const fx = join(import.meta.dirname, '../../../../shared/fixtures/epro');
const run = (...a: string[]) => spawnSync(process.execPath, [bin, 'render', ...a], { encoding: 'utf8' });

describe('copperplate render', () => {
  const dir = mkdtempSync(join(tmpdir(), 'cp-render-'));

  it('renders a sheet by sheet name and by schematic/sheet, every drawn record a data-id element', () => {
    const out = join(dir, 'p1.svg');
    const r = run(join(fx, 'STM32G431-mini.epro'), '--doc', 'P1', out);
    expect(r.stderr).toBe('');
    expect(r.status).toBe(0);
    const svg = readFileSync(out, 'utf8');
    expect(svg.startsWith('<svg')).toBe(true);
    expect((svg.match(/data-kind="COMPONENT"/g) ?? []).length).toBe(52);
    expect((svg.match(/data-kind="WIRE"/g) ?? []).length).toBe(138);
    const out2 = join(dir, 'core.svg');
    expect(run(join(fx, 'ExtModule-002.epro'), '--doc', 'ExtModule-002/Core', out2).status).toBe(0);
    expect(readFileSync(out2, 'utf8')).toContain('data-kind="COMPONENT"');
  });

  it('renders a symbol by title', () => {
    const out = join(dir, 'mcu.svg');
    const r = run(join(fx, 'STM32G431-mini.epro'), '--doc', 'STM32G431CBU6', out);
    expect(r.status).toBe(0);
    expect((readFileSync(out, 'utf8').match(/data-kind="PIN"/g) ?? []).length).toBe(49);
  });

  it('[ERR-1] an unknown document name is "document NAME not exists", exit 1, no file', () => {
    const out = join(dir, 'none.svg');
    const r = run(join(fx, 'STM32G431-mini.epro'), '--doc', 'nope', out);
    expect(r.status).toBe(1);
    expect(r.stderr.trim()).toBe('document nope not exists');
    expect(existsSync(out)).toBe(false);
  });

  it('[EXP-2] an output that is not .svg is refused with the catalogue message', () => {
    const r = run(join(fx, 'STM32G431-mini.epro'), '--doc', 'P1', join(dir, 'x.bmp'));
    expect(r.status).toBe(1);
    expect(r.stderr.trim()).toBe('Format is not supported!');
  });
});
