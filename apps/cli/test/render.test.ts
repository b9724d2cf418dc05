import { afterEach, describe, expect, it, vi } from 'vitest';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { main } from '../src/main.ts';

const bin = join(import.meta.dirname, '../../../bin/copperplate.mjs');
const fx = join(import.meta.dirname, '../../../../shared/fixtures/epro');

/** Run `copperplate render ...` in this process (the binary itself is run once below); stderr captured. */
async function render(...a: string[]): Promise<{ status: number; stderr: string }> {
  const err: string[] = [];
  vi.spyOn(console, 'error').mockImplementation((...m: unknown[]) => { err.push(m.join(' ')); });
  vi.spyOn(console, 'log').mockImplementation(() => {});
  const status = await main(['render', ...a]);
  vi.restoreAllMocks();
  return { status, stderr: err.join('\n') };
}

describe('copperplate render', () => {
  const dir = mkdtempSync(join(tmpdir(), 'cp-render-'));
  afterEach(() => { vi.restoreAllMocks(); });

  it('the binary renders a sheet by sheet name, every drawn record a data-id element', () => {
    const out = join(dir, 'p1.svg');
    const r = spawnSync(process.execPath, [bin, 'render', join(fx, 'STM32G431-mini.epro'), '--doc', 'P1', out], { encoding: 'utf8' });
    expect(r.stderr).toBe('');
    expect(r.status).toBe(0);
    const svg = readFileSync(out, 'utf8');
    expect(svg.startsWith('<svg')).toBe(true);
    expect((svg.match(/data-kind="COMPONENT"/g) ?? []).length).toBe(52);
    expect((svg.match(/data-kind="WIRE"/g) ?? []).length).toBe(138);
  });

  it('renders a sheet by schematic/sheet and a symbol by title', async () => {
    const out2 = join(dir, 'core.svg');
    expect((await render(join(fx, 'ExtModule-002.epro'), '--doc', 'ExtModule-002/Core', out2)).status).toBe(0);
    expect((readFileSync(out2, 'utf8').match(/data-kind="COMPONENT"/g) ?? []).length).toBe(21);
    const out = join(dir, 'mcu.svg');
    expect((await render(join(fx, 'STM32G431-mini.epro'), '--doc', 'STM32G431CBU6', out)).status).toBe(0);
    expect((readFileSync(out, 'utf8').match(/data-kind="PIN"/g) ?? []).length).toBe(49);
  });

  it.skipIf(!existsSync('/usr/bin/chromium'))('renders a PNG through Chromium', async () => {
    const out = join(dir, 'p1.png');
    expect((await render(join(fx, 'STM32G431-mini.epro'), '--doc', 'P1', out)).status).toBe(0);
    const png = readFileSync(out);
    expect([...png.subarray(0, 8)]).toEqual([137, 80, 78, 71, 13, 10, 26, 10]);
    const width = png.readUInt32BE(16), height = png.readUInt32BE(20);
    expect(width).toBe(2400);
    expect(Math.abs(width / height - 1211 / 866)).toBeLessThan(0.02); // the sheet's viewBox aspect
  }, 60_000);

  it('[ERR-1] an unknown document name is "document NAME not exists", exit 1, no file', async () => {
    const out = join(dir, 'none.svg');
    const r = await render(join(fx, 'STM32G431-mini.epro'), '--doc', 'nope', out);
    expect(r.status).toBe(1);
    expect(r.stderr.trim()).toBe('document nope not exists');
    expect(existsSync(out)).toBe(false);
  });

  it('[EXP-2] an output that is not .svg or .png is refused with the catalogue message', async () => {
    const r = await render(join(fx, 'STM32G431-mini.epro'), '--doc', 'P1', join(dir, 'x.bmp'));
    expect(r.status).toBe(1);
    expect(r.stderr.trim()).toBe('Format is not supported!');
  });
});
