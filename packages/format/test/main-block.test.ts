import { describe, it, expect } from 'vitest';
import {
  docTypeOfPath,
  mainBlock,
  mainBlockIndex,
  parseDocuments,
  precheckDocument,
  readEpro,
  serializeDocuments,
  withRecords,
  eproToProjectData,
} from '@copperplate/format';
import { fixtureBytes } from './fixtures.ts';

const fp = (uuid: string) => ['["DOCTYPE","FOOTPRINT","1.6"]', `["HEAD",{"uuid":"${uuid}","title":"fp"}]`, '["ATTR","e1",0,"",3,0,0,"Footprint","lib-name",0]'].join('\n');
const pcb = ['["DOCTYPE","PCB","1.8"]', '["HEAD",{"editorVersion":"2.2.28.1"}]', '["COMPONENT","e8",0,1,0,0,0,{},0]', '["ATTR","e8e1",0,"e8",4,0,0,"Footprint","P_e8",0]'].join('\n');

describe('the main block of a document file', () => {
  it('[issue-10] is the block whose DOCTYPE is the file kind, wherever it stands', () => {
    const blocks = parseDocuments([fp('P_e8'), fp('P_e9'), pcb].join('\n\n') + '\n');
    expect(blocks.map((b) => b.docType)).toEqual(['FOOTPRINT', 'FOOTPRINT', 'PCB']);
    expect(mainBlockIndex(blocks, 'PCB')).toBe(2);
    expect(mainBlockIndex(blocks, 'FOOTPRINT')).toBe(0);
    expect(mainBlockIndex(blocks, 'SCH')).toBe(-1);
    // kind unknown: the container document (PCB) rather than an embedded footprint
    expect(mainBlockIndex(blocks)).toBe(2);
    expect(mainBlock(blocks)?.docType).toBe('PCB');
    expect(mainBlockIndex([])).toBe(-1);
    // a file of one block without a DOCTYPE line: that block
    expect(mainBlockIndex(parseDocuments('["HEAD",{}]'))).toBe(0);
  });

  it('[issue-10] kinds by archive path', () => {
    expect(docTypeOfPath('PCB/x.epcb')).toBe('PCB');
    expect(docTypeOfPath('SHEET/a/1.esch')).toBe('SCH');
    expect(docTypeOfPath('FOOTPRINT/x.efoo')).toBe('FOOTPRINT');
    expect(docTypeOfPath('POUR/x.ecop')).toBe('POURED');
    expect(docTypeOfPath('meta.json')).toBeUndefined();
  });

  it('[issue-10] the type check (IMP-3) finds the PCB block after footprint blocks, and refuses a .epcb without one', () => {
    const ok = precheckDocument('PCB/P.epcb', [fp('P_e8'), pcb].join('\n\n'));
    expect(ok).toMatchObject({ ok: true, docType: 'PCB', hasDoctype: true });
    const notPcb = precheckDocument('PCB/P.epcb', [fp('P_e8'), fp('P_e9')].join('\n\n'));
    expect(notPcb).toMatchObject({ ok: true, docType: 'FOOTPRINT' });
  });

  it('[issue-10] references (IMP-5) of the embedded footprint blocks are not the PCB\'s; a footprint reference to an embedded block is satisfied', () => {
    const r = precheckDocument('PCB/P.epcb', [fp('P_e8'), pcb].join('\n\n'));
    expect(r.ok && r.refs).toEqual({ Device: [], Symbol: [], Footprint: [] });
    const r2 = precheckDocument('PCB/P.epcb', [fp('P_e9'), pcb].join('\n\n'));
    expect(r2.ok && r2.refs.Footprint).toEqual(['P_e8']);
  });

  it('[issue-10] withRecords keeps the text of unchanged records and the blocks around it byte for byte', () => {
    const text = [fp('P_e8'), pcb].join('\r\n\r\n').replaceAll('\n', '\r\n').replaceAll('\r\r', '\r') + '\r\n';
    const blocks = parseDocuments(text);
    expect(serializeDocuments(blocks)).toBe(text);
    const main = blocks[1];
    const again = withRecords(main, main.records.slice());
    expect(serializeDocuments([blocks[0], again])).toBe(text);
    const edited = withRecords(main, [...main.records.slice(0, 2), ['COMPONENT', 'e8', 0, 1, 5, 0, 0, {}, 0], main.records[3]]);
    const out = serializeDocuments([blocks[0], edited]);
    expect(out.startsWith(text.slice(0, text.indexOf('["DOCTYPE","PCB"')))).toBe(true);
    expect(out).toContain('["COMPONENT","e8",0,1,5,0,0,{},0]');
    expect(out.endsWith('\r\n')).toBe(true);
  });

  it('[IMP-2][issue-10] FLIP_C3 (footprint blocks before the PCB block) imports with an empty failure report', () => {
    const r = eproToProjectData(readEpro(fixtureBytes('FLIP_C3.epro'), { name: 'FLIP_C3.epro' }));
    expect(r.failures.Pcb).toEqual([]);
    expect(r.ok).toBe(true);
    expect(r.data.pcbs).toHaveLength(1);
    expect(r.data.boards[0].pcb).toBe(r.data.pcbs[0].uuid);
    const blocks = parseDocuments(r.data.pcbs[0].dataStr);
    expect(blocks.length).toBeGreaterThan(1);
    expect(mainBlock(blocks, 'PCB')).toBe(blocks[blocks.length - 1]);
  });
});
