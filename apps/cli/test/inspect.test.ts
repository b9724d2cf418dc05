import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { unzipSync, zipSync, strToU8 } from 'fflate';
import { NAMED_ERRORS } from '@copperplate/model';
import { copperplate } from './run-bin.ts';

const FIXTURE = '/work/shared/fixtures/epro/STM32G431-mini.epro';
let dir = '';
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'cp-inspect-'));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('copperplate inspect', () => {
  it('prints per kind the count and per document its record counts by type', () => {
    const r = copperplate('inspect', FIXTURE);
    expect(r.status).toBe(0);
    const s = JSON.parse(r.stdout);
    const files = Object.keys(unzipSync(new Uint8Array(readFileSync(FIXTURE))));
    const count = (folder: string) => files.filter((f) => f.startsWith(folder + '/') && !f.endsWith('/')).length;
    expect(Object.keys(s.counts)).toEqual(['schematic', 'sheet', 'symbol', 'footprint', 'device', 'pcb', 'panel', 'pour', 'font', 'blob']);
    expect(s.counts.symbol).toBe(count('SYMBOL'));
    expect(s.counts.footprint).toBe(count('FOOTPRINT'));
    expect(s.counts.pcb).toBe(count('PCB'));
    expect(s.counts.sheet).toBe(count('SHEET'));
    expect(s.counts.pour).toBe(count('POUR'));
    expect(s.counts.device).toBe(19);
    const pcb = s.documents.find((d: { kind: string }) => d.kind === 'pcb');
    expect(pcb.path).toMatch(/^PCB\/[0-9a-f]{32}\.epcb$/);
    const text = new TextDecoder().decode(unzipSync(new Uint8Array(readFileSync(FIXTURE)))[pcb.path]);
    const lines = text.split('\n').filter((l) => l.startsWith('["VIA"'));
    expect(pcb.records.VIA).toBe(lines.length);
  });

  it('[issue-10] reads an EasyEDA Pro V3 archive (.epro2): documents per kind and the conversion report', () => {
    const r = copperplate('inspect', '/work/shared/fixtures/epro/Hexapod.epro2');
    const s = JSON.parse(r.stdout);
    expect(s.counts).toMatchObject({ schematic: 2, sheet: 16, symbol: 145, pcb: 2 });
    const c = s.conversion;
    expect(c.source).toBe('epro2');
    expect(c.carried + c.notCarried.reduce((n: number, x: { count: number }) => n + x.count, 0)).toBe(c.total);
  });

  it('[IMP-9] a file that is not a zip: exit 1 and one line "Unzip file X failed!"', () => {
    writeFileSync(join(dir, 'x.epro'), 'this is not a zip');
    const r = copperplate('inspect', join(dir, 'x.epro'));
    expect(r.status).toBe(1);
    expect(r.stdout).toBe('');
    expect(r.stderr).toBe('Unzip file x.epro failed!\n');
  });

  it('[IMP-9] a zip with an unsafe entry name: exit 1 and "The imported ZIP does not conform to the format standard!"', () => {
    writeFileSync(join(dir, 'evil.epro'), zipSync({ 'project.json': strToU8('{"boards":{}}'), '../../etc/x.esch': strToU8('x') }));
    const r = copperplate('inspect', join(dir, 'evil.epro'));
    expect(r.status).toBe(1);
    expect(r.stderr).toBe(NAMED_ERRORS.ZIP_NOT_CONFORMING + '\n');
  });

  it('[UI-3][IMP-4] a partly bad project: the failure report grouped by kind, exit 1', () => {
    const files = unzipSync(new Uint8Array(readFileSync(FIXTURE)));
    const sheet = Object.keys(files).find((f) => f.endsWith('.esch'))!;
    delete files[sheet];
    writeFileSync(join(dir, 'part.epro'), zipSync(files));
    const r = copperplate('inspect', join(dir, 'part.epro'));
    expect(r.status).toBe(1);
    const s = JSON.parse(r.stdout);
    expect(s.ok).toBe(false);
    expect(s.failures.Page).toEqual([{ name: 'P1', message: "The content of P1's drawing page is missing!" }]);
    expect(r.stderr).toContain('Import project failure information:\nPage:\n  P1: The content of P1');
  });

  it('summarizes a single document', () => {
    const files = unzipSync(new Uint8Array(readFileSync(FIXTURE)));
    const sym = Object.keys(files).find((f) => f.endsWith('.esym'))!;
    writeFileSync(join(dir, 'one.esym'), files[sym]);
    const r = copperplate('inspect', join(dir, 'one.esym'));
    expect(r.status).toBe(0);
    const s = JSON.parse(r.stdout);
    expect(s.blocks[0].docType).toBe('SYMBOL');
    expect(s.main).toBe(0);
    expect(s.records.PART).toBeGreaterThanOrEqual(1);
  });

  it('[issue-10] a .epcb with footprint blocks first: every block listed, `main` names the PCB block', () => {
    const files = unzipSync(new Uint8Array(readFileSync('/work/shared/fixtures/epro/FLIP_C3.epro')));
    const pcb = Object.keys(files).find((f) => f.endsWith('.epcb'))!;
    writeFileSync(join(dir, 'flip.epcb'), files[pcb]);
    const r = copperplate('inspect', join(dir, 'flip.epcb'));
    expect(r.status).toBe(0);
    const s = JSON.parse(r.stdout);
    expect(s.blocks.map((b: { docType: string }) => b.docType)).toEqual(['FOOTPRINT', 'PCB']);
    expect(s.main).toBe(1);
    expect(s.blocks[1].records.COMPONENT).toBeGreaterThan(0);
  });
});
