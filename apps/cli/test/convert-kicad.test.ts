/**
 * `copperplate convert` with KiCad input (issue 15): a .kicad_pro (its folder), a .kicad_pcb alone, a
 * zip of a project folder; the result is an .epro our own import reads; hostile input is refused
 * with the catalogue message and nothing is written.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { zipSync } from 'fflate';
import { eproToProjectData, readEpro } from '@copperplate/format';
import { copperplate } from './run-bin.ts';
import { kicadReference } from '../../../packages/convert/test/kicad/reference.ts';

const ref = kicadReference();
let dir = '';
beforeAll(() => { dir = mkdtempSync(join(tmpdir(), 'cp-kicad-')); });
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const read = (p: string) => eproToProjectData(readEpro(new Uint8Array(readFileSync(p)), { name: p }));

describe.skipIf(!ref.demos)('[issue-15] copperplate convert from KiCad', () => {
  it('converts a .kicad_pro folder (boards, sheets, libraries) into an .epro with a report', () => {
    const out = join(dir, 'flat.epro');
    const r = copperplate('convert', join(ref.demos!, 'flat_hierarchy/flat_hierarchy.kicad_pro'), out);
    expect(r.status).toBe(0);
    expect(r.stderr).toContain('Imported flat_hierarchy.kicad_pro: 1 schematic(s), 3 sheet(s), 1 PCB(s)');
    const back = read(out);
    expect(back.ok).toBe(true);
    expect(back.data.boards).toHaveLength(1);
    expect(back.data.boards[0].sch).not.toBe('');
    expect(back.data.boards[0].pcb).not.toBe('');
  });

  it('converts a .kicad_pcb alone into an .epro with one PCB', () => {
    const out = join(dir, 'microwave.epro');
    const r = copperplate('convert', join(ref.demos!, 'microwave/microwave.kicad_pcb'), out);
    expect(r.status).toBe(0);
    const back = read(out);
    expect(back.ok).toBe(true);
    expect(back.data.pcbs.map((p) => p.title)).toEqual(['microwave']);
  });

  it('converts a zip of a KiCad project folder', () => {
    const src = join(ref.demos!, 'complex_hierarchy');
    const files: Record<string, Uint8Array> = {};
    const walk = (d: string) => { for (const n of readdirSync(d)) { const p = join(d, n); if (statSync(p).isDirectory()) walk(p); else files[`complex_hierarchy/${relative(src, p)}`] = new Uint8Array(readFileSync(p)); } };
    walk(src);
    const zip = join(dir, 'complex_hierarchy.zip');
    writeFileSync(zip, zipSync(files));
    const out = join(dir, 'ch.epro');
    const r = copperplate('convert', zip, out);
    expect(r.status).toBe(0);
    const back = read(out);
    expect(back.ok).toBe(true);
    expect(back.data.sheets.map((s) => s.title).sort()).toEqual(['ampli_ht_vertical', 'complex_hierarchy']);
  });

  it('refuses a truncated board with the catalogue message and writes nothing', () => {
    const cut = join(dir, 'cut.kicad_pcb');
    writeFileSync(cut, readFileSync(join(ref.demos!, 'microwave/microwave.kicad_pcb')).subarray(0, 5000));
    const out = join(dir, 'cut.epro');
    const r = copperplate('convert', cut, out);
    expect(r.status).toBe(1);
    expect(r.stderr).toContain('The KiCad file cut.kicad_pcb is truncated: a list opened at line 1 is never closed');
    expect(existsSync(out)).toBe(false);
  });
});
