/** Attributes, blobs, copper pours, fonts (SPEC §3). */
import { z } from 'zod';
import { ContentFields, TicketSchema } from './common.ts';

/** Block-symbol attribute: keyed by path; hash is a number. */
export const BlockSymbolAttributeSchema = z.object({
  path: z.string().min(1),
  project_uuid: z.string(),
  hash: z.number(),
  ticket: TicketSchema,
  attr: z.unknown(),
});
export type BlockSymbolAttribute = z.infer<typeof BlockSymbolAttributeSchema>;

/** Instance attribute (per-instance overrides inside a sheet). */
export const InstanceAttributeSchema = z.object({ path: z.string(), attr: z.unknown(), sheetId: z.union([z.string(), z.number()]) });
export type InstanceAttribute = z.infer<typeof InstanceAttributeSchema>;

/** Blob (resource such as an image): keyed by hash; filename must be a string (VAL-7). */
export const BlobSchema = z.object({
  hash: z.string().min(1),
  filename: z.string(),
  ticket: TicketSchema,
  owner_uuid: z.string().optional(),
  project_uuid: z.string().optional(),
  ...ContentFields,
});
export type Blob = z.infer<typeof BlobSchema>;

/** Path of a pour or font: `{pcbId}_{suffix or index}`. */
export const PcbSuffixPathSchema = z.string().regex(/^[^_]+_.+$/, 'path must be {pcbId}_{suffix}');

export const CopperPourSchema = z.object({ path: PcbSuffixPathSchema, project_uuid: z.string(), ticket: TicketSchema, dataStr: z.string() });
export type CopperPour = z.infer<typeof CopperPourSchema>;

export const FontSchema = z.object({ path: PcbSuffixPathSchema, project_uuid: z.string(), ticket: TicketSchema, dataStr: z.string() });
export type Font = z.infer<typeof FontSchema>;

/** The pcb id part of a pour/font path. */
export function pcbIdOfPath(path: string): string {
  const i = path.indexOf('_');
  return i < 0 ? path : path.slice(0, i);
}
