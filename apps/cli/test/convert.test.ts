import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import { mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { unzipSync, zipSync, strToU8 } from 'fflate';
import { NAMED_ERRORS, formatMessage } from '@copperplate/model';
import { parseDocuments } from '@copperplate/format';
import { copperplate } from './run-bin.ts';

const FIXTURES = '/work/shared/fixtures/epro';
let dir = '';
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'cp-convert-'));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const dec = new TextDecoder();
/** Records of a document as a multiset: canonical JSON of each parsed array -> count. */
function multiset(bytes: Uint8Array): Map<string, number> {
  const m = new Map<string, number>();
  for (const b of parseDocuments(dec.decode(bytes))) for (const r of b.records) m.set(JSON.stringify(r), (m.get(JSON.stringify(r)) ?? 0) + 1);
  return m;
}
const isDoc = (k: string) => !k.endsWith('/') && !k.endsWith('.json');

describe('copperplate convert', () => {
  it('[issue-10] convert Hexapod.epro2 out.epro: a V2 project with every converted document; the conversion report on stderr, exit 0', () => {
    const out = join(dir, 'hexapod-v2.epro');
    const r = copperplate('convert', join(FIXTURES, 'Hexapod.epro2'), out);
    expect(r.stderr).toContain('Converted from EasyEDA Pro V3 (.epro2)');
    expect(r.status).toBe(0);
    const files = unzipSync(new Uint8Array(readFileSync(out)));
    const pj = JSON.parse(dec.decode(files['project.json']));
    expect(Object.keys(pj.pcbs)).toHaveLength(2);
    expect(Object.values(pj.schematics as Record<string, { sheets: unknown[] }>).reduce((n, s) => n + s.sheets.length, 0)).toBe(16);
    for (const [k, v] of Object.entries(files)) if (isDoc(k) && /\.(esch|esym|efoo|epcb)$/.test(k)) expect(parseDocuments(dec.decode(v)).length).toBeGreaterThan(0);
    // The V2 archive reads back cleanly as an .epro.
    const again = copperplate('inspect', out);
    expect(again.status, again.stderr).toBe(0);
    expect(JSON.parse(again.stdout).counts).toMatchObject({ schematic: 2, sheet: 16, pcb: 2 });
  }, 180_000);

  const names = readdirSync(FIXTURES).filter((f) => f.endsWith('.epro'));
  it('has fixtures to convert', () => expect(names.length).toBeGreaterThanOrEqual(2));
  for (const f of names) {
    it(`[ARC-1][ARC-2][ARC-4] convert ${f} b.epro: every document keeps its records, project.json its content`, () => {
      const out = join(dir, `b-${f}`);
      const r = copperplate('convert', join(FIXTURES, f), out);
      expect(r.stderr).toBe('');
      expect(r.status).toBe(0);
      const a = unzipSync(new Uint8Array(readFileSync(join(FIXTURES, f))));
      const b = unzipSync(new Uint8Array(readFileSync(out)));
      // exactly as read: JSON types (a number version stays a number), key order, every value
      expect(JSON.stringify(JSON.parse(dec.decode(b['project.json'])))).toBe(JSON.stringify(JSON.parse(dec.decode(a['project.json']))));
      const docsA = Object.keys(a).filter(isDoc).sort();
      expect(Object.keys(b).filter(isDoc).sort()).toEqual(docsA);
      for (const k of docsA) expect(multiset(b[k]), k).toEqual(multiset(a[k]));
    });
  }

  it('converts a single document to a document of its kind, records intact', () => {
    const a = unzipSync(new Uint8Array(readFileSync(join(FIXTURES, names[0]))));
    const k = Object.keys(a).find((n) => n.endsWith('.epcb'))!;
    writeFileSync(join(dir, 'in.epcb'), a[k]);
    const r = copperplate('convert', join(dir, 'in.epcb'), join(dir, 'out.epcb'));
    expect(r.status).toBe(0);
    expect(multiset(new Uint8Array(readFileSync(join(dir, 'out.epcb'))))).toEqual(multiset(a[k]));
  });

  it('[EXP-2][IMP-9] refuses an unknown output format and a bad zip with one catalogue line, no stack, no output', () => {
    const r1 = copperplate('convert', join(FIXTURES, names[0]), join(dir, 'out.docx'));
    expect(r1.status).toBe(1);
    expect(r1.stderr.trim()).toBe(NAMED_ERRORS.FORMAT_NOT_SUPPORTED);
    writeFileSync(join(dir, 'bad.epro'), zipSync({ 'project.json': strToU8('{"boards":{}}') }).subarray(0, 40));
    const r2 = copperplate('convert', join(dir, 'bad.epro'), join(dir, 'never.epro'));
    expect(r2.status).toBe(1);
    expect(r2.stderr.trim()).toBe(formatMessage(NAMED_ERRORS.UNZIP_FAILED, { title: 'bad.epro' }));
    expect(readdirSync(dir)).not.toContain('never.epro');
  });
});
