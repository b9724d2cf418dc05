/**
 * project.json (ARC-2) and the library json files (ARC-3): zod schemas for the untrusted shapes,
 * and the keys each item entry holds.
 */
import { z } from 'zod';

/** A JSON object (not null, not an array). Its entries are validated one by one by the import. */
export function isPlainObject(v: unknown): v is Record<string, unknown> {
  return v !== null && typeof v === 'object' && !Array.isArray(v);
}
const Map_ = z.custom<Record<string, unknown>>(isPlainObject, 'must be an object');

/** Top level of project.json; every map optional (a missing boards is reported by the import, IMP-7). */
export const ProjectJsonSchema = z.looseObject({
  schematics: Map_.optional(),
  pcbs: Map_.optional(),
  panels: Map_.optional(),
  symbols: Map_.optional(),
  footprints: Map_.optional(),
  devices: Map_.optional(),
  boards: Map_.optional(),
  config: z.looseObject({}).optional(),
  block_symbol_attribute: Map_.optional(),
});
export type ProjectJson = z.infer<typeof ProjectJsonSchema>;

/** Keys of project.json modelled by ProjectData, in the order EasyEDA Pro writes them. */
export const PROJECT_JSON_KEYS = ['schematics', 'pcbs', 'panels', 'symbols', 'footprints', 'devices', 'boards', 'config', 'block_symbol_attribute'] as const;
export const CONFIG_KEYS = ['title', 'cbbProject', 'defaultSheet'] as const;

export const SchematicEntrySchema = z.looseObject({ name: z.string().optional(), sheets: z.array(z.unknown()).optional() });
export const SheetEntrySchema = z.looseObject({ name: z.string().optional(), id: z.number().int().nonnegative().max(1e9), uuid: z.string().min(1) });
export const BoardEntrySchema = z.looseObject({ schematic: z.string().optional(), pcb: z.string().optional() });
/**
 * A symbol/footprint entry. The import reads its fields with `libraryEntry` (cheap) and hands them to
 * the model's zod validators (validateSymbol, ...), which are the boundary check; this schema
 * documents the shape.
 */
export const LibraryEntrySchema = z.looseObject({
  title: z.string().optional(),
  source: z.string().optional(),
  version: z.union([z.string(), z.number()]).optional(),
  desc: z.string().optional(),
  description: z.string().optional(),
  type: z.number().int().optional(),
  tags: z.unknown().optional(),
  custom_tags: z.unknown().optional(),
});
export const DeviceEntrySchema = LibraryEntrySchema.extend({
  attributes: z.record(z.string(), z.unknown()).optional(),
  images: z.array(z.string()).optional(),
});

/** Keys of a symbol/footprint entry that map to item fields (the rest goes to `extra`). */
export const LIBRARY_ENTRY_KEYS = ['title', 'source', 'version', 'desc', 'type', 'tags', 'custom_tags'] as const;
export const DEVICE_ENTRY_KEYS = ['title', 'attributes', 'description', 'tags', 'images', 'source', 'version', 'custom_tags'] as const;

/** Library archives (ARC-3): file name and the project.json key of the map it holds. */
export const LIBRARY_FILES = [
  { file: 'device.json', key: 'devices' },
  { file: 'symbol.json', key: 'symbols' },
  { file: 'footprint.json', key: 'footprints' },
  { file: 'panel-lib.json', key: 'panels' },
] as const;

/** The keys of `o` not in `known`, or undefined when there are none. */
export function extraKeys(o: Record<string, unknown>, known: readonly string[]): Record<string, unknown> | undefined {
  let out: Record<string, unknown> | undefined;
  for (const k of Object.keys(o)) {
    if (known.includes(k) || o[k] === undefined) continue;
    out ??= {};
    setKey(out, k, o[k]);
  }
  return out;
}

/** Assign without ever touching a prototype (a key '__proto__' from hostile JSON becomes an own key). */
export function setKey<V>(o: Record<string, V>, k: string, v: NoInfer<V>): void {
  if (k === '__proto__') Object.defineProperty(o, k, { value: v, enumerable: true, writable: true, configurable: true });
  else o[k] = v;
}

/** A small stable hash (FNV-1a, 32 bit) of a string: the block-symbol attribute hash. */
export function hashString(s: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < s.length; i++) {
    h ^= s.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h;
}

/** Fields of a symbol/footprint/device entry, read without trusting their types (non-strings dropped). */
export interface LibraryEntry {
  title?: string;
  source?: string;
  version?: string | number;
  desc?: string;
  description?: string;
  type?: number;
  tags?: unknown;
  custom_tags?: unknown;
  attributes?: Record<string, unknown>;
  images?: unknown;
}
export function libraryEntry(v: unknown): (LibraryEntry & Record<string, unknown>) | null {
  if (!isPlainObject(v)) return null;
  const s = (k: string) => (typeof v[k] === 'string' ? (v[k] as string) : undefined);
  return {
    ...v,
    title: s('title'),
    source: s('source'),
    version: typeof v.version === 'number' ? v.version : s('version'),
    desc: s('desc'),
    description: s('description'),
    type: typeof v.type === 'number' ? v.type : undefined,
    attributes: isPlainObject(v.attributes) ? v.attributes : undefined,
  };
}
