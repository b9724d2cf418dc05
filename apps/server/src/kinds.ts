/**
 * The kinds of project items (docs/API.md "Tickets and documents"): URL name, key field, snapshot
 * map, read batch limit, and the zod schema of an item in a bulk write (untrusted input).
 */
import { z } from 'zod';
import { SEARCH_BY_IDS_BATCH, SYNC } from '@copperplate/model';

export const KIND_DEFS = {
  schematics: { key: 'uuid', map: 'schematics', content: false, names: ['name', 'display_name'] },
  sheets: { key: 'uuid', map: 'schs', content: true, names: ['title', 'display_title'] },
  pcbs: { key: 'uuid', map: 'pcbs', content: true, names: ['title', 'display_title'] },
  panels: { key: 'uuid', map: 'panels', content: true, names: ['title', 'display_title'] },
  symbols: { key: 'uuid', map: 'symbols', content: true, names: ['title', 'display_title'] },
  footprints: { key: 'uuid', map: 'footprints', content: true, names: ['title', 'display_title'] },
  devices: { key: 'uuid', map: 'devices', content: false, names: ['title', 'display_title'] },
  attributes: { key: 'path', map: 'block_symbol_attrs_groups', content: false, names: [] },
  blobs: { key: 'hash', map: 'blobs', content: true, names: ['filename'] },
  copper: { key: 'path', map: 'coppers', content: true, names: [] },
  fonts: { key: 'path', map: 'textpath', content: true, names: [] },
} as const satisfies Record<string, { key: string; map: string; content: boolean; names: readonly string[] }>;

export type Kind = keyof typeof KIND_DEFS;
export const KINDS = Object.keys(KIND_DEFS) as Kind[];
export const SNAPSHOT_MAPS = ['schematics', 'schs', 'pcbs', 'panels', 'symbols', 'block_symbol', 'footprints', 'devices', 'coppers', 'textpath', 'blobs', 'block_symbol_attrs_groups'] as const;

/** docType of a block symbol (SPEC §3, BLOCK_SYMBOL=17): listed in the block_symbol map. */
export const BLOCK_SYMBOL_DOCTYPE = 17;

export function isKind(s: string): s is Kind {
  return Object.prototype.hasOwnProperty.call(KIND_DEFS, s);
}

/** The snapshot map an item is listed in. */
export function mapOf(kind: Kind, fields: Record<string, unknown>): string {
  if (kind === 'symbols' && Number(fields.docType) === BLOCK_SYMBOL_DOCTYPE) return 'block_symbol';
  return KIND_DEFS[kind].map;
}

/** How many ids one read may ask for (CALL-5: 30; search by ids for components and devices: 200). */
export function readLimit(kind: Kind): number {
  return kind === 'symbols' || kind === 'footprints' || kind === 'devices' ? SEARCH_BY_IDS_BATCH : SYNC.FETCH_BATCH;
}

const keyString = z.string().min(1).max(512);

/** One item of a bulk write: its key, the ticket it was based on, optional deletion, any other fields. */
const schemas = new Map<Kind, ReturnType<typeof buildSchema>>();
export function bulkItemSchema(kind: Kind) {
  let s = schemas.get(kind);
  if (!s) schemas.set(kind, (s = buildSchema(kind)));
  return s;
}

function buildSchema(kind: Kind) {
  const key = KIND_DEFS[kind].key;
  return z
    .object({
      [key]: kind === 'blobs' ? z.union([keyString, z.number().transform(String)]) : keyString,
      base_ticket: z.number().int().optional().nullable(),
      deleted: z.boolean().optional(),
      dataStr: z.string().optional(),
    })
    .passthrough();
}
