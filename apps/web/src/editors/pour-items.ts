/**
 * The stored copper pour fills of one PCB, from the open project's `copper` items (docs/API.md:
 * keyed by path = pcbUuid + "_" + suffix, dataStr holding POURED records), as the CLI's
 * packages/editor/src/pcb/load.ts reads them from POUR/*.ecop: the "_0" fill first, else the
 * first other fill of the PCB that has POURED records. Unreadable fills are skipped.
 */
import { parseDocuments } from '@copperplate/format';
import { Font, Poured } from '@copperplate/format/records';
import type { Item } from '../api/schemas.ts';

type Rec = unknown[];

/** POURED records of `pcbUuid` (coordinates as stored: the PCB's document frame, mil). */
export function pouredFor(coppers: ReadonlyMap<string, Item> | undefined, pcbUuid: string): Rec[] {
  return recordsFor(coppers, pcbUuid, (r) => Poured.is(r));
}

/**
 * FONT records of `pcbUuid`'s font file (kind `fonts`, keyed by path like the coppers; as the CLI reads
 * FONT/*.efon): the glyph outlines of the board's TrueType text, which the .epcb does not hold.
 */
export function fontsFor(fonts: ReadonlyMap<string, Item> | undefined, pcbUuid: string): Rec[] {
  return recordsFor(fonts, pcbUuid, (r) => Font.is(r));
}

function recordsFor(coppers: ReadonlyMap<string, Item> | undefined, pcbUuid: string, want: (r: Rec) => boolean): Rec[] {
  if (!coppers) return [];
  const keys = [...coppers.keys()].filter((k) => k === pcbUuid || k.startsWith(`${pcbUuid}_`));
  keys.sort((a, b) => rank(a, pcbUuid) - rank(b, pcbUuid) || (a < b ? -1 : a > b ? 1 : 0));
  for (const k of keys) {
    const text = coppers.get(k)?.dataStr;
    if (typeof text !== 'string' || !text.trim()) continue;
    const out: Rec[] = [];
    try {
      for (const b of parseDocuments(text)) out.push(...b.records.filter(want));
    } catch {
      continue;
    }
    if (out.length) return out;
  }
  return [];
}

function rank(key: string, pcbUuid: string): number {
  return key === `${pcbUuid}_0` ? 0 : key === pcbUuid ? 2 : 1;
}
