import { describe, it, expect } from 'vitest';
import { unzipSync, zipSync, deflateSync } from 'fflate';
import { CatalogueError, NAMED_ERRORS, formatMessage } from '@copperplate/model';
import { readEpro, writeEpro, ARCHIVE_FOLDERS, listZip, blankProjectData, projectDataToEpro } from '@copperplate/format';
import { fixtureNames, fixtureBytes } from './fixtures.ts';

const enc = new TextEncoder();
const PJ = enc.encode(JSON.stringify({ schematics: {}, pcbs: {}, boards: {}, config: {} }));

function refusal(f: () => unknown): CatalogueError {
  try {
    f();
  } catch (e) {
    if (e instanceof CatalogueError) return e;
    throw e;
  }
  throw new Error('not refused');
}

describe('.epro read and write', () => {
  it('reads stored and deflated entries alike', () => {
    const doc = '["DOCTYPE","SYMBOL","1.1"]\n["PART","A",{}]';
    for (const level of [0, 6] as const) {
      const z = zipSync({ 'project.json': [PJ, { level }], 'SYMBOL/abc.esym': [enc.encode(doc), { level }] });
      const a = readEpro(z);
      expect(a.entries.get('SYMBOL/abc.esym')).toBe(doc);
      expect(a.projectJson).toEqual({ schematics: {}, pcbs: {}, boards: {}, config: {} });
    }
  });

  it('[ARC-1][ARC-4] writes the ARC-1 folders and every file with DEFLATE (level 9)', () => {
    const a = readEpro(fixtureBytes(fixtureNames()[0]));
    const out = writeEpro(a);
    const list = listZip(out);
    for (const f of ARCHIVE_FOLDERS) expect(list.some((e) => e.name === f + '/')).toBe(true);
    const files = list.filter((e) => !e.name.endsWith('/'));
    expect(files.every((e) => e.method === 8)).toBe(true);
    const back = unzipSync(out);
    for (const e of files.slice(0, 5)) expect(e.compressedSize).toBe(deflateSync(back[e.name], { level: 9 }).length);
    expect(Object.keys(back)).toContain('project.json');
  });

  it('[ARC-1] reads back what it writes: same entries and the same project.json', () => {
    for (const f of fixtureNames()) {
      const a = readEpro(fixtureBytes(f), { name: f });
      const b = readEpro(writeEpro(a));
      expect(b.projectJson).toEqual(a.projectJson);
      expect([...b.entries.keys()].sort()).toEqual([...a.entries.keys()].sort());
      for (const [k, v] of a.entries) expect(b.entries.get(k)).toEqual(v);
    }
  });

  it('[ARC-2] project.json of a new building-block project: every ARC-2 map, config with cbbProject and defaultSheet, block_symbol_attribute', () => {
    const ids = { schematic: 'a'.repeat(32), sheet: 'b'.repeat(32), pcb: 'c'.repeat(32) };
    const d = blankProjectData('Block', ids, true);
    d.attributes.push({ path: `${'d'.repeat(32)}_1`, hash: 1, attr: { Name: 'R1' } });
    const pj = readEpro(writeEpro(projectDataToEpro(d))).projectJson as Record<string, Record<string, unknown>>;
    for (const k of ['symbols', 'pcbs', 'panels', 'footprints', 'devices', 'schematics', 'boards', 'config', 'block_symbol_attribute']) expect(pj, k).toHaveProperty(k);
    expect(pj.config).toMatchObject({ cbbProject: true, defaultSheet: ids.sheet });
    expect(pj.block_symbol_attribute).toEqual({ [`${'d'.repeat(32)}_1`]: { Name: 'R1' } });
    expect(Object.keys(pj.pcbs)).toEqual([ids.pcb]);
  });

  it('[ARC-3] accepts a library archive holding only device.json and writes it back without project.json', () => {
    const z = zipSync({ 'device.json': enc.encode('{"devices":{}}') });
    const a = readEpro(z);
    expect(a.entries.get('device.json')).toBe('{"devices":{}}');
    const back = unzipSync(writeEpro(a));
    expect(Object.keys(back)).toEqual(['device.json']);
  });

  it('[IMP-9] a zip with none of the known json files is refused', () => {
    const z = zipSync({ 'readme.txt': enc.encode('hi') });
    expect(refusal(() => readEpro(z)).message).toBe(NAMED_ERRORS.IMPORT_FORMAT_INCORRECT);
  });

  it('[IMP-9] bytes that are not a zip: Unzip file {title} failed!', () => {
    const e = refusal(() => readEpro(enc.encode('not a zip at all, just text'), { name: 'x.epro' }));
    expect(e.message).toBe(formatMessage(NAMED_ERRORS.UNZIP_FAILED, { title: 'x.epro' }));
  });

  it('[IMP-9] a project.json that is not a JSON object does not conform', () => {
    const z = zipSync({ 'project.json': enc.encode('[1,2') });
    expect(refusal(() => readEpro(z)).message).toBe(NAMED_ERRORS.ZIP_NOT_CONFORMING);
  });
});
