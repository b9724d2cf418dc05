/** Log entry, download stream, pin record, key-value cache entries (SPEC §3). */
import { z } from 'zod';
import { LogLevel } from '../enums.ts';

export const LogEntrySchema = z.object({
  id: z.union([z.string(), z.number()]).optional(),
  type: z.enum(Object.values(LogLevel) as [LogLevel, ...LogLevel[]]),
  content: z.string(),
  time: z.union([z.number(), z.string()]),
  project_uuid: z.string(),
  owner: z.string().optional(),
});
export type LogEntry = z.infer<typeof LogEntrySchema>;

export const DownloadStreamSchema = z.object({ fileName: z.string().min(1), uuid: z.string().min(1) });
export type DownloadStream = z.infer<typeof DownloadStreamSchema>;

export const PinSideSchema = z.enum(['L', 'R', 'T', 'B']);
export type PinSide = z.infer<typeof PinSideSchema>;

/** Pin record for symbol generation; the sorter adds side and order (PIN-4). */
export const PinRecordSchema = z.object({
  name: z.string().default(''),
  number: z.union([z.string(), z.number()]).transform(String),
  part: z.union([z.string(), z.number()]).optional(),
  side: PinSideSchema.optional(),
  order: z.number().int().optional(),
});
export type PinRecord = z.input<typeof PinRecordSchema>;
export type SortedPin = PinRecord & { side: PinSide; order: number };

/** Key-value cache entry (copy-paste, table-cell copy, clipboard, basic library lists). */
export const CacheEntrySchema = z.object({ key: z.string().min(1), value: z.unknown() });
export type CacheEntry = z.infer<typeof CacheEntrySchema>;

/** Basic library list kinds (SPEC §3). */
export const BASIC_LIBRARY_LISTS = ['system', 'user', 'userPanel'] as const;
