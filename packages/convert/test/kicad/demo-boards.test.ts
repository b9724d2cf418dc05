/**
 * KiCad's demo boards import, and the imported PCB holds exactly the footprints, pads, tracks, arcs,
 * vias and zones that KiCad's own Python module (pcbnew) reads from the same file. Our counts are
 * taken from the written V2 documents (the PCB and its footprint documents), not from the reader.
 */
import { readFileSync } from 'node:fs';
import { basename } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { parseDocuments } from '@copperplate/format';
import { Line, PcbArc, PcbAttr } from '@copperplate/format/records';
import { kicadToProject } from '@copperplate/convert';
import { findFiles, kicadReference, pcbnewCounts, type PcbnewCounts } from './reference.ts';

const ref = kicadReference();
const COPPER = (l: number) => l === 1 || l === 2 || (l >= 15 && l <= 46);

/** Counts of a converted board read back from its V2 documents. */
export function countsOf(file: string) {
  const { data, report } = kicadToProject([{ name: basename(file), data: readFileSync(file) }]);
  const pcb = parseDocuments(data.pcbs[0].dataStr).find((b) => b.docType === 'PCB')!;
  const fpPads = new Map(data.footprints.map((f) => [f.uuid, parseDocuments(f.dataStr)[0].records.filter((r) => r[0] === 'PAD').length]));
  const c = { footprints: 0, pads: 0, padsInFootprints: 0, tracks: 0, arcs: 0, vias: 0, zones: 0, nets: 0 };
  for (const r of pcb.records) {
    switch (r[0]) {
      case 'COMPONENT': c.footprints++; break;
      case 'PAD_NET': c.pads++; break;
      case 'LINE': if (COPPER(Line.get(r, 'layer'))) c.tracks++; break;
      case 'ARC': if (COPPER(PcbArc.get(r, 'layer'))) c.arcs++; break;
      case 'VIA': c.vias++; break;
      case 'POUR': case 'REGION': c.zones++; break;
      case 'NET': c.nets++; break;
      case 'ATTR': if (PcbAttr.get(r, 'key') === 'Footprint') c.padsInFootprints += fpPads.get(PcbAttr.get(r, 'value')) ?? 0; break;
    }
  }
  return { counts: c, report, data };
}

describe.skipIf(!ref.demos || !ref.pcbnew)(`[issue-15] KiCad demo boards against pcbnew${ref.reason ? ` (skipped: ${ref.reason})` : ''}`, () => {
  let boards: string[] = [];
  let reference: PcbnewCounts[] = [];
  beforeAll(() => {
    boards = findFiles(ref.demos!, '.kicad_pcb');
    reference = pcbnewCounts(boards);
  }, 300_000);

  it('every demo board imports with pcbnew\'s footprint, pad, track, arc, via and zone counts', () => {
    expect(boards.length).toBeGreaterThanOrEqual(10);
    expect(reference.map((r) => r.file)).toEqual(boards);
    const mismatches: string[] = [];
    const table: string[] = [];
    for (const r of reference) {
      const { counts } = countsOf(r.file);
      table.push(`${basename(r.file)}: footprints ${counts.footprints}/${r.footprints} pads ${counts.pads}/${r.pads} tracks ${counts.tracks}/${r.tracks} arcs ${counts.arcs}/${r.arcs} vias ${counts.vias}/${r.vias} zones ${counts.zones}/${r.zones} (ours/pcbnew)`);
      const want = { footprints: r.footprints, pads: r.pads, padsInFootprints: r.pads, tracks: r.tracks, arcs: r.arcs, vias: r.vias, zones: r.zones, nets: r.nets };
      for (const k of Object.keys(want) as (keyof typeof want)[]) {
        if (counts[k] !== want[k]) mismatches.push(`${basename(r.file)} ${k}: ours ${counts[k]}, pcbnew ${want[k]}`);
      }
    }
    console.log(table.join('\n'));
    expect(mismatches).toEqual([]);
  }, 300_000);
});
