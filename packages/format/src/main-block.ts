/**
 * The main block of a document file (FORMAT.md "Document text"): a file may hold several blocks, and
 * real .epcb files carry the board's edited FOOTPRINT blocks first and the PCB block last. The
 * document is the block whose DOCTYPE is the file's kind, wherever it stands; the other blocks are
 * kept as they are. Every reader that needs "the document" of a file asks here, never `blocks[0]`.
 */

/** What a block needs to be looked at: its DOCTYPE name and records (records[0] the DOCTYPE line). */
export interface BlockHead {
  docType: string;
  records: readonly unknown[][];
}

/** DOCTYPE of the document each archive file kind holds (FORMAT.md). */
export const DOCTYPE_OF_KIND = {
  sheet: 'SCH',
  symbol: 'SYMBOL',
  footprint: 'FOOTPRINT',
  pcb: 'PCB',
  panel: 'PANEL',
  pour: 'POURED',
  font: 'FONT',
  blob: 'BLOB',
  instance: 'INSTANCE',
} as const;

/** DOCTYPE of the document a file holds, by its extension (SPEC §3 project file extensions). */
export const DOCTYPE_OF_EXTENSION: Readonly<Record<string, string>> = {
  '.esch': 'SCH',
  '.esym': 'SYMBOL',
  '.efoo': 'FOOTPRINT',
  '.epcb': 'PCB',
  '.epan': 'PANEL',
  '.ecop': 'POURED',
  '.efon': 'FONT',
  '.eblob': 'BLOB',
  '.eins': 'INSTANCE',
};

/** The DOCTYPE expected of a file by its name or archive path (undefined for an unknown extension). */
export function docTypeOfPath(path: string): string | undefined {
  const dot = path.lastIndexOf('.');
  if (dot < 0) return undefined;
  const ext = path.slice(dot).toLowerCase();
  return Object.prototype.hasOwnProperty.call(DOCTYPE_OF_EXTENSION, ext) ? DOCTYPE_OF_EXTENSION[ext] : undefined;
}

/**
 * Documents that carry other documents' blocks beside their own (a PCB its edited footprints): when
 * the kind of a file is not known, one of these is its document rather than an embedded block.
 */
const CONTAINER_DOCTYPES = new Set(['PCB', 'SCH', 'PANEL']);

function opensWithDoctype(b: BlockHead): boolean {
  const first = b.records[0];
  return Array.isArray(first) && first[0] === 'DOCTYPE';
}

/**
 * Index of the main block of a file.
 * - With `docType` (the file's kind is known): the first block with that DOCTYPE line, or -1 when
 *   no block has it (the file is not a document of that kind, IMP-3).
 * - Without: the first block of a container kind (PCB, SCH, PANEL), else the first block that opens
 *   with a DOCTYPE line, else block 0; -1 only when there is no block.
 */
export function mainBlockIndex(blocks: readonly BlockHead[], docType?: string): number {
  if (docType !== undefined) {
    for (let i = 0; i < blocks.length; i++) if (blocks[i].docType === docType && opensWithDoctype(blocks[i])) return i;
    return -1;
  }
  if (blocks.length === 0) return -1;
  for (let i = 0; i < blocks.length; i++) if (CONTAINER_DOCTYPES.has(blocks[i].docType) && opensWithDoctype(blocks[i])) return i;
  for (let i = 0; i < blocks.length; i++) if (opensWithDoctype(blocks[i])) return i;
  return 0;
}

/** The main block of a file (see mainBlockIndex); undefined when there is none. */
export function mainBlock<B extends BlockHead>(blocks: readonly B[], docType?: string): B | undefined {
  const i = mainBlockIndex(blocks, docType);
  return i < 0 ? undefined : blocks[i];
}

/**
 * The main block for a reader that knows the kind it wants but must still show something of a file
 * without it: the block of that DOCTYPE, else the file's own main block.
 */
export function mainBlockOr<B extends BlockHead>(blocks: readonly B[], docType: string): B | undefined {
  return mainBlock(blocks, docType) ?? mainBlock(blocks);
}
