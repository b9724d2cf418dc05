/** Hash ticket and server ticket snapshot (SPEC §3, §4). */
import { z } from 'zod';
import { TicketSchema } from './common.ts';

export const HashTicketSchema = z.object({ hash: z.union([z.string(), z.number()]), ticket: TicketSchema, project_uuid: z.string() });
export type HashTicket = z.infer<typeof HashTicketSchema>;

/** The maps of a ticket snapshot, in SPEC order. */
export const TICKET_MAP_KEYS = [
  'block_symbol_attrs_groups',
  'blobs',
  'symbols',
  'block_symbol',
  'footprints',
  'devices',
  'coppers',
  'textpath',
  'schematics',
  'schs',
  'pcbs',
  'panels',
] as const;
export type TicketMapKey = (typeof TICKET_MAP_KEYS)[number];

/** id -> item ticket. A negative ticket means edited locally and not uploaded (TKT-5). */
export const TicketMapSchema = z.record(z.string(), TicketSchema);
export type TicketMap = z.infer<typeof TicketMapSchema>;

const maps = Object.fromEntries(TICKET_MAP_KEYS.map((k) => [k, TicketMapSchema.default({})])) as {
  [K in TicketMapKey]: z.ZodDefault<typeof TicketMapSchema>;
};

/** Server ticket snapshot; `deleted` (API.md, incremental snapshots) lists ids removed after the asked g_ticket. */
export const TicketSnapshotSchema = z.object({
  g_ticket: z.number().int(),
  ...maps,
  deleted: z.record(z.string(), z.array(z.string())).optional(),
});
export type TicketSnapshot = z.infer<typeof TicketSnapshotSchema>;

/** An empty snapshot at the given g_ticket. */
export function emptyTicketSnapshot(g_ticket = 0): TicketSnapshot {
  return TicketSnapshotSchema.parse({ g_ticket });
}
