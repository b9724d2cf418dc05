/** Symbol (and block symbol), footprint, device (SPEC §3). */
import { z } from 'zod';
import { ContentFields, CustomTagsSchema, DocumentBaseFields, TagsSchema, UpdateTimeSchema } from './common.ts';

const LibraryItemFields = {
  ...DocumentBaseFields,
  title: z.string(),
  display_title: z.string(),
  /** ID-4; an illegal source is replaced by the uuid on validation (VAL-5). */
  source: z.string().default(''),
  /** NAME-1: an empty version becomes '1'. */
  version: z.string().default('1'),
  description: z.string().default(''),
  tags: TagsSchema.optional(),
  custom_tags: CustomTagsSchema.optional(),
};

/** Symbol and block symbol share one store. docType must be a symbol doc type (VAL-4). */
export const SymbolSchema = z.object({
  ...LibraryItemFields,
  ...ContentFields,
  docType: z.number().int(),
  updateTime: UpdateTimeSchema.optional(),
  g_ticket: z.number().int().optional(),
  owner: z.union([z.number().int(), z.string()]).optional(),
});
export type Symbol = z.infer<typeof SymbolSchema>;
export type SymbolInput = z.input<typeof SymbolSchema>;
/** Alias of Symbol for files that also need the global `Symbol`. */
export type SymbolDoc = Symbol;

/** Footprint: as symbol, plus verifyKey; docType FOOTPRINT (VAL-4). */
export const FootprintSchema = SymbolSchema.extend({ verifyKey: z.string().optional() });
export type Footprint = z.infer<typeof FootprintSchema>;
export type FootprintInput = z.input<typeof FootprintSchema>;

/** Device attributes: free key/value pairs; Symbol, Footprint and Device hold ids. */
export const DeviceAttributesSchema = z.record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.null()])).and(
  z.object({ Symbol: z.string().optional(), Footprint: z.string().optional(), Device: z.string().optional() }),
);
export type DeviceAttributes = z.infer<typeof DeviceAttributesSchema>;

export const DeviceSchema = z.object({
  ...LibraryItemFields,
  images: z.array(z.string()).default([]),
  attributes: DeviceAttributesSchema.default({}),
  symbol_type: z.number().int().optional(),
  footprint_type: z.number().int().optional(),
  updateTime: UpdateTimeSchema.optional(),
});
export type Device = z.infer<typeof DeviceSchema>;
export type DeviceInput = z.input<typeof DeviceSchema>;
