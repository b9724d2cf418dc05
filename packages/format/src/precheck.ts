/**
 * Per-document checks that need no project context: parse every line, note the type marker and the
 * Device/Symbol/Footprint ids a sheet or PCB refers to. Pure and self-contained, so a caller may run
 * it on other threads (Web Workers in a browser, worker_threads in Node) and hand the results to
 * eproToProjectData (`prechecked`), which then does not parse those documents again.
 */
import { CatalogueError } from '@copperplate/model';
import { parseDocuments, type DocumentBlock } from './codec.ts';

export interface RefSets {
  Device: string[];
  Symbol: string[];
  Footprint: string[];
}

export type Precheck =
  | { ok: true; docType: string; hasDoctype: boolean; refs: RefSets }
  | { ok: false; message: string };

/** Ids referred to by ATTR records (schematic: key at 3, value at 4; PCB: key at 7, value at 8; FORMAT.md). */
export function collectRefs(kind: 'sheet' | 'pcb', blocks: DocumentBlock[]): RefSets {
  const sets = { Device: new Set<string>(), Symbol: new Set<string>(), Footprint: new Set<string>() };
  for (const b of blocks) {
    const ki = kind === 'sheet' || b.docType === 'SYMBOL' ? 3 : 7;
    for (const rec of b.records) {
      if (rec[0] !== 'ATTR') continue;
      const key = rec[ki];
      const val = rec[ki + 1];
      if ((key === 'Device' || key === 'Symbol' || key === 'Footprint') && typeof val === 'string' && val !== '') sets[key].add(val);
    }
  }
  return { Device: [...sets.Device], Symbol: [...sets.Symbol], Footprint: [...sets.Footprint] };
}

/** The kind whose references matter for an archive path: sheets and PCBs. */
export function refKindOfPath(path: string): 'sheet' | 'pcb' | null {
  return path.startsWith('SHEET/') ? 'sheet' : path.startsWith('PCB/') ? 'pcb' : null;
}

export function summarizeBlocks(path: string, blocks: DocumentBlock[]): Precheck {
  const k = refKindOfPath(path);
  return {
    ok: true,
    docType: blocks[0]?.docType ?? '',
    hasDoctype: blocks[0]?.records[0]?.[0] === 'DOCTYPE',
    refs: k ? collectRefs(k, blocks) : { Device: [], Symbol: [], Footprint: [] },
  };
}

/** Check one document of an archive (path as in the zip). Never throws for bad text. */
export function precheckDocument(path: string, text: string): Precheck {
  try {
    return summarizeBlocks(path, parseDocuments(text));
  } catch (e) {
    if (e instanceof CatalogueError) return { ok: false, message: e.message };
    throw e;
  }
}
