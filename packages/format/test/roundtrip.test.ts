import { describe, it, expect } from 'vitest';
import { readEpro, writeEpro, eproToProjectData, projectDataToEpro, failureCount } from '@copperplate/format';
import { fixtureNames, fixtureBytes } from './fixtures.ts';
import { documentTexts, recordMultiset } from './multiset.ts';

describe('epro -> ProjectData -> epro keeps every record and project.json', () => {
  for (const f of fixtureNames()) {
    it(`[IMP-1][IMP-2][ARC-1][ARC-2] ${f}`, () => {
      const a = readEpro(fixtureBytes(f), { name: f });
      const r = eproToProjectData(a);
      expect(failureCount(r.failures)).toBe(0);
      expect(r.ok).toBe(true);
      // PCB-only and schematic-only projects exist (FORMAT.md): at least one of the two halves
      expect(r.data.sheets.length + r.data.pcbs.length).toBeGreaterThan(0);
      expect(r.data.symbols.length + r.data.footprints.length).toBeGreaterThan(0);
      const b = readEpro(writeEpro(projectDataToEpro(r.data)));
      // exactly as read: JSON types (a number version stays a number), key order, every value
      expect(JSON.stringify(b.projectJson)).toBe(JSON.stringify(a.projectJson));
      const da = documentTexts(a.entries);
      const db = documentTexts(b.entries);
      expect([...db.keys()].sort()).toEqual([...da.keys()].sort());
      for (const [k, t] of da) expect(recordMultiset(db.get(k)!), k).toEqual(recordMultiset(t));
    });
  }
});
