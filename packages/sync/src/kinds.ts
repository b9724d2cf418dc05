/**
 * The kinds of project items that sync and upload move (docs/API.md "Tickets and documents"):
 * the URL name, the key field, and the snapshot map(s) of the ticket answer that list them.
 */
import { COUNT_LIMIT_CLIENT, COUNT_LIMITS_WEB, UPLOAD_BATCH, UPLOAD_ORDER } from '@copperplate/model';

export const KIND_INFO = {
  schematics: { key: 'uuid', maps: ['schematics'] },
  sheets: { key: 'uuid', maps: ['schs'] },
  pcbs: { key: 'uuid', maps: ['pcbs'] },
  panels: { key: 'uuid', maps: ['panels'] },
  symbols: { key: 'uuid', maps: ['symbols', 'block_symbol'] },
  footprints: { key: 'uuid', maps: ['footprints'] },
  devices: { key: 'uuid', maps: ['devices'] },
  attributes: { key: 'path', maps: ['block_symbol_attrs_groups'] },
  blobs: { key: 'hash', maps: ['blobs'] },
  copper: { key: 'path', maps: ['coppers'] },
  fonts: { key: 'path', maps: ['textpath'] },
} as const;

export type Kind = keyof typeof KIND_INFO;
export const KINDS = Object.keys(KIND_INFO) as Kind[];

/** Snapshot map name -> kind. */
export const MAP_TO_KIND: Record<string, Kind> = Object.fromEntries(
  KINDS.flatMap((k) => KIND_INFO[k].maps.map((m) => [m, k])),
) as Record<string, Kind>;

/**
 * Upload order (UP-1): SPEC's ten kinds in SPEC order. Schematics (containers holding sheet order and
 * names) are not in SPEC's list; they go first so that a new sheet's schematic exists on the server.
 */
export const UPLOAD_SEQUENCE: readonly Kind[] = ['schematics', ...UPLOAD_ORDER];

/** The build the engine runs in: the web app, or the desktop client (mode flag CLIENT). */
export type Build = 'web' | 'client';

const COUNT_KEY: Record<Kind, keyof typeof COUNT_LIMITS_WEB> = {
  schematics: 'sheet', sheets: 'sheet', pcbs: 'pcb', panels: 'panel', symbols: 'symbol', footprints: 'footprint',
  devices: 'device', attributes: 'attribute', blobs: 'blob', copper: 'copper', fonts: 'font',
};

/** Per-type count limit (UP-9): the web set, or 100 for every kind in the desktop client. */
export function countLimit(kind: Kind, build: Build = 'web'): number {
  return build === 'client' ? COUNT_LIMIT_CLIENT : COUNT_LIMITS_WEB[COUNT_KEY[kind]];
}

/**
 * Items of one kind per upload call. The web build: UP-8's sizes (schematics share the sheet size),
 * symbols and footprints at their preset size, the web count limit (UP-9: 10). The desktop client:
 * its count limit, 100 for every kind (UP-9).
 */
export function batchSize(kind: Kind, build: Build = 'web'): number {
  if (build === 'client') return countLimit(kind, build);
  if (kind === 'symbols' || kind === 'footprints') return countLimit(kind, build);
  if (kind === 'schematics') return UPLOAD_BATCH.sheets;
  return UPLOAD_BATCH[kind as keyof typeof UPLOAD_BATCH];
}

/** Read batch size per kind (SYNC-10 / CALL-5): 30 ids, 200 for symbols, footprints, devices. */
export function readBatchSize(kind: Kind): number {
  return kind === 'symbols' || kind === 'footprints' || kind === 'devices' ? 200 : 30;
}

/** Kinds whose edits count as "sheet or PCB" edits for the 60 s quiet period (SYNC-6). */
export const DRAWING_KINDS: readonly Kind[] = ['sheets', 'pcbs'];

/** The event family of a kind for synced / check-update events (SYNC-8). */
export function eventFamily(kind: Kind): 'doc' | 'sheet' | 'symbol' | 'pcb' | 'footprint' {
  if (kind === 'sheets') return 'sheet';
  if (kind === 'pcbs') return 'pcb';
  if (kind === 'symbols') return 'symbol';
  if (kind === 'footprints') return 'footprint';
  return 'doc';
}

/** Upload message channel names (UP-10). */
export const UPLOAD_CHANNELS = ['sheet', 'symbol', 'blockSymbolAttribute', 'pcb', 'panel', 'device', 'footprint', 'copperPour', 'blob', 'font'] as const;
export function uploadChannel(kind: Kind): string {
  const m: Record<Kind, string> = {
    schematics: 'sheet', sheets: 'sheet', pcbs: 'pcb', panels: 'panel', symbols: 'symbol', footprints: 'footprint',
    devices: 'device', attributes: 'blockSymbolAttribute', blobs: 'blob', copper: 'copperPour', fonts: 'font',
  };
  return m[kind];
}

export function keyOf(kind: Kind, item: Record<string, unknown>): string {
  return String(item[KIND_INFO[kind].key]);
}
