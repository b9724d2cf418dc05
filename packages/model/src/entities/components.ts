/**
 * The component library calls' shapes (SPEC §7, docs/API.md "Component library"), shared by the
 * server that answers them and the clients that read them (web app, CLI): the search request, a
 * search row, a page of them, a detail (a row with its document; a device with its symbol and
 * footprint) and the library list with the build and the licence.
 */
import { z } from 'zod';

/** Component library types of SPEC §3 a search may ask for: 0 any, 2 symbol, 3 device, 4 footprint. */
export const ComponentSearchQuerySchema = z.object({
  q: z.string().max(200).default(''),
  /** 0 any, 2 symbol, 3 device, 4 footprint, 26 panel part (SPEC §3 component library types). */
  type: z.coerce.number().int().refine((t) => [0, 2, 3, 4, 26].includes(t), 'type must be 0 (any), 2, 3, 4 or 26').default(0),
  lib: z.string().max(128).optional(),
  /** Package (footprint name) prefix, case-insensitive. */
  package: z.string().max(128).optional(),
  /** Only these ownership scopes (0 personal, 1 team, 2 system, 3 public); default all visible. */
  owner: z.array(z.number().int().min(0).max(3)).max(4).optional(),
  page: z.number().int().min(1).max(1000).default(1),
  pageSize: z.number().int().min(1).max(200).default(50),
});
export type ComponentSearchQuery = z.input<typeof ComponentSearchQuerySchema>;

/** One component as a search lists it (no document). */
export const ComponentRowSchema = z.object({
  uuid: z.string(),
  /** 2 symbol, 3 device, 4 footprint. */
  type: z.number().int(),
  /** 0 personal, 1 team, 2 system, 3 public. */
  owner: z.number().int(),
  lib: z.string(),
  title: z.string(),
  value: z.string(),
  package: z.string(),
  keywords: z.string(),
  description: z.string(),
  datasheet: z.string(),
  manufacturer_part: z.string(),
  designator: z.string(),
  /** Devices: the symbol and footprint they bind ('' when none). */
  symbol_uuid: z.string(),
  footprint_uuid: z.string(),
  version: z.string(),
  source: z.string(),
  g_ticket: z.number(),
  /** The library's update time (whole seconds); LIB-1 compares a placed part's version with it. */
  update_time: z.number(),
});
export type ComponentRow = z.infer<typeof ComponentRowSchema>;

/** How a search found its rows: names in order, ranked full text, trigram similarity (typos), or a plain list. */
export const SEARCH_METHODS = ['name', 'text', 'trigram', 'list'] as const;
export const ComponentPageSchema = z.object({
  items: z.array(ComponentRowSchema),
  page: z.number().int(),
  pageSize: z.number().int(),
  hasMore: z.boolean(),
  by: z.enum(SEARCH_METHODS),
});
export type ComponentPage = z.infer<typeof ComponentPageSchema>;

/** A component with its document: `fields` (the project item without its content) and `dataStr`. */
export const ComponentDetailBase = ComponentRowSchema.extend({
  fields: z.record(z.string(), z.unknown()),
  dataStr: z.string().optional(),
});
export type ComponentDetail = z.infer<typeof ComponentDetailBase> & { symbol?: ComponentDetail; footprint?: ComponentDetail | null };
/** A detail; a device's carries its symbol and its footprint (null when it has none). */
export const ComponentDetailSchema: z.ZodType<ComponentDetail> = ComponentDetailBase.extend({
  symbol: z.lazy(() => ComponentDetailSchema).optional(),
  footprint: z.lazy(() => ComponentDetailSchema).nullable().optional(),
});

export const LibraryCountsSchema = z.object({ symbols: z.number(), footprints: z.number(), devices: z.number() });
/** GET /api/components/libraries: the libraries with their item counts, the last build, the KiCad licence. */
export const LibraryInfoSchema = z.object({
  libraries: z.array(z.object({ lib: z.string(), n: z.number() })),
  build: z.looseObject({ counts: LibraryCountsSchema, builtAt: z.string().optional(), ms: z.number().optional() }).nullable(),
  licence: z.object({ name: z.string(), text: z.string(), url: z.string() }),
});
export type LibraryInfo = z.infer<typeof LibraryInfoSchema>;

/**
 * The basic library lists of SPEC §3's key-value caches (system, user, user panel), read through the
 * client cache call `GET /api/cache/basicLibraryList:<kind>` (the server keeps them: docs/API.md) and
 * kept in the browser's local store `basicLibraryList`: the system library's libraries with their
 * counts per kind; the items of the user's own libraries (personal, their teams', the public ones
 * they own); the user's panel parts (type 26). `stamp` changes whenever the list does.
 */
export const LIBRARY_LIST_KINDS = ['system', 'user', 'userPanel'] as const;
export type LibraryListKind = (typeof LIBRARY_LIST_KINDS)[number];
/** The client cache key of a basic library list. */
export const libraryListKey = (kind: LibraryListKind): string => `basicLibraryList:${kind}`;
export const LibraryListItemSchema = z.object({
  uuid: z.string(),
  type: z.number().int(),
  owner: z.number().int(),
  /** The team of a team item (owner 1), else ''. */
  team_uuid: z.string(),
  lib: z.string(),
  title: z.string(),
  version: z.string(),
  g_ticket: z.number(),
  update_time: z.number(),
});
export type LibraryListItem = z.infer<typeof LibraryListItemSchema>;
export const LibraryListSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('system'), stamp: z.string(), libs: z.array(z.object({ lib: z.string(), symbols: z.number(), devices: z.number(), footprints: z.number() })) }),
  z.object({ kind: z.literal('user'), stamp: z.string(), items: z.array(LibraryListItemSchema) }),
  z.object({ kind: z.literal('userPanel'), stamp: z.string(), items: z.array(LibraryListItemSchema) }),
]);
export type LibraryList = z.infer<typeof LibraryListSchema>;
