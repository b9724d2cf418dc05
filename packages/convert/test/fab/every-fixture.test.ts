/**
 * [issue-12] Every fixture project's boards (the folder, whatever it holds) build fabrication
 * outputs without a problem: no unknown pad shape, no missing footprint, no unreadable record. A
 * variant the reader half-knows (FLIP_C3's ["POLYGON", path] pad was one) shows up here first.
 */
import { describe, expect, it } from 'vitest';
import { readdirSync, readFileSync } from 'node:fs';
import { readEpro } from '@copperplate/format';
import { listPcbs } from '@copperplate/board';
import { fabBoard, fabInputFromEpro } from '@copperplate/convert';

const DIR = new URL('../../../../../shared/fixtures/epro/', import.meta.url);
const files = readdirSync(DIR).filter((f) => /\.epro2?$/.test(f)).sort();

describe('[issue-12] fabrication of every fixture board', () => {
  it('the fixture folder holds projects', () => expect(files.length).toBeGreaterThan(0));
  for (const name of files) {
    it(`${name}: every PCB builds with no problem listed`, { timeout: 120_000 }, () => {
      const a = readEpro(new Uint8Array(readFileSync(new URL(name, DIR))), { name });
      const pcbs = listPcbs(a);
      expect(pcbs.length).toBeGreaterThan(0);
      for (const pcb of pcbs) {
        const b = fabBoard(fabInputFromEpro(a, pcb.uuid));
        expect(b.problems, `${name} ${pcb.name}`).toEqual([]);
        expect(b.pads.length, `${name} ${pcb.name}`).toBeGreaterThan(0);
      }
    });
  }
});
