/** SPICE model files as project blobs (issue 18): BLOB documents that survive the .epro round trip and the import pipeline. */
import { describe, expect, it } from 'vitest';
import { eproToProjectData, projectDataToEpro, readEpro, writeEpro } from '@copperplate/format';
import { isModelFileName, modelBlob, modelFileOfBlob, modelFilesOfArchive } from '../src/index.ts';

describe('model files as blobs', () => {
  it('[issue-18] a model file is a BLOB document (name, UTF-8 text) keyed by the SHA-256 of name and text; images and other files are not model files', async () => {
    const f = { name: 'opamps.lib', text: '* µA741 — ±15 V\n.subckt UA741 1 2 3 4 5\n.ends\n' };
    const b = await modelBlob(f);
    expect(b.hash).toMatch(/^[0-9a-f]{64}$/);
    expect(b.filename).toBe('opamps.lib');
    expect(b.dataStr.split('\n')[0]).toBe('["DOCTYPE","BLOB","1.0"]');
    expect(modelFileOfBlob(b.dataStr)).toEqual(f);
    expect((await modelBlob(f)).hash).toBe(b.hash);
    expect((await modelBlob({ ...f, name: 'other.lib' })).hash).not.toBe(b.hash);
    const png = '["DOCTYPE","BLOB","1.0"]\n["BLOB","abc","logo.png","data:image/png;base64,iVBORw0KGgo="]';
    expect(modelFileOfBlob(png)).toBeUndefined();
    expect(modelFileOfBlob('not a document')).toBeUndefined();
    expect(isModelFileName('X.MOD')).toBe(true);
    expect(isModelFileName('x.png')).toBe(false);
  });

  it('[issue-18] the blob survives writing and reading the .epro and the import pipeline (the server stores what the import gives)', async () => {
    const f = { name: 'diodes.mod', text: '.model D1N4148 D(IS=2.52n N=1.752)\n' };
    const b = await modelBlob(f);
    const bytes = writeEpro({ projectJson: { boards: {}, schematics: {} }, entries: new Map([[`BLOB/${b.hash}.eblob`, b.dataStr]]) });
    const read = readEpro(bytes);
    expect(modelFilesOfArchive(read)).toEqual([f]);
    const { data } = eproToProjectData(read);
    expect(data.blobs.map((x) => x.hash)).toEqual([b.hash]);
    expect(modelFilesOfArchive(projectDataToEpro(data))).toEqual([f]);
  });
});
