/**
 * Per-document checks that need no project context: parse every line, note the type marker and the
 * Device/Symbol/Footprint ids a sheet or PCB refers to. Pure and self-contained, so a caller may run
 * it on other threads (Web Workers in a browser, worker_threads in Node) and hand the results to
 * eproToProjectData (`prechecked`), which then does not parse those documents again.
 */
import { CatalogueError } from '@copperplate/model';
import { parseDocuments, type DocumentBlock } from './codec.ts';
import { docTypeOfPath, mainBlock, mainBlockIndex } from './main-block.ts';

export interface RefSets {
  Device: string[];
  Symbol: string[];
  Footprint: string[];
}

export type Precheck =
  | { ok: true; docType: string; hasDoctype: boolean; refs: RefSets }
  | { ok: false; message: string };

/**
 * Ids referred to by the ATTR records of a file's own document (schematic: key at 3, value at 4; PCB:
 * key at 7, value at 8; FORMAT.md). The other blocks of the file are copies of library documents
 * (a board's edited footprints): what they name is not the document's reference, and a footprint
 * reference to one of them (its HEAD uuid, `<pcbUuid>_<componentId>`) is satisfied in the file.
 */
export function collectRefs(kind: 'sheet' | 'pcb', blocks: DocumentBlock[]): RefSets {
  const sets = { Device: new Set<string>(), Symbol: new Set<string>(), Footprint: new Set<string>() };
  const mi = mainBlockIndex(blocks, kind === 'sheet' ? 'SCH' : 'PCB');
  const main = mi < 0 ? mainBlock(blocks) : blocks[mi];
  if (!main) return { Device: [], Symbol: [], Footprint: [] };
  const embedded = new Set<string>();
  for (const b of blocks) {
    if (b === main) continue;
    const head = b.records.find((r) => r[0] === 'HEAD')?.[1];
    const uuid = head !== null && typeof head === 'object' ? (head as Record<string, unknown>).uuid : undefined;
    if (typeof uuid === 'string' && uuid !== '') embedded.add(uuid);
  }
  const ki = kind === 'sheet' || main.docType === 'SYMBOL' ? 3 : 7;
  for (const rec of main.records) {
    if (rec[0] !== 'ATTR') continue;
    const key = rec[ki];
    const val = rec[ki + 1];
    if ((key === 'Device' || key === 'Symbol' || key === 'Footprint') && typeof val === 'string' && val !== '') {
      if (key === 'Footprint' && embedded.has(val)) continue;
      sets[key].add(val);
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
  // The document is the block of the file's kind wherever it stands (FORMAT.md: a .epcb carries
  // FOOTPRINT blocks before its PCB block); a file without one reports what it does hold.
  const want = docTypeOfPath(path);
  let i = want === undefined ? -1 : mainBlockIndex(blocks, want);
  if (i < 0) i = mainBlockIndex(blocks);
  const main = i < 0 ? undefined : blocks[i];
  return {
    ok: true,
    docType: main?.docType ?? '',
    hasDoctype: main?.records[0]?.[0] === 'DOCTYPE',
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
