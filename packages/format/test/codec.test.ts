import { describe, it, expect } from 'vitest';
import { CatalogueError, NAMED_ERRORS } from '@copperplate/model';
import { parseDocuments, serializeDocuments, countRecordTypes, readEpro } from '@copperplate/format';
import { fixtureNames, fixtureBytes } from './fixtures.ts';

describe('document codec (FORMAT.md)', () => {
  it('parses DOCTYPE, version and records in file order', () => {
    const t = '["DOCTYPE","SCH","1.1"]\n["HEAD",{"maxId":3}]\n["WIRE","e1",[[0,0,10,0]],"st1",0]';
    const [b] = parseDocuments(t);
    expect(b.docType).toBe('SCH');
    expect(b.version).toBe('1.1');
    expect(b.records).toEqual([['DOCTYPE', 'SCH', '1.1'], ['HEAD', { maxId: 3 }], ['WIRE', 'e1', [[0, 0, 10, 0]], 'st1', 0]]);
    expect(countRecordTypes(b)).toEqual({ HEAD: 1, WIRE: 1 });
  });

  it('splits several documents on blank lines and writes them back exactly', () => {
    const t = '["DOCTYPE","PCB","1.7"]\n["LINE","e1",0,"",1,0,0,1,1,10,0]\n\n["DOCTYPE","FOOTPRINT","1.8"]\n["PAD","e2"]\n';
    const bs = parseDocuments(t);
    expect(bs.map((b) => b.docType)).toEqual(['PCB', 'FOOTPRINT']);
    expect(bs[1].records).toEqual([['DOCTYPE', 'FOOTPRINT', '1.8'], ['PAD', 'e2']]);
    expect(serializeDocuments(bs)).toBe(t);
  });

  it('keeps unknown records, extra trailing fields, spacing and CRLF line ends', () => {
    const t = '["DOCTYPE", "POURED", "1.1"]\r\n["NEW_THING",1,{"a":[1,2]},null,"x","extra",7]\r\n[]\r\n["LINE","e1",1.50,2]';
    const bs = parseDocuments(t);
    expect(bs[0].records[1]).toEqual(['NEW_THING', 1, { a: [1, 2] }, null, 'x', 'extra', 7]);
    expect(bs[0].records[2]).toEqual([]);
    expect(serializeDocuments(bs)).toBe(t);
  });

  it('writes a record changed in place anew and leaves the others as read', () => {
    const t = '["DOCTYPE","SCH","1.1"]\n["TEXT","e1", 1, 2]\n["TEXT","e2", 3, 4]';
    const bs = parseDocuments(t);
    bs[0].records[2][2] = 30;
    expect(serializeDocuments(bs)).toBe('["DOCTYPE","SCH","1.1"]\n["TEXT","e1", 1, 2]\n["TEXT","e2",30,4]');
  });

  it('refuses a line holding two arrays, and keeps raw lines when records are reordered', () => {
    expect(() => parseDocuments('["DOCTYPE","SCH","1.1"]\n["A"],["B"]')).toThrow(CatalogueError);
    const t = '["DOCTYPE","SCH","1.1"]\n["A", 1]\n["B", 2]\n';
    const [b] = parseDocuments(t);
    b.records.splice(1, 2, b.records[2], b.records[1]);
    expect(serializeDocuments([b])).toBe('["DOCTYPE","SCH","1.1"]\n["B", 2]\n["A", 1]\n');
    b.records.push(['C']);
    expect(serializeDocuments([b])).toBe('["DOCTYPE","SCH","1.1"]\n["B", 2]\n["A", 1]\n["C"]\n');
  });

  it('serializes blocks built by hand', () => {
    const out = serializeDocuments([
      { docType: 'SYMBOL', version: '1.1', records: [['DOCTYPE', 'SYMBOL', '1.1'], ['PART', 'A.1', {}]] },
      { docType: 'SYMBOL', version: '1.1', records: [['DOCTYPE', 'SYMBOL', '1.1']] },
    ]);
    expect(out).toBe('["DOCTYPE","SYMBOL","1.1"]\n["PART","A.1",{}]\n\n["DOCTYPE","SYMBOL","1.1"]');
    expect(parseDocuments(out).length).toBe(2);
  });

  it('[IMP-9] refuses a line that is not a JSON array with a catalogue error naming the line', () => {
    for (const bad of ['["DOCTYPE","SCH","1.1"]\n["HEAD",{', '["DOCTYPE","SCH","1.1"]\n{"a":1}', '["DOCTYPE","SCH","1.1"]\n12']) {
      let err: unknown;
      try {
        parseDocuments(bad);
      } catch (e) {
        err = e;
      }
      expect(err).toBeInstanceOf(CatalogueError);
      expect((err as CatalogueError).message).toBe(NAMED_ERRORS.IMPORT_FORMAT_INCORRECT);
      expect((err as CatalogueError).params.line).toBe(2);
    }
  });

  it('round-trips every document of every fixture archive byte for byte', () => {
    const names = fixtureNames();
    expect(names.length).toBeGreaterThanOrEqual(2);
    for (const f of names) {
      const a = readEpro(fixtureBytes(f), { name: f });
      let docs = 0;
      for (const [path, text] of a.entries) {
        if (typeof text !== 'string' || path.endsWith('.json')) continue;
        docs++;
        expect(serializeDocuments(parseDocuments(text)), path).toBe(text);
      }
      expect(docs).toBeGreaterThan(10);
    }
  });
});
