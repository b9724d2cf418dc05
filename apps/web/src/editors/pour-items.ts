/**
 * The stored copper pour fills of one PCB, from the open project's `copper` items (docs/API.md:
 * keyed by path = pcbUuid + "_" + suffix, dataStr holding POURED records), as the CLI's
 * packages/editor/src/pcb/load.ts reads them from POUR/*.ecop: the "_0" fill first, else the
 * first other fill of the PCB that has POURED records. Unreadable fills are skipped.
 */
import { parseDocuments } from '@copperplate/format';
import { Poured } from '@copperplate/format/records';
import type { Item } from '../api/schemas.ts';

type Rec = unknown[];

/** POURED records of `pcbUuid` (coordinates as stored: the PCB's document frame, mil). */
export function pouredFor(coppers: ReadonlyMap<string, Item> | undefined, pcbUuid: string): Rec[] {
  if (!coppers) return [];
  const keys = [...coppers.keys()].filter((k) => k === pcbUuid || k.startsWith(`${pcbUuid}_`));
  keys.sort((a, b) => rank(a, pcbUuid) - rank(b, pcbUuid) || (a < b ? -1 : a > b ? 1 : 0));
  for (const k of keys) {
    const text = coppers.get(k)?.dataStr;
    if (typeof text !== 'string' || !text.trim()) continue;
    const out: Rec[] = [];
    try {
      for (const b of parseDocuments(text)) out.push(...b.records.filter((r) => Poured.is(r)));
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
